import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { IpBlock } from '../../http/ipblock.js';
import { queueStats } from '../../jobs/repo.js';
import { dbPool, jobsOldestAge, jobsQueued, jobsRunning, outboxBacklog, outboxOldestAge, registry } from '../../lib/metrics.js';
import { outboxBacklog as readOutbox } from '../mail/service.js';
import type { App } from '../module.js';

/** A bearer token equal to METRICS_TOKEN (compared in constant time). */
function tokenOpens(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const want = Buffer.from(token);
  return given.length === want.length && timingSafeEqual(given, want);
}

/** The figures read from the database at scrape time: the job queue per kind, the mail outbox, the pool. */
async function refresh(ctx: AppContext): Promise<void> {
  const [jobs, mail] = await Promise.all([queueStats(ctx.db, ctx.clock.now()), readOutbox(ctx.db)]);
  // kinds that emptied since the last scrape read 0 rather than keeping their last value
  jobsQueued.reset();
  jobsRunning.reset();
  jobsOldestAge.reset();
  for (const j of jobs) {
    jobsQueued.labels(j.kind).set(j.queued);
    jobsRunning.labels(j.kind).set(j.running);
    jobsOldestAge.labels(j.kind).set(Math.max(0, j.oldest_age_s));
  }
  outboxBacklog.set(mail.waiting);
  outboxOldestAge.set(Math.max(0, mail.oldest_age_s));
  const pool = ctx.db.stats();
  for (const state of ['open', 'idle', 'waiting', 'max'] as const) dbPool.labels(state).set(pool[state]);
}

/**
 * GET /metrics (admin origin): this process's metrics in the Prometheus text format. Only addresses in METRICS_ALLOW
 * (default loopback; behind a proxy the client's, with TRUST_PROXY) or a request with `Authorization: Bearer
 * METRICS_TOKEN`; anyone else gets 403.
 */
export async function metricsRoutes(app: App, ctx: AppContext): Promise<void> {
  const allow = new IpBlock(ctx.config.metricsAllow, 'METRICS_ALLOW');
  app.get('/metrics', { schema: { hide: true, response: { 200: z.string() } } }, async (req, reply) => {
    if (!allow.blocks(req.ip) && !tokenOpens(req.headers.authorization, ctx.config.metricsToken))
      throw new AppError(403, 'FORBIDDEN', 'server.forbidden');
    await refresh(ctx);
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
