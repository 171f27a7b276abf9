import { SWIPE } from '@swipe/core/constants.ts';
import { buildViewerIfStale, type DemoServer, startDemoServer } from '@swipe/viewer/testing/harness.ts';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsSettled, launchChromium, screenshot, seriousViolations } from './helpers.js';

const SWIPE_LOCK_MS = SWIPE.slideLockShortMs;

// Journeys on the demo site in Debian's Chromium: touch at 390x844, mouse, wheel and keyboard at
// 1440x900, deep links, the server-rendered HTML without JavaScript, accessibility, and a hostile
// HTML button.

let demo: DemoServer;
let browser: Browser;

beforeAll(async () => {
  buildViewerIfStale();
  demo = await startDemoServer();
  browser = await launchChromium();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await demo?.srv.drop();
});

const position = (page: Page) => page.locator('.vw').getAttribute('data-position');
async function waitPosition(page: Page, code: string) {
  await page.waitForSelector(`.vw[data-position="${code}"]`, { timeout: 5000 });
}
/** The plane is back at rest (no transform, no animation): a drag that moved nothing has finished snapping back. */
async function snappedBack(page: Page) {
  await animationsSettled(page);
  await expect
    .poll(() => page.locator('.vw-plane').evaluate((el) => getComputedStyle(el).transform), { timeout: 5000 })
    .toMatch(/matrix\(1, 0, 0, 1, 0, 0\)|none/);
}
/** An HTML button's frame marked by a journey, with the number of times it loaded since. */
type MarkedFrame = HTMLIFrameElement & { __mark?: number; __loads?: number };

/** A real finger cannot start a new slide while the last one holds the slide lock (viewer.md 9): wait it out. */
async function settle(page: Page) {
  await page.waitForTimeout(SWIPE_LOCK_MS);
}
async function ready(page: Page) {
  await page.waitForSelector('.vw[data-ready="1"]', { timeout: 15_000 });
}

