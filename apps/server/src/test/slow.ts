import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPgDb, createPgliteDb } from '../db/db.js';
import { onceAsync } from '../lib/once.js';
import { migratedPglite } from './helpers.js';

/** Polls `probe` until it returns a value other than undefined (state, not a fixed sleep); throws after `ms`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const v = await probe().catch(() => undefined);
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * waitFor for a process the test started (stdout and stderr piped): fails at once if the process leaves
 * first, and either failure ends with the last of what it printed, so a server that could not start says
 * why instead of a bare timeout. Its output is read from here on (a full pipe would stall it).
 */
export async function waitForChild<T>(child: ChildProcess, what: string, probe: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const said = () => (out ? `; its output ended with:\n${out}` : '; it printed nothing');
  let onExit = (_code: number | null, _signal: NodeJS.Signals | null) => {};
  const left = new Promise<never>((_, reject) => {
    onExit = (code, signal) => reject(new Error(`the process left (${code ?? signal}) while waiting for ${what}${said()}`));
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
    else child.once('exit', onExit);
  });
  try {
    return await Promise.race([waitFor(what, probe, ms), left]);
  } catch (e) {
    throw (e as Error).message.startsWith('the process left') ? e : new Error(`${(e as Error).message}${said()}`);
  } finally {
    child.off('exit', onExit);
  }
}

/** The status of a GET, or undefined when the server does not answer. */
export async function statusOf(url: string): Promise<number | undefined> {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return undefined;
  }
}

export interface SlowRequest {
  /** sends the rest of the body and resolves with the whole raw answer once the server closes */
  finish(): Promise<string>;
}

/**
 * A streamed upload in flight: the request line and headers (with `Expect: 100-continue`) and the first
 * bytes of the body are sent now; the rest only when `finish()` is called. Resolves once the server has
 * answered `100 Continue`: Node writes it and emits 'request' in the same tick, so from then on the
 * request is in the server's hands (its onRequest hooks have run), whatever the machine's load.
 */
export function slowRequest(port: number, method: string, url: string, body: string): Promise<SlowRequest> {
  return new Promise((resolve, reject) => {
    let answer = '';
    let taken = false;
    const sock = net.connect(port, '127.0.0.1', () => {
      sock.write(
        `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
      );
      sock.write(body.slice(0, 5));
    });
    const closed = new Promise<string>((done) => sock.on('close', () => done(answer.replace(/^HTTP\/1\.1 100 Continue\r\n\r\n/, ''))));
    sock.on('data', (d) => {
      answer += d.toString();
      if (!taken && /^HTTP\/1\.1 \d{3}/.test(answer)) {
        taken = true;
        resolve({
          finish() {
            sock.write(body.slice(5));
            return closed;
          },
        });
      }
    });
    sock.on('error', reject);
    sock.on('close', () => {
      if (!taken) reject(new Error(`the server closed ${url} before taking it`));
    });
  });
}

/**
 * The database for a server spawned as its own process: nothing extra on PGlite (its DATA_DIR is the
 * test's own); with DATABASE_URL, a fresh schema of that database through the URL's search_path, so
 * spawned servers of tests running side by side never migrate or read the same tables.
 */
export async function spawnedDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { env: {}, drop: () => Promise.resolve() };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = createPgDb(url, { max: 1 });
  await admin.exec(`CREATE SCHEMA ${schema}`);
  const scoped = `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    env: { DATABASE_URL: scoped },
    async drop() {
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
      await admin.close();
    },
  };
}

/**
 * The migrated embedded database as a data folder, made once per test process from the migrated template
 * (helpers.ts): a spawned server or CLI given a copy opens it in about a second, where an empty folder costs it
 * PGlite's initdb and every migration (seven seconds here, more under load). Tests of the first start on an
 * empty folder (create-master's first run) keep an empty one.
 */
const pgliteTemplate = onceAsync(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-pglite-template-'));
  const db = await createPgliteDb(path.join(dir, 'pglite'), { loadDataDir: await migratedPglite() });
  await db.close();
  return dir;
});

/**
 * A new DATA_DIR for a spawned process (`prefix` names it in the temporary folder). On PGlite it holds the
 * migrated database already; with DATABASE_URL the folder starts empty (the database is spawnedDatabase's schema).
 */
export async function spawnedDataDir(prefix: string, opts: { embedded?: boolean } = {}): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  if (opts.embedded ?? !process.env.DATABASE_URL) fs.cpSync(await pgliteTemplate(), dir, { recursive: true });
  return dir;
}
