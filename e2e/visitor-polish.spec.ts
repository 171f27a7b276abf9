import { siteDocumentSchema } from '@swipe/core';
import { hashPassword } from '@swipe/server/lib/passwords.ts';
import { readSiteDocument } from '@swipe/server/modules/sites/read.ts';
import { findSite, type SiteRow, writeSiteDocument } from '@swipe/server/modules/sites/repo.ts';
import { invalidateSite, planOf, publishSnapshot } from '@swipe/server/modules/sites/service.ts';
import { buildViewerIfStale, type DemoServer, startDemoServer } from '@swipe/viewer/testing/harness.ts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, seriousViolations, WAIT } from './helpers.js';

// The visitor's side of the demo site: popups never cover the page, the language menu, unoffered
// languages and the remembered choice, return paths and member sign-out, unknown positions, and
// campaign banners with a script link. Phone 390x844 and desktop 1440x900.

let demo: DemoServer;
let browser: Browser;

beforeAll(async () => {
  buildViewerIfStale();
  demo = await startDemoServer();
  browser = await launchChromium();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await demo?.srv.drop();
});

const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const;

async function open(ctx: BrowserContext, path: string): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto(`${demo.sites}${path}`);
  await page.waitForSelector('.vw[data-ready="1"]', WAIT);
  return page;
}

/** The page's own controls on the current slide whose centre is not the control itself (or inside it). */
function coveredControls(page: Page, position: string): Promise<string[]> {
  return page.evaluate((pos) => {
    const root = document.querySelector(`.vw-slide.is-current .sp-page[data-position="${pos}"]`);
    if (!root) return ['no page'];
    const controls = [...root.querySelectorAll<HTMLElement>('.sp-button, .sp-link-button, .sp-hotspot')];
    if (controls.length === 0) return ['no controls'];
    return controls
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(hit && (hit === el || el.contains(hit)));
      })
      .map((el) => `${el.className} "${el.textContent?.trim() ?? ''}"`);
  }, position);
}

describe.each(SIZES)('popup CTA at %s size', (name, size) => {
  it('leaves every button of A1 and A2 visible and tappable while it is open', async () => {
    const ctx = await browser.newContext({ ...size, locale: 'ja-JP' });
    try {
      for (const pos of ['A1', 'A2']) {
        const page = await open(ctx, `/${pos}`);
        await page.waitForSelector('[data-testid="popup-cta"] .vw-popup-item', WAIT);
        await expect.poll(() => page.locator('.vw-popup-item').count(), WAIT).toBe(2);
        await expect.poll(() => coveredControls(page, pos), WAIT).toEqual([]);
        // the price and the link button are inside the page box, above the popup
        if (pos === 'A2') {
          const popupTop = (await page.locator('[data-testid="popup-cta"]').boundingBox())?.y ?? 0;
          for (const sel of ['.sp-price', '.sp-link-button']) {
            const box = await page.locator(`.vw-slide.is-current ${sel}`).boundingBox();
            expect((box?.y ?? 0) + (box?.height ?? 0), `${name} ${sel}`).toBeLessThanOrEqual(popupTop);
          }
        }
        await screenshot(page, `visitor-popup-${pos}-${name}`);
        await noSeriousViolations(page);
        // closing the popup gives the page its whole height back
        // each close hides its own item (the others move up), so always close the first one left
        const closes = page.locator('.vw-popup-close');
        for (let i = 0; i < 5 && (await closes.count()) > 0; i++) await closes.first().click();
        expect(await closes.count()).toBe(0);
        await expect.poll(() => page.locator('.vw-frame.has-room').count(), WAIT).toBe(0);
        await page.close();
      }
    } finally {
      await ctx.close();
    }
    // two page loads, two axe runs and a dozen polls: 20-25 s alone, several times that in a loaded CI run
  }, 240_000);
});

describe.each(SIZES)('languages at %s size', (_name, size) => {
  it('opens the menu over the tab bar, remembers the choice and sends unoffered languages to the default one', async () => {
    const ctx = await browser.newContext({ ...size, locale: 'ja-JP' });
    try {
      const page = await open(ctx, '/B1');
      // its name holds the code it shows (label in name): 言語 JA
      expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
      await page.getByRole('button', { name: '言語 JA', exact: true }).click();
      const en = page.locator('.vw-lang-menu a[data-lang="en"]');
      await en.waitFor();
      // every entry of the menu is on top where it shows (the category tab bar lies under the menu)
      const covered = await page.evaluate(
        () =>
          [...document.querySelectorAll<HTMLElement>('.vw-lang-menu a')].filter((a) => {
            const r = a.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !(hit && a.contains(hit));
          }).length,
      );
      expect(covered).toBe(0);
      await noSeriousViolations(page);
      await en.click();
      await page.waitForURL(/\/en\/B1$/, WAIT);
      await page.waitForSelector('.vw[data-ready="1"]', WAIT);
      const cookie = (await ctx.cookies()).find((c) => c.name === 'swipe_lang');
      expect(cookie?.value).toBe('en');
      expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 3600);
      // an address without a language opens the remembered one
      await page.goto(`${demo.sites}/A2`);
      await page.waitForURL(/\/en\/A2$/, WAIT);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      // choosing the default language again is remembered too
      await page.waitForSelector('.vw[data-ready="1"]', WAIT);
      await page.getByRole('button', { name: 'Language EN', exact: true }).click();
      await page.locator('.vw-lang-menu a[data-lang="ja"]').click();
      await page.waitForURL(/127\.0\.0\.1:\d+\/A2$/, WAIT);
      await page.goto(`${demo.sites}/B1`);
      expect(new URL(page.url()).pathname).toBe('/B1');
      // a language the site does not offer: the default one at the same position, not a 404
      const kr = await page.goto(`${demo.sites}/kr/A2`);
      expect(kr?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe('/A2');
      await page.waitForSelector('.vw[data-position="A2"]', WAIT);
      await page.close();
    } finally {
      await ctx.close();
    }
  }, 240_000);
});

