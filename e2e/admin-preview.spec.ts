import { translate } from '@swipe/i18n';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS, DEMO_PREVIEW } from '../apps/server/src/demo/seed.js';
import { http, login } from '../apps/server/src/test/helpers.js';
import { demoJourney, noSeriousViolations, SIZES, signIn } from './helpers.js';

// The signed-in operator previews its own site in one click (no passcode), the invitee's lock
// page speaks the link's language, and an invitation sent before a passcode exists is not a dead end.

const USER = DEMO_LOGINS[1];
const j = demoJourney();

/** Clicks the editor's Preview and answers the tab it opens, once that tab shows the preview (or the lock). */
async function openPreview(page: Page, label: string): Promise<Page> {
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: label, exact: true }).click()]);
  await tab.waitForURL(new RegExp(`/site/${j.siteId}/preview(/|\\?|$)`));
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}

/**
 * Waits until the tab shows the preview itself (the viewer, booted in preview mode, not the lock page) in `lang`.
 * The preview has no banner of its own (the viewer draws the working copy as visitors will see it).
 */
async function previewShown(tab: Page, lang: string): Promise<void> {
  const boot = tab.locator('script#__VIEWER__');
  await boot.waitFor({ state: 'attached' });
  expect((JSON.parse((await boot.textContent()) ?? '{}') as { preview?: boolean }).preview).toBe(true);
  expect(await tab.locator('html').getAttribute('lang')).toBe(lang);
  await tab.locator('#root img:visible, #root video:visible').first().waitFor();
}

describe('operator preview', () => {
  for (const [name, viewport] of SIZES) {
    it(`opens the working copy from the editor in one click, without a passcode, in the admin language (${name} px)`, async () => {
      const ctx = await j.browser.newContext({ ...viewport, locale: 'en-US' });
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'ja', `/master-user/site/${j.siteId}`);
      await page.getByRole('button', { name: 'プレビュー', exact: true }).waitFor();
      await noSeriousViolations(page);
      const tab = await openPreview(page, 'プレビュー');
      // the preview itself: no passcode gate, the site in Japanese (the admin's language, not the browser's)
      expect(tab.url()).toContain(`/site/${j.siteId}/preview/ja`);
      await previewShown(tab, 'ja');
      expect(await tab.locator('input[name="password"]').count()).toBe(0);
      // the ticket is gone from the address (it only ever rode in the fragment)
      expect(tab.url()).not.toContain('ticket');
      await ctx.close();
    });
  }
});

describe('invitee lock page', () => {
  for (const [name, viewport] of SIZES) {
    it(`follows the language of the link, then opens with the demo passcode (${name} px)`, async () => {
      const ctx = await j.browser.newContext({ ...viewport, locale: 'en-US' });
      const page = await ctx.newPage();
      await page.goto(`${j.sitesUrl}/site/${j.siteId}/preview?lang=ja`);
      await page.getByText(translate('ja', 'enduser.preview_lead')).waitFor();
      await noSeriousViolations(page);
      await page.locator('input[name="email"]').fill(DEMO_PREVIEW.email);
      await page.locator('input[name="password"]').fill(DEMO_PREVIEW.passcode);
      await page.getByRole('button', { name: translate('ja', 'enduser.preview_submit') }).click();
      await previewShown(page, 'ja');
      await ctx.close();
    });
  }
});

describe('invitation before a passcode exists', () => {
  for (const [name, viewport] of SIZES) {
    it(`warns the operator and tells the invitee to ask for the passcode (${name} px)`, async () => {
      const token = (await login(j.adminUrl, USER.email, USER.password)).access;
      const created = await http<{ id: number }>(j.adminUrl, 'POST', '/api/v1/sites', {
        token,
        body: { name: `No passcode ${name}`, number_horizontal: 1, number_vertical: 1 },
      });
      expect(created.status).toBe(201);
      const ctx = await j.browser.newContext(viewport);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${created.body.id}`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(/No passcode yet/).waitFor();
      await noSeriousViolations(page);
      const invitee = `early-${name}@invitee.test`;
      // typed as a person does: the tags field makes a tag on a key (fill's single input event makes none)
      await dialog.getByLabel('E-mails to invite').pressSequentially(`${invitee},`);
      await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
      await page.getByText(translate('en', 'sites.preview_shared_no_passcode')).waitFor();
      const mail = await j.server.ctx.db.one<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_addr = $1', [invitee]);
      expect(mail.text_body).toContain(`/site/${created.body.id}/preview?lang=en`);
      expect(mail.text_body).toContain("Ask the site's owner for the password.");
      await ctx.close();
    });
  }
});
