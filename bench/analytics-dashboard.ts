import { monthRangeJst } from '@swipe/core';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { insertAccount } from '../apps/server/src/modules/accounts/repo.js';
import { forgetTrends, monthsUpTo } from '../apps/server/src/modules/dashboard/service.js';
import { startTestServer } from '../apps/server/src/test/helpers.js';
import { line } from './lib.js';

// The summary dashboard over 10,000 accounts, p95 <= 300 ms. PostgreSQL (DATABASE_URL,
// default the local test database) in a fresh schema, dropped afterwards. One OEM master with 10,000 accounts
// below it (50 OEM admins x 199 users) on priced plans, a sibling OEM with 2,000 more (which must not count),
// contract history over 14 months (a plan change for a third of them), 1-2 sites each and last month's bills.
// Each call is timed 40 times after a warm-up, then the four together as the screen loads them. Printed, never asserted.

const N = 40;
const WARMUP = 5;
const ADMINS = 50;
const USERS_PER_ADMIN = 199;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timed(fn: () => Promise<number[]>): Promise<{ p50: number; p95: number; bad: number }> {
  const times: number[] = [];
  let bad = 0;
  for (let i = 0; i < WARMUP + N; i++) {
    forgetTrends(); // every call cold: adoption-by-plan and revenue share the trend only within one screen load
    const t0 = performance.now();
    const statuses = await fn();
    const ms = performance.now() - t0;
    bad += statuses.filter((s) => s !== 200).length;
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), bad };
}

