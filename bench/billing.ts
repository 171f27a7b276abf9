import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import type { AppContext } from '../apps/server/src/context.js';
import { billMonth, pageViewsByAccount } from '../apps/server/src/modules/billing/service.js';
import { createContext } from '../apps/server/src/open.js';
import { testConfig, testDb } from '../apps/server/src/test/helpers.js';
import { line, median } from './lib.js';

// The monthly run over 10,000 accounts and 10M page-view events under 60 s. PostgreSQL
// (DATABASE_URL, default the local test database) in a schema of its own, dropped afterwards. The data is made
// with generate_series in SQL. The run is timed RUNS times (the month's bills deleted between runs), plus a
// rerun with everything already billed. Each bill's invoice is issued in the same statement (its content stored, its
// number from the platform's sequence). Invoice PDF p95: bench/invoice.ts, when it exists, exports
// `invoicePdfTimes(ctx, billIds): Promise<number[]>` (ms per render) and its figure is printed here.

const ACCOUNTS = 10_000;
const EVENTS = 10_000_000;
const CHUNK = 2_000_000;
const RUNS = 3;
const MONTH = '2026-01';

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function seed(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const m = await db.one<{ id: number }>(
    "INSERT INTO accounts (type, email, password_hash) VALUES ('MASTER', 'master@bench.test', '') RETURNING id",
  );
  await db.query("UPDATE accounts SET path = '/' || id || '/' WHERE id = $1", [m.id]);
  const plans = await db.query<{ id: number }>(
    "INSERT INTO plans (name, price, limit_access, limit_access_price) SELECT 'Plan ' || g, 10000 * g, 500 * g, 300 FROM generate_series(1, 3) g RETURNING id",
  );
  await db.query(
    `INSERT INTO accounts (parent_id, type, email, password_hash, company_name, plan_id, license_issue, created_at)
     SELECT $1, 'MASTER_USER', 'u' || g || '@bench.test', '', 'Company ' || g, ($2::bigint[])[1 + g % 3], g % 10 = 0, '2025-12-01T00:00:00+09:00'
       FROM generate_series(1, ${ACCOUNTS}) g`,
    [m.id, plans.map((p) => p.id)],
  );
  await db.query("UPDATE accounts SET path = '/' || $1 || '/' || id || '/' WHERE parent_id = $1", [m.id]);
  await db.query(
    `INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id)
     SELECT id, '2025-12-01T00:00:00+09:00', 'created', 'ACTIVE', plan_id FROM accounts WHERE parent_id = $1`,
    [m.id],
  );
  await db.query(
    `INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical)
     SELECT gen_random_uuid(), id, 'Site', 1, 1 FROM accounts WHERE parent_id = $1`,
    [m.id],
  );
  const { lo, n } = await db.one<{ lo: number; n: number }>('SELECT min(id)::bigint AS lo, count(*)::int AS n FROM sites');
  // 10M page views over January 2026 (Japan time), skewed: low site ids get more, so some accounts pass their limit
  for (let from = 1; from <= EVENTS; from += CHUNK) {
    await db.query(
      `INSERT INTO analytics_events (site_id, event, session_id, occurred_at)
       SELECT $1::bigint + ((g * g) % $2::bigint), 'page_view', 's', TIMESTAMPTZ '2026-01-01T00:00:00+09:00' + (g % 2678400) * interval '1 second'
         FROM generate_series($3::bigint, $4::bigint) g`,
      [lo, n, from, Math.min(EVENTS, from + CHUNK - 1)],
    );
  }
  await db.exec('ANALYZE');
}

async function invoiceFigure(ctx: AppContext): Promise<void> {
  const hook = path.join(path.dirname(new URL(import.meta.url).pathname), 'invoice.ts');
  if (!fs.existsSync(hook)) {
    line('invoice PDF p95 (after the first)', 'n/a', '< 300 ms');
    return;
  }
  const mod = (await import(hook)) as { invoicePdfTimes?: (ctx: AppContext, ids: number[]) => Promise<number[]> };
  if (!mod.invoicePdfTimes) {
    line('invoice PDF p95 (after the first)', 'n/a', '< 300 ms');
    return;
  }
  const ids = (await ctx.db.query<{ id: number }>('SELECT id FROM payments ORDER BY id LIMIT 101')).map((r) => Number(r.id));
  const times = (await mod.invoicePdfTimes(ctx, ids)).slice(1).sort((a, b) => a - b);
  line('invoice PDF p95 (after the first)', `${pct(times, 95).toFixed(1)} ms`, '< 300 ms');
}

export async function run(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  console.log(
    `\nBilling (PostgreSQL): the monthly run over ${ACCOUNTS.toLocaleString('en')} accounts and ${EVENTS.toLocaleString('en')} page views`,
  );
  const { db, drop } = await testDb();
  try {
    const ctx = await createContext(testConfig(), { db, logger: pino({ level: 'silent' }) });
    const t0 = performance.now();
    await seed(ctx);
    line('seed (generate_series)', s(performance.now() - t0));
    const pvTimes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await pageViewsByAccount(db, MONTH);
      pvTimes.push(performance.now() - t);
    }
    line('page views per account (one GROUP BY), median', s(median(pvTimes)));
    const times: number[] = [];
    let billed = 0;
    for (let i = 0; i < RUNS; i++) {
      // the month's bills and their invoices go (issued invoices are never deleted by the app: their trigger refuses
      // a DELETE, so the bench empties the tables it made, and the issuers' sequences start again at 1)
      await db.exec('TRUNCATE payments, bill_lines, invoices, invoice_sequences CASCADE');
      // each run starts as a real month does: no dead rows of the previous run in the way
      await db.exec('VACUUM ANALYZE payments');
      await db.exec('VACUUM ANALYZE bill_lines');
      await db.exec('VACUUM ANALYZE invoices');
      const t = performance.now();
      billed = (await billMonth(ctx, MONTH)).billed;
      times.push(performance.now() - t);
    }
    line(`monthly run, runs (${billed.toLocaleString('en')} bills each)`, times.map((t) => (t / 1000).toFixed(2)).join(' / '));
    line('monthly run, median', s(median(times)), '< 60 s');
    const t = performance.now();
    const again = await billMonth(ctx, MONTH);
    line(`rerun, everything billed (${again.billed} new bills)`, s(performance.now() - t));
    const pv = await db.one<{ n: number; over: number }>(
      'SELECT sum(page_views)::bigint AS n, count(*) FILTER (WHERE pv_fee > 0)::int AS over FROM payments WHERE year_month = $1',
      [MONTH],
    );
    line('page views billed / accounts over their limit', `${Number(pv.n).toLocaleString('en')} / ${pv.over}`);
    const inv = await db.one<{ n: number; top: number; first: string }>(
      "SELECT count(*)::int AS n, max(seq)::int AS top, min(number) AS first FROM invoices WHERE kind = 'invoice'",
    );
    line('invoices issued with the bills (numbers, from)', `${inv.n.toLocaleString('en')} (1..${inv.top}, ${inv.first})`);
    await invoiceFigure(ctx);
  } finally {
    await drop();
  }
}
