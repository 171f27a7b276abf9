import { buildViewerIfStale, type DemoServer, startDemoServer } from '@swipe/viewer/testing/harness.ts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, pressUntilAt, sendDemoContact } from './helpers.js';

// The viewer's events in Chromium: a landing with UTM tags, a tap, a swipe, the popup CTA to the
// contact form and its submission. Stored: page views with the UTM tags on the first, page_leave with dwell
// pointing at its view, the tap as fractions of the page, and one conversion attributed to the popup.

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

type Row = {
  event_id: string;
  event: string;
  page_id: number | null;
  target_id: number | null;
  session_id: string | null;
  data: Record<string, unknown>;
  dwell_ms: number | null;
  x: number | null;
  y: number | null;
};
const rows = () =>
  demo.srv.ctx.db.query<Row>(
    'SELECT event_id, event, page_id, target_id, session_id, data, dwell_ms, x, y FROM analytics_events WHERE site_id = $1 ORDER BY occurred_at, id',
    [demo.siteId],
  );

describe('viewer events (390x844, touch)', () => {
  it('records views, dwell, a tap and the popup conversion of one visitor', async () => {
    // a visitor's browser (the endpoint does not count headless browsers' events)
    const userAgent = (await browser.newBrowserCDPSession().then((c) => c.send('Browser.getVersion'))).userAgent.replace(
      'HeadlessChrome',
      'Chrome',
    );
    const ctx = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      locale: 'ja-JP',
      userAgent,
    });
    const page = await ctx.newPage();
    await page.goto(`${demo.sites}/?utm_source=news&utm_medium=mail&utm_campaign=spring`);
    await page.waitForSelector('.vw[data-ready="1"]', { timeout: 15_000 });

    // next category (keyboard: the stage's own input), where the popup is not shown (a click outside it closes it)
    await pressUntilAt(page, 'ArrowRight', 'B1');
    await page.waitForSelector('.vw-popup', { state: 'detached', timeout: 5000 });
    // a tap on the current page where no button is
    const spot = await page.evaluate(() => {
      const r = (document.querySelector('.vw-slide.is-current') as HTMLElement).getBoundingClientRect();
      for (let fy = 0.3; fy < 0.95; fy += 0.05)
        for (let fx = 0.2; fx < 0.85; fx += 0.05) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          const el = document.elementFromPoint(x, y);
          if (el?.closest('.vw-slide.is-current') && !el.closest('button, a, [role="button"], video')) return { x, y, fx, fy };
        }
      return null;
    });
    expect(spot).not.toBeNull();
    if (!spot) return;
    await page.touchscreen.tap(spot.x, spot.y);
    await page.waitForTimeout(50);
    expect(await page.locator('.vw').getAttribute('data-position')).toBe('B1');

    // back to A1, then the popup's time-limited item to the contact form
    await pressUntilAt(page, 'ArrowLeft', 'A1');
    const item = page.locator('.vw-popup-item[data-kind="timeLimit"] .vw-popup-act');
    await item.waitFor({ timeout: 10_000 });
    await item.click();
    await page.waitForURL(/\/contact(\?|$)/, { timeout: 10_000 });
    const cookies = Object.fromEntries((await ctx.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.cv_source).toBe('POPUP_CTA_TRANSITION');

    await sendDemoContact(page, 'events@example.com', 'Events Ltd');

    await expect.poll(async () => (await rows()).some((r) => r.event === 'conversion'), { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await rows()).filter((r) => r.event === 'page_leave').length, { timeout: 10_000 }).toBe(3);
    const all = await rows();
    const sid = (await ctx.cookies()).find((c) => c.name === 'swipe_sid')?.value;
    expect(sid).toBeTruthy();
    const views = all.filter((r) => r.event === 'page_view');
    expect(views.map((v) => v.data.position)).toEqual(['A1', 'B1', 'A1']);
    expect(views.every((v) => /^[\w-]{16,64}$/.test(v.event_id))).toBe(true);
    const leaves = all.filter((r) => r.event === 'page_leave');
    expect(leaves.map((l) => l.data.view)).toEqual(views.map((v) => v.event_id));
    expect(leaves.every((l) => (l.dwell_ms ?? -1) >= 0)).toBe(true);
    const tap = all.find((r) => r.event === 'tap');
    expect(tap?.page_id).toBe(views[1]?.page_id);
    expect(tap?.x).toBeCloseTo(spot.fx, 1);
    expect(tap?.y).toBeCloseTo(spot.fy, 1);
    const click = all.find((r) => r.event === 'click_popup_cta');
    const conv = all.filter((r) => r.event === 'conversion');
    expect(conv).toHaveLength(1);
    // the table holds the cookie id's daily salted hash, never the cookie id
    const daily = views[0]?.session_id;
    expect(daily).toMatch(/^[\w-]{22}$/);
    expect(daily).not.toBe(sid);
    expect(conv[0]).toMatchObject({ page_id: views[2]?.page_id, target_id: click?.target_id, session_id: daily });
    expect(conv[0]?.data).toMatchObject({ kind: 'contact', source: 'POPUP_CTA_TRANSITION' });
    expect(all.every((r) => r.session_id === daily)).toBe(true);
    await ctx.close();
  });
});
