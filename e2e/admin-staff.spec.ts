import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// A user invites a staff member, who sets its password through the mailed link (read
// from mail_outbox) and signs in; the owner makes it a viewer and it can no longer save. The profile
// image and delete-account screens, at 1440 and 390 px, with no serious or critical axe violation.

const USER = DEMO_LOGINS[1];
const STAFF = { email: 'hana@staff-journey.test', password: 'Hana-Staff-2026#' };
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

/** The set-up link the worker mailed (the outbox is the mailbox in tests). */
async function mailedLink(email: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const row = await server.ctx.db.maybeOne<{ text_body: string }>(
        'SELECT text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1',
        [email],
      );
      link = /(https?:\/\/\S+\/new-password\?\S+)/.exec(row?.text_body ?? '')?.[1] ?? '';
      return link;
    }, WAIT)
    .toContain('setup=1');
  return link;
}

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('admin staff journey', () => {
  it('invite, set the password through the mailed link, sign in; demoted to viewer it can no longer save', async () => {
    const ownerCtx = await browser.newContext(DESKTOP);
    const owner = await ownerCtx.newPage();
    const errors: string[] = [];
    owner.on('pageerror', (e) => errors.push(e.message));
    await signIn(owner, admin(), USER);
    await owner.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await owner
      .getByRole('main')
      .getByRole('link', { name: /^Admin staff/ })
      .click();
    await owner.waitForURL(/\/master-user\/admin-list$/);
    await owner.getByText('No staff yet').waitFor();
    await noSeriousViolations(owner);
    await screenshot(owner, 'admin-staff-empty-1440');

    // The invite modal validates inline with the server's rules.
    await owner.getByRole('button', { name: 'Invite staff' }).first().click();
    const dialog = owner.getByRole('dialog', { name: 'Invite a staff member' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect.poll(() => dialog.getByText('This field is required.').count(), WAIT).toBeGreaterThan(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Hana Staff');
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await dialog.getByText(/valid e-mail/i).waitFor();
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill(STAFF.email);
    await noSeriousViolations(owner);
    await screenshot(owner, 'admin-staff-invite-1440');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = owner.getByTestId('staff-row').filter({ hasText: STAFF.email });
    await row.getByText('Set-up pending').waitFor();
    await row.getByText('Editor').waitFor();

    // The staff member, on a phone, follows the mailed link.
    const link = await mailedLink(STAFF.email);
    const staffCtx = await browser.newContext(PHONE);
    const staff = await staffCtx.newPage();
    staff.on('pageerror', (e) => errors.push(e.message));
    await staff.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
    await staff.goto(link);
    await staff.getByRole('heading', { name: 'Welcome: set your password' }).waitFor();
    await noSeriousViolations(staff);
    await screenshot(staff, 'admin-staff-setup-390');
    await staff.getByLabel(/^new password/i).fill(STAFF.password);
    await staff.getByLabel(/^confirm/i).fill(STAFF.password);
    await staff.getByRole('button', { name: 'Set password' }).click();
    await staff.getByText('Your password has been set. You can now sign in.').waitFor();
    // the link worked once
    await staff.goto(link);
    await staff.getByText(/invalid or has expired/).waitFor();
    await signIn(staff, admin(), STAFF);

    // The owner sees it active (after a reload) and makes it a viewer: its authority follows.
    await owner.reload();
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Edit Hana Staff' }).click();
    const edit = owner.getByRole('dialog', { name: 'Edit staff member' });
    await pickOption(owner, 'Role', 'Viewer');
    await edit.getByText('A viewer always has view authority').waitFor();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await row.getByText('Viewer').waitFor();
    await row.getByText('View authority').waitFor();
    await noSeriousViolations(owner);
    await screenshot(owner, 'admin-staff-list-1440');

    // The staff member's save is refused (the forbidden page), and then the editor is view-only.
    await staff.goto(`${admin()}/master-user/site/${server.demoSiteId}`);
    const save = staff.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    await save.click();
    // a save keeps the working copy (never live), so it asks nothing: the server refuses it
    await staff.waitForURL(/\/errors\/403$/, { timeout: 30_000 });
    await staff.goto(`${admin()}/master-user/site/${server.demoSiteId}`);
    await staff.getByText('You have view authority: changes cannot be saved.').waitFor();
    expect(await staff.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await ownerCtx.close();
    await staffCtx.close();
  });

  for (const size of [
    { name: '1440', opts: DESKTOP },
    { name: '390', opts: PHONE },
  ]) {
    it(`staff list, profile image and delete account screens at ${size.name} px`, async () => {
      const ctx = await browser.newContext(size.opts);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, admin(), USER, 'en', `/master-user/admin-list`);
      await page.getByTestId('staff-row').first().waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-staff-list-${size.name}`);

      // Profile image: a preview first, then saved and shown in the header avatar.
      await page.goto(`${admin()}/master-user/profile-image`);
      await page.getByText('250 × 250 px recommended').waitFor();
      await page.getByText('Up to 2 MB').waitFor();
      await noSeriousViolations(page);
      const png = await sharp({ create: { width: 250, height: 250, channels: 3, background: '#e8590c' } })
        .png()
        .toBuffer();
      await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      await page.getByText('Preview (not saved yet)').waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Current image').waitFor();
      const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
      await expect.poll(() => avatar.getAttribute('src'), WAIT).toContain('/profile/');
      await noSeriousViolations(page);
      await screenshot(page, `admin-profile-image-${size.name}`);
      // a file that is not an image is refused before anything is sent
      await page.locator('input[type=file]').setInputFiles({ name: 'notes.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
      await page.getByText('Format not supported (images: JPG, JPEG, JFIF, PNG).').waitFor();
      // removing it (with a confirmation)
      await page.getByRole('button', { name: 'Remove image' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Remove image' }).click();
      await page.getByText('No image yet').waitFor();
      await expect.poll(() => avatar.count(), WAIT).toBe(0);

      // Delete account: a wrong password is refused inline after the confirmation.
      await page.goto(`${admin()}/master-user/delete-account`);
      await page.getByText('What happens').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-delete-account-${size.name}`);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByText('This field is required.').waitFor();
      await page.getByLabel(/^current password/i).fill('Wrong-Passw0rd#');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
      await confirm.getByText('Its published sites are no longer shown to visitors.').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-delete-confirm-${size.name}`);
      await confirm.getByRole('button', { name: 'Delete and sign out' }).click();
      await page.getByText(/password is incorrect/i).waitFor();
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }

  it('a staff member deletes its own account and is signed out', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), STAFF, 'en', `/master-user/delete-account`);
    await page.getByText('Your staff account is deleted.').first().waitFor();
    await page.getByLabel(/^current password/i).fill(STAFF.password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Delete and sign out' }).click();
    await page.waitForURL(/\/log-out$/);
    await page.getByText('Your account has been deleted.').waitFor();
    const login = await fetch(`${admin()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(STAFF),
    });
    expect(login.status).toBe(401);
    await ctx.close();
  });
});
