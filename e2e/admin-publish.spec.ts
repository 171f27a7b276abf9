import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { demoJourney, noSeriousViolations, SIZES, signIn } from './helpers.js';

// Issue 14.9 and 14.11: the editor says whether the live page differs from what is saved, confirms going
// live, says what each save did (with a link to the live page after publishing); the domain wizard stores
// nothing until its last step.

const USER = DEMO_LOGINS[1];
const j = demoJourney();

const siteRow = () =>
  j.server.ctx.db.one<{ status: string; custom_domain: string | null }>('SELECT status, custom_domain FROM sites WHERE id = $1', [
    j.siteId,
  ]);
const liveState = (page: Page) => page.getByTestId('live-state');
async function saved(page: Page, button: string) {
  const [res] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/v1\/sites\/\d+$/.test(r.url())),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  expect(res.status()).toBe(200);
}

describe('draft and live', () => {
  for (const [name, viewport] of SIZES) {
    it(`shows unpublished changes, confirms publishing, says what each action did (${name} px)`, async () => {
      const ctx = await j.browser.newContext(viewport);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER);
      await page.goto(`${j.adminUrl}/master-user/site/${j.siteId}`);
      await expect.poll(async () => liveState(page).textContent()).toBe('Live is up to date');
      const liveHref = await page.getByTestId('live-link').getAttribute('href');
      expect(liveHref).toMatch(/^http/);
      await noSeriousViolations(page);

      // a draft keeps the live copy, and the header says the two differ
      await page.getByRole('tab', { name: 'SEO & tags' }).click();
      await page.getByLabel(/^Title/).fill(`Draft title ${name}`);
      await saved(page, 'Save draft');
      await page.getByText('Draft saved. The live page is unchanged.').waitFor();
      await expect.poll(async () => liveState(page).textContent()).toBe('Unpublished changes');
      expect((await siteRow()).status).toBe('PUBLISH');

      // publishing asks first, saying where it shows; cancelling changes nothing
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(liveHref as string, { exact: false }).waitFor();
      await noSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await liveState(page).textContent()).toBe('Unpublished changes');
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await saved(page, 'Publish now');
      const toast = page.getByTestId('published-toast');
      await toast.getByText('Published.').waitFor();
      expect(await toast.getByRole('link', { name: /Open the live page/ }).getAttribute('href')).toBe(liveHref);
      await expect.poll(async () => liveState(page).textContent()).toBe('Live is up to date');

      // on a live site, Save updates the live page: confirmed, and said so
      await page.getByLabel(/^Title/).fill(`Live title ${name}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await saved(page, 'Update the live page');
      await page.getByTestId('published-toast').getByText('Saved, and the live page is updated.').waitFor();
      await ctx.close();
    });
  }
});

describe('domain wizard', () => {
  for (const [name, viewport] of SIZES) {
    it(`abandoned at step 2 leaves the site unchanged (${name} px)`, async () => {
      // the demo user's plan gets custom domains
      await j.server.ctx.db.query(
        "UPDATE plans SET private_domain = true WHERE id = (SELECT plan_id FROM accounts WHERE email = 'user@demo.swipe.test')",
      );
      const before = await siteRow();
      const ctx = await j.browser.newContext(viewport);
      const page = await ctx.newPage();
      const puts: string[] = [];
      page.on('request', (r) => {
        if (r.method() !== 'GET' && r.url().includes('/domain')) puts.push(`${r.method()} ${r.url()}`);
      });
      await signIn(page, j.adminUrl, USER);
      await page.goto(`${j.adminUrl}/master-user/site/${j.siteId}`);
      await page.getByRole('tab', { name: 'Domain' }).click();
      await page.getByText('The domain is saved only when you press "Verify" at the last step.').waitFor();
      await page.getByRole('textbox', { name: 'Domain' }).fill(`lp${name}.example.com`);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(`lp${name}.example.com`, { exact: true }).waitFor(); // step 2: the CNAME to copy
      await noSeriousViolations(page);
      // the operator walks away
      await page.getByRole('tab', { name: 'Basics' }).click();
      await page.reload();
      await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
      expect(puts).toEqual([]);
      expect(await siteRow()).toEqual(before);
      expect(before.status).not.toBe('DOMAIN_VERIFYING');
      await ctx.close();
    });
  }
});
