import autocannon from 'autocannon';
import { makeVisitorSite } from '../apps/server/src/test/enduser-fixtures.js';
import { startTestServer } from '../apps/server/src/test/helpers.js';
import { line } from './lib.js';

/**
 * Sustained contact submissions per second (each one: checked against the field settings,
 * stored, and three mails queued in the same transaction), then every acknowledged submission counted
 * in the database: none may be lost. Target: at least 300/s on PostgreSQL on a 2-core machine.
 */
export async function run(): Promise<void> {
  const pg = Boolean(process.env.DATABASE_URL);
  console.log(`\nContact form submissions (${pg ? 'PostgreSQL' : 'PGlite'})`);
  const before = process.env.ENDUSER_RATE_MULTIPLIER;
  process.env.ENDUSER_RATE_MULTIPLIER = '1000000'; // one client address: the throttle would otherwise stop the run
  const s = await startTestServer();
  try {
    const { siteId } = await makeVisitorSite(s.ctx, { destinations: ['shop@bench.test', 'sales@bench.test'], sendConfirmation: true });
    const url = `${s.sitesUrl}/api/v1/end-user/site/${siteId}/contact`;
    const body = JSON.stringify({
      data: {
        email: 'visitor@bench.test',
        company_name: 'Bench Co',
        topic: 'Press',
        quantity: 2,
        interests: ['Bags'],
        message: 'Hello from the bench',
      },
      lang: 'en',
    });
    const headers = { 'content-type': 'application/json', 'accept-language': 'en' };
    // warm-up (JIT, pool, caches), then the measured run
    await autocannon({ url, method: 'POST', body, headers, connections: 10, duration: 2 });
    const start = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE site_id = $1', [siteId]);
    const startMails = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    const duration = Number(process.env.BENCH_SECONDS ?? 10);
    const r = await autocannon({ url, method: 'POST', body, headers, connections: pg ? 40 : 10, duration });
    await new Promise((res) => setTimeout(res, 1000)); // requests still in flight when the clock stopped
    const rows = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions WHERE site_id = $1', [siteId]);
    const mails = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM mail_outbox');
    const acked = r['2xx'];
    const stored = rows.n - start.n;
    line('POST end-user/.../contact submissions/s (sustained)', r.requests.average.toFixed(0), pg ? '>= 300/s' : undefined);
    line(`  acknowledged (201) in ${duration} s`, String(acked));
    line('  rows counted afterwards (incl. in flight at the end)', String(stored));
    line('  lost rows (acknowledged but not stored)', String(Math.max(0, acked - stored)), '0');
    line('  mails queued (3 per submission)', `${mails.n - startMails.n} / ${stored * 3}`);
    line('  p99 latency', `${r.latency.p99} ms`);
    if (r.non2xx || r.errors) line('  non-2xx answers, errors', `${r.non2xx}, ${r.errors}`);
  } finally {
    if (before === undefined) delete process.env.ENDUSER_RATE_MULTIPLIER;
    else process.env.ENDUSER_RATE_MULTIPLIER = before;
    await s.drop();
  }
}
