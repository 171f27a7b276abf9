import { eventsBody, toCamel } from '@swipe/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The sender in a bare browser stand-in: window and document listeners, fetch, sendBeacon, timers.

type Wire = Record<string, unknown>;
type Handler = (e?: unknown) => void;

async function load(search = '', referrer = '') {
  vi.resetModules();
  const win: Record<string, Handler[]> = {};
  const doc = {
    visibilityState: 'visible',
    referrer,
    handlers: {} as Record<string, Handler[]>,
    addEventListener(t: string, f: Handler) {
      this.handlers[t] = [...(this.handlers[t] ?? []), f];
    },
  };
  const posts: { via: 'fetch' | 'beacon'; events: Wire[]; type?: string; keepalive?: boolean }[] = [];
  const answers: (number | 'down')[] = [];
  const beacon = { works: true };
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('addEventListener', (t: string, f: Handler) => {
    win[t] = [...(win[t] ?? []), f];
  });
  vi.stubGlobal('document', doc);
  vi.stubGlobal('location', { search, href: `https://sites.example/sites/3/A2${search}` });
  vi.stubGlobal('navigator', {
    // a string body: the browser sends it as text/plain
    sendBeacon: (_url: string, body: unknown) => {
      if (!beacon.works) return false;
      if (typeof body !== 'string') throw new Error('a beacon body is sent as a string');
      posts.push({ via: 'beacon', events: (JSON.parse(body) as { events: Wire[] }).events });
      return true;
    },
  });
  vi.stubGlobal('fetch', (_url: string, init: { body: string; headers: Record<string, string>; keepalive: boolean }) => {
    posts.push({
      via: 'fetch',
      events: (JSON.parse(init.body) as { events: Wire[] }).events,
      type: init.headers['content-type'],
      keepalive: init.keepalive,
    });
    const a = answers.shift() ?? 202;
    return a === 'down' ? Promise.reject(new TypeError('offline')) : Promise.resolve({ status: a });
  });
  const mod = await import('./analytics.js');
  const hide = async () => {
    doc.visibilityState = 'hidden';
    for (const f of doc.handlers.visibilitychange ?? []) f();
    for (const f of win.pagehide ?? []) f();
    await vi.advanceTimersByTimeAsync(0);
  };
  const fire = (t: string, e?: unknown) => {
    for (const f of [...(win[t] ?? []), ...(doc.handlers[t] ?? [])]) f(e);
  };
  return { mod, posts, answers, hide, fire, beacon };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-05-01T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('viewer events: ids, batches, retry', () => {
  it('each event has an id of 16-64 safe characters and a time, made once, sent in snake_case', async () => {
    const { mod, posts } = await load();
    const a = mod.track({ event: 'click_cta_btn', siteId: 3, pageId: 41, targetId: 7, lang: 'en' });
    const b = mod.track({ event: 'click_cta_btn', siteId: 3, pageId: 41, targetId: 8, lang: 'en' });
    expect(a).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(b).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(a).not.toBe(b);
    expect(posts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.via).toBe('fetch');
    expect(posts[0]?.events[0]).toEqual({
      event: 'click_cta_btn',
      site_id: 3,
      page_id: 41,
      target_id: 7,
      lang: 'en',
      id: a,
      at: Date.parse('2026-05-01T00:00:00Z'),
    });
  });

  it('a failed send is retried once, later, with the same ids and times; never a third time', async () => {
    const { mod, posts, answers } = await load();
    answers.push('down', 503);
    mod.track({ event: 'slide_page', siteId: 3, pageId: 41 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(posts).toHaveLength(2);
    expect(posts[1]?.events).toEqual(posts[0]?.events);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toHaveLength(2);
  });

  it('a refused batch (4xx other than 429) is not sent again', async () => {
    const { mod, posts, answers } = await load();
    answers.push(400);
    mod.track({ event: 'slide_page', siteId: 3 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(posts).toHaveLength(1);
  });

  it('preview: nothing is recorded', async () => {
    const { mod, posts, hide } = await load();
    mod.disableAnalytics();
    mod.pageView({ siteId: 3, pageId: 41 });
    mod.track({ event: 'click_cta_btn', siteId: 3 });
    await vi.advanceTimersByTimeAsync(5000);
    await hide();
    expect(posts).toHaveLength(0);
  });
});

describe('viewer events: page views, dwell, UTM', () => {
  it('leaving a page sends page_leave with its dwell and the page view id; UTM and referrer only on the first view', async () => {
    const { mod, posts } = await load(
      '?utm_source=news&utm_medium=mail&utm_campaign=spring&utm_term=bags&utm_content=hero&x=1',
      'https://www.example.com:8443/search?q=secret&uid=42',
    );
    mod.pageView({ siteId: 3, pageId: 41, lang: 'en', data: { position: 'A1' } });
    await vi.advanceTimersByTimeAsync(2500);
    mod.pageView({ siteId: 3, pageId: 42, lang: 'en', data: { position: 'A2' } });
    await vi.advanceTimersByTimeAsync(1000);
    const events = posts.flatMap((p) => p.events);
    const [first, leave, second] = events;
    expect(first).toMatchObject({
      event: 'page_view',
      page_id: 41,
      data: {
        position: 'A1',
        utm_source: 'news',
        utm_medium: 'mail',
        utm_campaign: 'spring',
        utm_term: 'bags',
        utm_content: 'hero',
        referrer: 'https://www.example.com:8443',
      },
    });
    expect(Object.keys(first?.data as object)).not.toContain('x');
    expect(leave).toMatchObject({ event: 'page_leave', page_id: 41, dwell_ms: 2500, data: { view: first?.id } });
    expect(second).toMatchObject({ event: 'page_view', page_id: 42, data: { position: 'A2' } });
    expect(second?.data).not.toHaveProperty('utm_source');
    expect(second?.data).not.toHaveProperty('referrer');
  });

  it('hiding the page sends its page_leave and every queued event by beacon, once', async () => {
    const { mod, posts, hide } = await load();
    mod.pageView({ siteId: 3, pageId: 41 });
    for (let i = 0; i < 30; i++) mod.track({ event: 'click_cta_btn', siteId: 3, pageId: 41 });
    await vi.advanceTimersByTimeAsync(400);
    await hide();
    expect(posts.every((p) => p.via === 'beacon')).toBe(true);
    const events = posts.flatMap((p) => p.events);
    expect(events).toHaveLength(32);
    expect(events.filter((e) => e.event === 'page_leave')).toEqual([expect.objectContaining({ dwell_ms: 400, page_id: 41 })]);
    expect(Math.max(...posts.map((p) => p.events.length))).toBeLessThanOrEqual(20);
  });
});

describe('viewer events: the viewer leaves the page itself', () => {
  it("leaveThen(): the leave now, then (after the click's own listeners) the queue by beacon, then the navigation", async () => {
    const { mod, posts } = await load();
    mod.pageView({ siteId: 3, pageId: 41 });
    mod.track({ event: 'click_popup_cta', siteId: 3, pageId: 41, popupId: 5 });
    await vi.advanceTimersByTimeAsync(300);
    expect(posts).toHaveLength(0);
    const sentBeforeNavigation: string[] = [];
    mod.leaveThen(() => sentBeforeNavigation.push(...posts.flatMap((p) => p.events.map((e) => String(e.event)))));
    // the same click bubbling on: the tap on the page is recorded after the CTA's handler
    mod.track({ event: 'tap', siteId: 3, pageId: 41, x: 0.5, y: 0.5 });
    expect(sentBeforeNavigation).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sentBeforeNavigation).toEqual(['page_view', 'click_popup_cta', 'page_leave', 'tap']);
    expect(posts.every((p) => p.via === 'beacon')).toBe(true);
    expect(posts.flatMap((p) => p.events)[2]).toMatchObject({ dwell_ms: 300 });
  });

  it('a plain click on a link to another document sends the leave as the click ends; other clicks send nothing', async () => {
    const { mod, posts, fire } = await load();
    mod.pageView({ siteId: 3, pageId: 41 });
    await vi.advanceTimersByTimeAsync(200);
    const link = (attrs: { href: string; target?: string; download?: boolean }) => {
      const u = new URL(attrs.href, 'https://sites.example/sites/3/A2');
      const a = {
        href: u.href,
        hash: u.hash,
        protocol: u.protocol,
        target: attrs.target ?? '',
        download: attrs.download ? 'file' : '',
      };
      return { closest: (sel: string) => (sel === 'a[href]' ? a : null) };
    };
    const click = (target: unknown, extra: Record<string, unknown> = {}) =>
      fire('click', { target, button: 0, defaultPrevented: false, ...extra });
    click(link({ href: '#faq' }));
    click(link({ href: 'https://elsewhere.example/', target: '_blank' }));
    click(link({ href: 'tel:0312345678' }));
    click(link({ href: '/sites/3/en/A2', download: true }));
    click(link({ href: '/sites/3/en/A2' }), { defaultPrevented: true });
    click(link({ href: '/sites/3/en/A2' }), { ctrlKey: true });
    click({ closest: () => null });
    expect(posts).toHaveLength(0);
    click(link({ href: '/sites/3/en/A2' }));
    expect(posts.map((p) => p.via)).toEqual(['beacon']);
    expect(posts[0]?.events.map((e) => e.event)).toEqual(['page_view', 'page_leave']);
    expect(posts[0]?.events[1]).toMatchObject({ dwell_ms: 200 });
    // the page hidden by the navigation then has nothing more to send
    await vi.advanceTimersByTimeAsync(0);
    fire('pagehide');
    expect(posts).toHaveLength(1);
  });

  it('without a beacon the batch goes by a keepalive fetch', async () => {
    const { mod, posts, hide, beacon } = await load();
    beacon.works = false;
    mod.pageView({ siteId: 3, pageId: 41 });
    await vi.advanceTimersByTimeAsync(100);
    await hide();
    expect(posts).toMatchObject([{ via: 'fetch', keepalive: true }]);
    expect(posts[0]?.events.map((e) => e.event)).toEqual(['page_view', 'page_leave']);
  });

  it('back in the page from the back/forward cache: a new view of the same page, without the landing UTM tags', async () => {
    const { mod, posts, hide, fire } = await load('?utm_source=news');
    mod.pageView({ siteId: 3, pageId: 41, lang: 'en', data: { position: 'A1' } });
    await hide();
    fire('pageshow', { persisted: false });
    fire('pageshow', { persisted: true });
    await vi.advanceTimersByTimeAsync(1500);
    const views = posts.flatMap((p) => p.events).filter((e) => e.event === 'page_view');
    expect(views).toHaveLength(2);
    expect(views[1]).toMatchObject({ page_id: 41, lang: 'en', data: { position: 'A1' } });
    expect(views[1]?.id).not.toBe(views[0]?.id);
    expect(views[1]?.data).not.toHaveProperty('utm_source');
  });
});

/** A root element: its capture listeners, then the target's handler (which may stop or cancel), then bubbling. */
function fakeRoot() {
  const listeners: { f: Handler; capture: boolean; passive: boolean }[] = [];
  const root = {
    addEventListener: (_t: string, f: Handler, o: { capture?: boolean; passive?: boolean }) =>
      listeners.push({ f, capture: o?.capture === true, passive: o?.passive === true }),
    removeEventListener: vi.fn(),
  };
  const click = (
    init: Record<string, unknown>,
    atTarget: { stop?: boolean; prevent?: boolean; handler?: () => void; above?: (ev: unknown) => void } = {},
  ) => {
    const ev = { defaultPrevented: false, ...init };
    for (const l of listeners.filter((x) => x.capture)) l.f(ev);
    if (atTarget.prevent) ev.defaultPrevented = true;
    atTarget.handler?.();
    if (atTarget.stop) return;
    for (const l of listeners.filter((x) => !x.capture)) l.f(ev);
    // on up to the document
    atTarget.above?.(ev);
  };
  return { root: root as unknown as EventTarget & typeof root, listeners, click };
}

describe('viewer events: taps', () => {
  const slide = { getBoundingClientRect: () => ({ left: 10, top: 20, width: 200, height: 400 }) };
  const target = (inSlide: boolean) => ({ closest: (sel: string) => (inSlide && sel === '.vw-slide.is-current' ? slide : null) });

  it('a tap on the current page is one tap event with x, y as fractions of the page box', async () => {
    const { mod, posts } = await load();
    const { root, listeners, click } = fakeRoot();
    const stop = mod.watchTaps(root);
    expect(listeners.every((l) => l.passive)).toBe(true);
    mod.pageView({ siteId: 3, pageId: 41, lang: 'en' });
    click({ detail: 1, clientX: 60, clientY: 120, target: target(true) });
    click({ detail: 0, clientX: 60, clientY: 120, target: target(true) });
    click({ detail: 1, clientX: 60, clientY: 120, target: target(false) });
    click({ detail: 1, clientX: 500, clientY: 0, target: target(true) });
    await vi.advanceTimersByTimeAsync(1000);
    const taps = posts.flatMap((p) => p.events).filter((e) => e.event === 'tap');
    expect(taps).toHaveLength(2);
    expect(taps[0]).toMatchObject({ site_id: 3, page_id: 41, lang: 'en', x: 0.25, y: 0.25 });
    expect(taps[1]).toMatchObject({ x: 1, y: 0 });
    stop();
    expect(root.removeEventListener).toHaveBeenCalledTimes(2);
  });

  it('a CTA that keeps its click to itself still leaves its tap, sent before the page it opens; the click ending a drag is no tap', async () => {
    const { mod, posts } = await load();
    const { root, click } = fakeRoot();
    mod.watchTaps(root);
    mod.pageView({ siteId: 3, pageId: 41 });
    // the stage cancels and stops the click that ends a drag
    click({ detail: 1, clientX: 60, clientY: 120, target: target(true) }, { stop: true, prevent: true });
    // a link button cancels the browser's navigation but lets the click bubble: a tap
    click({ detail: 1, clientX: 110, clientY: 220, target: target(true) }, { prevent: true });
    // a CTA button stops the click and leaves the page
    const sentBeforeLeaving: string[] = [];
    click(
      { detail: 1, clientX: 210, clientY: 420, target: target(true) },
      {
        stop: true,
        handler: () => {
          mod.track({ event: 'click_cta_btn', siteId: 3, pageId: 41, targetId: 7 });
          mod.leaveThen(() => sentBeforeLeaving.push(...posts.flatMap((p) => p.events.map((e) => String(e.event)))));
        },
      },
    );
    await vi.advanceTimersByTimeAsync(0);
    // the link button's tap as its click bubbled out; the CTA's once its handler had run
    expect(sentBeforeLeaving).toEqual(['page_view', 'tap', 'click_cta_btn', 'page_leave', 'tap']);
    const taps = posts.flatMap((p) => p.events).filter((e) => e.event === 'tap');
    expect(taps.map((e) => [e.x, e.y])).toEqual([
      [0.5, 0.5],
      [1, 1],
    ]);
  });

  it("a tap on one of the viewer's own links (sign-in, a language) is in the beacon sent as the click ends, before the next page", async () => {
    const { mod, posts, fire } = await load();
    const { root, click } = fakeRoot();
    mod.watchTaps(root);
    mod.pageView({ siteId: 3, pageId: 41 });
    const link = { protocol: 'https:', href: 'https://sites.example/login', hash: '', download: false, target: '' };
    const onLink = { closest: (sel: string) => (sel === '.vw-slide.is-current' ? slide : sel === 'a[href]' ? link : null) };
    click({ detail: 1, button: 0, clientX: 110, clientY: 220, target: onLink }, { above: (ev) => fire('click', ev) });
    // no timer has run: the browser may be on the next page before one would
    expect(posts.map((p) => [p.via, p.events.map((e) => e.event)])).toEqual([['beacon', ['page_view', 'tap', 'page_leave']]]);
    expect(posts[0]?.events[1]).toMatchObject({ page_id: 41, x: 0.5, y: 0.5 });
    await vi.advanceTimersByTimeAsync(2000);
    expect(posts.flatMap((p) => p.events).filter((e) => e.event === 'tap')).toHaveLength(1);
  });
});

describe('viewer events: the wire format', () => {
  it('every kind the viewer sends passes the server schema (core eventsBody, after the edge converts keys)', async () => {
    const { mod, posts, hide } = await load('?utm_source=news&utm_content=hero', `https://ref.example/${'x'.repeat(400)}`);
    const { root, click } = fakeRoot();
    mod.watchTaps(root);
    mod.pageView({ siteId: 3, pageId: 41, lang: 'en', data: { position: 'A1' } });
    click({
      detail: 1,
      clientX: 1,
      clientY: 1,
      target: { closest: () => ({ getBoundingClientRect: () => ({ left: 0, top: 0, width: 2, height: 2 }) }) },
    });
    mod.track({ event: 'click_popup_cta', siteId: 3, pageId: 41, popupId: 5, lang: 'en' });
    mod.track({ event: 'slide_page', siteId: 3, pageId: 42, data: { from: 'A1', to: 'A2', via: 'touch', dir: 'down' } });
    await vi.advanceTimersByTimeAsync(7 * 3600_000);
    mod.pageView({ siteId: 3, pageId: 42, lang: 'en' });
    await hide();
    const events = posts.flatMap((p) => p.events);
    expect(new Set(events.map((e) => e.event))).toEqual(new Set(['page_view', 'tap', 'click_popup_cta', 'slide_page', 'page_leave']));
    const parsed = eventsBody.safeParse(toCamel({ events }));
    expect(parsed.success).toBe(true);
  });
});