/** A finger swipe through the DevTools protocol (real touch events, hence pointer events). */
async function swipe(cdp: CDPSession, from: [number, number], to: [number, number], steps = 8, delayMs = 0) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from[0], y: from[1] }] });
  for (let i = 1; i <= steps; i++) {
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

describe('mobile 390x844 (touch)', () => {
  let ctx: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  const problems: string[] = [];
  beforeAll(async () => {
    ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'ja-JP' });
    page = await ctx.newPage();
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) problems.push(m.text());
    });
    cdp = await ctx.newCDPSession(page);
    await page.goto(`${demo.sites}/`);
    await ready(page);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('hydrates without mismatch or errors, keeping the server-rendered page', async () => {
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('1');
    // the server-rendered image element is the one still shown (no client re-render of the page)
    const same = await page.evaluate(() => {
      const img = document.querySelector('.is-current img.sp-media') as HTMLImageElement | null;
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    expect(same).toBe(true);
    // hydrated in steps (lib/hydration.tsx): the chrome kept its server markup, once, and answers taps
    expect(await page.locator('.vw-chrome').count()).toBe(1);
    expect(await page.locator('.vw-top').count()).toBe(1);
    expect(await page.locator('.vw-slide.is-current .sp-page').count()).toBe(1);
    // the neighbour below (A2) has an HTML button: its frame is made when the browser is idle, not in the
    // render that adds the page, yet it is there before the visitor gets to it
    await page.waitForSelector('.vw-slide .sp-page[data-position="A2"] iframe.sp-html', { state: 'attached', timeout: 10_000 });
    expect(problems).toEqual([]);
  });

  it('swipes in all four directions and the address shows the position', async () => {
    expect(await position(page)).toBe('A1');
    await screenshot(page, 'viewer-mobile-a1');
    // the HTML button's frame on A2 is made once: a page that leaves the plane stays in the document,
    // hidden, so coming back neither draws it again nor loads its frame again
    const frameA2 = '.vw-slide .sp-page[data-position="A2"] iframe.sp-html';
    await page.waitForSelector(frameA2, { state: 'attached', timeout: 10_000 });
    await page.locator(frameA2).evaluate((f) => {
      const frame = f as MarkedFrame;
      frame.__mark = 1;
      // a frame moved in the document loads again (the same element, so the mark alone would not tell)
      frame.__loads = 0;
      frame.addEventListener('load', () => {
        frame.__loads = (frame.__loads ?? 0) + 1;
      });
    });
    await swipe(cdp, [195, 690], [195, 90]); // finger up: next page
    await waitPosition(page, 'A2');
    await settle(page);
    await page.waitForFunction(() => location.pathname === '/A2', undefined, { timeout: 3000 });
    await swipe(cdp, [195, 140], [195, 760]); // finger down: previous page
    await waitPosition(page, 'A1');
    await settle(page);
    await swipe(cdp, [195, 690], [195, 90]);
    await waitPosition(page, 'A2');
    await settle(page);
    await swipe(cdp, [330, 500], [40, 505]); // finger left: next category, its first page
    await waitPosition(page, 'B1');
    await settle(page);
    await page.waitForFunction(() => location.pathname === '/B1', undefined, { timeout: 3000 });
    // A2 is no neighbour of B1: kept, hidden and out of reach
    expect(await page.locator('.vw-slide[hidden][inert] .sp-page[data-position="A2"]').count()).toBe(1);
    await swipe(cdp, [195, 690], [195, 90]); // B2: more pages have left the plane than are kept, A2 first of them
    await waitPosition(page, 'B2');
    await settle(page);
    await swipe(cdp, [40, 500], [330, 505]); // finger right: previous category, its first page
    await waitPosition(page, 'A1');
    // A2 is a neighbour again: shown as it was kept, its frame neither made nor loaded again
    await page.waitForSelector('.vw-slide:not([hidden]) .sp-page[data-position="A2"]', { timeout: 5000 });
    await settle(page);
    const frame = await page.locator(frameA2).evaluate((f) => ({ mark: (f as MarkedFrame).__mark, loads: (f as MarkedFrame).__loads }));
    expect(frame).toEqual({ mark: 1, loads: 0 });
  });

  it('a short drag snaps back; past the first category nothing moves', async () => {
    // 120 px over about 0.6 s: neither a long swipe (half the page) nor a quick one
    await swipe(cdp, [195, 500], [195, 380], 10, 60);
    await snappedBack(page);
    expect(await position(page)).toBe('A1');
    await swipe(cdp, [40, 500], [330, 505]); // no category before A
    await snappedBack(page);
    expect(await position(page)).toBe('A1');
    await swipe(cdp, [195, 140], [195, 760]); // no page above A1
    await snappedBack(page);
    expect(await position(page)).toBe('A1');
  });

  it('popup CTA shows its countdown and closes', async () => {
    const popup = page.getByTestId('popup-cta');
    await popup.waitFor({ timeout: 5000 });
    await expect(page.getByTestId('popup-info-timeLimit').textContent()).resolves.toMatch(/残り[45]日/);
    await expect(page.getByTestId('popup-info-applicantLimit').textContent()).resolves.toMatch(/残り\d+名/);
    await screenshot(page, 'viewer-mobile-popup');
    const closes = popup.locator('.vw-popup-close');
    expect(await closes.count()).toBe(2);
    await closes.first().click();
    expect(await closes.count()).toBe(1);
    await closes.first().click();
    await popup.waitFor({ state: 'detached' });
  });

  it('product popup opens and closes', async () => {
    await page.locator('.is-current .sp-hotspot').first().click();
    const dialog = page.locator('.sp-product');
    await dialog.waitFor();
    await expect(dialog.locator('h2').textContent()).resolves.toBe('デモバッグ');
    await animationsSettled(page); // entry animation
    await screenshot(page, 'viewer-mobile-product');
    await page.mouse.click(195, 200); // outside
    await dialog.waitFor({ state: 'detached' });
  });

  it('notifications rotate every 3 seconds', async () => {
    const text = page.locator('.vw-noti-text');
    await text.waitFor();
    const first = await text.textContent();
    await page.waitForFunction((t) => document.querySelector('.vw-noti-text')?.textContent !== t, first, { timeout: 5000 });
    const second = await text.textContent();
    expect(second).not.toBe(first);
    // the detail dialog pauses rotation
    await text.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const shown = await text.textContent();
    await page.waitForTimeout(3500);
    expect(await text.textContent()).toBe(shown);
    await dialog.getByRole('button').first().click();
  });

  it('album jump, locked page overlay', async () => {
    await page.getByTestId('album-open').click();
    await page.locator('.vw-thumb[data-position="C1"]').click();
    await waitPosition(page, 'C1');
    await swipe(cdp, [195, 690], [195, 90]);
    await waitPosition(page, 'C2');
    const lock = page.locator('.is-current .sp-lock[data-locked="1"]');
    await lock.waitFor();
    await expect(lock.textContent()).resolves.toContain('会員限定');
    await expect(lock.locator('a').first().getAttribute('href')).resolves.toBe('/register');
    await expect(lock.locator('a').nth(1).getAttribute('href')).resolves.toBe('/login');
    // no members-only image anywhere in the page
    expect(await page.content()).not.toMatch(/creative-c[234]/);
    await screenshot(page, 'viewer-mobile-locked');
  });

  it('language switch keeps the position', async () => {
    await settle(page); // the last test's slide may still hold the lock on a loaded machine
    await swipe(cdp, [195, 140], [195, 760]);
    await waitPosition(page, 'C1');
    await page.locator('.vw-lang button').click();
    await Promise.all([page.waitForURL(`${demo.sites}/en/C1`), page.locator('.vw-lang-menu a[data-lang="en"]').click()]);
    await ready(page);
    expect(await position(page)).toBe('C1');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await expect(page.locator('.vw-tab[aria-current="true"]').textContent()).resolves.toBe('Members');
    await screenshot(page, 'viewer-mobile-en');
  });

  it('a deep link is rendered on the server at that page', async () => {
    const res = await page.request.get(`${demo.sites}/B3`);
    const html = await res.text();
    expect(res.status()).toBe(200);
    expect(html).toContain('data-position="B3"');
    expect(html).toContain('creative-b3');
    await page.goto(`${demo.sites}/B3`);
    await ready(page);
    expect(await position(page)).toBe('B3');
    await page.reload();
    await ready(page);
    expect(await position(page)).toBe('B3');
  });

  it('axe finds no serious or critical violation', async () => {
    await page.goto(`${demo.sites}/`);
    await ready(page);
    expect(await seriousViolations(page as never)).toEqual([]);
  });
});

