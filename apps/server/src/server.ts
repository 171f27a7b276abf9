import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type pino from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { type AppContext, createEvents } from './context.js';
import { createPgDb, createPgliteDb, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { Drain } from './http/drain.js';
import { Worker } from './jobs/worker.js';
import { Clock } from './lib/clock.js';
import { createKv } from './lib/kv.js';
import { createLogger, logFormatOf } from './lib/log.js';
import { readinessOf } from './lib/readiness.js';
import { Tokens } from './lib/tokens.js';
import { jobHandlers } from './modules/index.js';
import { createStorage } from './modules/media/storage.js';
import { signingSecret } from './secrets.js';

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

/**
 * TEST_CLOCK (read only with NODE_ENV=test), for tests that run the server as separate processes (a test in one
 * process moves `ctx.clock` itself): `<ISO time>` is business time at this process's start, running on from there;
 * `<ISO time>@<epoch ms>` is business time at that real moment, so processes started one after another share one clock.
 */
export function testClock(config: Pick<Config, 'env' | 'testClock'>): Clock | undefined {
  if (config.env !== 'test' || !config.testClock) return undefined;
  const [at, since] = config.testClock.split('@') as [string, string | undefined];
  const business = Date.parse(at);
  if (Number.isNaN(business) || (since !== undefined && !/^\d+$/.test(since)))
    throw new Error(`TEST_CLOCK: "${config.testClock}" is not <ISO time>[@<epoch ms>]`);
  return new Clock().set(new Date(business + (since === undefined ? 0 : Date.now() - Number(since))));
}

export async function openDb(config: Config, opts: { schema?: string } = {}): Promise<Db> {
  if (config.databaseUrl) return createPgDb(config.databaseUrl, { schema: opts.schema });
  return createPgliteDb(config.dataDir === ':memory:' ? undefined : path.join(config.dataDir, 'pglite'));
}

/** Builds the context shared by both origins (database migrated, secret loaded). */
export async function createContext(config: Config, opts: { db?: Db; logger?: pino.Logger; clock?: Clock } = {}): Promise<AppContext> {
  const log = opts.logger ?? createLogger({ level: config.logLevel, format: logFormatOf(process.env, Boolean(process.stdout.isTTY)) });
  const db = opts.db ?? (await openDb(config));
  await migrate(db);
  const kv = await createKv(config.redisUrl, config.redisPrefix);
  const tokens = new Tokens(await signingSecret(config, db));
  const storage = await createStorage(config);
  const events = createEvents();
  // a change of a site made in another process drops this one's caches at once (through Redis, when set)
  await events.share(kv, log);
  return { config, db, kv, tokens, log, storage, events, clock: opts.clock ?? testClock(config) ?? new Clock() };
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
