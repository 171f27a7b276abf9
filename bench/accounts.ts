import { IMPORT_COLUMNS } from '@swipe/core';
import { hashPassword } from '../apps/server/src/lib/passwords.js';
import { insertAccount } from '../apps/server/src/modules/accounts/repo.js';
import { runImport } from '../apps/server/src/modules/user-import/service.js';
import { startTestServer } from '../apps/server/src/test/helpers.js';
import { line } from './lib.js';

// The user list over 10,000 accounts in one OEM subtree (p95 under 100 ms) and a
// 5,000-row CSV import, dry run and commit, each under 10 s. PostgreSQL (DATABASE_URL, default the local
// test database) in a schema of its own, dropped afterwards. Figures are printed, never asserted.

const REQUESTS = 250;
const WARMUP = 20;
const ADMINS = 50;
const USERS_PER_ADMIN = 199; // 50 + 50 x 199 = 10,000 accounts below the OEM master

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function timed(url: string, token: string, n: number): Promise<{ p50: number; p95: number; total: number; bad: number }> {
  const times: number[] = [];
  let bad = 0;
  let total = 0;
  for (let i = 0; i < WARMUP + n; i++) {
    const t0 = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await r.json()) as { total?: number };
    const ms = performance.now() - t0;
    if (r.status !== 200) bad++;
    total = body.total ?? total;
    if (i >= WARMUP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), total, bad };
}

export async function run(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  console.log('\nAccounts (PostgreSQL): user list over 10,000 accounts, CSV import of 5,000 rows');
  const s = await startTestServer();
  try {
    const db = s.ctx.db;
    const password = 'Bench-Passw0rd#';
    const hash = await hashPassword(password);
    const master = await db.tx((q) => insertAccount(q, { parentId: null, type: 'MASTER', email: 'master@bench.test', passwordHash: hash }));
    const oem = await db.tx((q) =>
      insertAccount(q, { parentId: master.id, type: 'OEM_MASTER', email: 'oem@bench.test', passwordHash: hash, companyName: 'Bench OEM' }),
    );
    const plans = await db.query<{ id: number }>(
      `INSERT INTO plans (name, owner_account_id) SELECT 'Plan ' || g, $1 FROM generate_series(1, 3) g RETURNING id`,
      [oem.id],
    );
    const seed0 = performance.now();
    const idSeq = "nextval(pg_get_serial_sequence('accounts', 'id'))";
    await db.query(
      `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, contract_start, contract_end, plan_id)
       SELECT id, $1, 'OEM_ADMIN', $2 || id || '/', 'admin-' || g || '@bench.test', '', 'Admin Company ' || g, 'Admin ' || g,
              DATE '2026-01-01', DATE '2027-12-31', $3
         FROM (SELECT ${idSeq} AS id, g FROM generate_series(1, ${ADMINS}) g) s`,
      [oem.id, oem.path, plans[0]?.id],
    );
    await db.query(
      `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, contract_start, contract_end,
         plan_id, contract_status)
       SELECT id, pid, 'USER', ppath || id || '/', 'user-' || pid || '-' || g || '@bench.test', '', 'Company ' || pid || '-' || g,
              'Contact ' || g, DATE '2026-01-01' + (g % 300), DATE '2027-12-31', ($2::bigint[])[1 + g % 3],
              (ARRAY['ACTIVE','ACTIVE','ACTIVE','SUSPENDED','INACTIVE'])[1 + g % 5]
         FROM (SELECT ${idSeq} AS id, a.id AS pid, a.path AS ppath, g
                 FROM accounts a CROSS JOIN generate_series(1, ${USERS_PER_ADMIN}) g WHERE a.parent_id = $1) s`,
      [oem.id, plans.map((p) => p.id)],
    );
    await db.exec('ANALYZE accounts');
    line('seed 10,000 accounts below one OEM master', `${((performance.now() - seed0) / 1000).toFixed(2)} s`);

    const login = await fetch(`${s.adminUrl}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'oem@bench.test', password }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };

    const cases: [string, string][] = [
      ['page 1 of 20, newest first', 'page=1&page_size=20'],
      ['page 50 of 20, by company', 'page=50&page_size=20&sort=company&order=asc'],
      ['search "company 1", by e-mail', 'page=1&page_size=20&search=company%201&sort=email&order=asc'],
      ['search "contact 7", status ACTIVE, by contract end', 'page=1&page_size=20&search=contact%207&status=ACTIVE&sort=contract_end'],
      ['filter type USER, by plan', 'page=2&page_size=20&type=USER&sort=plan&order=asc'],
    ];
    for (const [label, query] of cases) {
      const r = await timed(`${s.adminUrl}/api/v1/user?${query}`, token, REQUESTS);
      line(`GET /user ${label} p50`, `${r.p50.toFixed(1)} ms`);
      line(`GET /user ${label} p95 (${REQUESTS} req, ${r.total} match)`, `${r.p95.toFixed(1)} ms`, '< 100 ms');
      if (r.bad) line('  non-200 answers', String(r.bad));
    }

    // A 5,000-row file of new users under the OEM master, with its own plan by name.
    const rows = Array.from(
      { length: 5000 },
      (_, i) => `USER,import-${i}@bench.test,Imported Company ${i},Contact ${i},Plan 2,2026-04-01,2027-03-31,EDIT,no`,
    );
    const csv = `\uFEFF${IMPORT_COLUMNS.join(',')}\r\n${rows.join('\r\n')}\r\n`;
    const post = (path: string) =>
      fetch(`${s.adminUrl}/api/v1/user/import${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
        body: csv,
      });
    const d0 = performance.now();
    const dry = (await (await post('/dry-run')).json()) as { status: string; total: number };
    const dryMs = performance.now() - d0;
    line(
      `CSV import dry run, ${dry.total} rows (${dry.status}, ${(csv.length / 1024).toFixed(0)} KB)`,
      `${(dryMs / 1000).toFixed(2)} s`,
      '< 10 s',
    );
    const c0 = performance.now();
    const queued = (await (await post('')).json()) as { id: number; status: string };
    const queuedMs = performance.now() - c0;
    const j0 = performance.now();
    const done = await runImport(s.ctx, queued.id);
    const jobMs = performance.now() - j0;
    line('CSV import commit: check + queue (request)', `${(queuedMs / 1000).toFixed(2)} s`);
    line(`CSV import commit: job, ${done.created} accounts + set-up jobs`, `${(jobMs / 1000).toFixed(2)} s`);
    line('CSV import commit, request + job', `${((queuedMs + jobMs) / 1000).toFixed(2)} s`, '< 10 s');
  } finally {
    await s.drop();
  }
}
