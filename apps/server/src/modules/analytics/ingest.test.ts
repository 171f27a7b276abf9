import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { seedDemo } from '../../demo/seed.js';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { runJobs } from '../../test/jobs.js';
import { waitFor } from '../../test/slow.js';
import { getPublishedSite } from '../published/service.js';
import { japanDay } from './ingest.js';
import { countPageViewsBySite, getSiteSettings, setSiteSettings } from './service.js';
import { saltFor, visitorId } from './visitors.js';

// Ingestion through POST /api/v1/end-user/events: dedupe by event id, what is not counted
// (preview, bots, DNT where the site honours it, conversions from visitors), the new kinds' facts, the
// rollup queue, and billing's page-view count over the partitioned table.

let srv: TestServer;
let siteId = 0;
let pageIds: number[] = [];
let base = '';
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function seed(ctx: AppContext) {
  const r = await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } });
  siteId = r?.siteId ?? 0;
}

beforeAll(async () => {
  srv = await startTestServer({}, { seed });
  base = srv.sitesUrl;
  const ps = await getPublishedSite(srv.ctx, siteId);
  pageIds = (ps?.document.categories ?? []).flatMap((c) => c.pages.map((p) => Number(p.id)));
  expect(pageIds.length).toBeGreaterThan(3);
});
afterAll(async () => {
  await srv?.drop();
});

const newId = () => randomBytes(12).toString('base64url');
const sid = () => `sid-${randomBytes(10).toString('hex')}`;
type Ev = Record<string, unknown>;

