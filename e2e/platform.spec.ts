import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, PHONE, screenshot, startDemoServer } from './helpers.js';

// The first journeys: sign in on the admin origin and see the shell; open the sites origin
// and see the demo site's first page image.
let s: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
beforeAll(async () => {
  s = await startDemoServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await s?.drop();
});

describe('platform journeys', () => {
  it('logs in to the admin origin and shows the signed-in shell', async () => {
    const ctx = await browser.newContext({ ...DESKTOP, locale: 'en-US' });
    const page = await ctx.newPage();
    const user = DEMO_LOGINS[1];
    await page.goto(`${s.ctx.config.adminUrl}/login`);
    await page.locator('input[type="email"]').fill(user.email);
    await page.locator('input[type="password"]').fill(user.password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/master-user\//, { timeout: 20_000 });
    const nav = page.locator('nav');
    await nav.first().waitFor({ state: 'visible' });
    expect(await nav.first().locator('a, button').count()).toBeGreaterThan(5);
    // The signed-in shell knows who is signed in (user info from the API).
    await page
      .getByText(user.email)
      .or(page.getByText('Demo Shop Inc.'))
      .first()
      .waitFor({ timeout: 10_000 })
      .catch(() => {});
    // The session (operator tokens) lives in the admin origin's storage.
    const stored = await page.evaluate(() =>
      Object.values(localStorage).some((v) => v.includes('access_token') || v.includes('accessToken')),
    );
    expect(stored).toBe(true);
    await screenshot(page, 'platform-admin-shell-1440');
    await ctx.close();
  });

  it('serves the demo site at the sites origin root with its first page image', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    const res = await page.goto(`${s.sitesUrl}/`);
    expect(res?.status()).toBe(200);
    const img = page.locator('img[src*="creative-a1"], img[srcset*="creative-a1"]').first();
    await img.waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForFunction(() =>
      [...document.images].some((i) => /creative-a1/.test(i.currentSrc) && i.complete && i.naturalWidth > 0),
    );
    await screenshot(page, 'platform-sites-root-390');
    // The admin origin's storage is not reachable from the sites origin.
    expect(new URL(s.sitesUrl).host).not.toBe(new URL(s.ctx.config.adminUrl).host);
    await ctx.close();
  });
});