describe('desktop 1440x900 (mouse, wheel, keyboard)', () => {
  let ctx: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await ctx.newPage();
    await page.goto(`${demo.sites}/`);
    await ready(page);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('campaign side panels beside the mobile frame', async () => {
    await page.getByTestId('campaign-left').waitFor();
    const frame = await page.locator('.vw-frame').boundingBox();
    expect(frame?.width).toBe(500);
    expect(Math.round((frame?.x ?? 0) + 250)).toBe(720);
    await expect(page.locator('.vw-banner').count()).resolves.toBeGreaterThan(0);
    await screenshot(page, 'viewer-desktop-a1');
  });

  // Each journey opens its own starting position, so one slow gesture on a loaded machine cannot
  // leave the next journey somewhere else.
  async function open(code: string) {
    await page.goto(`${demo.sites}/${code}`);
    await ready(page);
  }

  it('mouse drag moves vertically and horizontally', async () => {
    await open('A1');
    // long enough to pass half the page even when a loaded machine makes it a slow drag
    await page.mouse.move(720, 700);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(720, 700 - i * 64);
    await page.mouse.up();
    await waitPosition(page, 'A2');
    await settle(page);
    await settle(page);
    await page.mouse.move(900, 452);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(900 - i * 40, 452);
    await page.mouse.up();
    await waitPosition(page, 'B1');
  });

  it('wheel moves one page per gesture', async () => {
    await open('B1');
    await page.mouse.move(720, 450);
    await page.mouse.wheel(0, 120);
    await waitPosition(page, 'B2');
    await page.waitForTimeout(SWIPE.slideLockLongMs + 200);
    await page.mouse.wheel(0, -120);
    await waitPosition(page, 'B1');
  });

  it('keyboard arrows move in four directions', async () => {
    await open('B1');
    const steps: [string, string][] = [
      ['ArrowDown', 'B2'],
      ['ArrowUp', 'B1'],
      ['ArrowRight', 'C1'],
      ['ArrowLeft', 'B1'],
    ];
    for (const [key, code] of steps) {
      await page.keyboard.press(key);
      await waitPosition(page, code);
      await settle(page);
      await settle(page);
    }
  });

  it('hover arrows appear on mouse movement and navigate', async () => {
    await open('B1');
    await page.mouse.move(700, 400);
    await page.mouse.move(720, 420);
    const down = page.locator('.vw-arrow-down');
    await down.waitFor({ timeout: 10_000 });
    await page.waitForSelector('.vw-arrows.is-shown');
    await screenshot(page, 'viewer-desktop-arrows');
    await down.click();
    await waitPosition(page, 'B2');
  });

  it('campaign items sit in the side panels, count clicks, and the frame follows positionLp', async () => {
    const { srv, siteId } = demo;
    const setPositionLp = async (lp: 'left' | 'center' | 'right') => {
      const pub = await srv.ctx.db.one<{ document: { campaign: { positionLp: string } } }>(
        'SELECT document FROM site_publications WHERE site_id = $1 AND live',
        [siteId],
      );
      pub.document.campaign.positionLp = lp;
      await srv.ctx.db.query('UPDATE site_publications SET document = $2, version = version + 1 WHERE site_id = $1 AND live', [
        siteId,
        pub.document,
      ]);
      srv.ctx.events.emit('site.invalidated', siteId);
      await srv.ctx.kv.del(`site:${siteId}:`);
    };
    const inside = (outer: { x: number; y: number; width: number; height: number } | null, inner: typeof outer) =>
      Boolean(
        outer &&
          inner &&
          inner.x >= outer.x &&
          inner.y >= outer.y &&
          inner.x + inner.width <= outer.x + outer.width + 0.5 &&
          inner.y + inner.height <= outer.y + outer.height + 0.5,
      );

    await open('A1');
    const left = page.getByTestId('campaign-left');
    const text = left.locator('[data-testid="campaign-item"] .sp-button');
    await text.waitFor();
    expect(await text.textContent()).toBe('今すぐ応募する');
    expect(await left.locator('.sp-microcopy').textContent()).toBe('先着100名様限定');
    const textBox = await text.boundingBox();
    expect(inside(await left.boundingBox(), textBox)).toBe(true);
    // the set size in CSS pixels (the wrapper: the button itself pulses)
    expect(Math.round((await left.locator('.sp-button-wrap').boundingBox())?.width ?? 0)).toBe(240);
    expect(textBox?.width ?? 0).toBeGreaterThan(200);
    const right = page.getByTestId('campaign-right');
    const image = right.locator('[data-testid="campaign-item"]');
    const imageBox = await image.locator('.sp-button').boundingBox();
    expect(inside(await right.boundingBox(), imageBox)).toBe(true);
    expect(Math.round(imageBox?.height ?? 0)).toBe(160);
    await animationsSettled(page);
    await screenshot(page, 'viewer-desktop-campaign-items');

    // A click on the picture counts it (campaign counting is on) and runs its CTA: creative block B1.
    const itemId = Number(await image.getAttribute('data-item-id'));
    const clicks = async () =>
      Number((await srv.ctx.db.one<{ click_count: number }>('SELECT click_count FROM campaign_items WHERE id = $1', [itemId])).click_count);
    const before = await clicks();
    await image.locator('.sp-button').click();
    await waitPosition(page, 'B1');
    await expect.poll(clicks, { timeout: 5000 }).toBe(before + 1);

    // positionLp left/right: the frame moves to that edge, one wide panel takes the rest.
    try {
      for (const [lp, x] of [
        ['left', 0],
        ['right', 1440 - 500],
      ] as const) {
        await setPositionLp(lp);
        await open('A1');
        const panel = page.getByTestId('campaign-panel');
        await panel.locator('[data-testid="campaign-item"] .sp-button').first().waitFor();
        const frame = await page.locator('.vw-frame').boundingBox();
        expect(Math.round(frame?.x ?? -1)).toBe(x);
        expect(frame?.width).toBe(500);
        const wide = await panel.boundingBox();
        expect(Math.round(wide?.width ?? 0)).toBe(940);
        expect(Math.round(wide?.x ?? -1)).toBe(lp === 'left' ? 500 : 0);
        expect(inside(wide, await panel.locator('[data-testid="campaign-item"] .sp-button').first().boundingBox())).toBe(true);
        if (lp === 'left') await screenshot(page, 'viewer-desktop-campaign-lp-left');
      }
    } finally {
      await setPositionLp('center');
    }
  });
});