async function post(events: Ev[], headers: Record<string, string> = {}, session = sid()) {
  const r = await fetch(`${base}/api/v1/end-user/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': UA, cookie: `swipe_sid=${session}`, ...headers },
    body: JSON.stringify({ events }),
  });
  return { status: r.status, body: (await r.json()) as { accepted?: number }, cookie: r.headers.get('set-cookie') };
}
const view = (extra: Ev = {}): Ev => ({ id: newId(), event: 'page_view', site_id: siteId, page_id: pageIds[0], at: Date.now(), ...extra });
const stored = async (ids: string[]) =>
  Number(
    (await srv.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events WHERE event_id = ANY($1::text[])', [ids])).n,
  );

describe('event ids', () => {
  it('an event sent twice (a retry: same id and at) counts once', async () => {
    const batch = [view(), view({ event: 'slide_page', page_id: pageIds[1], data: { from: 'A1', to: 'A2' } })];
    expect((await post(batch)).status).toBe(202);
    expect((await post(batch)).status).toBe(202);
    expect(await stored(batch.map((e) => e.id as string))).toBe(2);
    // and inside one batch
    const e = view();
    await post([e, e]);
    expect(await stored([e.id as string])).toBe(1);
  });
  it('without an id (an old cached viewer) the server makes one; with an id but no usable at it is dropped', async () => {
    const s = sid();
    // the stored id: the cookie id hashed under today's salt
    const daily = visitorId((await saltFor(srv.ctx, japanDay(srv.ctx.clock.nowMs()))) as string, siteId, s);
    const before = Number(
      (await srv.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events WHERE session_id = $1', [daily])).n,
    );
    const r = await post(
      [
        { event: 'page_view', site_id: siteId, page_id: pageIds[0], at: Date.now() },
        { event: 'page_view', site_id: siteId, page_id: pageIds[0] },
        view({ at: undefined }),
        view({ at: Date.now() - 25 * 3600_000 }),
        view({ at: Date.now() + 25 * 3600_000 }),
      ],
      {},
      s,
    );
    expect(r.body.accepted).toBe(2);
    const rows = await srv.ctx.db.query<{ event_id: string }>('SELECT event_id FROM analytics_events WHERE session_id = $1', [daily]);
    expect(rows.length - before).toBe(2);
    for (const x of rows) expect(x.event_id).toMatch(/^srv-/);
  });
  it('refuses malformed ids and out-of-range facts with 400/422', async () => {
    expect([400, 422]).toContain((await post([view({ id: 'short' })])).status);
    expect([400, 422]).toContain((await post([view({ event: 'tap', x: 1.5, y: 0.2 })])).status);
    expect([400, 422]).toContain((await post([view({ event: 'page_leave', dwell_ms: 7 * 3600_000 })])).status);
  });
});

describe('what is not counted', () => {
  it('preview traffic (calls from the preview viewer under /site/{id}/preview)', async () => {
    const e = view();
    const r = await post([e], { referer: `${base}/site/${siteId}/preview/A1?lang=ja` });
    expect(r.status).toBe(202);
    expect(r.body.accepted).toBe(0);
    expect(await stored([e.id as string])).toBe(0);
    const ok = view();
    await post([ok], { referer: `${base}/sites/${siteId}/A1` });
    expect(await stored([ok.id as string])).toBe(1);
  });
  it('bots, headless browsers and requests without a User-Agent', async () => {
    const ids: string[] = [];
    for (const ua of [
      'Googlebot/2.1 (+http://www.google.com/bot.html)',
      'Mozilla/5.0 HeadlessChrome/120.0',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'curl/8.4.0',
      'axios/1.6.2',
      'node-fetch/1.0 (+https://github.com/bitinn/node-fetch)',
      'undici',
      '',
    ]) {
      const e = view();
      ids.push(e.id as string);
      const r = await post([e], { 'user-agent': ua });
      expect(r.status).toBe(202);
      expect(r.cookie).toBeNull();
    }
    expect(await stored(ids)).toBe(0);
  });
  it('conversion events from visitors (the server records conversions itself)', async () => {
    const c = view({ event: 'conversion' });
    const v = view();
    const r = await post([c, v]);
    expect(r.body.accepted).toBe(1);
    expect(await stored([c.id as string, v.id as string])).toBe(1);
  });
  it('DNT / GPC only when the site honours it', async () => {
    expect((await getSiteSettings(srv.ctx, siteId)).honorDnt).toBe(false);
    const a = view();
    await post([a], { dnt: '1' });
    expect(await stored([a.id as string])).toBe(1);
    expect((await setSiteSettings(srv.ctx, siteId, { honorDnt: true })).honorDnt).toBe(true);
    const b = view();
    const c = view();
    const d = view();
    await post([b], { dnt: '1' });
    await post([c], { 'sec-gpc': '1' });
    await post([d]);
    expect(await stored([b.id as string, c.id as string])).toBe(0);
    expect(await stored([d.id as string])).toBe(1);
    await setSiteSettings(srv.ctx, siteId, { honorDnt: false });
  });
});

describe('new kinds and the rollup queue', () => {
  it('stores dwell on page_leave and x/y on tap, and queues the (site, Japan day) rollup', async () => {
    const v = view();
    const leave = view({ event: 'page_leave', dwell_ms: 4200, data: { view: v.id as string } });
    const tap = view({ event: 'tap', x: 0.25, y: 0.75 });
    await post([v, leave, tap]);
    const rows = await srv.ctx.db.query<{ event: string; dwell_ms: number | null; x: number | null; y: number | null }>(
      'SELECT event, dwell_ms, x, y FROM analytics_events WHERE event_id = ANY($1::text[]) ORDER BY event',
      [[v.id, leave.id, tap.id]],
    );
    expect(rows).toEqual([
      { event: 'page_leave', dwell_ms: 4200, x: null, y: null },
      { event: 'page_view', dwell_ms: null, x: null, y: null },
      { event: 'tap', dwell_ms: null, x: 0.25, y: 0.75 },
    ]);
    const jobs = await srv.ctx.db.query<{ payload: { siteId: number } }>("SELECT payload FROM jobs WHERE kind = 'analytics.rollup'");
    expect(jobs.some((j) => Number(j.payload.siteId) === siteId)).toBe(true);
  });
  it('a page_leave arrives by sendBeacon (text/plain) and by fetch keepalive (JSON) alike', async () => {
    const v = view();
    const beacon = view({ event: 'page_leave', dwell_ms: 1740, data: { view: v.id as string } });
    const r = await fetch(`${base}/api/v1/end-user/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': UA, cookie: `swipe_sid=${sid()}` },
      body: JSON.stringify({ events: [v, beacon] }),
    });
    expect(r.status).toBe(202);
    const keepalive = view({ event: 'page_leave', dwell_ms: 650, data: { view: v.id as string } });
    const k = await fetch(`${base}/api/v1/end-user/events`, {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'user-agent': UA, cookie: `swipe_sid=${sid()}` },
      body: JSON.stringify({ events: [keepalive] }),
    });
    expect(k.status).toBe(202);
    const rows = await srv.ctx.db.query<{ dwell_ms: number }>(
      "SELECT dwell_ms FROM analytics_events WHERE event = 'page_leave' AND event_id = ANY($1::text[]) ORDER BY dwell_ms",
      [[beacon.id, keepalive.id]],
    );
    expect(rows.map((x) => x.dwell_ms)).toEqual([650, 1740]);
  });
  it('no IP address is stored anywhere in the event', async () => {
    const v = view();
    await post([v]);
    const row = await srv.ctx.db.one<Record<string, unknown>>('SELECT * FROM analytics_events WHERE event_id = $1', [v.id]);
    expect(JSON.stringify(row)).not.toContain('127.0.0.1');
  });
});

