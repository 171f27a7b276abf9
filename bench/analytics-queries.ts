// Part of `npm run bench -- analytics`: the per-site analytics screen's queries on a site with 10M raw
// events over a year (issue 11: p95 <= 300 ms for 30 and for 365 days). On PostgreSQL (DATABASE_URL,
// default the local test database), in its own schema `bench_analytics_q_<events>`: the events are generated in SQL
// (generate_series) once and the schema is kept, so a later run reuses it (it says so). BENCH_FRESH=1
// drops it first. The rollups of every day are rebuilt (timed) on the first run, or with BENCH_REROLL=1.
import { createPgDb, type Db } from '../apps/server/src/db/db.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { insertAccount } from '../apps/server/src/modules/accounts/repo.js';
import { createMonthPartition, nextMonth } from '../apps/server/src/modules/analytics/repo/partitions.js';
import { dayBefore, japanDayBounds } from '../apps/server/src/modules/analytics/rollup.js';
import { pgStore, rebuildSiteDay } from '../apps/server/src/modules/analytics/repo/rollups.js';
import type { DayRange } from '../apps/server/src/modules/analytics/store.js';
import { japanDay } from '../packages/core/src/japan-time.js';
import { line, median } from './lib.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const SCHEMA = `bench_analytics_q_${EVENTS}`;
const RUNS = 30;
const PER_SESSION = 10;
const COLS = 5;
const ROWS = 8; // 40 pages: page id 1000 + col * ROWS + row

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;

