// Part of `npm run bench -- analytics`: what a customer waits for on the per-site analytics screen, through the
// /api/v1/analysis HTTP routes as the back-office calls them (operator token, menu and plan checks, the site's
// read, the rollup queries, serialisation), on a site with 10M raw events over a year; target p95 <= 300 ms for
// 30 and for 365 days. Every route's answer is checked against a count made directly on the raw events.
// PostgreSQL (DATABASE_URL, default the local test database), schema `bench_analytics_screen_<events>`: the site
// and its events are made once (generate_series) and kept, so a later run reuses them (it says so); BENCH_FRESH=1
// drops it first. The rollups of every day are rebuilt (timed) on the first run, or with BENCH_REROLL=1.
import { addDays, earliestDay } from '@swipe/core';
import pino from 'pino';
import { createPgDb, type Db } from '../apps/server/src/db/db.js';
import { type AccountRow, actorFromRow } from '../apps/server/src/modules/accounts/actor.js';
import { findAccountById } from '../apps/server/src/modules/accounts/service.js';
import { createMonthPartition, nextMonth } from '../apps/server/src/modules/analytics/repo/partitions.js';
import { rebuildSiteDay } from '../apps/server/src/modules/analytics/repo/rollups.js';
import { dayBefore, japanDayBounds } from '../apps/server/src/modules/analytics/rollup.js';
import { createSite, getSite } from '../apps/server/src/modules/sites/service.js';
import { createContext } from '../apps/server/src/open.js';
import { startServer } from '../apps/server/src/server.js';
import { login, makeAccount, makePlan, testConfig } from '../apps/server/src/test/helpers.js';
import { japanDay } from '../packages/core/src/japan-time.js';
import { line, median } from './lib.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const SCHEMA = `bench_analytics_screen_${EVENTS}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const PER_SESSION = 10;
const COLS = 5;
const ROWS = 8; // 40 pages
const EMAIL = 'bench-analytics@bench.test';

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;

async function generate(db: Db, siteId: number, pageIds: number[], first: string, last: string): Promise<number> {
  const start = japanDayBounds(first).start;
  const span = japanDayBounds(last).end.getTime() - start.getTime();
  const sessions = Math.ceil(EVENTS / PER_SESSION);
  for (let m = first.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) await db.tx((q) => createMonthPartition(q, m));
  const chunk = 1_000_000;
  const t0 = Date.now();
  for (let lo = 0; lo < EVENTS; lo += chunk) {
    // event g of session s = g / 10 (k = g % 10), 8 s apart: even k views a page down the session's column, odd k
    // is a leave with dwell, a tap, a swipe to the next column, a CTA click or a conversion; 30 % of sessions land
    // from a campaign, a quarter of the others from a referrer
    await db.query(
      `INSERT INTO analytics_events (event_id, site_id, page_id, event, session_id, data, occurred_at, dwell_ms, x, y)
       SELECT 'b' || g, $1::bigint, ($7::bigint[])[1 + col * ${ROWS} + least(${ROWS - 1}, rw + k / 2)], kind, 'v' || s,
         CASE WHEN kind = 'page_view' AND k = 0 AND s % 10 < 3 THEN jsonb_build_object('utm_source', (ARRAY['google','yahoo','line','mail'])[1 + s % 4],
                'utm_medium', (ARRAY['cpc','social','email'])[1 + s % 3], 'utm_campaign', 'c' || (s % 7), 'utm_term', 't' || (s % 5))
              WHEN kind = 'page_view' AND k = 0 AND s % 4 = 0 THEN jsonb_build_object('referrer', (ARRAY['google.com','yahoo.co.jp','t.co'])[1 + s % 3])
              WHEN kind = 'slide_page' THEN jsonb_build_object('from', chr((65 + col)::int) || '1', 'to', chr((65 + (col + 1) % ${COLS})::int) || '1')
              ELSE '{}'::jsonb END,
         $2::timestamptz + make_interval(secs => (s::float8 / $3) * $4 / 1000 + k * 8),
         CASE WHEN kind = 'page_leave' THEN (random() ^ 2 * 90000)::int END,
         CASE WHEN kind = 'tap' THEN random()::real END, CASE WHEN kind = 'tap' THEN random()::real END
       FROM (SELECT g, g / ${PER_SESSION} AS s, g % ${PER_SESSION} AS k, (g / ${PER_SESSION}) % ${COLS} AS col,
               ((g / ${PER_SESSION}) / ${COLS}) % 4 AS rw, random() AS r FROM generate_series($5::bigint, $6::bigint) g) x,
       LATERAL (SELECT CASE WHEN k % 2 = 0 THEN 'page_view' WHEN r < 0.6 THEN 'page_leave' WHEN r < 0.8 THEN 'tap'
                            WHEN r < 0.9 THEN 'slide_page' WHEN r < 0.97 THEN 'click_cta_btn' ELSE 'conversion' END AS kind) e`,
      [siteId, start.toISOString(), sessions, span, lo, Math.min(EVENTS, lo + chunk) - 1, pageIds],
    );
    process.stdout.write(
      `  generated ${Math.min(EVENTS, lo + chunk).toLocaleString()} events (${((Date.now() - t0) / 1000).toFixed(0)} s)\r`,
    );
  }
  console.log('');
  await db.exec('ANALYZE analytics_events');
  return Date.now() - t0;
}

