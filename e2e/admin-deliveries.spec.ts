import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// The demo user opens notification delivery from the editor, writes a banner notification with
// inline checks and a live preview, and visitors' banner answer shows it at once; it is then edited, found
// by search and deleted. The list, form and detail screens at 1440 and 390 px, axe clean.

const USER = DEMO_LOGINS[1];
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

/** The titles of the banner visitors get now, in a language (the viewer's own call on the sites origin). */
async function bannerTitles(lang: string): Promise<string[]> {
  const r = await fetch(`${server.ctx.config.sitesUrl}/api/v1/end-user/noti_delivery?site_id=${server.demoSiteId}&lang=${lang}`);
  const body = (await r.json()) as { items: { title: string }[] };
  return body.items.map((n) => n.title);
}

describe('admin notification delivery journey', () => {
  for (const size of [
    { name: '1440', opts: DESKTOP },
    { name: '390', opts: PHONE },
  ]) {
    it(`writes, previews, edits and deletes a banner notification at ${size.name} px`, async () => {
      const ctx = await browser.newContext(size.opts);
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, admin(), USER);
      const title = `Flash sale ${size.name}`;

      // From the editor's menu to the site's list: the seeded notifications, and the banner visitors see now.
      await page.goto(`${admin()}/master-user/site/${server.demoSiteId}`);
      await page.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Notification delivery' }).click();
      await page.waitForURL(new RegExp(`/notification-delivery/${server.demoSiteId}$`));
      await page.getByTestId('delivery-row').filter({ hasText: 'New arrivals are in' }).waitFor();
      await page.getByTestId('banner-pill').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-deliveries-list-${size.name}`);

      // Create: the server's rules inline, and the banner preview follows the typing.
      await page.getByRole('link', { name: 'New notification' }).click();
      await page.waitForURL(/\/create$/);
      await page.getByRole('textbox', { name: 'Title' }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('This field is required.').waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await expect.poll(() => page.getByTestId('banner-pill').textContent(), WAIT).toContain(title);
      // the text stops at its limit as it is typed, as every form's does
      await page.getByRole('textbox', { name: 'Text' }).fill('x'.repeat(121));
      await expect.poll(async () => (await page.getByRole('textbox', { name: 'Text' }).inputValue()).length, WAIT).toBe(120);
      await page.getByRole('textbox', { name: 'Text' }).fill('Everything half price until midnight.');
      await page.getByRole('textbox', { name: 'Link URL' }).fill('not a url');
      await page.getByText(/valid URL/i).waitFor();
      await page.getByRole('textbox', { name: 'Link URL' }).fill('https://example.com/flash');
      await page.getByTestId('banner-preview').getByText('Everything half price until midnight.').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-deliveries-form-${size.name}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/detail\/\d+$/);
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByTestId('delivery-state').getByText('Showing now').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-deliveries-detail-${size.name}`);
      // visitors get it at once, in every language of the site
      await expect.poll(() => bannerTitles('en'), WAIT).toContain(title);
      expect(await bannerTitles('ja')).toContain(title);

      // Edit: only for Japanese visitors now.
      await page.getByRole('link', { name: 'Edit' }).click();
      await page.waitForURL(/\/edit\/\d+$/);
      await page.getByRole('textbox', { name: 'Language', exact: true }).click();
      await page.getByRole('option', { name: 'Japanese', exact: true }).click();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/detail\/\d+$/);
      await expect.poll(() => bannerTitles('en'), WAIT).not.toContain(title);
      expect(await bannerTitles('ja')).toContain(title);

      // Search the list, then delete it (with a confirmation): gone from the banner too.
      await page.goto(`${admin()}/master-user/notification-delivery/${server.demoSiteId}`);
      await page.getByRole('searchbox', { name: 'Search title or text' }).fill(size.name);
      const row = page.getByTestId('delivery-row').filter({ hasText: title });
      await row.waitFor();
      await expect.poll(() => page.getByTestId('delivery-row').count(), WAIT).toBe(1);
      await row.getByRole('button', { name: `Delete ${title}` }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No notification matches').waitFor();
      await expect.poll(() => bannerTitles('ja'), WAIT).not.toContain(title);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
