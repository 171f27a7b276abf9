import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, PHONE, screenshot, seriousViolations, signIn, startDemoServer, WAIT } from './helpers.js';

// back-office.md 1: an operator reads a site's members, contact messages and homepage-form submissions,
// searches them, downloads them as CSV, and keeps the tab across a reload.

const USER = DEMO_LOGINS[1];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;

async function downloadCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  return fs.readFileSync((await download.path()) as string, 'utf8');
}

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchChromium();
  const db = server.ctx.db;
  const site = server.demoSiteId;
  await db.query(
    `INSERT INTO site_members (site_id, email, password_hash, status, lang, data, confirmed_at) VALUES
     ($1, 'alice@example.com', 'x', 'ACTIVE', 'en', $2, now()), ($1, 'bob@example.com', 'x', 'PROVISIONAL', 'ja', $3, NULL)`,
    [site, JSON.stringify({ name: 'Alice Example' }), JSON.stringify({ name: 'Bob Sample' })],
  );
  await db.query(
    `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES
     ($1, 'CONTACT_SETTING', 'en', 'curious@example.com', $2),
     ($1, 'CONTACT_SETTING', 'ja', 'dave@example.com', $3),
     ($1, 'HOMEPAGE_SETTING', 'en', 'brochure@example.com', $4)`,
    [
      site,
      JSON.stringify({ name: 'Carol', message: 'Do you ship to Osaka?' }),
      JSON.stringify({ name: 'Dave', message: 'What are your opening hours?' }),
      JSON.stringify({ companyName: 'Acme', wants: ['brochure', 'call'] }),
    ],
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

describe('site visitors screen', () => {
  it('lists, searches and exports members, contacts and form submissions', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, admin(), USER);
    const rows = page.getByTestId('visitor-row');
    const search = page.getByRole('searchbox', { name: 'Search by e-mail or answers' });

    // From the site list row actions.
    await page.locator(`a[href$="/site/${server.demoSiteId}/visitors"]`).click();
    await page.waitForURL(new RegExp(`/site/${server.demoSiteId}/visitors$`));
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await expect.poll(() => page.getByRole('tab', { name: 'Members' }).getAttribute('aria-selected'), WAIT).toBe('true');
    const alice = rows.filter({ hasText: 'alice@example.com' });
    await alice.getByText('Active').waitFor();
    await alice.getByText('Alice Example').waitFor();
    await alice.getByText('English').waitFor();
    await rows.filter({ hasText: 'bob@example.com' }).getByText('Awaiting confirmation').waitFor();
    await page.getByText('2 in total').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-visitors-members-1440');

    await search.fill('alice');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    let csv = await downloadCsv(page);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('alice@example.com');
    expect(csv).not.toContain('bob@example.com');

    // Contacts: the tab is in the URL and survives a reload, the search too.
    await page.getByRole('tab', { name: 'Contacts' }).click();
    await page.waitForURL(/\?tab=contacts$/);
    await expect.poll(() => search.inputValue(), WAIT).toBe('');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    await rows.filter({ hasText: 'curious@example.com' }).getByText('Do you ship to Osaka?').waitFor();
    await search.fill('osaka');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await page.waitForURL(/q=osaka/);
    await page.reload();
    await expect.poll(() => page.getByRole('tab', { name: 'Contacts' }).getAttribute('aria-selected'), WAIT).toBe('true');
    await expect.poll(() => search.inputValue(), WAIT).toBe('osaka');
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    csv = await downloadCsv(page);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('curious@example.com');
    expect(csv).not.toContain('dave@example.com');
    await search.fill('nobody-at-all');
    await page.getByText('Nothing matches').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-visitors-contacts-1440');

    // Form submissions, with a failed load first: the error state offers a retry.
    let fail = true;
    await page.route('**/api/v1/sites/*/site-form?*', (r) =>
      fail ? r.fulfill({ status: 500, body: '{"message":"boom"}' }) : r.fallback(),
    );
    await page.getByRole('tab', { name: 'Form submissions' }).click();
    await page.waitForURL(/\?tab=forms$/);
    await page.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 20_000 });
    fail = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await rows.getByText('brochure, call').waitFor();
    await rows.getByText('Company name:').waitFor();
    await screenshot(page, 'admin-visitors-forms-1440');
    csv = await downloadCsv(page);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('brochure@example.com');
    expect(csv).toContain('Acme');

    // From the editor's "more actions" menu.
    await page.goto(`${admin()}/master-user/site/${server.demoSiteId}`);
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Visitors' }).click();
    await page.waitForURL(new RegExp(`/site/${server.demoSiteId}/visitors$`));
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('fits a phone screen', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER, 'en', `/master-user/site/${server.demoSiteId}/visitors?tab=contacts`);
    await expect.poll(() => page.getByTestId('visitor-row').count(), WAIT).toBe(2);
    // one card per entry: the details are on screen, not behind a horizontal scroll
    expect(await page.getByText('Do you ship to Osaka?').isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'admin-visitors-contacts-390');
    await ctx.close();
  });
});
