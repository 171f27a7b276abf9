import { monthOfJst } from '@swipe/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { billMonth } from '../apps/server/src/modules/billing/service.js';
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

// Issue 11.3: the demo master signs in and lands on the summary (its menu's first entry): sites made, companies,
// MRR in ten-thousand yen, ARR in hundred-million yen, paid plans, and the three charts. First from plan prices
// (no bills yet), then, once the month is billed, from the bills, each source said on screen. 390 and 1440 px, axe clean.

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
  it('1440 px: KPIs and charts from plan prices before any bill', async () => {
    const { page, errors, close } = await openSummary(DESKTOP);
    // the demo tree: one customer (the demo user on Standard, ¥29,800 a month) and its one site
    await expect.poll(() => text(page, 'kpi-sites-value'), WAIT).toBe('1');
    expect(await text(page, 'kpi-companies-value')).toBe('1');
    expect(await text(page, 'kpi-mrr-value')).toContain('2.98');
    expect(await text(page, 'kpi-mrr-value')).toContain('¥10,000');
    expect(await text(page, 'kpi-mrr')).toContain('¥29,800');
    expect(await text(page, 'kpi-arr')).toContain('¥357,600');
    expect(await text(page, 'kpi-arr-value')).toContain('¥100M');
    expect(await text(page, 'kpi-paid-value')).toBe('1');
    await chartsDrawn(page);
    expect(await text(page, 'revenue-source')).toContain('No bills yet');
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

  it('390 px: after the month is billed, MRR comes from the bills (said on screen); Japanese units', async () => {
    await billMonth(server.ctx, monthOfJst(new Date()));
    const { page, errors, close } = await openSummary(PHONE);
    await expect.poll(() => text(page, 'revenue-source').catch(() => ''), WAIT).toContain('come from the bills of');
    expect(await text(page, 'kpi-paid')).toContain('MRR from bills');
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
    await expect.poll(() => text(page, 'kpi-mrr-value').catch(() => ''), WAIT).toContain('万円');
    expect(await text(page, 'kpi-arr-value')).toContain('億円');
    expect(errors).toEqual([]);
    await close();
  });
});
