import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from './context.js';
import { createPgDb } from './db/db.js';
import { isScheduled, nextPeriod, periodOf, queueRun } from './jobs/schedule.js';
import type { Clock } from './lib/clock.js';
import { jobHandlers } from './modules/index.js';
import { createContext, testClock } from './open.js';
import { makeBillingPlan, makeCustomer } from './test/bills.js';
import { makeVisitorSite } from './test/enduser-fixtures.js';
import { freePort, makeAccount, TEST_PASSWORD, testConfig } from './test/helpers.js';
import { childPids, nginxSiteConf, type Proc, ROOT, running, startNginx, startNode, stopProc, waitUp } from './test/processes.js';
import { spawnedDatabase, waitFor } from './test/slow.js';

// A deployment of several processes behind nginx (README "Running at scale", docs/nginx.example.conf): two web
// processes A and B (RUN_WORKER=false) and workers (`npm run worker`) on one PostgreSQL and one Redis behave as one.
// PostgreSQL only: the embedded database (PGlite) is one process's.
const onPg = Boolean(process.env.DATABASE_URL);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TTL_MS = 2000;
/** business time of every process at its start (TEST_CLOCK): 09:00 on 1 December in Japan */
const BUSINESS = '2026-12-01T09:00:00+09:00';
const CUSTOMERS = 230;
const ADMIN_HOST = 'admin.example.com';
const SITES_HOST = 'sites.example.com';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let database: Awaited<ReturnType<typeof spawnedDatabase>>;
let ctx: AppContext;
const procs: Proc[] = [];
let web: Record<'A' | 'B', { admin: number; sites: number; proc: Proc }>;
let nginx: Proc;
let gate = 0;
let env: NodeJS.ProcessEnv;
let master = { id: 0, email: '' };
let site = { siteId: 0, accountId: 0, email: '' };
const customers: number[] = [];
let ended = 0;
let testClockValue = '';
/** the test's own transaction that holds a bill (released in afterAll too, or dropping the schema would wait on it) */
let release = () => {};
let heldDb: { close(): Promise<void> } | undefined;
let site2 = 0;

