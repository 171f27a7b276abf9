import fs from 'node:fs';
import { japanDay, monthOfJst, previousMonth } from '@swipe/core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, demoJourney, noSeriousViolations, PHONE, screenshot, signIn, WAIT } from './helpers.js';

// Billing a newcomer can see, and bank transfers: the demo has last month's bills from the first start (Demo Shop's
// paid by its card, Sample Cafe's open awaiting its transfer). The master opens the Billing entry, the open bill's
// detail, records a partial transfer and then the rest; the payer sees its card payment beside its bill and gets the
// PDF. 1440 and 390 px, axe clean. Amounts by hand: Sample Cafe, Light 9,800 + initial fee 100,000 = 109,800, tax
// 10,980 -> 120,780; 100,000 received leaves 20,780. Demo Shop, Standard 29,800 + 100,000 = 129,800, tax 12,980 ->
// 142,780.

const [MASTER, USER] = DEMO_LOGINS;
const MONTH = previousMonth(monthOfJst(new Date()));
const j = demoJourney();

async function open(options: BrowserContextOptions, login: { email: string; password: string }): Promise<{ page: Page; errors: string[] }> {
  const ctx = await j.browser.newContext({ ...options, acceptDownloads: true });
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, j.adminUrl, login);
  return { page, errors };
}

/** The Billing entry of the menu (behind the menu button on a phone). */
async function openBilling(page: Page, phone: boolean): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'Toggle menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  await page.waitForURL(/\/billing$/);
  await page.getByRole('heading', { name: 'Billing' }).waitFor(WAIT);
}

