import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/queue.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { queueMail } from '../mail/service.js';

// GET /metrics: every family an operator's dashboard and alerts read (docs/operations.md), the requests it has
// answered counted by route pattern, and nobody outside METRICS_ALLOW without METRICS_TOKEN.
let s: TestServer;
let closed: TestServer;
let siteId = 0;
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
beforeAll(async () => {
  // events: 3 batches a minute per visitor (240 x 0.0125), so the fourth is refused
  s = await startTestServer({ microcacheTtlMs: 60_000, enduserRateMultiplier: 0.0125 });
  siteId = (await makeVisitorSite(s.ctx)).siteId;
  closed = await startTestServer({ metricsAllow: ['192.0.2.0/24'], metricsToken: 'metrics-token-for-the-test-0123456789' });
});
afterAll(async () => {
  await s?.drop();
  await closed?.drop();
});

const scrape = async (base = s.adminUrl) => {
  const r = await fetch(`${base}/metrics`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return r.text();
};
/** The value of one series (its name and labels exactly as printed), 0 when absent. */
const seriesValue = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const FAMILIES = [
  'http_requests_total',
  'http_request_duration_seconds',
  'http_server_errors_total',
  'app_unhandled_errors_total',
  'jobs_queue_depth',
  'jobs_running',
  'jobs_oldest_due_age_seconds',
  'jobs_failed_total',
  'mail_outbox_backlog',
  'mail_outbox_oldest_age_seconds',
  'analytics_events_ingested_total',
  'analytics_events_refused_total',
  'microcache_hits_total',
  'microcache_misses_total',
  'db_pool_connections',
  'process_resident_memory_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_p99_seconds',
];

describe('/metrics', () => {
  it('names every family in the Prometheus text format', async () => {
    const text = await scrape();
    for (const f of FAMILIES) expect(text, f).toMatch(new RegExp(`^# TYPE ${f} (counter|gauge|histogram)$`, 'm'));
  });

  it('has every family the example Grafana dashboard and the alerts of docs/operations.md query', async () => {
    const text = await scrape();
    const docs = path.join(path.dirname(new URL(import.meta.url).pathname), '../../../../../docs');
    const dashboard = JSON.parse(fs.readFileSync(path.join(docs, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { targets: { expr: string }[] }[];
    };
    const alerts = /### Alerts to set([\s\S]*?)\n## /.exec(fs.readFileSync(path.join(docs, 'operations.md'), 'utf8'))?.[1] ?? '';
    const exprs = [...dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)), ...alerts.split('\n')];
    const names = new Set(
      exprs.flatMap((e) =>
        [...e.matchAll(/\b([a-z][a-z0-9_]+)(?:\{|\[|\)? [<>])/g)].map((m) => (m[1] as string).replace(/_(bucket|sum|count)$/, '')),
      ),
    );
    const known = new Set(['rate', 'sum', 'max', 'increase', 'histogram_quantile', 'topk', 'by']);
    const families = [...names].filter((n) => !known.has(n));
    expect(families.length).toBeGreaterThan(12);
    for (const f of families) expect(text, f).toMatch(new RegExp(`^# TYPE ${f} `, 'm'));
  });

  it('counts the requests answered since the last scrape, by route pattern and status, and what the queues hold', async () => {
    const before = await scrape();
    const shell = `http_requests_total{origin="sites",method="GET",route="/api/v1/end-user/site/:siteId",status="200"}`;
    const unmatched = `http_requests_total{origin="admin",method="GET",route="(unmatched)",status="404"}`;
    const events = (n: number) =>
      http(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
        headers: { 'user-agent': BROWSER },
        body: {
          events: [{ event: 'page_view', site_id: siteId, lang: 'ja' }, ...Array(n - 1).fill({ event: 'page_view', site_id: 99_999_999 })],
        },
      });
    // the site's shell: the app answers once, the micro-cache twice
    for (let i = 0; i < 3; i++) expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${siteId}`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await http(s.adminUrl, 'GET', `/api/v1/no-such-route/${i}`)).status).toBe(404);
    // three batches of 2 events (1 stored, 1 of an unknown site dropped each), then a batch of 5 refused (429)
    for (let i = 0; i < 3; i++) expect((await events(2)).body).toEqual({ accepted: 1 });
    expect((await events(5)).status).toBe(429);
    await s.ctx.db.tx((q) => enqueueJob(q, 'metrics.test_kind', {}, { runAt: new Date(Date.now() - 90_000) }));
    await s.ctx.db.tx((q) => queueMail(q, { to: 'someone@example.test', subject: 'Hello', text: 'Body' }));

    const after = await scrape();
    const delta = (series: string) => seriesValue(after, series) - seriesValue(before, series);
    expect(delta(shell)).toBe(1);
    expect(delta('microcache_misses_total')).toBe(1);
    expect(delta('microcache_hits_total')).toBe(2);
    expect(delta(unmatched)).toBe(2);
    expect(delta('http_request_duration_seconds_count{origin="admin",method="GET",route="(unmatched)"}')).toBe(2);
    expect(delta('http_requests_total{origin="sites",method="POST",route="/api/v1/end-user/events",status="202"}')).toBe(3);
    expect(delta('http_requests_total{origin="sites",method="POST",route="/api/v1/end-user/events",status="429"}')).toBe(1);
    expect(delta('analytics_events_ingested_total')).toBe(3);
    expect(delta('analytics_events_refused_total{reason="dropped"}')).toBe(3);
    expect(delta('analytics_events_refused_total{reason="rate_limited"}')).toBe(5);
    // the route pattern, never the address asked for
    expect(after).not.toContain('/api/v1/no-such-route');
    expect(after).not.toContain(`/api/v1/end-user/site/${siteId}"`);
    expect(seriesValue(after, 'jobs_queue_depth{kind="metrics.test_kind"}')).toBe(1);
    expect(seriesValue(after, 'jobs_oldest_due_age_seconds{kind="metrics.test_kind"}')).toBeGreaterThanOrEqual(90);
    expect(seriesValue(after, 'mail_outbox_backlog')).toBe(1);
    expect(seriesValue(after, 'db_pool_connections{state="max"}')).toBeGreaterThanOrEqual(1);
    expect(seriesValue(after, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
  });

  it('answers only addresses in METRICS_ALLOW, or a request with METRICS_TOKEN', async () => {
    const open = await fetch(`${s.adminUrl}/metrics`);
    expect(open.status).toBe(200);
    const refused = await fetch(`${closed.adminUrl}/metrics`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('http_requests_total');
    const wrong = await fetch(`${closed.adminUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-the-test-0123456788' } });
    expect(wrong.status).toBe(403);
    expect(await scrape(closed.adminUrl).catch(() => 'refused')).toBe('refused');
    const token = await fetch(`${closed.adminUrl}/metrics`, { headers: { authorization: 'Bearer metrics-token-for-the-test-0123456789' } });
    expect(token.status).toBe(200);
    expect(await token.text()).toContain('# TYPE http_requests_total counter');
    // the sites origin has no such address
    expect((await fetch(`${s.sitesUrl}/metrics`)).status).toBe(404);
  });
});
