import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pino from 'pino';
import { createPgDb } from '../apps/server/src/db/db.js';
import { getPublishedSite } from '../apps/server/src/modules/published/service.js';
import { createContext } from '../apps/server/src/open.js';
import { startServer } from '../apps/server/src/server.js';
import { makeVisitorSite } from '../apps/server/src/test/enduser-fixtures.js';
import { testConfig } from '../apps/server/src/test/helpers.js';
import { line, median } from './lib.js';

// Ingestion: events/s sustained through the real HTTP endpoint (POST
// /api/v1/end-user/events on the sites origin) on PostgreSQL, with 0 lost. The server runs as in production
// (its job worker on, so the rollups it queues are refreshed meanwhile; the production rate limits, no
// multiplier; TRUST_PROXY on as behind a load balancer). The load comes from a worker thread: 2,000
// simulated visitors, each with its own address (X-Forwarded-For) and session cookie, a browser User-Agent,
// batches of 20 events with unique ids over keep-alive connections. Every acknowledged (202) event must be in
// the table afterwards; then an acknowledged batch is resent and the count must not move (dedupe by id).
// RUNS runs of BENCH_SECONDS (default 10) each; the median is the figure.

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const BATCH = 20;
const CONNECTIONS = 32;
const VISITORS = 2000;

interface LoadReport {
  acked: number;
  non2xx: number;
  errors: number;
  p50: number;
  p99: number;
  sentIds: string[];
  sample: string;
}

// The load generator (plain JS in a child process: it neither shares the server's event loop nor its CPU count).
const LOADER = `
const http = require('node:http');
const { url, seconds, connections, visitors, batch, siteId, pageIds, tag } = JSON.parse(process.env.BENCH_LOAD);
const u = new URL(url);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const kinds = ['page_view', 'slide_page', 'click_cta_btn', 'page_leave', 'tap'];
let seq = 0, acked = 0, non2xx = 0, errors = 0, sample = '';
const lat = [];
const deadline = Date.now() + seconds * 1000;
function body() {
  const at = Date.now();
  const events = [];
  for (let i = 0; i < batch; i++) {
    const n = seq++;
    const kind = kinds[n % kinds.length];
    const e = { id: tag + '-' + String(n).padStart(10, '0'), event: kind, site_id: siteId, page_id: pageIds[n % pageIds.length], lang: 'ja', at };
    if (kind === 'page_leave') e.dwell_ms = 1000 + (n % 30000);
    if (kind === 'tap') { e.x = (n % 97) / 97; e.y = (n % 89) / 89; }
    if (kind === 'click_cta_btn') e.target_id = 1;
    events.push(e);
  }
  return JSON.stringify({ events });
}
function one() {
  return new Promise((resolve) => {
    const v = Math.floor(Math.random() * visitors);
    const b = body();
    const t0 = performance.now();
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST', agent, headers: {
      'content-type': 'application/json', 'content-length': Buffer.byteLength(b), 'user-agent': UA,
      'x-forwarded-for': '10.' + ((v >> 16) & 255) + '.' + ((v >> 8) & 255) + '.' + (v & 255),
      cookie: 'swipe_sid=bench-visitor-' + String(v).padStart(8, '0'),
    } }, (res) => {
      res.resume();
      res.on('end', () => {
        lat.push(performance.now() - t0);
        if (res.statusCode === 202) { acked++; if (!sample) sample = b; } else non2xx++;
        resolve();
      });
    });
    req.on('error', () => { errors++; resolve(); });
    req.end(b);
  });
}
async function conn() { while (Date.now() < deadline) await one(); }
Promise.all(Array.from({ length: connections }, conn)).then(() => {
  lat.sort((a, b) => a - b);
  const p = (q) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] || 0;
  agent.destroy();
  process.stdout.write(JSON.stringify({ acked, non2xx, errors, p50: p(0.5), p99: p(0.99), sample, sent: seq }));
});
`;

function load(url: string, seconds: number, siteId: number, pageIds: number[], tag: string): Promise<LoadReport> {
  return new Promise((resolve, reject) => {
    const data = { url, seconds, connections: CONNECTIONS, visitors: VISITORS, batch: BATCH, siteId, pageIds, tag };
    const child = spawn(process.execPath, ['-e', LOADER], {
      env: { ...process.env, BENCH_LOAD: JSON.stringify(data) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('error', reject);
    child.once('exit', () => {
      try {
        resolve({ ...(JSON.parse(out) as Omit<LoadReport, 'sentIds'>), sentIds: [] });
      } catch (err) {
        reject(err);
      }
    });
  });
}

/** CPU time (user + system, ms) of a process so far, from /proc (Linux; 0 when unreadable). */
function cpuMsOf(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(f[11]) || 0) + (Number(f[12]) || 0)) * 10; // clock ticks of 10 ms
  } catch {
    return 0;
  }
}

