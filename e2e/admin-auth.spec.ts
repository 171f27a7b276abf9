import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../apps/server/src/jobs/worker.js';
import { jobHandlers } from '../apps/server/src/modules/index.js';
import { listOutbox } from '../apps/server/src/modules/mail/service.js';
import { makeAccount, TEST_PASSWORD } from '../apps/server/src/test/helpers.js';
import { DESKTOP, launchChromium, PHONE, screenshot, startDemoServer } from './helpers.js';

// The back-office side of sign-in: forgot password -> mailed link -> new password -> sign in; a first
// login with a temporary password goes through the first-time change; sign out ends the session.

let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;
const NEW_PASSWORD = 'Fresh-Passw0rd#';

async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel(/e-mail/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

beforeAll(async () => {
  server = await startDemoServer({ runWorker: false });
  browser = await launchChromium();
  await makeAccount(server.ctx, { parentId: null, type: 'MASTER_USER', email: 'forgetful@admin.test', companyName: 'Forgetful Ltd' });
  await makeAccount(server.ctx, {
    parentId: null,
    type: 'MASTER_USER',
    email: 'newbie@admin.test',
    companyName: 'Newbie Ltd',
    mustChangePassword: true,
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

describe('auth screens', () => {
  it('resets a forgotten password through the mailed link', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
    await page.goto(`${admin()}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(/\/reset-pass$/);
    await page.getByLabel(/e-mail/i).fill('not-an-email');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.getByLabel(/e-mail/i).fill('forgetful@admin.test');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();
    await screenshot(page, 'admin-reset-pass-390');
    // forgot-password only queues its work: run the job the worker would run.
    const worker = new Worker(server.ctx, jobHandlers());
    for (let more = true; more; ) more = await worker.runOneJob();

    const mail = (await listOutbox(server.ctx.db, 20)).find((m) => m.to_addr === 'forgetful@admin.test');
    const link = /https?:\/\/\S+\/new-password\?token=\S+/.exec(mail?.text_body ?? '')?.[0] as string;
    expect(link).toBeTruthy();
    await page.goto(link);
    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel(/^Confirm new password/).fill('short');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Enter at least 8 characters.').waitFor();
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('status').waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await fillLogin(page, 'forgetful@admin.test', NEW_PASSWORD);
    await page.waitForURL(/\/master-user\/site-list$/);
    // The used link is spent.
    await page.goto(link);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    await ctx.close();
  });

  it('sends a first login with a temporary password through the first-time change, then signs out', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
    await page.goto(`${admin()}/login`);
    await fillLogin(page, 'newbie@admin.test', TEST_PASSWORD);
    await page.waitForURL(/\/first-time-change-password$/);
    // The signed-in area stays closed until the password is changed.
    await page.goto(`${admin()}/master-user/site-list`);
    await page.waitForURL(/\/first-time-change-password$/);
    await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await page.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await screenshot(page, 'admin-first-time-1440');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.waitForURL(/\/master-user\/site-list$/);
    await page.getByText('No sites yet').waitFor();

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('swipe.admin.session') as string).accessToken as string);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('swipe.admin.session'))).toBeNull();
    // The server ended the session too.
    const r = await fetch(`${admin()}/api/v1/auth/user-info`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(401);
    await ctx.close();
  });
});
