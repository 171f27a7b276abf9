import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// The platform master writes a news item and a system notification for master users; the demo
// user (a master user) sees the news under latest information and the unread count on the header bell, opens
// the panel and the notification, and the count drops. At 1440 and 390 px, axe clean, waiting on state.

const [MASTER, USER] = DEMO_LOGINS;
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

const unreadOf = (page: Page) => page.getByTestId('notification-bell').getAttribute('data-unread');

describe('admin news journey', () => {
  it('the master writes a news item and a system notification for master users', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, admin(), MASTER);

    await page.getByRole('navigation').getByRole('link', { name: 'Latest information' }).click();
    await page.waitForURL(/\/master\/latest-information$/);
    await page.getByText('Nothing here yet').waitFor();
    await noSeriousViolations(page);
    await page.getByRole('link', { name: 'Create news' }).click();
    await page.waitForURL(/\/latest-information\/create$/);

    // the core's rules, inline: a title is required, a link must be a URL
    await page.getByTestId('notice-save').click();
    await page.getByText('This field is required.').first().waitFor();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Spring maintenance');
    await page.getByRole('textbox', { name: 'Link URL', exact: true }).fill('not a url');
    await page.getByText('Enter a valid URL.').waitFor();
    await page.getByRole('textbox', { name: 'Link URL', exact: true }).fill('https://status.example.com/spring');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('The editor pauses on Sunday from 2:00 to 3:00.');
    await noSeriousViolations(page);
    await screenshot(page, 'admin-news-form-1440');
    await page.getByTestId('notice-save').click();
    await page.waitForURL(/\/latest-information\/\d+$/);
    await page.getByRole('heading', { name: 'Spring maintenance' }).waitFor();
    await expect.poll(() => page.getByTestId('notice-status').textContent(), WAIT).toBe('Published');
    // edit: the form opens with what was saved
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(/\/latest-information\/edit\/\d+$/);
    const title = page.getByRole('textbox', { name: 'Title', exact: true });
    await expect.poll(() => title.inputValue(), WAIT).toBe('Spring maintenance');
    await title.fill('Spring maintenance window');
    await page.getByTestId('notice-save').click();
    await page.getByRole('heading', { name: 'Spring maintenance window' }).waitFor();
    await page.getByRole('link', { name: 'Back to latest information' }).click();
    await page.getByTestId('news-list').getByTestId('notice-row').filter({ hasText: 'Spring maintenance window' }).waitFor();
    await noSeriousViolations(page);
    await screenshot(page, 'admin-news-list-1440');

    await page.getByRole('navigation').getByRole('link', { name: 'System notification' }).click();
    await page.waitForURL(/\/master\/system-notification$/);
    await page.getByRole('link', { name: 'Create notification' }).click();
    await page.waitForURL(/\/create-notification$/);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Billing update');
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Invoices now carry your registration number.');
    await page.getByRole('checkbox', { name: 'Master user' }).check();
    await noSeriousViolations(page);
    await page.getByTestId('notice-save').click();
    await page.waitForURL(/\/notification\/\d+$/);
    await page.getByRole('heading', { name: 'Billing update' }).waitFor();
    await page.getByRole('link', { name: 'Back to system notifications' }).click();
    await page.getByTestId('notice-row').filter({ hasText: 'Billing update' }).waitFor();
    await noSeriousViolations(page);
    await screenshot(page, 'admin-system-notifications-1440');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  for (const [name, options] of [
    ['1440', DESKTOP],
    ['390', PHONE],
  ] as [string, BrowserContextOptions][]) {
    it(`at ${name} px a master user sees the news and the unread count; opening the notification drops it`, async () => {
      // each width starts unread
      await server.ctx.db.query('DELETE FROM system_notification_reads');
      const ctx = await browser.newContext(options);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, admin(), USER);
      await expect.poll(() => unreadOf(page), WAIT).toBe('1');

      await page.goto(`${admin()}/master-user/latest-information`);
      const item = page.getByTestId('news-item').filter({ hasText: 'Spring maintenance window' });
      await item.waitFor();
      await expect.poll(() => item.textContent(), WAIT).toContain('The editor pauses on Sunday');
      await noSeriousViolations(page);
      await screenshot(page, `admin-news-feed-${name}`);

      await page.getByTestId('notification-bell').click();
      const panel = page.getByTestId('notification-panel');
      const entry = panel.getByTestId('notification-item').filter({ hasText: 'Billing update' });
      await entry.waitFor();
      expect(await entry.getAttribute('data-read')).toBe('false');
      await noSeriousViolations(page);
      await screenshot(page, `admin-news-panel-${name}`);
      await entry.click();
      await page.waitForURL(/\/master-user\/notification\/\d+$/);
      await page.getByRole('heading', { name: 'Billing update' }).waitFor();
      await expect.poll(() => unreadOf(page), WAIT).toBe('0');
      await noSeriousViolations(page);
      // the mark is stored: a reload still shows none unread
      await page.reload();
      await page.getByRole('heading', { name: 'Billing update' }).waitFor();
      await expect.poll(() => unreadOf(page), WAIT).toBe('0');
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