describe('members', () => {
  it('a member sees a members-only page through the private call; a stale token shows the lock again', async () => {
    const { srv, siteId } = demo;
    const row = await srv.ctx.db.one<{ id: number }>(
      "INSERT INTO site_members (site_id, email, password_hash, status, token_version) VALUES ($1, 'member@example.com', 'x', 'ACTIVE', 0) RETURNING id",
      [siteId],
    );
    const token = await srv.ctx.tokens.sign({ kind: 'end-user', siteId }, { sub: String(row.id), tv: 0 }, 3600);
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    await ctx.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key as string, value as string);
          sessionStorage.setItem('seeded', '1');
        }
      },
      [`swipe.eu.${siteId}`, token],
    );
    const page = await ctx.newPage();
    await page.goto(`${demo.sites}/C3`);
    await ready(page);
    const img = page.locator('.is-current img.sp-media');
    await img.waitFor();
    expect(await img.getAttribute('src')).toContain('creative-c3');
    expect(await page.locator('.is-current .sp-lock').count()).toBe(0);
    await screenshot(page, 'viewer-mobile-member');
    // logging out elsewhere bumps the token version: the next private call answers 401, the token goes
    await srv.ctx.db.query('UPDATE site_members SET token_version = 1 WHERE id = $1', [row.id]);
    await page.reload();
    await ready(page);
    await page.locator('.is-current .sp-lock[data-locked="1"]').waitFor();
    expect(await page.evaluate((k) => localStorage.getItem(k), `swipe.eu.${siteId}`)).toBeNull();
    await ctx.close();
  });
});

