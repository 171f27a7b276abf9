import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { http, login } from '../apps/server/src/test/helpers.js';
import {
  DESKTOP,
  givePlan,
  launchChromium,
  PHONE,
  publishInEditor,
  screenshot,
  seriousViolations,
  signIn,
  startDemoServer,
  WAIT,
} from './helpers.js';

// The editor, tried as a new user would: create a 2 x 3 site, upload six images, add a text
// button with an animation and a product hotspot, set SEO, publish, see exactly that on the sites
// origin; change the button, publish again, see the change.

const USER = DEMO_LOGINS[1];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
/** the admin origin as configured (signed upload URLs point there) */
const admin = () => server.ctx.config.adminUrl;
let dir: string;

function zipOf(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const e of entries) z.addBuffer(e.data, e.name, { compress: false });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchChromium();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
  const colours = ['#e8590c', '#2f9e44', '#1971c2', '#9c36b5', '#f08c00', '#c2255c'];
  for (let i = 0; i < 6; i++) {
    await sharp({ create: { width: 600, height: 1100, channels: 3, background: colours[i] as string } })
      .jpeg({ quality: 80 })
      .toFile(path.join(dir, `creative-${i + 1}.jpg`));
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

describe('site editor journey', () => {
  it('creates, fills, publishes and republishes a site that the sites origin shows as edited', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const apiErrors: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/api/') && r.status() >= 400)
        apiErrors.push(`${r.status()} ${r.request().method()} ${r.url()} ${await r.text().catch(() => '')}`);
    });
    const siteReads: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && /^\/api\/v1\/sites\/\d+$/.test(new URL(r.url()).pathname)) siteReads.push(new URL(r.url()).pathname);
    });
    await signIn(page, admin(), USER);

    // Create a 2 x 3 site: 3 columns (categories) of 2 rows (pages).
    await page.getByRole('link', { name: 'Create site' }).click();
    await page.getByLabel('Site name').fill('Autumn fair');
    await page.getByLabel('Columns (categories)').fill('3');
    await page.getByLabel('Rows (pages)').fill('2');
    await page.getByTestId('creative-limit').getByText('6 creatives').waitFor();
    await page.getByLabel('Column A').fill('Food');
    await page.getByLabel('Column B').fill('Crafts');
    await page.getByLabel('Column C').fill('Music');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/master-user\/site\/\d+$/);
    const siteId = Number(/site\/(\d+)$/.exec(page.url())?.[1]);

    // Six images, uploaded consecutively into the empty cells.
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page
      .locator('input[type=file][multiple]')
      .setInputFiles(Array.from({ length: 6 }, (_, i) => path.join(dir, `creative-${i + 1}.jpg`)));
    for (const cell of ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'])
      await expect
        .poll(() => page.getByTestId(`cell-${cell}`).locator('img').count(), { timeout: 30_000, message: apiErrors.join('\n') })
        .toBe(1);

    // A text button with an animation on A1.
    await page.getByTestId('cell-A1').click();
    await page.getByTestId('add-button').click();
    const btn = page.getByTestId('button-inspector');
    await btn.getByLabel(/^Button text/).fill('Buy now');
    await btn.getByRole('textbox', { name: 'Animation' }).click();
    await page.getByRole('option', { name: 'Bounce' }).click();
    // Drag it a little: it stays inside the page.
    const handle = page.getByTestId('canvas-button').first();
    const box = (await handle.boundingBox()) as { x: number; y: number; width: number; height: number };
    await page.mouse.move(box.x + 10, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x + 2000, box.y - 60, { steps: 4 });
    await page.mouse.up();
    const x = Number((await btn.getByLabel('Position X').inputValue()).replace('%', ''));
    expect(x).toBeLessThanOrEqual(100 - (160 / 389) * 100 + 0.1);

    // A product hotspot with its popup content.
    await page.getByTestId('add-product').click();
    const prod = page.getByTestId('product-inspector');
    await prod.getByLabel(/^Product name/).fill('Maple syrup');
    await prod.getByLabel(/^Price/).fill('1800');

    // SEO for the default language.
    await page.getByRole('tab', { name: 'SEO & tags' }).click();
    await page.getByLabel(/^Title/).fill('Autumn fair 2026');
    await page.getByLabel(/^Heading/).fill('Autumn fair');
    await page.getByLabel(/^Description/).fill('Food crafts and music all weekend');
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.getByTestId('canvas-button').first().click();
    await screenshot(page, 'admin-editor-creatives-1440');
    expect(await seriousViolations(page)).toEqual([]);

    await publishInEditor(page);
    await page.getByRole('tab', { name: 'SEO & tags' }).click();
    await screenshot(page, 'admin-editor-seo-1440');

    // The sites origin shows exactly that site.
    const visitor = await browser.newContext(PHONE);
    const v = await visitor.newPage();
    await v.goto(`${server.sitesUrl}/sites/${siteId}`);
    await v.getByRole('button', { name: 'Buy now' }).waitFor();
    expect(await v.title()).toContain('Autumn fair 2026');
    await expect.poll(() => v.locator('.sp-hotspot').count(), WAIT).toBeGreaterThan(0);
    expect(await v.locator('.sp-button.sp-anim-bounce').count()).toBe(1);
    // The page is visible before its script runs; the hotspot answers taps once the viewer hydrated.
    await v.waitForFunction(() => document.documentElement.dataset.hydrated === '1');
    await v.waitForSelector('.vw[data-ready="1"]', { timeout: 15_000 });
    await v.locator('.sp-hotspot').first().click();
    await v.getByText('Maple syrup').first().waitFor();

    // Change the button, publish again, see the change.
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.getByTestId('canvas-button').first().click();
    await page
      .getByTestId('button-inspector')
      .getByLabel(/^Button text/)
      .fill('Order today');
    await page.getByTestId('dirty').waitFor();
    await publishInEditor(page);
    await v.reload();
    await v.getByRole('button', { name: 'Order today' }).waitFor();
    expect(await v.getByRole('button', { name: 'Buy now' }).count()).toBe(0);
    await visitor.close();

    // Publishing reads once: each PUT answers the saved document, which the editor takes as it is,
    // so the site was read only when the editor opened, not again after each of the two publishes.
    expect(siteReads).toEqual([`/api/v1/sites/${siteId}`]);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('shows rule failures inline, from the same schemas as the server, and guards unsaved changes', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER, 'en', `/master-user/site/${server.demoSiteId}`);
    await page.getByRole('tab', { name: 'SEO & tags' }).click();
    await page.getByLabel(/^Title/).fill(' leading space');
    await page.getByText('No leading or trailing spaces.', { exact: true }).waitFor();
    await page.getByLabel(/^Title/).fill('x'.repeat(61));
    await page.getByText('Enter at most 60 characters.', { exact: true }).waitFor();
    await page.getByText('61 / 60').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Saving is refused while a rule fails; the count is shown.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText(/1 field needs attention/)
      .first()
      .waitFor();
    // In-app navigation asks first.
    await page.getByRole('link', { name: /Sites/ }).first().click();
    await page.getByText('You have unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toContain(`/site/${server.demoSiteId}`);
    // Fixed, and saved from the keyboard.
    await page.getByLabel(/^Title/).fill('Demo Shop');
    await page.getByLabel(/^Title/).press('Control+s');
    // saving keeps the working copy (the live page changes only with Publish): no confirmation
    await page.getByText('All saved').waitFor();
    await page.getByRole('tab', { name: 'Basics' }).click();
    await screenshot(page, 'admin-editor-basics-1440');
    await ctx.close();
  });

  it('bulk ZIP upload places files by cell reference and lists the ones that do not meet the rules', async () => {
    await givePlan(server, DEMO_LOGINS[0].email);
    const tok = (await login(admin(), DEMO_LOGINS[0].email, DEMO_LOGINS[0].password)).access;
    const created = await http<{ id: number }>(admin(), 'POST', '/api/v1/sites', {
      token: tok,
      body: { name: 'Bulk', number_horizontal: 2, number_vertical: 2, default_language: 'ja', global_menu: ['One', 'Two'] },
    });
    expect(created.status).toBe(201);
    const jpg = fs.readFileSync(path.join(dir, 'creative-1.jpg'));
    const zip = await zipOf([
      { name: 'A1.jpg', data: jpg },
      { name: 'A2.jpg', data: jpg },
      { name: 'B1.jpg', data: jpg },
      { name: 'B2.jpg', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'notes.txt', data: Buffer.from('hello') },
    ]);
    const zipPath = path.join(dir, 'creatives.zip');
    fs.writeFileSync(zipPath, zip);

    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
    await page.goto(`${admin()}/login`);
    await page.getByLabel(/e-mail/i).fill(DEMO_LOGINS[0].email);
    await page.getByLabel(/^password/i).fill(DEMO_LOGINS[0].password);
    await page.getByRole('button', { name: /sign in/i }).click();
    // sellers land on the summary (their first menu entry)
    await page.waitForURL(/\/master\/summary/);
    await page.goto(`${admin()}/master/site/${created.body.id}`);
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.locator('input[type=file][accept*=zip]').setInputFiles(zipPath);
    const dialog = page.getByRole('dialog', { name: 'Bulk upload (ZIP)' });
    await dialog.getByText('3 files were placed in the grid.').waitFor({ timeout: 60_000 });
    await dialog.getByText('B2.jpg').waitFor();
    await dialog.getByText('notes.txt').waitFor();
    await screenshot(page, 'admin-editor-bulk-1440');
    // the footer's button (the header's ✕ is named "Close" too)
    expect(await dialog.getByTestId('bulk-close').textContent()).toBe('Close');
    await dialog.getByTestId('bulk-close').click();
    for (const cell of ['A1', 'A2', 'B1']) await expect.poll(() => page.getByTestId(`cell-${cell}`).locator('img').count(), WAIT).toBe(1);
    expect(await page.getByTestId('cell-B2').locator('img').count()).toBe(0);
    await page.getByTestId('dirty').waitFor();
    await ctx.close();
  });
});
