import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { seedDemo } from '../../demo/seed.js';
import { Worker } from '../../jobs/worker.js';
import { createContext } from '../../open.js';
import { testConfig, testDb } from '../../test/helpers.js';
import { waitFor } from '../../test/slow.js';
import { getPublishedSite } from '../published/service.js';
import { pgStore } from './repo/rollups.js';
import { DAILY_ROLLUP_JOB, queueRollups, ROLLUP_JOB, refreshRollups, rollupJobs } from './rollup.js';
import { expectedRollups, type RawEvent, type Rows } from './rollup.model.js';
import { DWELL_BUCKETS } from './store.js';

// Rollups: after a refresh every rollup row equals the figures computed from the raw events in plain
// TypeScript (rollup.model.ts), over random streams; visits, bounces, reach, exit and dwell on a known
// stream, counted by hand; the job is idempotent, runs a short delay after a batch, once per burst.

let ctx: AppContext;
let drop: () => Promise<void>;
let siteId = 0;
const grid = new Map<number, number>();
let pages: number[] = [];

beforeAll(async () => {
  const t = await testDb();
  drop = t.drop;
  ctx = await createContext(testConfig(), { db: t.db, logger: pino({ level: 'silent' }) });
  const r = await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } });
  siteId = r?.siteId ?? 0;
  const ps = await getPublishedSite(ctx, siteId);
  const rows = ps?.document.numberVertical ?? 1;
  for (const [col, c] of (ps?.document.categories ?? []).entries())
    for (const [row, p] of c.pages.entries()) grid.set(Number(p.id), col * rows + row);
  pages = [...grid.keys()];
  expect(pages.length).toBeGreaterThanOrEqual(12);
}, 120_000);
afterAll(async () => {
  await ctx?.db.close();
  await drop?.();
});

