import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { makeAccount } from '../apps/server/src/test/helpers.js';
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

// The demo master creates a plan, assigns it to a user, edits the plan (the user keeps
// the old version, visible on its detail), books the new version for that user for next month and sees it as next
// month's plan; on a phone the list is cards and the form validates inline. axe: no serious or critical violation.

const MASTER = DEMO_LOGINS[0];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
let customerId = 0;
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchChromium();
  const master = await server.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [MASTER.email]);
  customerId = (
    await makeAccount(server.ctx, {
      parentId: master.id,
      type: 'MASTER_USER',
      email: 'plan-customer@journey.test',
      companyName: 'Plan Customer',
    })
  ).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

async function expectAxeClean(page: Page): Promise<void> {
  await animationsSettled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

const rows = (page: Page) => page.getByTestId('plan-row');

async function openPlans(page: Page): Promise<void> {
  await page.goto(`${admin()}/master/plan-management`);
  await page.getByRole('heading', { name: 'Plan management' }).waitFor();
  await expect.poll(() => rows(page).count(), WAIT).toBeGreaterThan(0);
}

async function fillPlan(page: Page, v: { ja: string; price: string }): Promise<void> {
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Japanese (required)').fill(v.ja);
  await drawer.getByLabel('Monthly fee (yen, excl. tax)').fill(v.price);
}

describe('plan management', () => {
  it('create, assign, edit as a new version (the user keeps v1), book v2 for next month (1440 px)', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, admin(), MASTER);
    await openPlans(page);
    expect(await page.getByTestId('plan-list').innerText()).toContain('¥29,800');
    await expectAxeClean(page);

    // create
    await page.getByRole('button', { name: 'Create plan' }).first().click();
    await fillPlan(page, { ja: 'Journey Gold', price: '12000' });
    await page.getByRole('dialog').getByLabel('Multi-language').check();
    await expectAxeClean(page);
    await screenshot(page, 'admin-plans-form-1440');
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    const row = rows(page).filter({ hasText: 'Journey Gold' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/v1[\s\S]*¥12,000/);

    // assign it to a customer without a plan: at once
    await page.goto(`${admin()}/master/user/${customerId}`);
    await page.getByRole('button', { name: 'Change plan' }).click();
    await page.getByRole('dialog').getByLabel('Plan').click();
    await page.getByRole('option', { name: 'Journey Gold' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Assign plan' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const planCard = page.getByTestId('plan-card');
    await expect.poll(() => planCard.innerText(), WAIT).toContain('Journey Gold');

    // edit: the plan is in use, so the form says a new version comes and who stays
    await openPlans(page);
    await rows(page).filter({ hasText: 'Journey Gold' }).getByRole('button', { name: 'Edit Journey Gold' }).click();
    await expect.poll(() => page.getByTestId('new-version-warning').innerText(), WAIT).toContain('Accounts on v1 stay there: 1');
    await fillPlan(page, { ja: 'Journey Gold 2027', price: '15000' });
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const v2 = rows(page).filter({ hasText: 'Journey Gold 2027' });
    await v2.waitFor();
    await expect.poll(() => v2.innerText(), WAIT).toMatch(/v2[\s\S]*¥15,000[\s\S]*On older versions: 1/);
    await screenshot(page, 'admin-plans-list-1440');
    await expectAxeClean(page);

    // the customer keeps version 1; book version 2 for next month
    await page.goto(`${admin()}/master/user/${customerId}`);
    await expect.poll(() => planCard.innerText(), WAIT).toMatch(/Journey Gold(?! 2027)/);
    expect(await page.getByTestId('plan-version').innerText()).toBe('(v1; a newer version exists)');
    await page.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('00:00 Japan time on the 1st of next month');
    await dialog.getByLabel('Plan from next month').click();
    await page.getByRole('option', { name: 'Journey Gold 2027' }).click();
    await expectAxeClean(page);
    await screenshot(page, 'admin-plans-change-1440');
    await dialog.getByRole('button', { name: 'Book for next month' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => planCard.innerText(), WAIT).toMatch(/Plan from next month\s*Journey Gold 2027/);
    const held = await server.ctx.db.one<{ plan: string; next: string }>(
      'SELECT p.name AS plan, n.name AS next FROM accounts a JOIN plans p ON p.id = a.plan_id JOIN plans n ON n.id = a.next_plan_id WHERE a.id = $1',
      [customerId],
    );
    expect(held).toEqual({ plan: 'Journey Gold', next: 'Journey Gold 2027' });
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('on a phone: cards, inline validation, move older versions to the latest with a confirmation (390 px)', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), MASTER);
    await openPlans(page);
    const card = rows(page).filter({ hasText: 'Journey Gold 2027' });
    await card.waitFor();
    await expectAxeClean(page);
    await screenshot(page, 'admin-plans-list-390');

    await page.getByRole('button', { name: 'Create plan' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').innerText(), WAIT).toContain('This field is required');
    await screenshot(page, 'admin-plans-form-390');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // the booking made above already moved the only account: moving books nobody twice
    await card.getByRole('button', { name: /Move Journey Gold 2027 accounts/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move to latest' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-plans-moved-390');
    await expect.poll(() => page.getByText("Next month's plan booked for accounts: 0").count(), WAIT).toBeGreaterThan(0);
    await ctx.close();
  });
});
