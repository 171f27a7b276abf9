import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import {
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

// A/B tests end to end: the demo user drafts a test of pages A1 and B1 from the editor's menu, writes the variation's
// headline with the editor's own page tools and starts it. Visitors (a browser's own, not headless: bots see the
// original) land on a first page already rendered in their variation (checked with JavaScript off), keep it on reload
// and on the other page under test; one converts through the contact form, and the results screen counts it under its
// variation. Promoting the variation publishes it for everyone. Screens at 1440 and 390 px, axe clean.

const USER = DEMO_LOGINS[1];
const HEADLINE = { A1: 'バリアントA1の見出し', B1: 'バリアントB1の見出し' };
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
let userAgent = '';
const admin = () => server.ctx.config.adminUrl;
const sites = () => server.ctx.config.sitesUrl;
let experimentUrl = '';

beforeAll(async () => {
  server = await startDemoServer({ analyticsRollupDelayMs: 300 });
  browser = await launchChromium();
  const cdp = await browser.newBrowserCDPSession();
  userAgent = (await cdp.send('Browser.getVersion')).userAgent.replace('HeadlessChrome', 'Chrome');
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

/** A visitor's browser with JavaScript off: what the server rendered is what it sees first. */
async function visitor(js = false): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, locale: 'ja-JP', userAgent, javaScriptEnabled: js });
}
const sees = async (page: Page, text: string) => (await page.content()).includes(text);

describe('A/B test journey', () => {
  it('drafts, edits and starts a test of A1 and B1 at 1440 px', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, admin(), USER, 'en', `/master-user/site/${server.demoSiteId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'A/B tests' }).click();
    await page.waitForURL(new RegExp(`/site/${server.demoSiteId}/experiments$`));
    await page.getByText('No A/B tests yet').waitFor(WAIT);
    await noSeriousViolations(page);
    await screenshot(page, 'experiments-list-empty-1440');

    await page.getByTestId('xp-create').click();
    await page.getByRole('textbox', { name: 'Test name' }).fill('Headline test');
    await page.getByTestId('xp-create-submit').click();
    await page.getByText('Choose at least one page to test.').waitFor(WAIT);
    await page.getByRole('textbox', { name: 'Pages' }).click();
    await page.getByRole('option', { name: 'A1', exact: true }).click();
    await page.getByRole('option', { name: 'B1', exact: true }).click();
    await page.keyboard.press('Escape');
    await noSeriousViolations(page);
    await page.getByTestId('xp-create-submit').click();
    await page.waitForURL(/\/experiments\/\d+$/, WAIT);
    experimentUrl = page.url();
    await page.getByTestId('xp-status').filter({ hasText: 'Draft' }).waitFor(WAIT);

    // the variation's headlines, written with the editor's page tools (A1 first, then B1)
    const mainText = page.getByRole('textbox', { name: 'Main text' });
    await mainText.fill(HEADLINE.A1);
    await page.getByRole('textbox', { name: 'Page to edit' }).click();
    await page.getByRole('option', { name: 'B1', exact: true }).click();
    await mainText.fill(HEADLINE.B1);
    await noSeriousViolations(page);
    await screenshot(page, 'experiments-variation-1440');
    await page.getByTestId('xp-save').click();
    await page.getByText('Saved').first().waitFor(WAIT);
    await page.getByTestId('xp-start').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('xp-status').filter({ hasText: 'Running' }).waitFor(WAIT);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  const seen: Record<'variant' | 'original', BrowserContext | null> = { variant: null, original: null };
  it('gives two visitors different variations at first paint, each kept on reload and on the other page', async () => {
    // fresh visitors until one of each (an even split: two in a row alike half the time)
    for (let i = 0; i < 40 && (!seen.variant || !seen.original); i++) {
      const ctx = await visitor();
      const page = await ctx.newPage();
      await page.goto(`${sites()}/`);
      const isVariant = await sees(page, HEADLINE.A1);
      const kind = isVariant ? 'variant' : 'original';
      if (seen[kind]) await ctx.close();
      else seen[kind] = ctx;
    }
    expect(seen.variant).not.toBeNull();
    expect(seen.original).not.toBeNull();
    for (const [kind, ctx] of Object.entries(seen) as ['variant' | 'original', BrowserContext][]) {
      const cookies = await ctx.cookies();
      expect(cookies.find((c) => c.name === 'session_user_id')?.value).toMatch(/^[\w-]{16,64}$/);
      const page = ctx.pages()[0] as Page;
      for (let i = 0; i < 2; i++) {
        await page.reload();
        expect(await sees(page, HEADLINE.A1), `${kind} reload`).toBe(kind === 'variant');
      }
      await page.goto(`${sites()}/B1`);
      expect(await sees(page, HEADLINE.B1), `${kind} on B1`).toBe(kind === 'variant');
    }
  });

  it('counts a conversion under its variation on the results screen', async () => {
    // the visitor in the variation, with the viewer running: its page views go out, then the contact form
    const cookies = await (seen.variant as BrowserContext).cookies();
    const ctx = await visitor(true);
    await ctx.addCookies(cookies);
    const page = await ctx.newPage();
    await page.goto(`${sites()}/`);
    await page.waitForSelector('.vw[data-ready="1"]', WAIT);
    expect(await sees(page, HEADLINE.A1)).toBe(true);
    await page.goto(`${sites()}/contact`);
    await sendDemoContact(page, 'ab@example.com', 'AB Ltd');
    await ctx.close();

    const adminCtx = await browser.newContext(DESKTOP);
    const a = await adminCtx.newPage();
    await signIn(a, admin(), USER);
    const row = () => a.getByTestId('xp-results').getByRole('row').filter({ hasText: 'Variation 1' });
    await expect
      .poll(
        async () => {
          await a.goto(experimentUrl);
          await a.getByRole('tab', { name: 'Results' }).click();
          await a.getByTestId('xp-results').waitFor(WAIT);
          return row().locator('[data-cell="conversions"]').textContent();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('1');
    expect(Number(await row().locator('[data-cell="visitors"]').textContent())).toBeGreaterThanOrEqual(1);
    await noSeriousViolations(a);
    await screenshot(a, 'experiments-results-1440');

    // promote: the variation is published, the test completed, every new visitor sees it without a test
    await a.getByTestId('xp-promote-1').click();
    await a.getByRole('dialog').getByRole('button', { name: 'Publish this variation' }).click();
    await a.getByTestId('xp-status').filter({ hasText: 'Completed' }).waitFor(WAIT);
    await adminCtx.close();
    const after = await visitor();
    const p = await after.newPage();
    await p.goto(`${sites()}/`);
    expect(await sees(p, HEADLINE.A1)).toBe(true);
    expect((await after.cookies()).some((c) => c.name === 'session_user_id')).toBe(false);
    await after.close();
  });

  it('shows the list, the test and its results at 390 px, axe clean', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER, 'en', `/master-user/site/${server.demoSiteId}/experiments`);
    await page.getByRole('link', { name: 'Headline test' }).waitFor(WAIT);
    await noSeriousViolations(page);
    await screenshot(page, 'experiments-list-390');
    await page.getByRole('link', { name: 'Headline test' }).click();
    await page.getByTestId('xp-results').waitFor(WAIT);
    await noSeriousViolations(page);
    await screenshot(page, 'experiments-results-390');
    await ctx.close();
    for (const c of Object.values(seen)) await c?.close();
  });
});