describe('failures', () => {
  it('a bundle that fails to load leaves the page and offers a reload', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.route('**/_viewer/assets/viewer-*.js', (r) => r.abort());
    await page.goto(`${demo.sites}/A2`);
    const prompt = page.locator('.vw-chunk');
    await prompt.waitFor({ timeout: 5000 });
    expect(await prompt.textContent()).toContain('再読み込み');
    expect(await page.locator('.is-current img.sp-media').count()).toBe(1);
    await ctx.close();
  });
  it('a failed page-detail call shows one toast with the connection message', async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    await page.route('**/api/v1/end-user/site/*/page/**', (r) => r.abort('connectionrefused'));
    await page.goto(`${demo.sites}/A1`);
    await ready(page);
    await page.keyboard.press('ArrowDown');
    await waitPosition(page, 'A2');
    const toast = page.locator('.vw-toast');
    await toast.waitFor({ timeout: 5000 });
    expect(await toast.textContent()).toContain('サーバーに接続できません');
    expect(await page.locator('.vw-toast').count()).toBe(1);
    await toast.waitFor({ state: 'detached', timeout: 5000 });
    await ctx.close();
  });
});

describe('without JavaScript', () => {
  it('any position has title, description, html lang and the preloaded image', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await ctx.newPage();
    await page.goto(`${demo.sites}/en/A2`);
    expect(await page.title()).toBe('Demo Shop | A catalogue you swipe');
    expect(await page.getAttribute('meta[name="description"]', 'content')).toBe('A demo site where you swipe through products');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    const preload = page.locator('head link[rel="preload"][as="image"]');
    expect(await preload.getAttribute('href')).toContain('creative-a2.jpg');
    const srcset = (await preload.getAttribute('imagesrcset')) ?? '';
    for (const w of [50, 100, 200, 400, 600, 800, 1200]) expect(srcset).toContain(`creative-a2_w${w}.webp ${w}w`);
    const img = page.locator('.is-current img.sp-media');
    expect(await img.getAttribute('srcset')).toContain('_w400.webp');
    expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screenshot(page, 'viewer-nojs');
    await ctx.close();
  });
  it('error screens have back and home', async () => {
    const ctx = await browser.newContext({ javaScriptEnabled: false });
    const page = await ctx.newPage();
    const r = await page.goto(`${demo.sites}/sites/999999/A1`);
    expect(r?.status()).toBe(404);
    await expect(page.locator('[data-error="404"] a').getAttribute('href')).resolves.toBe('/');
    await expect(page.locator('[data-error="404"] button').count()).resolves.toBe(1);
    for (const k of ['403', '504', '403-ip']) {
      const e = await page.goto(`${demo.sites}/errors/${k}`);
      expect(e?.status()).toBe(k === '504' ? 504 : 403);
      await expect(page.locator(`[data-error="${k}"] h1`).count()).resolves.toBe(1);
    }
    await ctx.close();
  });
});