async function generate(db: Db, siteId: number, first: string, last: string): Promise<number> {
  const start = japanDayBounds(first).start;
  const span = japanDayBounds(last).end.getTime() - start.getTime();
  const sessions = Math.ceil(EVENTS / PER_SESSION);
  // a partition per month of the year
  for (let m = first.slice(0, 7); m <= last.slice(0, 7); m = nextMonth(m)) await db.tx((q) => createMonthPartition(q, m));
  const chunk = 1_000_000;
  const t0 = Date.now();
  for (let lo = 0; lo < EVENTS; lo += chunk) {
    // event g of session s = g / 10 (k = g % 10): even k views a page down the session's column, odd k is a
    // leave with dwell, a tap, a swipe to the next column, a CTA click or a conversion; 30 % of sessions carry UTM
    await db.query(
      `INSERT INTO analytics_events (event_id, site_id, page_id, event, session_id, data, occurred_at, dwell_ms, x, y)
       SELECT 'b' || g, $1::bigint, 1000 + col * ${ROWS} + least(${ROWS - 1}, rw + k / 2), kind, 'v' || s,
         CASE WHEN kind = 'page_view' AND k = 0 AND s % 10 < 3 THEN jsonb_build_object('utm_source', (ARRAY['google','yahoo','line','mail'])[1 + s % 4],
                'utm_medium', (ARRAY['cpc','social','email'])[1 + s % 3], 'utm_campaign', 'c' || (s % 7))
              WHEN kind = 'slide_page' THEN jsonb_build_object('from', chr((65 + col)::int) || '1', 'to', chr((65 + (col + 1) % ${COLS})::int) || '1')
              ELSE '{}'::jsonb END,
         $2::timestamptz + make_interval(secs => (s::float8 / $3) * $4 / 1000 + k * 8),
         CASE WHEN kind = 'page_leave' THEN (random() ^ 2 * 90000)::int END,
         CASE WHEN kind = 'tap' THEN random()::real END, CASE WHEN kind = 'tap' THEN random()::real END
       FROM (SELECT g, g / ${PER_SESSION} AS s, g % ${PER_SESSION} AS k, (g / ${PER_SESSION}) % ${COLS} AS col,
               ((g / ${PER_SESSION}) / ${COLS}) % 4 AS rw, random() AS r FROM generate_series($5::bigint, $6::bigint) g) x,
       LATERAL (SELECT CASE WHEN k % 2 = 0 THEN 'page_view' WHEN r < 0.6 THEN 'page_leave' WHEN r < 0.8 THEN 'tap'
                            WHEN r < 0.9 THEN 'slide_page' WHEN r < 0.97 THEN 'click_cta_btn' ELSE 'conversion' END AS kind) e`,
      [siteId, start.toISOString(), sessions, span, lo, Math.min(EVENTS, lo + chunk) - 1],
    );
    process.stdout.write(
      `  generated ${Math.min(EVENTS, lo + chunk).toLocaleString()} events (${((Date.now() - t0) / 1000).toFixed(0)} s)\r`,
    );
  }
  console.log('');
  await db.exec('ANALYZE analytics_events');
  return Date.now() - t0;
}

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  console.log(`analytics screen queries (PostgreSQL, ${EVENTS.toLocaleString()} events over a year, one site, 40 pages)`);
  const admin = createPgDb(url, { max: 1 });
  if (process.env.BENCH_FRESH === '1') await admin.exec(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`);
  await admin.exec(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  // one run at a time on the schema (a second run waits, then reuses what the first generated)
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', [SCHEMA]);
  const db = createPgDb(url, { schema: SCHEMA, max: 10 });
  try {
    await migrate(db);
    await db.exec(
      'CREATE TABLE IF NOT EXISTS bench_meta (site_id bigint, events bigint, first_day date, last_day date, rolled boolean DEFAULT false)',
    );
    let meta = await db.maybeOne<{ site_id: number; events: number; first_day: string; last_day: string; rolled: boolean }>(
      'SELECT site_id, events, first_day::text AS first_day, last_day::text AS last_day, rolled FROM bench_meta ORDER BY site_id LIMIT 1',
    );
    if (meta) {
      console.log(`  reusing the schema ${SCHEMA} generated earlier (${meta.first_day} .. ${meta.last_day}; BENCH_FRESH=1 makes it again)`);
    } else {
      const hash = await hashPassword('Bench-Passw0rd!');
      const owner = await db.tx((q) =>
        insertAccount(q, { parentId: null, type: 'MASTER', email: `q${Date.now()}@bench.test`, passwordHash: hash }),
      );
      const site = await db.one<{ id: number }>(
        "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical, status) VALUES (gen_random_uuid(), $1, 'bench', $2, $3, 'PUBLISH') RETURNING id",
        [owner.id, COLS, ROWS],
      );
      const last = dayBefore(japanDay());
      let first = last;
      for (let i = 0; i < 364; i++) first = dayBefore(first);
      const ms = await generate(db, Number(site.id), first, last);
      line('generate 10M events (INSERT ... SELECT generate_series)', `${(ms / 1000).toFixed(0)} s`);
      await db.query('INSERT INTO bench_meta VALUES ($1, $2, $3, $4, false)', [site.id, EVENTS, first, last]);
      meta = { site_id: Number(site.id), events: EVENTS, first_day: first, last_day: last, rolled: false };
    }
    if (process.env.BENCH_GENERATE_ONLY === '1') return;
    const siteId = Number(meta.site_id);
    const grid = { pageIds: [] as number[], index: [] as number[] };
    for (let c = 0; c < COLS; c++)
      for (let r = 0; r < ROWS; r++) {
        grid.pageIds.push(1000 + c * ROWS + r);
        grid.index.push(c * ROWS + r);
      }
    if (!meta.rolled || process.env.BENCH_REROLL === '1') {
      const times: number[] = [];
      const t0 = Date.now();
      for (let d = meta.first_day; d <= meta.last_day; d = japanDay(japanDayBounds(d).end)) {
        const { start, end } = japanDayBounds(d);
        const t = Date.now();
        await db.tx((q) => rebuildSiteDay(q, { siteId, day: d, start, end, grid }));
        times.push(Date.now() - t);
      }
      await db.exec('ANALYZE');
      await db.query('UPDATE bench_meta SET rolled = true WHERE site_id = $1', [siteId]);
      line(`refresh rollups, ${times.length} days (total)`, `${((Date.now() - t0) / 1000).toFixed(1)} s`);
      line('refresh rollups, one site-day (median / p95)', `${median(times)} / ${p95(times)} ms`);
    } else console.log('  rollups already built (BENCH_REROLL=1 rebuilds them, timed)');

    const store = pgStore(db);
    const back = (days: number): DayRange => {
      let from = meta.last_day;
      for (let i = 1; i < days; i++) from = dayBefore(from);
      return { from, to: meta.last_day };
    };
    const before = (r: DayRange, days: number): DayRange => {
      let to = dayBefore(r.from);
      const t = to;
      for (let i = 1; i < days; i++) to = dayBefore(to);
      return { from: to, to: t };
    };
    for (const days of [30, 365]) {
      const r = back(days);
      const prev = before(r, days);
      const calls: Record<string, () => Promise<unknown>> = {
        siteDays: () => store.siteDays([siteId], r),
        'siteTotals (period + previous)': () => Promise.all([store.siteTotals([siteId], r), store.siteTotals([siteId], prev)]),
        pageTotals: () => store.pageTotals(siteId, r),
        categoryMoves: () => store.categoryMoves(siteId, r),
        'taps (one page)': () => store.taps(siteId, 1000, r),
        utm: () => store.utm(siteId, r),
      };
      const screen = () => Promise.all(Object.values(calls).map((f) => f()));
      await screen(); // warm
      for (const [name, f] of Object.entries(calls)) {
        const t: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const s = performance.now();
          await f();
          t.push(performance.now() - s);
        }
        line(`${days} days: ${name} p95 (median)`, `${p95(t).toFixed(1)} ms (${median(t).toFixed(1)})`, '<= 300 ms');
      }
      const t: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        await screen();
        t.push(performance.now() - s);
      }
      line(
        `${days} days: the whole screen, all calls at once, p95 (median)`,
        `${p95(t).toFixed(1)} ms (${median(t).toFixed(1)})`,
        '<= 300 ms',
      );
    }
  } finally {
    await db.close();
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [SCHEMA]).catch(() => {});
    await admin.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
