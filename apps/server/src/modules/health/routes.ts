import { healthResponse, liveResponse, type ReadyResponse, readyResponse } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { migrationFiles, pendingMigrations } from '../../db/migrate.js';
import { readinessOf } from '../../lib/readiness.js';
import type { App } from '../module.js';

export async function healthRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get(
    '/api/v1/health',
    { schema: { tags: ['health'], response: { 200: healthResponse, 503: healthResponse } } },
    async (_req, reply) => {
      try {
        await ctx.db.ping();
        return { status: 'ok' as const, database: ctx.db.kind };
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: ctx.db.kind });
      }
    },
  );
  // Liveness: the process answers (a process manager restarts one that does not); never the database's fault.
  app.get('/api/v1/health/live', { schema: { tags: ['health'], response: { 200: liveResponse } } }, async () => ({
    status: 'ok' as const,
  }));
  // Readiness: whether this process should get traffic now (a load balancer's or an orchestrator's check).
  const files = migrationFiles();
  app.get(
    '/api/v1/health/ready',
    { schema: { tags: ['health'], response: { 200: readyResponse, 503: readyResponse } } },
    async (_req, reply) => {
      const r = readinessOf(ctx);
      const out: ReadyResponse = { status: 'ready', database: 'ok', migrations: 'ok', worker: 'off', shuttingDown: r.stopping() };
      try {
        out.migrations = (await pendingMigrations(ctx.db, files)) === 0 ? 'ok' : 'pending';
      } catch {
        out.database = 'unreachable';
        out.migrations = 'unknown';
      }
      if (r.worker) out.worker = Date.now() - r.worker.lastBeatMs() <= r.staleAfterMs ? 'ok' : 'stale';
      const ready = out.database === 'ok' && out.migrations === 'ok' && out.worker !== 'stale' && !out.shuttingDown;
      if (ready) return out;
      return reply.status(503).send({ ...out, status: 'unavailable' });
    },
  );
}