interface Answer {
  status: number;
  /** which process answered through nginx (its X-Upstream: the last address tried) */
  by: 'A' | 'B' | '?';
  body: Record<string, unknown>;
}
function processOf(upstream: string): 'A' | 'B' | '?' {
  const port = Number(upstream.split(',').pop()?.trim().split(':')[1]);
  if (port === web.A.admin || port === web.A.sites) return 'A';
  if (port === web.B.admin || port === web.B.sites) return 'B';
  return '?';
}
/** A request through nginx, to the admin or the sites host by name (fetch may not set Host: node's http does). */
function call(
  host: 'admin' | 'sites',
  method: string,
  url: string,
  o: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { host: host === 'admin' ? ADMIN_HOST : SITES_HOST, 'accept-language': 'en', ...o.headers };
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: gate, method, path: url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        let body: Record<string, unknown> = {};
        try {
          body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        } catch {
          body = { text };
        }
        resolve({ status: res.statusCode ?? 0, by: processOf(String(res.headers['x-upstream'] ?? '')), body });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
/** Calls until both processes have answered; every answer is kept. */
async function fromBoth(make: () => Promise<Answer>): Promise<Answer[]> {
  const all: Answer[] = [];
  for (let i = 0; i < 12 && !(all.some((a) => a.by === 'A') && all.some((a) => a.by === 'B')); i++) all.push(await make());
  expect(new Set(all.map((a) => a.by))).toEqual(new Set(['A', 'B']));
  return all;
}
const one = <T>(sql: string, params: unknown[] = []) => ctx.db.one<T & Record<string, unknown>>(sql, params);
const count = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;

async function login(email: string, password = TEST_PASSWORD): Promise<string> {
  const r = await call('admin', 'POST', '/api/v1/auth/login', { body: { email, password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.access_token as string;
}

beforeAll(async () => {
  if (!onPg) return;
  database = await spawnedDatabase();
  const url = database.env.DATABASE_URL as string;
  // one business clock for every process: BUSINESS now, running on (TEST_CLOCK with its real moment)
  testClockValue = `${BUSINESS}@${Date.now()}`;
  const clock = testClock({ env: 'test', testClock: testClockValue }) as Clock;
  ctx = await createContext(testConfig({ databaseUrl: url }), { logger: pino({ level: 'silent' }), clock });
  // the deployment's data: a platform master, a customer's published site with a contact form, customers billed
  // every month since September, one whose contract ends on 30 November
  master = { id: (await makeAccount(ctx, { parentId: null, type: 'MASTER', email: 'master@scale.test' })).id, email: 'master@scale.test' };
  const fixture = await makeVisitorSite(ctx, { parentId: master.id, email: 'owner@scale.test' });
  site = { siteId: fixture.siteId, accountId: fixture.accountId, email: 'owner@scale.test' };
  const plan = await makeBillingPlan(ctx, 'Scale', 3000);
  for (let i = 0; i < CUSTOMERS; i++)
    customers.push(
      (
        await makeCustomer(ctx, {
          parentId: master.id,
          email: `c${i}@scale.test`,
          companyName: `C${i}`,
          planId: plan,
          since: '2026-09-01T00:00:00+09:00',
        })
      ).id,
    );
  ended = (await makeAccount(ctx, { parentId: master.id, type: 'MASTER_USER', email: 'ending@scale.test', contractEnd: '2026-11-30' })).id;
  site2 = (await makeVisitorSite(ctx, { parentId: master.id, email: 'owner2@scale.test' })).siteId;
  // every recurring job ran for its last period, so a worker's first seed queues the current one (jobs/schedule.ts)
  const now = clock.now();
  for (const h of Object.values(jobHandlers()))
    if (isScheduled(h)) {
      const previous = h.schedule.every === 'month' ? '2026-11' : '2026-11-30';
      expect(nextPeriod(h.schedule, previous)).toBe(periodOf(h.schedule, now));
      await queueRun(ctx.db, h.kind, h.schedule, previous);
    }
  await ctx.db.query("UPDATE jobs SET status = 'DONE', finished_at = now() WHERE dedupe_key LIKE 'schedule:%'");

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-scale-'));
  const ports = {
    gate: await freePort(),
    tls: await freePort(),
    a: [await freePort(), await freePort()],
    b: [await freePort(), await freePort()],
  };
  gate = ports.gate;
  env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: url,
    REDIS_URL,
    REDIS_PREFIX: `swipe-scale-${randomBytes(4).toString('hex')}:`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: path.join(tmp, 'data'),
    HOST: '127.0.0.1',
    TRUST_PROXY: 'true',
    RUN_WORKER: 'false',
    DEMO_DATA: 'false',
    ADMIN_URL: `http://${ADMIN_HOST}:${gate}`,
    SITES_URL: `http://${SITES_HOST}:${gate}`,
    MICROCACHE_TTL_MS: String(TTL_MS),
    ANALYTICS_ROLLUP_DELAY_MS: '1000',
    JOB_LEASE_SECONDS: '3',
    TEST_CLOCK: testClockValue,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
  };
  const startWeb = (name: 'A' | 'B', [admin, sites]: number[]) => {
    const proc = startNode(name, 'main.ts', { ...env, PORT: String(admin), SITES_PORT: String(sites), PGAPPNAME: `swipe-${name}` });
    procs.push(proc);
    return { admin: admin as number, sites: sites as number, proc };
  };
  web = { A: startWeb('A', ports.a), B: startWeb('B', ports.b) };
  const example = fs.readFileSync(path.join(ROOT, 'docs/nginx.example.conf'), 'utf8');
  nginx = await startNginx(
    path.join(tmp, 'nginx'),
    nginxSiteConf(
      example,
      { listen: gate, tls: ports.tls, admin: [web.A.admin, web.B.admin], sites: [web.A.sites, web.B.sites] },
      path.join(tmp, 'nginx/certs'),
    ),
  );
  procs.push(nginx);
  for (const w of [web.A, web.B]) await waitUp(w.proc, `http://127.0.0.1:${w.admin}/api/v1/health/ready`);
}, 300_000);

afterAll(async () => {
  release();
  await heldDb?.close().catch(() => {});
  for (const p of procs) stopProc(p);
  await Promise.all(procs.map((p) => p.exited));
  await ctx?.db.close();
  await database?.drop();
});

describe.skipIf(!onPg)(
  'several processes behind nginx (PostgreSQL and Redis; skipped on PGlite: the embedded database is one process)',
  () => {
    it('routes both host names to both processes; a publish through one reaches every visitor within MICROCACHE_TTL_MS, and so does a termination (410)', {
      timeout: 180_000,
    }, async () => {
      const shell = () => call('sites', 'GET', `/api/v1/end-user/site/${site.siteId}?lang=en`);
      const menuOf = (a: Answer) => (a.body.global_menu as string[] | undefined)?.[0];
      // both processes have the site cached (their snapshot, the micro-cache)
      for (const a of await fromBoth(shell)) expect([a.status, menuOf(a)]).toEqual([200, 'A']);
      for (const a of await fromBoth(() => call('admin', 'GET', '/api/v1/health/ready'))) expect(a.body.status).toBe('ready');

      const owner = await login(site.email);
      const doc = await call('admin', 'GET', `/api/v1/sites/${site.siteId}`, { token: owner });
      expect(doc.status).toBe(200);
      const document = doc.body as { translations: { en: { global_menu: string[] } } };
      document.translations.en.global_menu[0] = 'Published';
      const publish = await call('admin', 'PUT', `/api/v1/sites/${site.siteId}`, { token: owner, body: { action: 'publish', document } });
      expect(publish.status, JSON.stringify(publish.body)).toBe(200);
      const at = Date.now();
      // the visitors of the process that did not publish: the first answer after the publish may still be in flight
      const other = publish.by === 'A' ? 'B' : 'A';
      const seen = await waitFor(
        `the publish on ${other}`,
        async () => {
          const a = await shell();
          return a.by === other && menuOf(a) === 'Published' ? Date.now() - at : undefined;
        },
        15_000,
      );
      expect(seen).toBeLessThan(TTL_MS);
      for (const a of await fromBoth(shell)) expect(menuOf(a)).toBe('Published');

      // the master terminates the site's owner: the site is gone (410) for every visitor
      const token = await login(master.email);
      const end = await call('admin', 'PUT', `/api/v1/user/${site.accountId}/contract`, {
        token,
        body: { action: 'terminate', override: true },
      });
      expect(end.status, JSON.stringify(end.body)).toBe(200);
      const endAt = Date.now();
      const gone = await waitFor(
        'the termination on both',
        async () => {
          const all = await fromBoth(shell);
          return all.every((a) => a.status === 410) ? Date.now() - endAt : undefined;
        },
        15_000,
      );
      expect(gone).toBeLessThan(TTL_MS);
    });

    it('a logout through one process refuses the token on the other at once; login and event limits count across both', {
      timeout: 180_000,
    }, async () => {
      const token = await login(master.email);
      for (const a of await fromBoth(() => call('admin', 'GET', '/api/v1/auth/user-info', { token }))) expect(a.status).toBe(200);
      const out = await call('admin', 'POST', '/api/v1/auth/log-out', { token });
      expect(out.status, JSON.stringify(out.body)).toBeLessThan(300);
      for (const a of await fromBoth(() => call('admin', 'GET', '/api/v1/auth/user-info', { token }))) expect(a.status).toBe(401);

      // five wrong passwords for one address and e-mail, whichever process takes them: the sixth is refused
      const wrong = [];
      for (let i = 0; i < 6; i++)
        wrong.push(await call('admin', 'POST', '/api/v1/auth/login', { body: { email: 'c1@scale.test', password: 'Wrong-Pass-1!' } }));
      expect(wrong.map((w) => w.status)).toEqual([401, 401, 401, 401, 401, 429]);
      expect(new Set(wrong.map((w) => w.by))).toEqual(new Set(['A', 'B']));

      // one visitor's event batches: 240 a minute in all (not 240 on each process)
      const cookie = { cookie: `swipe_sid=${randomBytes(16).toString('hex')}`, 'user-agent': BROWSER };
      const batch = () =>
        call('sites', 'POST', '/api/v1/end-user/events', {
          headers: cookie,
          body: { events: [{ event: 'page_view', site_id: 99_999_999 }] },
        });
      const answers: Answer[] = [];
      for (let i = 0; i < 240; i += 8) answers.push(...(await Promise.all(Array.from({ length: 8 }, batch))));
      expect(answers.filter((a) => a.status === 202)).toHaveLength(240);
      expect(new Set(answers.map((a) => a.by))).toEqual(new Set(['A', 'B']));
      for (const a of await fromBoth(batch)) expect(a.status).toBe(429);
    });

    it("runs scheduled work once across processes; a bill run on two processes bills each account once; a killed worker's job is retried after its lease, its effect once", {
      timeout: 180_000,
    }, async () => {
      // October by hand on two processes at once: each customer once, 3,000 yen plan + 100,000 yen initial fee
      // (first bill) = 103,000 + 10 % tax 10,300 = 113,300 yen; invoice numbers 1..230 of the platform, none twice
      const runs = [startNode('bill-1', 'cli/bill-month.ts', env, ['2026-10']), startNode('bill-2', 'cli/bill-month.ts', env, ['2026-10'])];
      procs.push(...runs);
      const codes = await Promise.all(runs.map((r) => r.exited));
      expect(codes, runs.map((r) => r.output()).join('\n')).toEqual([0, 0]);
      // each customer's bill of the month (one each, its total) and the platform's invoice numbers of the month: every
      // bill of the month has one (the site owners' too), none twice, none skipped
      const bills = async (month: string) => ({
        customers: await ctx.db.query<{ total: number; n: number }>(
          'SELECT total, count(*)::int AS n FROM payments WHERE year_month = $1 AND account_id = ANY($2) GROUP BY total',
          [month, customers],
        ),
        invoices: await one<{ n: number; seqs: number; lo: number; hi: number }>(
          `SELECT count(*)::int AS n, count(DISTINCT i.seq)::int AS seqs, min(i.seq)::int AS lo, max(i.seq)::int AS hi
           FROM payments p JOIN invoices i ON i.payment_id = p.id AND i.kind = 'invoice' WHERE p.year_month = $1`,
          [month],
        ),
      });
      const october = await bills('2026-10');
      expect(october.customers).toEqual([{ total: 113_300, n: CUSTOMERS }]);
      expect(october.invoices).toEqual({ n: CUSTOMERS, seqs: CUSTOMERS, lo: 1, hi: CUSTOMERS });

      // November's bills by the monthly job, which a transaction of this test holds half-way (a bill of a customer
      // in the middle, not committed): the worker that took it is killed there
      const middle = customers[Math.floor(CUSTOMERS / 2)] as number;
      const held = createPgDb(env.DATABASE_URL as string, { max: 1 });
      heldDb = held;
      const holding = held
        .tx(async (q) => {
          await q.query("INSERT INTO payments (account_id, year_month, plan_name) VALUES ($1, '2026-11', 'held by the test')", [middle]);
          await new Promise<void>((r) => {
            release = r;
          });
          throw new Error('rolled back');
        })
        .catch(() => {});
      await waitFor('the hold', async () =>
        (await ctx.db.maybeOne(
          "SELECT 1 AS x FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.query LIKE '%held by the test%'",
        ))
          ? true
          : undefined,
      );
      const workers = {
        W1: startNode('W1', 'worker-main.ts', { ...env, PGAPPNAME: 'swipe-W1' }),
        W2: startNode('W2', 'worker-main.ts', { ...env, PGAPPNAME: 'swipe-W2' }),
      };
      procs.push(workers.W1, workers.W2);
      const holder = await waitFor(
        'a worker waiting on the held bill',
        async () =>
          (
            await ctx.db.maybeOne<{ name: string }>(
              "SELECT application_name AS name FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND application_name LIKE 'swipe-W_' AND query LIKE '%INSERT INTO payments%'",
            )
          )?.name,
        90_000,
      );
      const job = () =>
        one<{ status: string; attempts: number }>(
          "SELECT status, attempts FROM jobs WHERE kind = 'billing.monthly_bills' AND dedupe_key = 'schedule:2026-12'",
        );
      expect(await job()).toEqual({ status: 'RUNNING', attempts: 1 });
      const killed = holder === 'swipe-W1' ? workers.W1 : workers.W2;
      stopProc(killed);
      await killed.exited;
      expect(await count("payments WHERE year_month = '2026-11' AND account_id = ANY($1)", [customers])).toBeLessThan(CUSTOMERS);
      release();
      await holding;
      await held.close();
      // the other worker takes it once the lease (JOB_LEASE_SECONDS=3) has run out, and bills whoever is left
      await waitFor('the retried bill run', async () => ((await job()).status === 'DONE' ? true : undefined), 60_000);
      expect(await job()).toEqual({ status: 'DONE', attempts: 2 });
      // 3,000 yen + 10 % = 3,300 yen each; the invoice numbers go on from 231 with no gap
      const november = await bills('2026-11');
      expect(november.customers).toEqual([{ total: 3_300, n: CUSTOMERS }]);
      const { n } = november.invoices;
      expect(n).toBeGreaterThanOrEqual(CUSTOMERS);
      expect(november.invoices).toEqual({ n, seqs: n, lo: CUSTOMERS + 1, hi: CUSTOMERS + n });

      // every recurring job ran its current period once (both workers seeded it at start) and queued the next once
      await waitFor('every scheduled run', async () =>
        (await count("jobs WHERE dedupe_key LIKE 'schedule:%' AND status <> 'DONE' AND run_at <= $1", [ctx.clock.now()])) === 0
          ? true
          : undefined,
      );
      for (const h of Object.values(jobHandlers()).filter(isScheduled)) {
        const current = periodOf(h.schedule, ctx.clock.now());
        const rows = await ctx.db.query<{ dedupe_key: string; status: string; attempts: number }>(
          'SELECT dedupe_key, status, attempts FROM jobs WHERE kind = $1 AND dedupe_key <> $2 ORDER BY id',
          [h.kind, `schedule:${h.schedule.every === 'month' ? '2026-11' : '2026-11-30'}`],
        );
        expect(rows, h.kind).toEqual([
          { dedupe_key: `schedule:${current}`, status: 'DONE', attempts: h.kind === 'billing.monthly_bills' ? 2 : 1 },
          { dedupe_key: `schedule:${nextPeriod(h.schedule, current)}`, status: 'QUEUED', attempts: 0 },
        ]);
      }
      // the contract that ended on 30 November: inactive, written once in its history
      expect(await one<{ s: string }>('SELECT contract_status AS s FROM accounts WHERE id = $1', [ended])).toEqual({ s: 'INACTIVE' });
      expect(await count("contract_history WHERE account_id = $1 AND process_content = 'inactive'", [ended])).toBe(1);

      // a news item that starts and ends a few seconds on (business time): each boundary's refresh runs once
      const token = await login(master.email);
      const news = await call('admin', 'POST', '/api/v1/news', {
        token,
        body: {
          title: 'Maintenance',
          publish_type: 'SCHEDULED',
          intent: 'PUBLIC',
          start_date: new Date(ctx.clock.nowMs() + 3000).toISOString(),
          end_date: new Date(ctx.clock.nowMs() + 6000).toISOString(),
        },
      });
      expect(news.status, JSON.stringify(news.body)).toBe(201);
      const refreshes = () =>
        ctx.db.query<{ status: string; attempts: number }>(
          "SELECT status, attempts FROM jobs WHERE kind = 'notices.refresh' AND payload->>'id' = $1 ORDER BY id",
          [String(news.body.id)],
        );
      await waitFor('the end of the news', async () => ((await refreshes()).every((r) => r.status === 'DONE') ? true : undefined), 30_000);
      expect(await refreshes()).toEqual([
        { status: 'DONE', attempts: 1 },
        { status: 'DONE', attempts: 1 },
      ]);
      expect(await one<{ status: string }>('SELECT status FROM news WHERE id = $1', [news.body.id])).toEqual({ status: 'EXPIRED' });

      // visitors' events through both processes: the rollup counts each page view once
      const page = (
        await one<{ id: number }>(
          'SELECT p.id FROM pages p JOIN categories c ON c.id = p.category_id WHERE c.site_id = $1 ORDER BY c.order_num, p.order_num LIMIT 1',
          [site2],
        )
      ).id;
      const views = await fromBoth(() =>
        call('sites', 'POST', '/api/v1/end-user/events', {
          headers: { 'user-agent': BROWSER },
          body: { events: [{ event: 'page_view', site_id: site2, page_id: page, lang: 'ja' }] },
        }),
      );
      for (const v of views) expect(v.body).toEqual({ accepted: 1 });
      await waitFor(
        'the rollup',
        async () => {
          const r = await ctx.db.maybeOne<{ page_views: number }>(
            "SELECT page_views FROM analytics_site_days WHERE site_id = $1 AND day = '2026-12-01'",
            [site2],
          );
          return r?.page_views === views.length && (await count("jobs WHERE kind = 'analytics.rollup' AND status <> 'DONE'")) === 0
            ? true
            : undefined;
        },
        30_000,
      );
    });

    it('one web process killed: nginx sends what follows to the other, and every accepted contact submission is stored', {
      timeout: 180_000,
    }, async () => {
      const good = {
        email: 'visitor@example.com',
        company_name: 'Acme',
        topic: 'Press',
        quantity: 3,
        interests: ['Bags'],
        message: 'Hello',
      };
      const submit = () => call('sites', 'POST', `/api/v1/end-user/site/${site2}/contact`, { body: { data: good, lang: 'en' } });
      const before = await fromBoth(submit);
      // submissions in flight while B is killed: each is accepted (201) or refused by nginx (502), never lost
      const during = Array.from({ length: 6 }, (_, i) => new Promise((r) => setTimeout(r, i * 40)).then(submit));
      stopProc(web.B.proc);
      await web.B.proc.exited;
      const flight = await Promise.all(during);
      for (const f of flight) expect([201, 502], JSON.stringify(f)).toContain(f.status);
      const after: Answer[] = [];
      for (let i = 0; i < 5; i++) after.push(await submit());
      expect(after.map((a) => [a.status, a.by])).toEqual(Array(5).fill([201, 'A']));
      const accepted = [...before, ...flight, ...after].filter((a) => a.status === 201).map((a) => Number(a.body.id));
      const stored = await ctx.db.query<{ id: number }>('SELECT id FROM form_submissions WHERE id = ANY($1)', [accepted]);
      expect(stored.map((r) => Number(r.id)).sort()).toEqual([...accepted].sort());
      expect(await count('form_submissions WHERE site_id = $1', [site2])).toBe(accepted.length);
    });

    it('stopping nginx stops its worker too (none is left running after the test)', async () => {
      const master = nginx.child.pid as number;
      const workers = childPids(master);
      expect(workers.length).toBe(1);
      stopProc(nginx);
      await nginx.exited;
      await waitFor('nginx worker gone', async () => (workers.some(running) ? undefined : true), 10_000);
    });
  },
);
