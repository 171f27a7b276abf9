import fs from 'node:fs';
import { firstOfNextMonthJst, monthOfJst } from '@swipe/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { billMonth } from '../apps/server/src/modules/billing/service.js';
import { makeAccount, TEST_PASSWORD } from '../apps/server/src/test/helpers.js';
import {
  DESKTOP,
  launchChromium,
  noSeriousViolations,
  PHONE,
  screenshot,
  seriousViolations,
  signIn,
  startDemoServer,
  WAIT,
} from './helpers.js';

// The demo user (Standard) has this month's bill (the billing run through the billing service);
// it opens plan check, downloads the invoice PDF and opens /plan to see its usage; the master force-completes
// the unpaid bill behind an irreversible confirmation and the status changes. 390 and 1440 px, axe clean.

const [MASTER, USER] = DEMO_LOGINS;
const MONTH = monthOfJst(new Date());
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer();
  // a month is billed once it has ended: business time moves to the end of this one, then it is billed (the
  // monthly job runs then too). Without its saved card, Demo Shop's bill waits for the payer instead of being
  // charged by that job.
  await server.ctx.db.query('DELETE FROM payment_cards');
  server.ctx.clock.set(`${firstOfNextMonthJst(new Date())}T00:00:01+09:00`);
  await billMonth(server.ctx, MONTH);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

async function open(options: BrowserContextOptions, login: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ ...options, acceptDownloads: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, admin(), login);
  return { page, errors };
}

describe('admin billing journey', () => {
  for (const [size, options] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`the user downloads its invoice and sees its usage (${size} px)`, async () => {
      const { page, errors } = await open(options, USER);
      await page.goto(`${admin()}/master-user/check-plan`);
      const row = page.getByTestId('bill-row').first();
      await row.waitFor(WAIT);
      await expect.poll(() => row.textContent(), WAIT).toContain(MONTH);
      await expect.poll(() => row.getByTestId('bill-status').textContent(), WAIT).toBe('Unpaid');
      await noSeriousViolations(page);
      // the row actions' names begin with the text they show (label in name: "Pay by card: the … bill")
      expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
      await screenshot(page, `admin-billing-check-${size}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download the ${MONTH} invoice PDF` }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^invoice-INV-\d{7}\.pdf$/);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

      // the card form: a bad number is refused before anything is sent
      await row.getByRole('button', { name: `Pay by card: the ${MONTH} bill` }).click();
      const dialog = page.getByRole('dialog', { name: 'Pay by card' });
      await dialog.waitFor();
      await dialog.getByLabel('Card number').fill('4242424242424241');
      await dialog.getByRole('button', { name: /^Pay ¥/ }).click();
      await dialog.getByText('Enter a valid card number').waitFor();
      await noSeriousViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('link', { name: 'Your plan and usage' }).click();
      await page.waitForURL(/\/master-user\/plan$/);
      await page.getByTestId('plan-card').first().waitFor(WAIT);
      await expect.poll(() => page.getByTestId('plan-card').first().textContent(), WAIT).toContain('Standard');
      await page.getByTestId('usage-sites').waitFor();
      await expect.poll(() => page.getByTestId('usage-sites').textContent(), WAIT).toMatch(/\d+ of 3/);
      await page.getByTestId('usage-pv').waitFor();
      await page.getByTestId('projected').getByText('Total (incl. tax)').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-billing-plan-${size}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('the master force-completes the unpaid bill with confirmation (1440 px), and sees it on a phone', async () => {
    const { page, errors } = await open(DESKTOP, MASTER);
    await page.goto(`${admin()}/master/check-plan?tab=issued`);
    const row = page.getByTestId('bill-row').filter({ hasText: 'Demo Shop Inc.' }).first();
    await row.waitFor(WAIT);
    await page.getByTestId('issuer-card').waitFor();
    await noSeriousViolations(page);
    await screenshot(page, 'admin-billing-issued-1440');
    await row.getByRole('button', { name: `Force-complete the ${MONTH} bill of Demo Shop Inc.` }).click();
    const dialog = page.getByRole('dialog', { name: 'Force-complete this payment?' });
    await dialog.getByText('This cannot be undone.', { exact: false }).waitFor();
    await noSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Force complete' }).click();
    await page.getByText('The payment was force-completed.').waitFor(WAIT);
    await expect.poll(() => row.getByTestId('bill-status').textContent(), WAIT).toBe('Completed');
    await expect.poll(() => row.getByRole('button', { name: /Force-complete/ }).count(), WAIT).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    const phone = await open(PHONE, MASTER);
    await phone.page.goto(`${admin()}/master/check-plan?tab=issued`);
    const card = phone.page.getByTestId('bill-row').filter({ hasText: 'Demo Shop Inc.' }).first();
    await card.waitFor(WAIT);
    await expect.poll(() => card.getByTestId('bill-status').textContent(), WAIT).toBe('Completed');
    await noSeriousViolations(phone.page);
    await screenshot(phone.page, 'admin-billing-issued-390');
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });

  it('an OEM master sets its invoice registration number with inline validation (390 px)', async () => {
    const master = await server.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [MASTER.email]);
    const oem = await makeAccount(server.ctx, {
      parentId: master.id,
      type: 'OEM_MASTER',
      email: 'oem@billing-journey.test',
      companyName: 'Reseller K.K.',
    });
    const { page, errors } = await open(PHONE, { email: oem.email, password: TEST_PASSWORD });
    await page.goto(`${admin()}/admin/check-plan`);
    await page.getByRole('tab', { name: 'Issued bills' }).click();
    const card = page.getByTestId('issuer-card');
    await card.waitFor(WAIT);
    await card.getByText('Not qualified invoices', { exact: true }).waitFor();
    const input = card.getByLabel('Registration number');
    await input.fill('T123');
    await card.getByText('T followed by 13 digits').waitFor();
    expect(await card.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await input.fill('t1234567890123');
    await card.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Registration number saved').waitFor(WAIT);
    await card.getByText('Qualified invoices', { exact: true }).waitFor(WAIT);
    await noSeriousViolations(page);
    await screenshot(page, 'admin-billing-issuer-390');
    const row = await server.ctx.db.one<{ n: string | null }>('SELECT invoice_registration_number AS n FROM accounts WHERE id = $1', [
      oem.id,
    ]);
    expect(row.n).toBe('T1234567890123');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