describe.each(SIZES)('return paths and sign-out at %s size', (name, size) => {
  it('signs in from a locked page back to it, leads back from the forms, and signs out', async () => {
    const email = `member-${name}@example.com`;
    await demo.srv.ctx.db.query(
      "INSERT INTO site_members (site_id, email, password_hash, status, confirmed_at) VALUES ($1, $2, $3, 'ACTIVE', now())",
      [demo.siteId, email, await hashPassword('Visit0r#Pass')],
    );
    // The brochure button of B1 pulses endlessly (BUBBLY), so Playwright never sees it "stable"; with reduced
    // motion asked for, the viewer stops its button animations and the button is tapped like any other.
    const ctx = await browser.newContext({ ...size, locale: 'ja-JP', reducedMotion: 'reduce' });
    try {
      const page = await open(ctx, '/C2');
      const lock = page.locator('.is-current .sp-lock[data-locked="1"]');
      await lock.waitFor(WAIT);
      await lock.locator('a').nth(1).click();
      await page.waitForURL(/\/login$/, WAIT);
      await page.waitForSelector('html[data-eu-ready="1"]', WAIT);
      expect(await page.locator('.eu-back').getAttribute('href')).toBe('/C2');
      await noSeriousViolations(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill('Visit0r#Pass');
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(/\/C2$/, WAIT);
      await page.waitForSelector('.vw[data-position="C2"][data-ready="1"]', WAIT);
      await expect.poll(() => page.locator('.is-current .sp-lock').count(), WAIT).toBe(0);

      // "back to the site" from a form returns to the page the button was on
      await page.goto(`${demo.sites}/B1`);
      await page.waitForSelector('.vw[data-ready="1"]', WAIT);
      await page.locator('.is-current .sp-button', { hasText: '資料請求フォーム' }).click();
      await page.waitForURL(/\/forms$/, WAIT);
      expect(await page.locator('.eu-back').getAttribute('href')).toBe('/B1');
      await page.locator('.eu-back').click();
      await page.waitForURL(/\/B1$/, WAIT);
      await page.waitForSelector('.vw[data-position="B1"][data-ready="1"]', WAIT);

      // the member menu signs out: the members-only page locks again and the token is dead
      const token = await page.evaluate((id) => localStorage.getItem(`swipe.eu.${id}`), demo.siteId);
      expect(token).toBeTruthy();
      await page.getByTestId('member-menu').click();
      await noSeriousViolations(page);
      await page.getByTestId('member-sign-out').click();
      await expect.poll(() => page.locator('.vw-toast').textContent(), WAIT).toBe('ログアウトしました');
      await expect.poll(() => page.getByTestId('member-menu').count(), WAIT).toBe(0);
      expect(await page.evaluate((id) => localStorage.getItem(`swipe.eu.${id}`), demo.siteId)).toBeNull();
      const me = await fetch(`${demo.sites}/api/v1/end-user/site/${demo.siteId}/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(401);
      await page.goto(`${demo.sites}/C2`);
      await page.locator('.is-current .sp-lock[data-locked="1"]').waitFor(WAIT);
      await page.close();
    } finally {
      await ctx.close();
    }
  }, 240_000);
});

describe.each(SIZES)('unknown positions at %s size', (_name, size) => {
  it('answer the not-found screen, whose home link opens the site', async () => {
    const ctx = await browser.newContext({ ...size, locale: 'ja-JP' });
    try {
      const page = await ctx.newPage();
      for (const p of ['/Z9', '/A99']) {
        const r = await page.goto(`${demo.sites}${p}`);
        expect(r?.status(), p).toBe(404);
        await page.waitForSelector('.vw-error[data-error="404"]', WAIT);
      }
      await noSeriousViolations(page);
      await page.locator('.vw-error a.vw-primary').click();
      await page.waitForSelector('.vw[data-position="A1"][data-ready="1"]', WAIT);
      await page.close();
    } finally {
      await ctx.close();
    }
  }, 240_000);
});

describe('campaign banner with a script link', () => {
  it('runs its script when tapped, on the sites origin', async () => {
    const site = (await findSite(demo.srv.ctx.db, demo.siteId)) as SiteRow;
    const doc = siteDocumentSchema.parse(await readSiteDocument(demo.srv.ctx.db, site));
    const campaign = doc.campaign as NonNullable<typeof doc.campaign>;
    campaign.banners = campaign.banners.map((b, i) =>
      i === 0
        ? { ...b, linkDestinationType: 'SCRIPT' as const, linkDestinationUrl: 'document.body.dataset.bannerRan = location.origin' }
        : b,
    );
    const owner = await demo.srv.ctx.db.one<{ account_id: number }>('SELECT account_id FROM sites WHERE id = $1', [demo.siteId]);
    await demo.srv.ctx.db.tx(async (q) => {
      await writeSiteDocument(q, demo.siteId, doc);
      await publishSnapshot(q, demo.siteId, await planOf(q, owner.account_id));
    });
    await invalidateSite(demo.srv.ctx, demo.siteId);
    const ctx = await browser.newContext({ ...DESKTOP, locale: 'ja-JP' });
    try {
      const page = await open(ctx, '/A1');
      const banner = page.locator('[data-testid="campaign-left"] .vw-banner');
      await banner.waitFor(WAIT);
      await banner.click();
      await expect.poll(() => page.evaluate(() => document.body.dataset.bannerRan ?? ''), WAIT).toBe(demo.sites);
      await page.close();
    } finally {
      await ctx.close();
    }
  }, 240_000);
});
