import { buildViewerIfStale } from '@swipe/viewer/testing/harness.ts';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import {
  animationsSettled,
  DESKTOP,
  launchChromium,
  noSeriousViolations,
  PHONE,
  screenshot,
  sendDemoContact,
  signIn,
  startDemoServer,
  WAIT,
} from './helpers.js';

// A visitor opens the demo site in Chromium, swipes five pages and sends the contact form; once the
// rollup job has run (ANALYTICS_ROLLUP_DELAY_MS small here), the demo user's analytics screen shows those page
// views, the conversion and the swipe funnel on the grid; all sites lists the site. 390 and 1440 px, axe clean.

const USER = DEMO_LOGINS[1];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;
const sites = () => server.ctx.config.sitesUrl;

beforeAll(async () => {
  buildViewerIfStale();
  server = await startDemoServer({ analyticsRollupDelayMs: 300 });
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

async function position(page: Page): Promise<string> {
  return (await page.locator('.vw').getAttribute('data-position')) ?? '';
}

/** One swipe: the key again while a transition still holds the stage, until the page changes. */
async function swipe(page: Page, key: string) {
  const before = await position(page);
  for (let i = 0; i < 5; i++) {
    await animationsSettled(page);
    await page.keyboard.press(key);
    const moved = await page
      .waitForFunction((b) => document.querySelector('.vw')?.getAttribute('data-position') !== b, before, { timeout: 3000 })
      .then(() => true)
      .catch(() => false);
    if (moved) return;
  }
  throw new Error(`${key} did not leave ${before}`);
}

/** One visitor: five swipes, then the popup CTA to the contact form and its submission. */
async function visit() {
  // a visitor's browser (the events endpoint does not count headless browsers)
  const cdp = await browser.newBrowserCDPSession();
  const userAgent = (await cdp.send('Browser.getVersion')).userAgent.replace('HeadlessChrome', 'Chrome');
  const ctx = await browser.newContext({ ...PHONE, locale: 'ja-JP', userAgent });
  const page = await ctx.newPage();
  await page.goto(`${sites()}/?utm_source=e2e&utm_medium=journey&utm_campaign=analytics`);
  await page.waitForSelector('.vw[data-ready="1"]', WAIT);
  for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowDown']) await swipe(page, key);
  // back to the first page, where the popup leads to the contact form
  await page.goto(`${sites()}/`);
  await page.waitForSelector('.vw[data-ready="1"]', WAIT);
  const item = page.locator('.vw-popup-item[data-kind="timeLimit"] .vw-popup-act');
  await item.waitFor(WAIT);
  await item.click();
  await page.waitForURL(/\/contact(\?|$)/, WAIT);
  await sendDemoContact(page, 'analytics@example.com', 'Analytics Ltd');
  await ctx.close();
}

async function open(options: BrowserContextOptions): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext(options);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, admin(), USER);
  return { page, errors };
}

const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}-value`).textContent();

describe('admin analytics journey', () => {
  it('a visitor swipes and converts; the rollups hold it', async () => {
    await visit();
    // state, not time: the rollup job recomputes the site-day shortly after the events
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db.maybeOne<{ page_views: number; conversions: number }>(
              'SELECT sum(page_views)::int AS page_views, sum(conversions)::int AS conversions FROM analytics_site_days WHERE site_id = $1',
              [server.demoSiteId],
            )
          )?.page_views ?? 0,
        { timeout: 60_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(6);
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db.maybeOne<{ conversions: number }>(
              'SELECT sum(conversions)::int AS conversions FROM analytics_site_days WHERE site_id = $1',
              [server.demoSiteId],
            )
          )?.conversions ?? 0,
        { timeout: 60_000, interval: 250 },
      )
      .toBe(1);
  });

  for (const [size, options] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`the site's analytics show the views, the conversion and the funnel (${size} px)`, async () => {
      const { page, errors } = await open(options);
      if (size === '1440') {
        await page.locator(`a[href$="/site/list/${server.demoSiteId}"]`).first().click();
        await page.waitForURL(new RegExp(`/site/list/${server.demoSiteId}$`));
      } else await page.goto(`${admin()}/master-user/site/list/${server.demoSiteId}`);

      await expect.poll(() => kpi(page, 'pageViews'), WAIT).toMatch(/^\d+$/);
      expect(Number(await kpi(page, 'pageViews'))).toBeGreaterThanOrEqual(6);
      expect(await kpi(page, 'visitors')).toBe('1');
      expect(await kpi(page, 'conversions')).toBe('1');
      await page.getByTestId('pages-table').waitFor(WAIT);
      await page.locator('.recharts-surface').first().waitFor(WAIT);
      await noSeriousViolations(page);
      await screenshot(page, `admin-analytics-site-${size}`);

      await page.getByRole('tab', { name: 'Swipe funnel' }).click();
      await page.getByTestId('funnel').waitFor(WAIT);
      expect(await page.getByTestId('funnel-cell').count()).toBe(12);
      await expect.poll(() => page.getByTestId('funnel-cell').first().getAttribute('aria-label'), WAIT).toMatch(/^A1: reach 100\.0%/);
      await expect.poll(async () => (await page.getByTestId('funnel-moves').textContent()) ?? '', WAIT).toContain('→');
      await noSeriousViolations(page);
      await screenshot(page, `admin-analytics-funnel-${size}`);

      await page.getByRole('tab', { name: 'Sources (UTM)' }).click();
      // the UTM tags of the landing (the viewer sends them with the first page view)
      await page.getByTestId('utm-table').waitFor(WAIT);
      await expect.poll(async () => (await page.getByTestId('utm-table').textContent()) ?? '', WAIT).toContain('e2e');

      await page.getByRole('tab', { name: 'Tap heatmap' }).click();
      await page.getByTestId('heatmap').waitFor(WAIT);
      await noSeriousViolations(page);

      await page.getByRole('link', { name: /All sites/ }).click();
      await page.waitForURL(/\/analytics$/);
      const row = page.getByTestId('analysis-site-row').first();
      await row.waitFor(WAIT);
      await noSeriousViolations(page);
      await screenshot(page, `admin-analytics-all-${size}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