interface Meta {
  site_id: number;
  first_day: string;
  last_day: string;
  rolled: boolean;
}

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`\n  analytics screen through HTTP (PostgreSQL, ${EVENTS.toLocaleString()} events over a year, one site, 40 pages)`);
  const admin = createPgDb(url, { max: 1 });
  if (process.env.BENCH_FRESH === '1') await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  // one run at a time on the schema (a second run waits, then reuses what the first made)
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [SCHEMA]);
  const db = createPgDb(url, { schema: SCHEMA, max: 10 });
  const config = testConfig({ databaseUrl: url, runWorker: false });
  const ctx = await createContext(config, { db, logger: pino({ level: 'silent' }) }); // migrates
  let srv: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await db.exec('CREATE TABLE IF NOT EXISTS bench_meta (site_id bigint, first_day date, last_day date, rolled boolean DEFAULT false)');
    let meta = await db.maybeOne<Meta>(
      'SELECT site_id, first_day::text AS first_day, last_day::text AS last_day, rolled FROM bench_meta ORDER BY site_id LIMIT 1',
    );
    if (meta)
      console.log(`  reusing the schema ${SCHEMA} made earlier (${meta.first_day} .. ${meta.last_day}; BENCH_FRESH=1 makes it again)`);
    else {
      const plan = await makePlan(ctx, { quantitySite: 10, quantitySwipe: 1000 });
      const acc = await makeAccount(ctx, { parentId: null, type: 'MASTER_USER', email: EMAIL, planId: plan });
      const site = await createSite(ctx, actorFromRow(acc), {
        name: 'bench',
        numberHorizontal: COLS,
        numberVertical: ROWS,
        defaultLanguage: 'ja',
        languages: ['ja'],
      });
      // every page has a creative: the ranking needs 10
      await db.query("UPDATE pages SET image_url = 'bench/p' || id || '.png' WHERE site_id = $1", [site.id]);
      const detail = await getSite(ctx, actorFromRow(acc), site.id);
      const pageIds = detail.categories.flatMap((c) => c.pages.map((p) => Number(p.id)));
      const last = dayBefore(japanDay());
      const first = addDays(last, -364);
      const ms = await generate(db, site.id, pageIds, first, last);
      line(`generate ${EVENTS.toLocaleString()} events (INSERT ... SELECT generate_series)`, `${(ms / 1000).toFixed(0)} s`);
      await db.query('INSERT INTO bench_meta VALUES ($1, $2, $3, false)', [site.id, first, last]);
      meta = { site_id: site.id, first_day: first, last_day: last, rolled: false };
    }
    if (process.env.BENCH_GENERATE_ONLY === '1') return;
    const siteId = Number(meta.site_id);
    const owner = (await db.one<{ id: number }>('SELECT account_id AS id FROM sites WHERE id = $1', [siteId])).id;
    const actor = actorFromRow((await findAccountById(db, owner)) as AccountRow);
    const detail = await getSite(ctx, actor, siteId);
    const grid = { pageIds: [] as number[], index: [] as number[] };
    for (const [col, c] of detail.categories.entries())
      for (const [row, p] of c.pages.entries()) {
        grid.pageIds.push(Number(p.id));
        grid.index.push(col * detail.numberVertical + row);
      }
    if (!meta.rolled || process.env.BENCH_REROLL === '1') {
      const times: number[] = [];
      const t0 = Date.now();
      for (let d = meta.first_day; d <= meta.last_day; d = addDays(d, 1)) {
        const { start, end } = japanDayBounds(d);
        const t = Date.now();
        await db.tx((q) => rebuildSiteDay(q, { siteId, day: d, start, end, grid }));
        times.push(Date.now() - t);
      }
      await db.exec('ANALYZE');
      await db.query('UPDATE bench_meta SET rolled = true WHERE site_id = $1', [siteId]);
      line(`refresh rollups, ${times.length} days (total)`, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
      line('refresh rollups, one site-day (median / p95)', `${median(times)} / ${p95(times)} ms`);
    } else console.log('  rollups already made (BENCH_REROLL=1 remakes them, timed)');

    srv = await startServer(config, { ctx });
    const token = (await login(srv.adminUrl, EMAIL)).access;
    const call = async (path: string): Promise<Record<string, unknown>> => {
      const r = await fetch(`${srv?.adminUrl}/api/v1/analysis/site/${siteId}/${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, unknown>;
    };
    // direct counts on the raw events, as the checks' yardstick
    const direct = async (sql: string, from: string, to: string, extra: unknown[] = []) =>
      Number(
        (
          await db.one<{ n: number }>(
            `SELECT (${sql})::bigint AS n FROM analytics_events WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3 ${extra.length ? 'AND page_id = $4' : ''}`,
            [siteId, japanDayBounds(from).start.toISOString(), japanDayBounds(to).end.toISOString(), ...extra],
          )
        ).n,
      );
    const checks: string[] = [];
    const check = (what: string, got: unknown, want: number) => {
      const ok = Number(got) === want;
      checks.push(`${ok ? 'ok  ' : 'FAIL'} ${what}: ${String(got)} (direct count ${want})`);
      if (!ok) process.exitCode = 1;
    };

    const to = meta.last_day;
    for (const days of [30, 365]) {
      const wanted = addDays(to, -(days - 1));
      // the API refuses a start more than a year back (a schema made days ago ends earlier)
      const from = wanted < earliestDay() ? earliestDay() : wanted;
      const p = `from=${from}&to=${to}`;
      const page = grid.pageIds[0] as number;
      // the screen's first load, then each tab (the per-page query runs in pages, funnel and ranking)
      const routes: Record<string, string> = {
        lp: `lp?${p}`,
        'lp/chart': `lp/chart?${p}`,
        pages: `pages?${p}`,
        settings: 'settings',
        funnel: `funnel?${p}`,
        ranking: `ranking?${p}`,
        utm: `utm?${p}`,
        referrers: `referrers?${p}`,
        heatmap: `heatmap?${p}&page_id=${page}`,
      };
      const answers: Record<string, Record<string, unknown>> = {};
      for (const [name, path] of Object.entries(routes)) answers[name] = await call(path); // warm, and kept for the checks
      for (const [name, path] of Object.entries(routes)) {
        const t: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await call(path);
          t.push(performance.now() - s);
        }
        line(`${days} days: GET ${name} p95 (median)`, `${p95(t).toFixed(1)} ms (${median(t).toFixed(1)})`, '<= 300 ms');
      }
      const first = ['lp', 'lp/chart', 'pages', 'settings'].map((n) => routes[n] as string);
      const t: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await Promise.all(first.map(call));
        t.push(performance.now() - s);
      }
      line(
        `${days} days: the screen's first load (4 calls at once) p95 (median)`,
        `${p95(t).toFixed(1)} ms (${median(t).toFixed(1)})`,
        '<= 300 ms',
      );

      const pv = await direct("count(*) FILTER (WHERE event = 'page_view')", from, to);
      // visitors: distinct (Japan day, visitor id) with a page view
      const daily = Number(
        (
          await db.one<{ n: number }>(
            `SELECT count(*)::bigint AS n FROM (SELECT DISTINCT ((occurred_at AT TIME ZONE 'UTC') + interval '9 hours')::date, session_id
               FROM analytics_events WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3 AND event = 'page_view') d`,
            [siteId, japanDayBounds(from).start.toISOString(), japanDayBounds(to).end.toISOString()],
          )
        ).n,
      );
      const a = answers as Record<string, Record<string, never>>;
      const totals = a.lp?.totals as unknown as Record<string, number>;
      const items = (name: string) => (answers[name]?.items ?? []) as Record<string, number>[];
      const sum = (xs: Record<string, number>[], k: string) => xs.reduce((s, x) => s + Number(x[k]), 0);
      check(`${days} days: lp page views`, totals.page_views, pv);
      check(`${days} days: lp visitors (daily distinct)`, totals.visitors, daily);
      check(
        `${days} days: lp/chart page views over the days`,
        sum((answers['lp/chart']?.days ?? []) as Record<string, number>[], 'page_views'),
        pv,
      );
      check(`${days} days: pages' views`, sum(items('pages'), 'views'), pv);
      check(`${days} days: funnel visitors`, answers.funnel?.visitors, daily);
      const top = items('ranking')[0] as Record<string, number>;
      check(
        `${days} days: ranking's first page views`,
        top.views,
        await direct("count(*) FILTER (WHERE event = 'page_view')", from, to, [top.page_id]),
      );
      check(`${days} days: utm rows' visits (one visit a session here)`, sum(items('utm'), 'visits'), daily);
      check(`${days} days: referrer rows' conversions`, sum(items('referrers'), 'conversions'), totals.conversions ?? -1);
      check(`${days} days: heatmap taps`, answers.heatmap?.total, await direct("count(*) FILTER (WHERE event = 'tap')", from, to, [page]));
    }
    for (const c of checks) console.log(`  ${c}`);
  } finally {
    await srv?.stop();
    await db.close().catch(() => {});
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [SCHEMA]).catch(() => {});
    await admin.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