describe('billing and bank transfers', () => {
  it('the master finds the open bill under Billing and records a partial transfer, then the rest (1440 px)', async () => {
    const { page, errors } = await open(DESKTOP, MASTER);
    await openBilling(page, false);
    const row = page.getByTestId('bill-row').filter({ hasText: 'Sample Cafe LLC' });
    await row.waitFor(WAIT);
    await expect.poll(() => row.textContent(), WAIT).toContain(MONTH);
    await expect.poll(() => row.getByTestId('bill-status').textContent(), WAIT).toBe('Unpaid');
    await expect.poll(() => row.textContent(), WAIT).toContain('¥120,780');
    await noSeriousViolations(page);
    await screenshot(page, 'admin-payments-list-1440');

    await row.getByRole('button', { name: `Details of the bill for ${MONTH}` }).click();
    const detail = page.getByTestId('bill-detail');
    const payments = detail.getByTestId('bill-payments');
    await payments.waitFor(WAIT);
    await expect.poll(() => payments.getByTestId('bill-balance').textContent(), WAIT).toBe('¥120,780');
    await payments.getByText('Nothing has been paid yet.').waitFor();
    await noSeriousViolations(page);

    // a partial transfer: too much is refused as it is typed, then 100,000
    await payments.getByRole('button', { name: 'Record a transfer' }).click();
    const form = page.getByRole('dialog', { name: 'Record a bank transfer' });
    await form.waitFor();
    const amount = form.getByLabel('Amount received (yen)');
    await expect.poll(() => amount.inputValue(), WAIT).toBe('¥120,780');
    await amount.fill('130000');
    await form.getByText('More than the balance due (¥120,780).').waitFor();
    await amount.fill('100000');
    await form.getByLabel('Payer name').fill('ｻﾝﾌﾟﾙｶﾌｪ(ﾄﾞ');
    expect(await form.getByLabel('Date received').inputValue()).toBe(japanDay(new Date()));
    await noSeriousViolations(page);
    await form.getByRole('button', { name: 'Record' }).click();
    await page.getByText('Transfer recorded. Balance due: ¥20,780.').waitFor(WAIT);
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => payments.getByTestId('bill-balance').textContent(), WAIT).toBe('¥20,780');
    await expect.poll(() => payments.getByTestId('bill-receipt').first().textContent(), WAIT).toContain('Bank transfer (ｻﾝﾌﾟﾙｶﾌｪ(ﾄﾞ)');
    await expect.poll(() => detail.getByTestId('bill-status').textContent(), WAIT).toBe('Unpaid');
    await noSeriousViolations(page);
    await screenshot(page, 'admin-payments-partial-1440');

    // the rest pays the bill
    await payments.getByRole('button', { name: 'Record a transfer' }).click();
    await expect.poll(() => form.getByLabel('Amount received (yen)').inputValue(), WAIT).toBe('¥20,780');
    await form.getByLabel('Payer name').fill('ｻﾝﾌﾟﾙｶﾌｪ(ﾄﾞ');
    await form.getByRole('button', { name: 'Record' }).click();
    await page.getByText('The transfers cover the bill: it is paid.').waitFor(WAIT);
    await expect.poll(() => payments.getByTestId('bill-balance').textContent(), WAIT).toBe('¥0');
    await expect.poll(() => payments.getByTestId('bill-receipt').count(), WAIT).toBe(2);
    await expect.poll(() => detail.getByTestId('bill-status').textContent(), WAIT).toBe('Paid');
    await expect.poll(() => payments.getByRole('button', { name: 'Record a transfer' }).count(), WAIT).toBe(0);
    await expect.poll(() => row.getByTestId('bill-status').textContent(), WAIT).toBe('Paid');
    await noSeriousViolations(page);
    await screenshot(page, 'admin-payments-paid-1440');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('on a phone the bill opens from its link with both transfers beside it (390 px)', async () => {
    const id = Number(
      (
        await j.server.ctx.db.one<{ id: number }>(
          "SELECT p.id FROM payments p JOIN accounts a ON a.id = p.account_id WHERE a.company_name = 'Sample Cafe LLC'",
        )
      ).id,
    );
    const { page, errors } = await open(PHONE, MASTER);
    await openBilling(page, true);
    await page.goto(`${j.adminUrl}/master/billing?bill=${id}&as=seller`);
    const payments = page.getByTestId('bill-payments');
    await payments.waitFor(WAIT);
    await expect.poll(() => payments.getByTestId('bill-received').textContent(), WAIT).toBe('¥120,780');
    const receipts = payments.getByTestId('bill-receipt');
    await expect
      .poll(() => receipts.allTextContents(), WAIT)
      .toEqual([expect.stringContaining('¥100,000'), expect.stringContaining('¥20,780')]);
    await noSeriousViolations(page);
    await screenshot(page, 'admin-payments-detail-390');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  for (const [size, options] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as const) {
    it(`the payer sees its bill paid by card, the card beside it, and gets the PDF (${size} px)`, async () => {
      const { page, errors } = await open(options, USER);
      await openBilling(page, size === '390');
      const row = page.getByTestId('bill-row').filter({ hasText: MONTH });
      await row.waitFor(WAIT);
      await expect.poll(() => row.getByTestId('bill-status').textContent(), WAIT).toBe('Paid');
      await expect.poll(() => row.textContent(), WAIT).toContain('¥142,780');
      await row.getByRole('button', { name: `Details of the bill for ${MONTH}` }).click();
      const payments = page.getByTestId('bill-payments');
      await payments.waitFor(WAIT);
      await expect.poll(() => payments.getByTestId('bill-receipt').textContent(), WAIT).toContain('Visa ••••4242');
      await expect.poll(() => payments.getByTestId('bill-receipt').textContent(), WAIT).toContain('¥142,780');
      await expect.poll(() => payments.getByTestId('bill-balance').textContent(), WAIT).toBe('¥0');
      expect(await payments.getByRole('button', { name: 'Pay by card' }).count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `admin-payments-payer-${size}`);
      await page.keyboard.press('Escape');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download the ${MONTH} invoice PDF` }).click(),
      ]);
      expect(
        fs
          .readFileSync(await download.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
