import path from 'node:path';
import type pino from 'pino';
import type { Config } from './config.js';
import { type AppContext, createEvents } from './context.js';
import { createPgDb, createPgliteDb, type Db } from './db/db.js';
import { migrate } from './db/migrate.js';
import { Clock } from './lib/clock.js';
import { assertFolderFree } from './lib/instance.js';
import { createKv } from './lib/kv.js';
import { createLogger, logFormatOf } from './lib/log.js';
import { Tokens } from './lib/tokens.js';
import { createStorage } from './modules/media/storage.js';
import { signingSecret } from './secrets.js';

// The database and the context the server, the worker and the command-line tools share, without the HTTP apps: a
// tool that only needs the database (create-master, mail, bill-month) starts without loading every route.

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
  if (config.dataDir === ':memory:') return createPgliteDb(undefined);
  // PGlite is one process's: a tool (create-master, bill-month, the worker) is refused while a server has the folder
  assertFolderFree(config.dataDir);
  return createPgliteDb(path.join(config.dataDir, 'pglite'));
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