async function insert(q: Queryable, events: RawEvent[], site = siteId): Promise<void> {
  for (const e of events)
    await q.query(
      `INSERT INTO analytics_events (event_id, site_id, page_id, event, session_id, data, occurred_at, dwell_ms, x, y)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
      [e.eventId, site, e.pageId, e.event, e.sessionId, JSON.stringify(e.data), e.at.toISOString(), e.dwellMs, e.x, e.y],
    );
}

const GROUP = 'visits, visitors, conversions, converting_visitors, bounces';
const TABLES: Record<string, string> = {
  site_days: 'site_id, visitors, page_views, cta_clicks, conversions, visits, converting_visitors, bounces, duration_sum_ms',
  page_days:
    'page_id, views, visitors, exits, cta_clicks, conversions, converting_visitors, dwell_n, dwell_sum_ms, dwell_hist, deepest, entries, bounces',
  visits:
    'visitor, visit_no, first_at, last_at, page_views, interactions, conversions, bounced, entry_page_id, exit_page_id, deepest_page_id, deepest_index, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host',
  move_days: 'from_col, to_col, visitors',
  tap_days: 'page_id, gx, gy, taps',
  utm_days: `source, medium, campaign, term, content, ${GROUP}`,
  referrer_days: `host, ${GROUP}`,
};
const TEXT = new Set([
  'visitor',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer_host',
  'source',
  'medium',
  'campaign',
  'term',
  'content',
  'host',
  'bounced',
]);
const canon = (rows: Record<string, unknown>[]) => rows.map((r) => JSON.stringify(r)).sort();

function normalise(r: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(r))
    out[k] =
      v === null || TEXT.has(k)
        ? v
        : v instanceof Date
          ? v.getTime()
          : Array.isArray(v)
            ? v.map(Number)
            : k.endsWith('_at')
              ? new Date(String(v)).getTime()
              : Number(v);
  return out;
}

async function actualRollups(day: string): Promise<Rows> {
  const out: Rows = {};
  for (const [t, cols] of Object.entries(TABLES))
    out[t] = (
      await ctx.db.query<Record<string, unknown>>(`SELECT ${cols} FROM analytics_${t} WHERE site_id = $1 AND day = $2`, [siteId, day])
    ).map(normalise);
  return out;
}

function expectEqual(actual: Rows, expected: Rows): void {
  for (const t of Object.keys(TABLES)) expect({ [t]: canon(actual[t] ?? []) }).toEqual({ [t]: canon(expected[t] ?? []) });
}

// Random streams: 5 visitors and anonymous events, the demo grid's pages plus one page off the grid, three Japan
// days with events either side of midnight (15:00 UTC), gaps under and over 30 minutes, campaigns changing,
// repeated events (a retried batch), every kind.
const T0 = Date.parse('2026-03-10T15:00:00Z'); // 2026-03-11 00:00 in Japan
const DAYS = ['2026-03-10', '2026-03-11', '2026-03-12'];
const CODES = ['A1', 'A2', 'B1', 'B4', 'C3', 'c2', 'AA1', 'Z', '', '1A'];
const UTM = ['', '', 'google', 'mail'];
const rawEvent = fc.record({
  s: fc.integer({ min: 0, max: 5 }),
  p: fc.integer({ min: 0, max: 12 }),
  kind: fc.constantFrom(
    'page_view',
    'page_view',
    'page_view',
    'slide_page',
    'click_cta_btn',
    'click_popup_cta',
    'click_product_item',
    'page_leave',
    'tap',
    'conversion',
  ),
  // minutes from T0: around midnight mostly, some far into the neighbouring days; few distinct values so times tie
  min: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer({ min: -1400, max: 1400 })),
  dwell: fc.constantFrom(0, 500, 999, 1000, 1500, 59_999, 119_999, 120_000, 500_000, 2_000_000),
  gx: fc.integer({ min: 0, max: 64 }),
  gy: fc.integer({ min: 0, max: 64 }),
  from: fc.constantFrom(...CODES),
  to: fc.constantFrom(...CODES),
  utm: fc.tuple(fc.constantFrom(...UTM), fc.constantFrom(...UTM), fc.constantFrom(...UTM)),
  extra: fc.constantFrom('', '', 'term', 'content', 'referrer'),
  id: fc.stringMatching(/^[A-Za-z0-9_-]{1,3}$/),
});
type Gen = typeof rawEvent extends fc.Arbitrary<infer T> ? T : never;

function toRaw(g: Gen, i: number): RawEvent {
  const data: Record<string, string> = {};
  if (g.kind === 'slide_page') Object.assign(data, { from: g.from, to: g.to });
  if (g.kind === 'page_view')
    for (const [k, v] of [
      ['source', g.utm[0]],
      ['medium', g.utm[1]],
      ['campaign', g.utm[2]],
    ] as const)
      if (v) data[`utm_${k}`] = v;
  if (g.kind === 'page_view' && g.extra) data[g.extra === 'referrer' ? 'referrer' : `utm_${g.extra}`] = `x-${g.extra}`;
  return {
    eventId: `${g.id}${i}`,
    sessionId: g.s === 5 ? null : `visitor-${g.s}`,
    pageId: g.p === 12 ? 999_999 : (pages[g.p] as number),
    event: g.kind,
    at: new Date(T0 + g.min * 60_000),
    dwellMs: g.kind === 'page_leave' ? g.dwell : null,
    x: g.kind === 'tap' ? g.gx / 64 : null,
    y: g.kind === 'tap' ? g.gy / 64 : null,
    data,
  };
}

describe('rollups equal counts from raw events', () => {
  it('over random streams (sessions, pages, days around Japan midnight, repeats, taps, leaves, conversions)', async () => {
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(rawEvent, { minLength: 0, maxLength: 60 }), fc.array(fc.nat(), { maxLength: 8 }), async (gen, repeats) => {
        const events = gen.map(toRaw);
        const stream = [...events, ...(events.length > 0 ? repeats.map((r) => events[r % events.length] as RawEvent) : [])];
        await ctx.db.query('DELETE FROM analytics_events WHERE site_id = $1', [siteId]);
        await ctx.db.tx((q) => insert(q, stream));
        for (const day of DAYS) {
          await refreshRollups(ctx, siteId, day);
          const expected = expectedRollups(stream, siteId, day, grid);
          expectEqual(await actualRollups(day), expected);
          compared += expected.visits?.length ?? 0;
        }
        // the month's merged histograms are the sums of its days' (every day here is in March)
        const months = new Map<number, number[]>();
        for (const day of DAYS)
          for (const p of expectedRollups(stream, siteId, day, grid).page_days ?? []) {
            if (!(p.dwell_n as number)) continue;
            const h = months.get(p.page_id as number) ?? new Array<number>(DWELL_BUCKETS).fill(0);
            months.set(
              p.page_id as number,
              h.map((c, i) => c + ((p.dwell_hist as number[])[i] ?? 0)),
            );
          }
        const stored = await ctx.db.query<{ page_id: number; dwell_hist: number[] }>(
          "SELECT page_id, dwell_hist FROM analytics_page_months WHERE site_id = $1 AND month = '2026-03-01'",
          [siteId],
        );
        expect(new Map(stored.map((r) => [Number(r.page_id), r.dwell_hist.map(Number)]))).toEqual(months);
      }),
      { numRuns: Number(process.env.ROLLUP_RUNS ?? 25) },
    );
    expect(compared).toBeGreaterThan(0);
  }, 300_000);
});

const at = (jst: string) => new Date(`${jst}+09:00`);
let seq = 0;
const ev = (sessionId: string, event: string, pageId: number, t: string, extra: Partial<RawEvent> = {}): RawEvent => ({
  eventId: `known-${++seq}`,
  sessionId,
  pageId,
  event,
  at: at(t),
  dwellMs: null,
  x: null,
  y: null,
  data: {},
  ...extra,
});

describe('a known stream', () => {
  it('visits, bounces, reach, exit, median and mean dwell (views under 1 s left out), entries, daily visitors, moves, taps, UTM, referrers', async () => {
    const [a1, a2, , , b1] = pages as [number, number, number, number, number];
    const leave = (s: string, p: number, t: string, ms: number) => ev(s, 'page_leave', p, t, { dwellMs: ms });
    const stream: RawEvent[] = [
      ev('s1', 'page_view', a1, '2026-04-01T10:00:00', { data: { utm_source: 'google', utm_medium: 'cpc' } }),
      leave('s1', a1, '2026-04-01T10:00:01', 300),
      ev('s1', 'page_view', a2, '2026-04-01T10:00:02'),
      leave('s1', a2, '2026-04-01T10:00:07', 5200),
      ev('s1', 'slide_page', a2, '2026-04-01T10:00:07', { data: { from: 'A2', to: 'B1' } }),
      ev('s1', 'page_view', b1, '2026-04-01T10:00:08'),
      ev('s1', 'tap', b1, '2026-04-01T10:00:09', { x: 0.5, y: 0.99 }),
      ev('s1', 'click_cta_btn', b1, '2026-04-01T10:00:10'),
      ev('s1', 'conversion', b1, '2026-04-01T10:03:00'),
      ev('s2', 'page_view', a1, '2026-04-01T11:00:00', { data: { referrer: 'news.example' } }),
      leave('s2', a1, '2026-04-01T11:00:01', 400),
      ev('s2', 'page_view', a2, '2026-04-01T11:00:02'),
      leave('s2', a2, '2026-04-01T11:00:10', 7900),
      ev('s3', 'page_view', a1, '2026-04-01T12:00:00'),
      leave('s3', a1, '2026-04-01T12:00:03', 2500),
      ev('s3', 'click_popup_cta', a1, '2026-04-01T12:00:03'),
      // ten minutes later from a mail campaign: another visit (a bounce)
      ev('s3', 'page_view', a1, '2026-04-01T12:10:00', { data: { utm_source: 'mail' } }),
      ev('s4', 'page_view', a1, '2026-04-01T23:59:59'),
      leave('s4', a2, '2026-04-02T00:00:30', 130_000),
      leave('s4', a2, '2026-04-02T00:00:31', 61_000),
      // the next Japan day: s1 comes back
      ev('s1', 'page_view', a1, '2026-04-02T09:00:00'),
    ];
    await ctx.db.query('DELETE FROM analytics_events WHERE site_id = $1', [siteId]);
    await ctx.db.tx((q) => insert(q, stream));
    await refreshRollups(ctx, siteId, '2026-04-01');
    await refreshRollups(ctx, siteId, '2026-04-02');
    const store = pgStore(ctx.db);
    const day1 = { from: '2026-04-01', to: '2026-04-01' };
    const both = { from: '2026-04-01', to: '2026-04-02' };

    // day 1: visits s1, s2, s3 (twice: a new campaign), s4; bounces s3's second and s4 (one page, no interaction);
    // durations 180 s + 10 s + 3 s + 0 + 0. Day 2: s4's late leaves make no visit (no page view), s1 bounces.
    expect(await store.siteDays([siteId], both)).toEqual([
      {
        siteId,
        day: '2026-04-01',
        visitors: 4,
        pageViews: 8,
        ctaClicks: 2,
        conversions: 1,
        visits: 5,
        convertingVisitors: 1,
        bounces: 2,
        durationSumMs: 193_000,
      },
      {
        siteId,
        day: '2026-04-02',
        visitors: 1,
        pageViews: 1,
        ctaClicks: 0,
        conversions: 0,
        visits: 1,
        convertingVisitors: 0,
        bounces: 1,
        durationSumMs: 0,
      },
    ]);
    // visitors of a period: the sum of each day's visitors (s1 counts on both days)
    expect(await store.siteTotals([siteId], both)).toEqual([
      {
        siteId,
        visitors: 5,
        pageViews: 9,
        ctaClicks: 2,
        conversions: 1,
        visits: 6,
        convertingVisitors: 1,
        bounces: 3,
        durationSumMs: 193_000,
      },
    ]);

    const p1 = new Map((await store.pageTotals(siteId, day1)).map((p) => [p.pageId, p]));
    // A1: 5 views by 4 visitors, 5 visits entered and 3 ended there (s3 twice, s4), 2 of them bounced; dwell
    // 300 and 400 ms are views but not dwell: n = 1 (2.5 s)
    expect(p1.get(a1)).toMatchObject({
      views: 5,
      visitors: 4,
      exits: 3,
      ctaClicks: 1,
      conversions: 0,
      dwellCount: 1,
      dwellMedianMs: 2500,
      dwellMeanMs: 2500,
      entries: 5,
      bounces: 2,
      deepestSessions: 3,
    });
    // A2: dwell 5.2 s and 7.9 s (s4's leaves fall on the next day): the lower median 5.2 s, mean 6.55 s
    expect(p1.get(a2)).toMatchObject({
      views: 2,
      visitors: 2,
      exits: 1,
      dwellCount: 2,
      dwellMedianMs: 5200,
      dwellMeanMs: 6550,
      entries: 0,
      bounces: 0,
      deepestSessions: 1,
    });
    expect(p1.get(b1)).toMatchObject({
      views: 1,
      visitors: 1,
      exits: 1,
      ctaClicks: 1,
      conversions: 1,
      convertingVisitors: 1,
      dwellCount: 0,
      dwellMedianMs: null,
      dwellMeanMs: null,
      deepestSessions: 1,
    });
    // over both days: A2 merges 5.2 s, 7.9 s, 61 s and 120 s or more: the lower median is 7.9 s
    const p2 = new Map((await store.pageTotals(siteId, both)).map((p) => [p.pageId, p]));
    expect(p2.get(a2)).toMatchObject({ dwellCount: 4, dwellMedianMs: 7900, dwellMeanMs: Math.round((5200 + 7900 + 130_000 + 61_000) / 4) });
    expect(p2.get(a1)).toMatchObject({ views: 6, visitors: 5, exits: 4, entries: 6, bounces: 3 });
    // a range holding whole months reads their merged histograms: the same figures
    const all = await store.pageTotals(siteId, both);
    expect(await store.pageTotals(siteId, { from: '2026-04-01', to: '2026-04-30' })).toEqual(all);
    expect(await store.pageTotals(siteId, { from: '2026-03-15', to: '2026-05-02' })).toEqual(all);
    // most of a month: its month row less the day outside (April 1), the same as the day's own rows
    const day2 = await store.pageTotals(siteId, { from: '2026-04-02', to: '2026-04-02' });
    expect(day2.find((p) => p.pageId === a2)).toMatchObject({ dwellCount: 2, dwellMedianMs: 61_000 });
    expect(await store.pageTotals(siteId, { from: '2026-04-02', to: '2026-04-30' })).toEqual(day2);

    expect(await store.categoryMoves(siteId, both)).toEqual([{ fromCol: 0, toCol: 1, visitors: 1 }]);
    expect(await store.taps(siteId, b1, both)).toEqual([{ gx: 10, gy: 35, taps: 1 }]);
    const group = (visits: number, visitors: number, conversions: number, convertingVisitors: number, bounces: number) => ({
      visits,
      visitors,
      conversions,
      convertingVisitors,
      bounces,
    });
    const utm = (source: string, medium: string) => ({ source, medium, campaign: '', term: '', content: '' });
    expect(await store.utm(siteId, day1)).toEqual([
      { ...utm('', ''), ...group(3, 3, 0, 0, 1) },
      { ...utm('google', 'cpc'), ...group(1, 1, 1, 1, 0) },
      { ...utm('mail', ''), ...group(1, 1, 0, 0, 1) },
    ]);
    expect(await store.referrers(siteId, day1)).toEqual([
      { host: '', ...group(4, 3, 1, 1, 2) },
      { host: 'news.example', ...group(1, 1, 0, 0, 0) },
    ]);
    const visit = await ctx.db.one<Record<string, unknown>>(
      "SELECT deepest_page_id, deepest_index, entry_page_id, exit_page_id, conversions, bounced FROM analytics_visits WHERE site_id = $1 AND day = '2026-04-01' AND visitor = 's1'",
      [siteId],
    );
    expect(normalise(visit)).toEqual({
      deepest_page_id: b1,
      deepest_index: grid.get(b1),
      entry_page_id: a1,
      exit_page_id: b1,
      conversions: 1,
      bounced: false,
    });
  });
});

describe('the rollup job', () => {
  const day = '2026-05-20';
  const stream = () => [
    ev('j1', 'page_view', pages[0] as number, `${day}T08:00:00`),
    ev('j2', 'page_view', pages[1] as number, `${day}T08:00:01`),
    ev('j2', 'tap', pages[1] as number, `${day}T08:00:02`, { x: 0.1, y: 0.1 }),
  ];
  const jobsOf = () =>
    ctx.db.query<{ id: number; status: string }>("SELECT id, status FROM jobs WHERE kind = $1 AND payload->>'day' = $2 ORDER BY id", [
      ROLLUP_JOB,
      day,
    ]);

  it('is idempotent: running twice leaves the same rows', async () => {
    await ctx.db.tx((q) => insert(q, stream()));
    await refreshRollups(ctx, siteId, day);
    const first = await actualRollups(day);
    await refreshRollups(ctx, siteId, day);
    expect(await actualRollups(day)).toEqual(first);
    // two one-page visits: both bounce (a tap is not an interaction); j2's lasts 1 s
    expect(first.site_days).toEqual([
      {
        site_id: siteId,
        visitors: 2,
        page_views: 2,
        cta_clicks: 0,
        conversions: 0,
        visits: 2,
        converting_visitors: 0,
        bounces: 2,
        duration_sum_ms: 1000,
      },
    ]);
  });

  it('runs a delay after a batch, once per burst; a batch after that run gets its own run', async () => {
    await ctx.db.query("DELETE FROM jobs WHERE kind = 'analytics.rollup'");
    const delay = 300;
    // a burst of three batches inside one delay window queues one run
    await waitFor('the start of a delay window', async () => (Date.now() % delay < delay / 3 ? true : undefined));
    for (let i = 0; i < 3; i++)
      await ctx.db.tx(async (q) => {
        await insert(q, [ev('burst', 'page_view', pages[2] as number, `${day}T09:00:0${i}`)]);
        await queueRollups(q, [{ siteId, day }], delay);
      });
    expect((await jobsOf()).map((j) => j.status)).toEqual(['QUEUED']);
    const worker = new Worker(ctx, rollupJobs, { pollMs: 20 });
    await worker.start();
    try {
      await waitFor('the delayed rollup', async () =>
        (await ctx.db.maybeOne<{ visitors: number }>(
          'SELECT visitors FROM analytics_site_days WHERE site_id = $1 AND day = $2 AND visitors = 3',
          [siteId, day],
        ))
          ? true
          : undefined,
      );
      // a later batch (the first run done) is rolled up too
      await ctx.db.tx(async (q) => {
        await insert(q, [ev('late', 'page_view', pages[3] as number, `${day}T10:00:00`)]);
        await queueRollups(q, [{ siteId, day }], delay);
      });
      await waitFor('the second run', async () =>
        (await ctx.db.maybeOne('SELECT 1 AS x FROM analytics_site_days WHERE site_id = $1 AND day = $2 AND visitors = 4', [siteId, day]))
          ? true
          : undefined,
      );
      // the worker marks a run done after its transaction commits: wait for that, not for a fixed time
      await waitFor('both runs done', async () => ((await jobsOf()).every((j) => j.status === 'DONE') ? true : undefined));
      expect((await jobsOf()).map((j) => j.status)).toEqual(['DONE', 'DONE']);
    } finally {
      await worker.stop();
    }
  });

  it('the daily job queues yesterday for every site with events yesterday', async () => {
    const handler = rollupJobs[DAILY_ROLLUP_JOB];
    expect(handler).toBeDefined();
    const r = (await handler?.(ctx, { period: '2026-05-21' })) as { day: string; sites: number };
    expect(r).toEqual({ day, sites: 1 });
    const queued = await ctx.db.query<{ payload: { siteId: number; day: string } }>(
      "SELECT payload FROM jobs WHERE kind = $1 AND status = 'QUEUED' AND dedupe_key LIKE '%:daily'",
      [ROLLUP_JOB],
    );
    expect(queued.map((j) => ({ siteId: Number(j.payload.siteId), day: j.payload.day }))).toEqual([{ siteId, day }]);
  });
});
