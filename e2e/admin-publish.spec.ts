import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { getPublishedSite } from '../apps/server/src/modules/published/service.js';
import { demoJourney, noSeriousViolations, SIZES, screenshot, signIn } from './helpers.js';

// The editor's two actions are plainly different: Save keeps the working copy (never live, on a published site
// too), Publish puts it live after a confirmation; the header always says how the working copy stands against the
// live one, and each action says what it did (with a link to the live page after publishing). The domain wizard
// stores nothing until its last step.

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
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}`);
      await expect.poll(async () => liveState(page).textContent()).toBe('Live is up to date');
      const liveHref = await page.getByTestId('live-link').getAttribute('href');
      expect(liveHref).toMatch(/^http/);
      await noSeriousViolations(page);

      // Save keeps the working copy: visitors keep the live copy, and the header says the two differ
      const liveName = async () => (await getPublishedSite(j.server.ctx, j.siteId))?.document.translations.ja?.seo?.title ?? '';
      const before = await liveName();
      await page.getByRole('tab', { name: 'SEO & tags' }).click();
      await page.getByLabel(/^Title/).fill(`Working title ${name}`);
      await saved(page, 'Save');
      await page.getByText('Saved. The live page stays as it is until you publish the changes.').waitFor();
      await expect.poll(async () => liveState(page).textContent()).toBe('Unpublished changes');
      expect((await siteRow()).status).toBe('PUBLISH');
      expect(await liveName()).toBe(before);
      await screenshot(page, `publish-unpublished-changes-${name}-en`);

      // publishing asks first, saying where it shows; cancelling changes nothing
      await page.getByRole('button', { name: 'Publish changes', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(liveHref as string, { exact: false }).waitFor();
      await dialog.getByText('To keep your changes without going live, use "Save".').waitFor();
      await noSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await liveState(page).textContent()).toBe('Unpublished changes');
      await page.getByRole('button', { name: 'Publish changes', exact: true }).click();
      await saved(page, 'Publish now');
      const toast = page.getByTestId('published-toast');
      await toast.getByText('Published.').waitFor();
      expect(await toast.getByRole('link', { name: /Open the live page/ }).getAttribute('href')).toBe(liveHref);
      // the toast's close button is named (axe's button-name while it shows: it stays ten seconds)
      await noSeriousViolations(page);
      await page.locator('.mantine-Notification-root').getByRole('button', { name: 'Close' }).waitFor();
      await expect.poll(async () => liveState(page).textContent()).toBe('Live is up to date');
      expect(await liveName()).toBe(`Working title ${name}`);

      // a site visitors cannot see says so
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Save as private' }).click();
      await expect.poll(async () => liveState(page).textContent()).toBe('Not published');
      await page.getByRole('button', { name: 'Publish', exact: true }).waitFor();
      await screenshot(page, `publish-not-published-${name}-en`);
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await saved(page, 'Publish now');
      await expect.poll(async () => liveState(page).textContent()).toBe('Live is up to date');
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
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}`);
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