describe('rate limit', () => {
  it('a visitor sending a batch every second for a minute and more is never refused', async () => {
    const s = sid();
    const statuses = new Set<number>();
    for (let i = 0; i < 90; i++) statuses.add((await post([view()], {}, s)).status);
    expect([...statuses]).toEqual([202]);
  });
});

describe('billing', () => {
  it('page views per site still count over the partitions (and the DEFAULT one)', async () => {
    const s = await srv.ctx.db.one<{ id: number }>(
      "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical) SELECT gen_random_uuid(), account_id, 'PV', 1, 1 FROM sites WHERE id = $1 RETURNING id",
      [siteId],
    );
    await srv.ctx.db.query(
      `INSERT INTO analytics_events (site_id, event, occurred_at) SELECT $1::bigint, 'page_view', $2::timestamptz FROM generate_series(1, 5)
       UNION ALL SELECT $1::bigint, 'page_view', now() UNION ALL SELECT $1::bigint, 'tap', $2::timestamptz`,
      [s.id, '2019-03-10T12:00:00+09:00'],
    );
    const march = await countPageViewsBySite(srv.ctx.db, new Date('2019-03-01T00:00:00+09:00'), new Date('2019-04-01T00:00:00+09:00'), [
      s.id,
    ]);
    expect(march.get(Number(s.id))).toBe(5);
  });
});

// PostgreSQL only: a second connection holds the events table while the batch's insert waits (PGlite has one
// connection, so nothing can run between a statement's start and its commit there).
describe.skipIf(!process.env.DATABASE_URL)('a batch that commits late', () => {
  it('is in the figures even when the run of the window it arrived in read the day before it committed', async () => {
    const ctx = srv.ctx;
    const delay = ctx.config.analyticsRollupDelayMs;
    // a Japan day no other test writes to, at the start of a delay window, standing still unless moved
    const t0 = Math.ceil(Date.parse('2026-12-10T12:00:00+09:00') / delay) * delay + 1;
    ctx.clock.set(new Date(t0), { frozen: true });
    const day = japanDay(t0);
    const pageViews = async () =>
      (
        await ctx.db.maybeOne<{ n: number }>('SELECT page_views AS n FROM analytics_site_days WHERE site_id = $1 AND day = $2', [
          siteId,
          day,
        ])
      )?.n ?? 0;
    let release = () => {};
    try {
      expect((await post([view({ at: t0 })])).status).toBe(202);
      // another connection takes the table: the next batch's insert waits (reads go on)
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = ctx.db.tx(async (q) => {
        await q.query('LOCK TABLE analytics_events IN EXCLUSIVE MODE');
        locked();
        await held;
      });
      await lockTaken;
      const late = post([view({ at: t0 + 10 })]);
      await waitFor('the second batch waiting on the lock', async () =>
        (await ctx.db.maybeOne(
          "SELECT 1 AS x FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO analytics_events%'",
        ))
          ? true
          : undefined,
      );
      // meanwhile time passes and the window's run reads the day: one page view so far
      ctx.clock.advance(2 * delay);
      await runJobs(srv);
      expect(await pageViews()).toBe(1);
      release();
      await holder;
      expect((await late).status).toBe(202);
      // the late batch is rolled up by a run of its own
      ctx.clock.advance(2 * delay);
      await runJobs(srv);
      expect(await pageViews()).toBe(2);
    } finally {
      release();
      ctx.clock.reset();
    }
  });
});
