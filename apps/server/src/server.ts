import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Db } from './db/db.js';
import { Drain } from './http/drain.js';
import { Worker } from './jobs/worker.js';
import { readinessOf } from './lib/readiness.js';
import { jobHandlers } from './modules/index.js';
import { createContext } from './open.js';

export interface Running {
  ctx: AppContext;
  admin: FastifyInstance;
  sites: FastifyInstance;
  worker: Worker | undefined;
  adminUrl: string;
  sitesUrl: string;
  /** graceful: in-flight requests finish, new ones get 503, the worker stops after its current job */
  stop(): Promise<void>;
}

export async function startServer(config: Config, opts: { db?: Db; logger?: pino.Logger; ctx?: AppContext } = {}): Promise<Running> {
  const ctx = opts.ctx ?? (await createContext(config, opts));
  const drain = new Drain();
  const admin = await buildApp(ctx, 'admin', drain);
  const sites = await buildApp(ctx, 'sites', drain);
  await admin.listen({ host: config.host, port: config.port });
  await sites.listen({ host: config.host, port: config.sitesPort });
  const handlers = jobHandlers();
  const worker = config.runWorker ? new Worker(ctx, handlers) : undefined;
  await worker?.start();
  const readiness = readinessOf(ctx);
  readiness.stopping = () => drain.draining;
  readiness.worker = worker;
  // a loop that waits pollMs between rounds, or runs a job that may take up to its lease
  readiness.staleAfterMs = config.jobLeaseSeconds * 1000 + 10_000;
  const addr = (app: FastifyInstance) => {
    const a = app.server.address();
    return typeof a === 'object' && a
      ? `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${a.port}`
      : '';
  };
  let stopping: Promise<void> | undefined;
  return {
    ctx,
    admin,
    sites,
    worker,
    adminUrl: addr(admin),
    sitesUrl: addr(sites),
    stop() {
      stopping ??= (async () => {
        await drain.drain();
        await Promise.all([admin.close(), sites.close()]);
        await worker?.stop();
        await ctx.kv.close();
        await ctx.db.close();
      })();
      return stopping;
    },
  };
}
