import type { BrowserContextOptions, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, demoJourney, noSeriousViolations, SIZES, screenshot, signIn, WAIT } from './helpers.js';

// Uploads: an upload that is refused says which file and what is wrong, in the
// interface language, never a field path; WebP is accepted and a file is judged by its bytes, not its name; the
// recommended sizes are stated without contradiction beside the creative, logo, favicon and profile image
// fields; leaving with an upload not saved (or still on its way) asks first.

const USER = DEMO_LOGINS[1];
const j = demoJourney(180_000);
let webp: Buffer;
const BMP = Buffer.concat([Buffer.from('BM'), Buffer.alloc(2000)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
const IMAGE_FORMATS = 'Format not supported (images: JPG, JPEG, JFIF, PNG, HEIC, WebP, GIF).';

beforeAll(async () => {
  webp = await sharp({ create: { width: 600, height: 1000, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .webp()
    .toBuffer();
}, 180_000);

async function openEditor(opts: BrowserContextOptions): Promise<Page> {
  const ctx = await j.browser.newContext(opts);
  const page = await ctx.newPage();
  await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}`);
  await page.getByRole('tab', { name: 'Creatives' }).click();
  await page.getByText('Creative (image or video)').first().waitFor(WAIT);
  return page;
}

const creativeInput = (page: Page) => page.getByLabel('Creative (image or video)', { exact: true });

describe('uploads in the editor', () => {
  for (const [name, opts] of SIZES) {
    it(`names the refused file and what is wrong, accepts WebP, states the recommended sizes at ${name} px`, async () => {
      const page = await openEditor(opts);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      // the creative's recommended size no longer calls 300 x 250 portrait
      await page.getByText('Recommended size: 300 × 250 px or larger (width × height)').waitFor(WAIT);
      expect(await page.getByText(/portrait/i).count()).toBe(0);

      // refused before sending (declared type): names the file
      await creativeInput(page).setInputFiles({ name: 'vector.svg', mimeType: 'image/svg+xml', buffer: SVG });
      await page.getByText(`Could not upload "vector.svg": ${IMAGE_FORMATS}`).waitFor(WAIT);
      // refused by the server after reading the bytes (the name and type lie): names the file, no field path
      await creativeInput(page).setInputFiles({ name: 'scan.png', mimeType: 'image/png', buffer: BMP });
      await page.getByText(`Could not upload "scan.png": ${IMAGE_FORMATS}`).waitFor(WAIT);
      expect(await page.getByText(/\bkey: |files\.\d/).count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `admin-media-refused-${name}`);

      // a WebP photo (what phones make) is accepted and shown; the document now has unsaved changes
      const before = await page.getByTestId('dirty').count();
      expect(before).toBe(0);
      await creativeInput(page).setInputFiles({ name: 'phone.webp', mimeType: 'image/webp', buffer: webp });
      await page.getByTestId('dirty').waitFor(WAIT);

      // leaving inside the app asks first (the upload is not saved yet)
      await page.getByRole('tab', { name: 'Basics' }).click();
      await page.getByText('Recommended 250 × 150').waitFor(WAIT); // logo
      await page.getByText('Recommended 256 × 256').waitFor(WAIT); // favicon
      await noSeriousViolations(page);
      await screenshot(page, `admin-media-basics-${name}`);
      const profile = await page.context().newPage();
      await profile.goto(`${j.adminUrl}/master-user/profile-image`);
      await profile.getByText('250 × 250 px recommended').waitFor(WAIT);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 180_000);
  }

  it('asks before leaving while an upload is unsaved or still on its way (1440 px)', async () => {
    const page = await openEditor(DESKTOP);
    // hold the file's bytes on their way: the upload is in flight, the document has not changed yet
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let arrived: () => void = () => {};
    const putSeen = new Promise<void>((r) => {
      arrived = r;
    });
    await page.route('**/api/v1/uploads/**', async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    await creativeInput(page).setInputFiles({ name: 'slow.webp', mimeType: 'image/webp', buffer: webp });
    await putSeen;
    expect(await page.getByTestId('dirty').count()).toBe(0);
    // the page says it would ask (its listener cancels the event) and has painted since, so the close meets a page
    // ready to answer it (a CI run once saw the close go through with no question; the cause was not pinned down)
    await page.waitForFunction(() => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))));
    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const d = await dialog;
    expect(d.type()).toBe('beforeunload');
    await d.dismiss(); // stay
    release();
    await page.getByTestId('dirty').waitFor(WAIT);
    // finished but unsaved: in-app navigation asks too
    await page.locator('a[href$="/site-list"]').first().click();
    await page.getByText('You have unsaved changes').waitFor(WAIT);
    await page.getByRole('button', { name: 'Stay on this page' }).click();
    expect(page.url()).toMatch(new RegExp(`/site/${j.siteId}$`));
    await page.context().close();
  }, 180_000);
});
