import client from 'prom-client';

// The process's metrics in the Prometheus text format (GET /metrics on the admin origin, modules/metrics). One
// registry per process: a deployment of several processes is scraped process by process (docs/operations.md).
// Counters that a hot path touches are plain increments of a number read at scrape time (the micro-cache's hits);
// labelled series are looked up once per label set, never built per request.

export const registry = new client.Registry();
// process memory, CPU, heap, GC and event-loop delay (nodejs_eventloop_lag_*): prom-client's defaults
client.collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequests = new client.Counter({
  name: 'http_requests_total',
  help: 'Requests answered by the app, by origin, method, route pattern and status (micro-cache hits: microcache_hits_total)',
  labelNames: ['origin', 'method', 'route', 'status'] as const,
  registers,
});
export const httpDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from the request to the end of the answer, by origin, method and route pattern',
  labelNames: ['origin', 'method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
export const httpErrors = new client.Counter({
  name: 'http_server_errors_total',
  help: 'Answers with a 5xx status (a fault of the server or of what it depends on), by origin and route pattern',
  labelNames: ['origin', 'route'] as const,
  registers,
});
export const unhandledErrors = new client.Counter({
  name: 'app_unhandled_errors_total',
  help: 'Errors no rule expected (logged at error level with their stack)',
  registers,
});
export const jobsFailed = new client.Counter({
  name: 'jobs_failed_total',
  help: 'Job attempts that failed (retried later, or given up after their last attempt), by kind',
  labelNames: ['kind'] as const,
  registers,
});
export const jobsQueued = new client.Gauge({
  name: 'jobs_queue_depth',
  help: 'Jobs due now and not taken yet, by kind (read at scrape time from the jobs table)',
  labelNames: ['kind'] as const,
  registers,
});
export const jobsRunning = new client.Gauge({
  name: 'jobs_running',
  help: 'Jobs taken by a worker and not finished, by kind',
  labelNames: ['kind'] as const,
  registers,
});
export const jobsOldestAge = new client.Gauge({
  name: 'jobs_oldest_due_age_seconds',
  help: 'How long the oldest due job of a kind has waited for a worker (0 when none waits)',
  labelNames: ['kind'] as const,
  registers,
});
export const outboxBacklog = new client.Gauge({
  name: 'mail_outbox_backlog',
  help: 'Mails not yet accepted by the SMTP server (queued or being sent)',
  registers,
});
export const outboxOldestAge = new client.Gauge({
  name: 'mail_outbox_oldest_age_seconds',
  help: 'Age of the oldest mail not yet accepted by the SMTP server (0 when none)',
  registers,
});
export const eventsIngested = new client.Counter({
  name: 'analytics_events_ingested_total',
  help: 'Visitor events stored by the events endpoint',
  registers,
});
export const eventsRefused = new client.Counter({
  name: 'analytics_events_refused_total',
  help: 'Visitor events not stored, by reason: rate_limited (429), dropped (bots, do-not-track, unknown or unserved site, duplicates)',
  labelNames: ['reason'] as const,
  registers,
});
export const dbPool = new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database connections of this process by state: open, idle, waiting (queries waiting for a connection), max',
  labelNames: ['state'] as const,
  registers,
});

/** What a micro-cache counts (http/microcache.ts): plain numbers its hot path adds to. */
export interface CacheCounts {
  hits: number;
  misses: number;
}
const caches = new Set<WeakRef<CacheCounts>>();
/** Counts this cache's hits and misses in the process's totals (read at scrape time). */
export function watchCache(c: CacheCounts): void {
  caches.add(new WeakRef(c));
}
function cacheTotal(of: keyof CacheCounts): number {
  let n = 0;
  for (const ref of caches) {
    const c = ref.deref();
    if (c) n += c[of];
    else caches.delete(ref);
  }
  return n;
}
// A counter may only go up: the totals are read from the caches, whose numbers only go up too.
new client.Counter({
  name: 'microcache_hits_total',
  help: "Public answers the sites origin's micro-cache gave from memory",
  registers,
  collect() {
    this.reset();
    this.inc(cacheTotal('hits'));
  },
});
new client.Counter({
  name: 'microcache_misses_total',
  help: 'Public answers the micro-cache could keep but had to ask the app for (first request, expired, dropped by a change)',
  registers,
  collect() {
    this.reset();
    this.inc(cacheTotal('misses'));
  },
});
