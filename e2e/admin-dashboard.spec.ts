import { monthOfJst, previousMonth } from '@swipe/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import {
  animationsSettled,
  DESKTOP,
  launchChromium,
  PHONE,
  screenshot,
  seriousViolations,
  signIn,
  startDemoServer,
  WAIT,
} from './helpers.js';

// The demo master signs in and lands on the summary (its menu's first entry): sites made, companies, MRR and ARR
// (the monthly fees of the contracts in force, in units people read: ¥39,600 in English, 3.96万円 in Japanese), paid
// plans, and the three charts (last month's bills, this month's plan prices). 390 and 1440 px, axe clean.

const [MASTER] = DEMO_LOGINS;
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

async function openSummary(options: BrowserContextOptions): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const ctx = await browser.newContext(options);
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, admin(), MASTER, 'en', 'home');
  expect(page.url()).toMatch(/\/master\/summary$/);
  await page.getByRole('heading', { name: 'Summary' }).waitFor(WAIT);
  return { page, errors, close: () => ctx.close() };
}

const text = (page: Page, id: string) => page.getByTestId(id).innerText();

async function chartsDrawn(page: Page) {
  for (const id of ['chart-plan-trend', 'chart-registrations', 'chart-revenue'])
    await page.getByTestId(id).locator('.recharts-surface').first().waitFor(WAIT);
}

describe('admin dashboard journey', () => {
  it("1440 px: KPIs from the contracts in force, charts with last month's bills", async () => {
    const { page, errors, close } = await openSummary(DESKTOP);
    // the demo tree: two customers, Demo Shop on Standard (¥29,800 a month) with the one site and Sample Cafe on
    // Light (¥9,800): MRR ¥39,600, ARR ¥475,200, both since last month and billed for it
    await expect.poll(() => text(page, 'kpi-sites-value'), WAIT).toBe('1');
    expect(await text(page, 'kpi-companies-value')).toBe('2');
    expect(await text(page, 'kpi-mrr-value')).toBe('¥39,600');
    expect(await text(page, 'kpi-arr-value')).toBe('¥475,200');
    expect(await text(page, 'kpi-paid-value')).toBe('2');
    await chartsDrawn(page);
    expect(await text(page, 'revenue-source')).toContain(`Months with bills (the latest ${previousMonth(monthOfJst(new Date()))})`);
    expect(await page.getByTestId('chart-plan-trend').innerText()).toContain('Standard');
    await animationsSettled(page);
    expect((await seriousViolations(page)).join('\n')).toBe('');
    await screenshot(page, 'admin-dashboard-1440');
    // the menu entry leads back here from another screen
    await page.getByRole('navigation').getByRole('link', { name: 'Summary' }).click();
    await page.waitForURL(/\/summary$/);
    expect(errors).toEqual([]);
    await close();
  });

  it('390 px: what MRR counts is said on screen; Japanese units', async () => {
    const { page, errors, close } = await openSummary(PHONE);
    await expect
      .poll(() => text(page, 'kpi-mrr').catch(() => ''), WAIT)
      .toContain('Monthly plan and licence fees of the contracts in force');
    expect(await text(page, 'revenue-source')).toContain('without initial fees or usage');
    await chartsDrawn(page);
    await animationsSettled(page);
    expect((await seriousViolations(page)).join('\n')).toBe('');
    // KPI cards two by two, nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'admin-dashboard-390');

    // the language switch in the header: the figures' units follow it
    await page.getByRole('textbox', { name: 'Language' }).click();
    const ja = page.getByRole('option', { name: '日本語' });
    await ja.waitFor(WAIT);
    await ja.click();
    await page.getByRole('heading', { name: 'サマリー' }).waitFor(WAIT);
    await expect.poll(() => text(page, 'kpi-mrr-value').catch(() => ''), WAIT).toBe('3.96万円');
    expect(await text(page, 'kpi-arr-value')).toBe('47.5万円');
    expect(errors).toEqual([]);
    await close();
  });
});