export async function run(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  // BENCH_INGEST_WORKER=0: no job worker, so the figures are ingestion alone (the rollup refreshes it queues wait)
  const withWorker = process.env.BENCH_INGEST_WORKER !== '0';
  const schema = `bench_ingest_${randomBytes(4).toString('hex')}`;
  const admin = createPgDb(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  process.env.PGAPPNAME = schema; // our PostgreSQL backends, to count their CPU time
  const db = createPgDb(url, { schema, max: 10 });
  const config = testConfig({ trustProxy: true, runWorker: withWorker, enduserRateMultiplier: 1, databaseUrl: url });
  const ctx = await createContext(config, { db, logger: pino({ level: 'silent' }) });
  const srv = await startServer(config, { ctx });
  try {
    const { siteId } = await makeVisitorSite(ctx, { columns: 5 });
    const ps = await getPublishedSite(ctx, siteId);
    const pageIds = (ps?.document.categories ?? []).flatMap((c) => c.pages.map((p) => Number(p.id)));
    const endpoint = `${srv.sitesUrl}/api/v1/end-user/events`;
    const count = async () =>
      Number((await db.one<{ n: number }>('SELECT count(*)::bigint AS n FROM analytics_events WHERE site_id = $1', [siteId])).n);
    console.log(
      `\n  ingestion: ${RUNS} runs of ${seconds} s, ${CONNECTIONS} connections, ${VISITORS} visitors, ${BATCH} events per batch, job worker ${withWorker ? 'on (rollups refreshed meanwhile)' : 'off'}`,
    );
    await load(endpoint, 2, siteId, pageIds, `warm-${randomBytes(4).toString('hex')}`); // JIT, pools, caches
    const rates: number[] = [];
    const capacities: number[] = [];
    let lostTotal = 0;
    let sample = '';
    for (let i = 0; i < RUNS; i++) {
      const before = await count();
      const backends = (await db.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [schema])).map(
        (x) => Number(x.pid),
      );
      const cpu0 = process.cpuUsage();
      const pg0 = backends.reduce((a, pid) => a + cpuMsOf(pid), 0);
      const t0 = performance.now();
      const r = await load(endpoint, seconds, siteId, pageIds, `run${i}-${randomBytes(4).toString('hex')}`);
      const elapsed = (performance.now() - t0) / 1000;
      const cpu1 = process.cpuUsage(cpu0);
      const serverMs = (cpu1.user + cpu1.system) / 1000;
      const pgMs = backends.reduce((a, pid) => a + cpuMsOf(pid), 0) - pg0;
      const stored = (await count()) - before;
      const ackedEvents = r.acked * BATCH;
      const lost = Math.max(0, ackedEvents - stored);
      lostTotal += lost;
      rates.push(ackedEvents / elapsed);
      sample ||= r.sample;
      line(`  run ${i + 1}: events/s (acknowledged, stored)`, `${(ackedEvents / elapsed).toFixed(0)}`, undefined);
      line('    acknowledged / stored / lost events', `${ackedEvents} / ${stored} / ${lost}`);
      line('    batch latency p50 / p99', `${r.p50.toFixed(1)} / ${r.p99.toFixed(1)} ms`);
      const perK = (ms: number) => (ackedEvents ? (ms * 1000) / ackedEvents : 0);
      line('    CPU per 1,000 events: server / PostgreSQL', `${perK(serverMs).toFixed(0)} / ${perK(pgMs).toFixed(0)} ms`);
      // what 2 cores doing only this would sustain (the machine is shared: the measured rate depends on the others)
      capacities.push(ackedEvents && serverMs + pgMs > 0 ? (2000 * ackedEvents) / (serverMs + pgMs) : 0);
      line('    events/s 2 dedicated cores would sustain (CPU-bound)', capacities[capacities.length - 1]?.toFixed(0) ?? '0');
      if (r.non2xx || r.errors) line('    non-202 answers, connection errors', `${r.non2xx}, ${r.errors}`);
    }
    line('events/s sustained through HTTP (median of runs)', median(rates).toFixed(0), '>= 5,000');
    line('  the same, from CPU time per event (median)', median(capacities).toFixed(0));
    line('lost events (acknowledged, not stored), all runs', String(lostTotal), '0');
    // a retry: an acknowledged batch sent again (same ids and `at`) changes nothing
    const before = await count();
    const resend = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
        'x-forwarded-for': '10.200.0.1',
      },
      body: sample,
    });
    line('duplicate resend: 20 events sent again, rows added', `${(await count()) - before} (HTTP ${resend.status})`, '0');
  } finally {
    await srv.stop();
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin.close();
  }
}
