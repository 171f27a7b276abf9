import { translate } from '@swipe/i18n';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_PREVIEW } from '../apps/server/src/demo/seed.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { demoJourney, noSeriousViolations, PHONE, pressUntilAt, SIZES, screenshot, WAIT } from './helpers.js';

// What a newcomer trips on as a visitor of the demo site: ?lang= names the page's language, the popup does not
// take the bottom of every page, the album's columns fit a phone, a member who logs in sees the members-only page
// at once, and the operator's preview shows the countdown visitors see.

const j = demoJourney();
const MEMBER = { email: 'first-steps@member.test', password: 'Visit0r#Pass' };

async function opened(opts: BrowserContextOptions, path: string, locale = 'ja-JP'): Promise<Page> {
  const ctx = await j.browser.newContext({ ...opts, locale });
  const page = await ctx.newPage();
  await page.goto(`${j.sitesUrl}${path}`);
  await page.waitForSelector('.vw[data-ready="1"]', WAIT);
  return page;
}

describe('?lang= on the live viewer', () => {
  it('opens the page in that language, html lang included', async () => {
    for (const [size, opts] of SIZES) {
      const page = await opened(opts, '/A1?lang=en');
      expect(new URL(page.url()).pathname).toBe('/en/A1');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.getByRole('button', { name: 'Language' }).waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `visitor-first-steps-lang-${size}-en`);
      await page.context().close();
    }
  });
});

describe('the popup CTA on a phone', () => {
  it('opens in full on the first page, then is one slim bar that a tap opens', async () => {
    const page = await opened(PHONE, '/A1');
    await page.waitForSelector('[data-testid="popup-cta"] .vw-popup-item', WAIT);
    expect(await page.locator('.vw-popup-item').count()).toBe(2);
    const full = (await page.locator('[data-testid="popup-cta"]').boundingBox())?.height ?? 0;
    await screenshot(page, 'visitor-first-steps-popup-first-390-ja');
    await pressUntilAt(page, 'ArrowDown', 'A2');
    const peek = page.locator('.vw-popup-peek');
    await peek.waitFor(WAIT);
    const slim = (await page.locator('[data-testid="popup-cta"]').boundingBox())?.height ?? 0;
    expect(slim).toBeLessThanOrEqual(48);
    expect(full).toBeGreaterThan(100);
    // the page gets that room back: it ends just above the bar
    const plane = (await page.locator('.vw-slide.is-current').boundingBox())?.height ?? 0;
    expect(plane).toBeGreaterThan(844 - 48 - 40);
    await noSeriousViolations(page);
    await screenshot(page, 'visitor-first-steps-popup-slim-390-ja');
    await peek.click();
    await expect.poll(() => page.locator('.vw-popup-item').count(), WAIT).toBe(2);
    await page.context().close();
  });

  it("the album's three columns fit a 390 px phone", async () => {
    const page = await opened(PHONE, '/A1');
    await page.getByRole('button', { name: 'アルバム' }).click();
    const cols = page.locator('.vw-album-col');
    await expect.poll(() => cols.count(), WAIT).toBe(3);
    for (let i = 0; i < 3; i++) {
      const box = await cols.nth(i).boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), `column ${i + 1}`).toBeLessThanOrEqual(390);
    }
    await noSeriousViolations(page);
    await screenshot(page, 'visitor-first-steps-album-390-ja');
    await page.context().close();
  });
});

describe('members-only pages', () => {
  it('after logging in, the member sees C2 at once (no reload, no lock glyph)', async () => {
    await j.server.ctx.db.query(
      `INSERT INTO site_members (site_id, email, password_hash, status, lang, confirmed_at) VALUES ($1, $2, $3, 'ACTIVE', 'en', now())
       ON CONFLICT DO NOTHING`,
      [j.siteId, MEMBER.email, await hashPassword(MEMBER.password)],
    );
    for (const [size, opts] of SIZES) {
      const page = await opened(opts, '/en/C2', 'en-US');
      const lock = page.locator('.vw-slide.is-current .sp-lock[data-locked="1"]');
      await lock.waitFor(WAIT);
      await screenshot(page, `visitor-first-steps-c2-locked-${size}-en`);
      // before: the album's C2 is a drawn padlock (an emoji showed as an empty box without its font)
      await page.getByRole('button', { name: 'Album' }).click();
      const locked = page.locator('.vw-thumb[data-position="C2"]');
      await locked.locator('svg.vw-thumb-lock-icon').waitFor(WAIT);
      expect(await locked.locator('img').count()).toBe(0);
      expect(await locked.evaluate((e) => getComputedStyle(e.querySelector('.vw-thumb-lock') as Element, '::after').content)).toBe('none');
      await page.locator('.vw-album .sp-close').click();
      await lock.locator('.sp-lock-secondary').click();
      await page.waitForURL(/\/login/);
      await page.waitForFunction(() => document.documentElement.dataset.euReady === '1');
      await page.locator('[name="email"]').fill(MEMBER.email);
      await page.locator('[name="password"]').fill(MEMBER.password);
      await page.locator('button[type=submit]').click();
      await page.waitForURL(/\/en\/C2$/);
      await page.waitForSelector('.vw[data-ready="1"]', WAIT);
      // the page's own content, not the lock
      await expect.poll(() => page.locator('.vw-slide.is-current .sp-lock').count(), WAIT).toBe(0);
      await expect.poll(() => page.locator('.vw-slide.is-current .sp-locked-bg').count(), WAIT).toBe(0);
      await expect.poll(() => page.locator('.vw-slide.is-current :is(img, video).sp-media').count(), WAIT).toBeGreaterThan(0);
      await noSeriousViolations(page);
      await screenshot(page, `visitor-first-steps-c2-member-${size}-en`);
      // the album shows the member C2's picture too, not the padlock
      await page.getByRole('button', { name: 'Album' }).click();
      const thumb = page.locator('.vw-thumb[data-position="C2"]');
      await expect.poll(() => thumb.locator('img').count(), WAIT).toBe(1);
      await screenshot(page, `visitor-first-steps-album-member-${size}-en`);
      await page.context().close();
    }
  });
});

describe("the operator's preview", () => {
  it('shows the countdown visitors see, not a placeholder', async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await j.browser.newContext({ ...opts, locale: 'en-US' });
      const page = await ctx.newPage();
      await page.goto(`${j.sitesUrl}/site/${j.siteId}/preview?lang=en`);
      await page.locator('input[name="email"]').fill(DEMO_PREVIEW.email);
      await page.locator('input[name="password"]').fill(DEMO_PREVIEW.passcode);
      await page.getByRole('button', { name: translate('en', 'enduser.preview_submit') }).click();
      const info = page.getByTestId('popup-info-timeLimit');
      await info.waitFor(WAIT);
      // the demo's time item ends in a few days (seed): "4 days left" or "5 days left", worked out from its dates
      expect(await info.textContent()).toMatch(/^[45] days left$/);
      await noSeriousViolations(page);
      await screenshot(page, `visitor-first-steps-preview-countdown-${size}-en`);
      await ctx.close();
    }
  });
});
