import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { queueMail } from '../modules/mail/service.js';
import { spawnedDataDir } from '../test/slow.js';

// npm run mail, run as the README says: DATA_DIR names the outbox. Another instance answering on PORT (here a
// stand-in serving an outbox of its own) must never be read instead, whether this folder's server runs or not.
// The embedded database only: under DATABASE_URL the tool reads PostgreSQL directly and no folder is involved.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIL = path.join(ROOT, 'apps/server/src/cli/mail.ts');
const dataDir = await spawnedDataDir('swipe-mailcli-', { embedded: true });
const { DATABASE_URL: _pg, ...baseEnv } = process.env;
const env = {
  ...baseEnv,
  DATABASE_URL: '',
  DATA_DIR: dataDir,
  DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  JWT_SECRET: randomBytes(32).toString('hex'),
};

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function run(file: string, extra: Record<string, string>, args: string[] = []): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: ROOT, env: { ...env, ...extra } });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Another instance's outbox on a port of its own (what a second `npm start` on the default port would answer). */
let other: http.Server;
let otherPort = 0;
let server: ChildProcess | undefined;

beforeAll(async () => {
  const db = await createPgliteDb(path.join(dataDir, 'pglite'));
  await migrate(db);
  await queueMail(db, { to: 'owner@folder.test', subject: 'Mail of this data folder', text: 'kept in DATA_DIR' });
  await db.close();
  other = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        mails: [
          {
            id: 1,
            to_addr: 'x@other.test',
            subject: 'Mail of another instance',
            text_body: 'wrong outbox',
            status: 'PENDING',
            created_at: '',
          },
        ],
      }),
    );
  });
  await new Promise<void>((r) => other.listen(0, '127.0.0.1', () => r()));
  otherPort = (other.address() as AddressInfo).port;
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  await new Promise<void>((r) => other.close(() => r()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run mail with DATA_DIR', () => {
  it('reads the folder itself when no server has it open, never the instance on PORT', async () => {
    const r = await run(MAIL, { PORT: String(otherPort) });
    expect(r.out).toContain('Mail of this data folder');
    expect(r.out).not.toContain('Mail of another instance');
    expect(r.code).toBe(0);
  });

  it('answers a count it cannot use with its usage and exit code 2, before opening anything', async () => {
    for (const bad of ['abc', '0', '-5', '2.5', '10000']) {
      const r = await run(MAIL, { PORT: String(otherPort) }, [bad]);
      expect(r.code, bad).toBe(2);
      expect(r.out, bad).toMatch(/^usage: npm run mail/);
    }
    const two = await run(MAIL, { PORT: String(otherPort) }, ['2']);
    expect(two.code).toBe(0);
    expect(two.out).toContain('Mail of this data folder');
  });

  it("asks the folder's running server (PGlite allows one process), not the instance on PORT", async () => {
    const [port, sitesPort] = [await freePort(), await freePort()];
    const log: string[] = [];
    server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: ROOT,
      env: { ...env, PORT: String(port), SITES_PORT: String(sitesPort), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (d: Buffer) => log.push(d.toString()));
    server.stderr?.on('data', (d: Buffer) => log.push(d.toString()));
    const record = path.join(dataDir, 'server.json');
    const until = Date.now() + 90_000;
    while (!fs.existsSync(record)) {
      if (server.exitCode !== null || Date.now() > until) throw new Error(`server did not start: ${log.join('')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const r = await run(MAIL, { PORT: String(otherPort) });
    expect(r.out).toContain('Mail of this data folder');
    expect(r.out).toContain(`through the server at http://127.0.0.1:${port}`);
    expect(r.out).not.toContain('Mail of another instance');

    const proc = server;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill('SIGTERM');
    });
    // the record goes with the process: the next run opens the folder itself
    expect(fs.existsSync(record)).toBe(false);
    expect((await run(MAIL, { PORT: String(otherPort) })).out).toContain('Mail of this data folder');
  });
});
