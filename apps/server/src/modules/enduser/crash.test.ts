import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { createPgDb, type Db } from '../../db/db.js';
import { createContext, openDb } from '../../open.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { spawnedDataDir } from '../../test/slow.js';
import { type ReceivedMail, startSmtp } from '../../test/smtp.js';

// Faults: the server process is SIGKILLed right after a contact submission is acknowledged;
// the submission and its mails are on disk, and once the mail server is back they arrive exactly once.
// Runs on a file-backed PGlite, or on PostgreSQL when DATABASE_URL is set (in a schema of its own).

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const dataDir = await spawnedDataDir('swipe-crash-');
const schema = `crash_${randomBytes(5).toString('hex')}`;
const pgUrl = process.env.DATABASE_URL;
const dbUrl = pgUrl ? `${pgUrl}${pgUrl.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` : undefined;
const env = { JWT_SECRET: randomBytes(32).toString('hex') };

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function config() {
  return loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: dbUrl ?? '', DEMO_DATA: 'false', LOG_LEVEL: 'silent' });
}

/** Opens the same database the child uses (PGlite: only while no child has it open). */
async function openSame(): Promise<Db> {
  return dbUrl ? createPgDb(dbUrl, { max: 2 }) : openDb(config());
}

interface Child {
  proc: ChildProcess;
  sitesUrl: string;
  log: string[];
}
async function startChild(smtpPort: number): Promise<Child> {
  const [port, sitesPort] = [await freePort(), await freePort()];
  const log: string[] = [];
  const proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: dataDir,
      DATABASE_URL: dbUrl ?? '',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      RETRY_BASE_MS: '100',
      ENDUSER_RATE_MULTIPLIER: '100',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
  proc.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
  const sitesUrl = `http://127.0.0.1:${sitesPort}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log.join('')}`);
    const ok = await fetch(`${sitesUrl}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { proc, sitesUrl, log };
    await new Promise((r) => setTimeout(r, 200));
  }
  proc.kill('SIGKILL');
  throw new Error(`server did not start: ${log.join('')}`);
}

function exited(proc: ChildProcess): Promise<void> {
  return proc.exitCode !== null || proc.signalCode !== null ? Promise.resolve() : new Promise((r) => proc.once('exit', () => r()));
}

let siteId = 0;
let smtp: SMTPServer | undefined;
const children: ChildProcess[] = [];

beforeAll(async () => {
  if (pgUrl) {
    const admin = createPgDb(pgUrl, { max: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    await admin.close();
  }
  const ctx = await createContext(config(), { logger: pino({ level: 'silent' }) });
  siteId = (await makeVisitorSite(ctx, { destinations: ['owner@crash.test', 'sales@crash.test'], sendConfirmation: true })).siteId;
  await ctx.db.close();
}, 120_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  if (pgUrl) {
    const admin = createPgDb(pgUrl, { max: 1 });
    await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await admin.close();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const contact = (base: string, email: string) =>
  fetch(`${base}/api/v1/end-user/site/${siteId}/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'accept-language': 'en',
      'idempotency-key': `crash-${Buffer.from(email).toString('hex')}`,
    },
    body: JSON.stringify({ data: { email, company_name: 'Crash Co', topic: 'Press' }, lang: 'en' }),
  });

describe('a crash right after a contact submission', () => {
  it('keeps the submission and its mails, and delivers them exactly once after an SMTP outage', async () => {
    const smtpPort = await freePort(); // nothing listens there yet: the mail server is down

    const first = await startChild(smtpPort);
    children.push(first.proc);
    const a = await contact(first.sitesUrl, 'first@visitor.test');
    expect(a.status).toBe(201);
    // the worker meets the outage (PostgreSQL: visible from here; PGlite: give it time to try)
    await new Promise((r) => setTimeout(r, 1500));
    const b = await contact(first.sitesUrl, 'second@visitor.test');
    expect(b.status).toBe(201);
    const ack = (await b.json()) as { id: number };
    first.proc.kill('SIGKILL');
    await exited(first.proc);

    let db = await openSame();
    const rows = await db.query<{ id: number; email: string }>('SELECT id, email FROM form_submissions WHERE site_id = $1 ORDER BY id', [
      siteId,
    ]);
    expect(rows.map((r) => r.email)).toEqual(['first@visitor.test', 'second@visitor.test']);
    expect(rows[1]?.id).toBe(ack.id);
    const mails = await db.query<{ to_addr: string; status: string; attempts: number; last_error: string | null }>(
      'SELECT to_addr, status, attempts, last_error FROM mail_outbox ORDER BY id',
    );
    // two notifications and one visitor confirmation per submission, none delivered
    expect(mails.map((m) => m.to_addr).sort()).toEqual(
      ['first@visitor.test', 'owner@crash.test', 'owner@crash.test', 'sales@crash.test', 'sales@crash.test', 'second@visitor.test'].sort(),
    );
    expect(mails.every((m) => m.status === 'QUEUED' || m.status === 'SENDING')).toBe(true);
    expect(mails.some((m) => m.last_error !== null)).toBe(true);
    // a lease held by the killed worker runs out after two minutes; fast-forward that wait
    await db.query("UPDATE mail_outbox SET lease_until = now() - interval '1 second' WHERE status = 'SENDING'");
    await db.query('UPDATE mail_outbox SET next_attempt_at = now()');
    await db.close();

    // the mail server comes back, and so does the application
    const received: ReceivedMail[] = [];
    smtp = await startSmtp(smtpPort, received);
    const second = await startChild(smtpPort);
    children.push(second.proc);
    const until = Date.now() + 30_000;
    while (received.length < 6 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500)); // any duplicate would arrive now
    second.proc.kill('SIGTERM');
    await exited(second.proc);

    expect(received.length).toBe(6);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(6);
    expect(received.flatMap((m) => m.to).sort()).toEqual(
      ['first@visitor.test', 'owner@crash.test', 'owner@crash.test', 'sales@crash.test', 'sales@crash.test', 'second@visitor.test'].sort(),
    );
    db = await openSame();
    const after = await db.query<{ status: string }>('SELECT status FROM mail_outbox');
    expect(after.every((m) => m.status === 'SENT')).toBe(true);
    expect((await db.one<{ n: number }>('SELECT count(*)::int AS n FROM form_submissions')).n).toBe(2);
    await db.close();
  }, 180_000);
});
