import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { type Config, loadConfig } from '../config.js';
import type { AppContext } from '../context.js';
import { createPgDb, createPgliteDb, type Db } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import type { Clock } from '../lib/clock.js';
import { onceAsync } from '../lib/once.js';
import { hashPassword } from '../lib/passwords.js';
import type { AccountRow } from '../modules/accounts/actor.js';
import { insertAccount, type NewAccount } from '../modules/accounts/repo.js';
import { createContext } from '../open.js';
import { type Running, startServer } from '../server.js';

/**
 * An empty, migrated PGlite data directory, made once per process: a database loaded from it is ready in about
 * half a second, where initdb and the migrations take three (createContext's migrate then finds nothing to do).
 */
export const migratedPglite = onceAsync(async () => {
  const db = await createPgliteDb(undefined);
  await migrate(db);
  const dump = await db.dump();
  await db.close();
  return dump;
});

/**
 * A fresh database for one test file: an in-memory PGlite, or (DATABASE_URL set) a new schema in
 * that PostgreSQL database, dropped afterwards. The same tests run on both. A PGlite one comes migrated (from the
 * template above) unless `unmigrated`; a PostgreSQL schema always starts empty (createContext migrates both).
 */
export async function testDb(opts: { unmigrated?: boolean } = {}): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await createPgliteDb(undefined, { loadDataDir: opts.unmigrated ? undefined : await migratedPglite() });
    return { db, drop: () => Promise.resolve() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createPgDb(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const db = createPgDb(url, { schema, max: 5 });
  return {
    db,
    async drop() {
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.close();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-test-'));
  return loadConfig(
    {
      ...process.env,
      PORT: '0',
      SITES_PORT: '0',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
    },
    { demoData: false, runWorker: false, ...overrides },
  );
}

export interface TestServer extends Running {
  drop(): Promise<void>;
}

/** A real server on random ports with both origins, over a fresh database. */
export async function startTestServer(
  overrides: Partial<Config> = {},
  opts: { seed?: (ctx: AppContext) => Promise<void>; clock?: Clock } = {},
): Promise<TestServer> {
  const { db, drop } = await testDb();
  const config = testConfig(overrides);
  const ctx = await createContext(config, { db, logger: pino({ level: 'silent' }), clock: opts.clock });
  if (opts.seed) await opts.seed(ctx);
  const running = await startServer(config, { ctx });
  // The configured public URLs follow the random ports.
  config.adminUrl = running.adminUrl.replace('127.0.0.1', 'localhost');
  config.sitesUrl = running.sitesUrl;
  return {
    ...running,
    async drop() {
      await running.stop();
      await drop();
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

let pw: Promise<string> | undefined;
export const TEST_PASSWORD = 'Test-Passw0rd!';
/** One hash for all test accounts (argon2 is deliberately slow). */
export function testPasswordHash(): Promise<string> {
  pw ??= hashPassword(TEST_PASSWORD);
  return pw;
}

export async function makeAccount(ctx: AppContext, a: Omit<NewAccount, 'passwordHash'> & { passwordHash?: string }): Promise<AccountRow> {
  return ctx.db.tx(async (q) => insertAccount(q, { ...a, passwordHash: a.passwordHash ?? (await testPasswordHash()) }));
}

export async function makePlan(
  ctx: AppContext,
  p: { name?: string; quantitySwipe?: number; quantitySite?: number; flags?: boolean } = {},
): Promise<number> {
  const f = p.flags ?? true;
  const row = await ctx.db.one<{ id: number }>(
    `INSERT INTO plans (name, quantity_swipe, quantity_site, private_domain, setting_popup_cta, setting_form_contact, analytics_effect, setting_tag_seo, multi_language, experiments)
     VALUES ($1,$2,$3,$4,$4,$4,$4,$4,$4,$4) RETURNING id`,
    [p.name ?? 'Standard', p.quantitySwipe ?? 50, p.quantitySite ?? 3, f],
  );
  return row.id;
}

export interface HttpResult<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON over real HTTP. */
export async function http<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string>; raw?: string | Buffer } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers['accept-language'] = opts.lang;
  let body: string | Buffer | undefined;
  if (opts.raw !== undefined) body = opts.raw;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(base + url, {
    method,
    headers,
    body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function login(base: string, email: string, password = TEST_PASSWORD): Promise<{ access: string; refresh: string }> {
  const r = await http<{ access_token: string; refresh_token: string }>(base, 'POST', '/api/v1/auth/login', { body: { email, password } });
  if (r.status !== 200) throw new Error(`login failed for ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return { access: r.body.access_token, refresh: r.body.refresh_token };
}