export async function run(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  console.log('\nDashboard (PostgreSQL): 10,000 accounts below an OEM master, plans, history, sites, a month of bills');
  const s = await startTestServer();
  try {
    const db = s.ctx.db;
    const password = 'Bench-Passw0rd#';
    const hash = await hashPassword(password);
    const master = await db.tx((q) => insertAccount(q, { parentId: null, type: 'MASTER', email: 'master@dash.bench', passwordHash: hash }));
    const oem = await db.tx((q) =>
      insertAccount(q, { parentId: master.id, type: 'OEM_MASTER', email: 'oem@dash.bench', passwordHash: hash, companyName: 'Bench OEM' }),
    );
    const sibling = await db.tx((q) =>
      insertAccount(q, {
        parentId: master.id,
        type: 'OEM_MASTER',
        email: 'sibling@dash.bench',
        passwordHash: hash,
        companyName: 'Sibling',
      }),
    );
    const seed0 = performance.now();
    const months = monthsUpTo(undefined, new Date());
    const windowStart = monthRangeJst(months[0] as string).start;
    const lastMonth = months[10] as string;
    const idSeq = "nextval(pg_get_serial_sequence('accounts', 'id'))";
    for (const [top, admins] of [
      [oem, ADMINS],
      [sibling, 10],
    ] as const) {
      const plans = await db.query<{ id: number }>(
        `INSERT INTO plans (name, price, owner_account_id) SELECT 'Plan ' || g, (ARRAY[0, 9800, 29800, 59800])[g], $1
           FROM generate_series(1, 4) g RETURNING id`,
        [top.id],
      );
      const ids = plans.map((p) => p.id);
      // created over the last 14 months (Japan time is irrelevant here: spread by the hour)
      await db.query(
        `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, plan_id, created_at)
         SELECT id, $1, 'OEM_ADMIN', $2 || id || '/', 'admin-' || id || '@dash.bench', '', 'Admin ' || g, ($3::bigint[])[1 + g % 4],
                $4::timestamptz - interval '60 days' + (g || ' hours')::interval
           FROM (SELECT ${idSeq} AS id, g FROM generate_series(1, ${admins}) g) s`,
        [top.id, top.path, ids, windowStart],
      );
      await db.query(
        `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, plan_id, created_at, contract_status, deleted_at)
         SELECT id, pid, 'USER', ppath || id || '/', 'user-' || id || '@dash.bench', '', 'Company ' || id, ($2::bigint[])[1 + g % 4],
                now() - ((g * 7919) % 420 || ' days')::interval - ((g % 24) || ' hours')::interval,
                (ARRAY['ACTIVE','ACTIVE','ACTIVE','SUSPENDED','INACTIVE','ACTIVE','ACTIVE','ACTIVE','ACTIVE','TERMINATED'])[1 + g % 10],
                CASE WHEN g % 50 = 0 THEN now() - interval '20 days' END
           FROM (SELECT ${idSeq} AS id, a.id AS pid, a.path AS ppath, g
                   FROM accounts a CROSS JOIN generate_series(1, ${USERS_PER_ADMIN}) g WHERE a.parent_id = $1) s`,
        [top.id, ids],
      );
    }
    // history: 'created' with the first plan at creation; a third changed plan later; terminations
    await db.query(
      `INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id)
       SELECT id, created_at, 'created', 'ACTIVE', CASE WHEN id % 3 = 0 THEN (SELECT min(id) FROM plans WHERE owner_account_id = split_part(path, '/', 3)::bigint) ELSE plan_id END
         FROM accounts WHERE type NOT IN ('MASTER', 'OEM_MASTER')`,
    );
    await db.query(
      `INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id)
       SELECT id, created_at + (now() - created_at) / 2, 'plan_changed', 'ACTIVE', plan_id FROM accounts WHERE id % 3 = 0 AND type NOT IN ('MASTER', 'OEM_MASTER')`,
    );
    await db.query(
      `INSERT INTO contract_history (account_id, executed_at, process_content, from_status, to_status)
       SELECT id, now() - interval '10 days', 'terminated', 'ACTIVE', 'TERMINATED' FROM accounts WHERE contract_status = 'TERMINATED'`,
    );
    await db.query(
      `INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical, status)
       SELECT gen_random_uuid(), a.id, 'Site ' || a.id || '-' || k, 3, 4, (ARRAY['DRAFT','PUBLISH','PRIVATE','PUBLISH'])[1 + (a.id + k) % 4]
         FROM accounts a CROSS JOIN generate_series(1, 2) k WHERE a.type <> 'MASTER' AND (k = 1 OR a.id % 2 = 0)`,
    );
    await db.query(
      `INSERT INTO payments (account_id, seller_account_id, plan_id, year_month, plan_name, plan_fee, subtotal, tax, total, status)
       SELECT a.id, COALESCE(p.owner_account_id, $1), p.id, $2, p.name, p.price, p.price, p.price / 10, p.price + p.price / 10,
              (ARRAY['PAID','UNPAID','COMPLETED'])[1 + a.id % 3]
         FROM accounts a JOIN plans p ON p.id = a.plan_id
        WHERE a.deleted_at IS NULL AND a.contract_status <> 'TERMINATED' AND p.price > 0 AND a.type <> 'OEM_MASTER'`,
      [master.id, lastMonth],
    );
    await db.exec('ANALYZE');
    const counts = await db.one<{ a: number; h: number; s: number; p: number }>(
      `SELECT (SELECT count(*) FROM accounts)::int AS a, (SELECT count(*) FROM contract_history)::int AS h,
              (SELECT count(*) FROM sites)::int AS s, (SELECT count(*) FROM payments)::int AS p`,
    );
    line(
      `seed: ${counts.a} accounts, ${counts.h} history rows, ${counts.s} sites, ${counts.p} bills`,
      `${((performance.now() - seed0) / 1000).toFixed(2)} s`,
    );

    if (process.env.DASH_KEEP) {
      console.log(`  kept: ${(await db.one<{ s: string }>('SELECT current_schema() AS s')).s}`);
      return;
    }
    for (const who of ['oem@dash.bench', 'master@dash.bench']) {
      const res = await fetch(`${s.adminUrl}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: who, password }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      const call = async (path: string) => {
        const r = await fetch(`${s.adminUrl}/api/v1/dashboard/${path}`, { headers: { authorization: `Bearer ${token}` } });
        await r.arrayBuffer();
        return r.status;
      };
      const label = who.startsWith('oem') ? 'OEM master (10,000 below)' : 'platform master (12,000+ below)';
      const rev = (await (
        await fetch(`${s.adminUrl}/api/v1/dashboard/revenue`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        source: string;
        mrr: number;
      };
      line(`${label}: revenue source ${rev.source}, MRR`, `${rev.mrr.toLocaleString('en')} yen`);
      const paths = ['registration-data', 'user-site', 'adoption-by-plan', 'revenue'];
      for (const p of paths) {
        const r = await timed(async () => [await call(p)]);
        line(`${label}: GET ${p} p50`, `${r.p50.toFixed(1)} ms`);
        line(`${label}: GET ${p} p95 (${N} req)${r.bad ? `, ${r.bad} non-200` : ''}`, `${r.p95.toFixed(1)} ms`, '<= 300 ms');
      }
      const all = await timed(() => Promise.all(paths.map(call)));
      line(`${label}: the four together (screen load) p50`, `${all.p50.toFixed(1)} ms`);
      line(`${label}: the four together p95 (${N} loads)${all.bad ? `, ${all.bad} non-200` : ''}`, `${all.p95.toFixed(1)} ms`, '<= 300 ms');
    }
  } finally {
    if (process.env.DASH_KEEP) await s.stop();
    else await s.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.LOG_LEVEL ??= 'silent';
  await run();
  process.exit(0);
}