describe('operator HTML is contained', () => {
  it('a hostile HTML button runs no script and cannot read admin-origin cookies', async () => {
    const { srv, siteId } = demo;
    const pub = await srv.ctx.db.one<{ document: { categories: { pages: { buttons: unknown[] }[] }[] } }>(
      'SELECT document FROM site_publications WHERE site_id = $1 AND live',
      [siteId],
    );
    const hostile =
      '<img src=x onerror="window.parent.__pwned=1;document.title=\'pwned\'"><script>window.parent.__pwned=2</script>' +
      '<a href="javascript:window.parent.__pwned=3">x</a><svg onload="window.parent.__pwned=4"></svg><iframe src="javascript:alert(1)"></iframe><b>Safe</b>';
    pub.document.categories[0]?.pages[0]?.buttons.push({
      id: 999001,
      buttonType: 'HTML',
      buttonContentHtml: hostile,
      buttonWidth: 200,
      buttonHeight: 44,
      buttonPositionX: 10,
      buttonPositionY: 30,
      zIndex: 5,
      buttonText: {},
      microcopyText: {},
    });
    // an operator script button: it must still run under the CSP that refuses injected inline script
    pub.document.categories[0]?.pages[0]?.buttons.push({
      id: 999002,
      buttonType: 'TEXT',
      buttonText: { ja: 'スクリプト', en: 'Script' },
      buttonTextColor: '#ffffff',
      buttonBackgroundColor: '#000000',
      buttonWidth: 120,
      buttonHeight: 44,
      buttonPositionX: 10,
      buttonPositionY: 60,
      zIndex: 6,
      buttonLinkType: 'SCRIPT',
      linkDestinationUrl: 'window.__operatorScript = (window.__operatorScript || 0) + 1;',
      microcopyText: {},
    });
    await srv.ctx.db.query('UPDATE site_publications SET document = $2, version = version + 1 WHERE site_id = $1 AND live', [
      siteId,
      pub.document,
    ]);
    srv.ctx.events.emit('site.invalidated', siteId);
    await srv.ctx.kv.del(`site:${siteId}:`);

    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
    // a cookie on the admin origin (another host): the sites origin must never see it
    await ctx.addCookies([{ name: 'admin_secret', value: 's3cret', url: demo.admin }]);
    const page = await ctx.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      d.dismiss().catch(() => {});
    });
    await page.goto(`${demo.sites}/`);
    await ready(page);
    const frame = page.locator('[data-button-id="999001"] iframe');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('sandbox')).toBe('');
    const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
    expect(srcdoc).toContain('<b>Safe</b>');
    expect(srcdoc).not.toMatch(/onerror|onload|<script|javascript:/i);
    await page.waitForTimeout(800);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.title()).not.toBe('pwned');
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).not.toContain('admin_secret');
    // the operator's script button runs (as a blob: script); inline script in the markup never does
    await page.locator('[data-button-id="999002"]').click();
    await page.waitForFunction(() => (window as unknown as { __operatorScript?: number }).__operatorScript === 1);
    const res = await page.request.get(`${demo.sites}/`);
    const csp = res.headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+' blob: https:/);
    expect(csp).not.toContain("unsafe-inline'; ");
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    const injected = await page.evaluate(() => {
      const s = document.createElement('div');
      s.innerHTML = '<img src=x onerror="window.__inj=1">';
      document.body.appendChild(s);
      const t = document.createElement('script');
      t.textContent = 'window.__inj2 = 1';
      document.body.appendChild(t);
      return new Promise((r) =>
        setTimeout(() => r([(window as unknown as { __inj?: number }).__inj, (window as unknown as { __inj2?: number }).__inj2]), 300),
      );
    });
    expect(injected).toEqual([undefined, undefined]);
    await ctx.close();
  });
});
