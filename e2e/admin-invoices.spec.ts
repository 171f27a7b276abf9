import fs from 'node:fs';
import { monthOfJst } from '@swipe/core';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { pdfText } from '../apps/server/src/modules/billing/invoice-text.js';
import { billMonth } from '../apps/server/src/modules/billing/service.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// An issued invoice is corrected by voiding it and issuing a new one: the master opens the demo customer's bill in
// detail, tries "Void and re-issue" without a reason (inline error), takes the initial fee off, confirms, and sees the
// new number naming the void one; the void invoice's PDF still downloads as issued. The customer sees both documents.
// 1440 and 390 px, axe clean.

const [MASTER, USER] = DEMO_LOGINS;
const now = new Date();
// the demo customer's plan is in force this month; the clock moves to the 1st of next month, so this month has ended
const MONTH = monthOfJst(now);
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer();
  const [y, m] = MONTH.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  server.ctx.clock.set(`${next}-01T00:00:05+09:00`);
  await billMonth(server.ctx, MONTH, server.ctx.clock.now());
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

describe('void and re-issue journey', () => {
  for (const [size, options] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as const) {
    it(`the master corrects an issued invoice with a new number (${size} px)`, async () => {
      const { page, errors } = await open(options, MASTER);
      await page.goto(`${admin()}/master/check-plan?tab=issued`);
      const row = page.getByTestId('bill-row').filter({ hasText: 'Demo Shop Inc.' }).first();
      await row.waitFor(WAIT);
      await row.getByRole('button', { name: `Details of the bill for ${MONTH}` }).click();
      const drawer = page.getByRole('dialog', { name: 'Bill details' });
      const number = drawer.getByTestId('invoice-number');
      await number.waitFor(WAIT);
      await expect.poll(() => number.textContent(), WAIT).toMatch(/^INV-\d{7}$/);
      const old = (await number.textContent()) ?? '';
      const before = await drawer.getByTestId('bill-document').count();
      await noSeriousViolations(page);
      await screenshot(page, `admin-invoice-detail-${size}`);

      await drawer.getByRole('button', { name: 'Void and re-issue' }).click();
      const form = page.getByRole('dialog', { name: 'Void and re-issue the invoice' });
      await form.getByTestId('reissue-lines').waitFor();
      // the initial fee goes (when it is still on the bill) and the new total shows before anything is sent
      const initial = form.getByRole('button', { name: 'Remove Initial fee' });
      if (await initial.count()) await initial.click();
      await form.getByRole('button', { name: 'Void and re-issue' }).click();
      await form.getByText('This field is required.').waitFor();
      await noSeriousViolations(page);
      await form.getByLabel('Reason for the correction').fill('Initial fee charged in error');
      const total = (await form.getByTestId('reissue-totals').textContent()) ?? '';
      await form.getByRole('button', { name: 'Void and re-issue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Void and re-issue?' });
      await confirm.getByText(`${old} will be void`, { exact: false }).waitFor();
      await noSeriousViolations(page);
      await confirm.getByRole('button', { name: 'Void and re-issue' }).click();
      await page.getByText(`is void.`, { exact: false }).first().waitFor(WAIT);
      await expect.poll(() => number.textContent(), WAIT).not.toBe(old);
      const fresh = (await number.textContent()) ?? '';
      expect(fresh).toMatch(/^INV-\d{7}$/);
      expect(total).toContain((await drawer.getByTestId('bill-total').textContent()) ?? '?');
      await expect.poll(() => drawer.getByTestId('bill-document').count(), WAIT).toBe(before + 1);
      const docs = drawer.getByTestId('bill-document');
      await expect.poll(() => docs.filter({ hasText: fresh }).textContent(), WAIT).toContain(`Replaces ${old}`);
      await expect.poll(() => docs.filter({ hasText: old }).first().textContent(), WAIT).toContain('Void');
      await noSeriousViolations(page);
      await screenshot(page, `admin-invoice-reissued-${size}`);

      // the void invoice still downloads as it was issued
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        docs
          .filter({ hasText: old })
          .first()
          .getByRole('button', { name: `Download the PDF of ${old}` })
          .click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${old}.pdf`);
      const text = await pdfText(fs.readFileSync(await download.path()));
      expect(text.replace(/\s+/g, '')).toContain(old);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('the customer sees every document of its bill, and no re-issue (390 px)', async () => {
    const { page, errors } = await open(PHONE, USER);
    await page.goto(`${admin()}/master-user/check-plan`);
    const row = page.getByTestId('bill-row').first();
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: `Details of the bill for ${MONTH}` }).click();
    const drawer = page.getByRole('dialog', { name: 'Bill details' });
    await drawer.getByTestId('bill-documents').waitFor(WAIT);
    await expect.poll(() => drawer.getByTestId('bill-document').count(), WAIT).toBe(3);
    expect(await drawer.getByRole('button', { name: 'Void and re-issue' }).count()).toBe(0);
    await noSeriousViolations(page);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
