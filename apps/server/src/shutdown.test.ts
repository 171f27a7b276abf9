import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueJob } from './jobs/queue.js';
import { Worker } from './jobs/worker.js';
import { createContext } from './server.js';
import { testConfig, testDb } from './test/helpers.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
}

async function waitHealthy(url: string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Sends the request line, headers and half the body now; returns a function that sends the rest and reads the answer. */
function slowRequest(port: number, body: string): Promise<() => Promise<string>> {
  return new Promise((resolve) => {
    const sock = net.connect(port, '127.0.0.1', () => {
      sock.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
      );
      sock.write(body.slice(0, 10));
      let answer = '';
      sock.on('data', (d) => {
        answer += d.toString();
      });
      resolve(
        () =>
          new Promise((done) => {
            sock.on('close', () => done(answer));
            sock.write(body.slice(10));
          }),
      );
    });
  });
}

describe('graceful shutdown (SIGTERM)', () => {
  it('lets in-flight requests finish, answers new ones 503, then exits 0', async () => {
    const port = await freePort();
    const sitesPort = await freePort();
    const env = {
      ...process.env,
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-shutdown-')),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
    };
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { env, stdio: 'ignore', cwd: root });
    const exited = new Promise<number | null>((r) => child?.on('exit', (code) => r(code)));
    await waitHealthy(`http://127.0.0.1:${port}/api/v1/health`);

    const finish = await slowRequest(port, JSON.stringify({ email: 'nobody@example.test', password: 'Whatever-1#' }));
    await new Promise((r) => setTimeout(r, 100));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    const during = await fetch(`http://127.0.0.1:${port}/api/v1/health`).catch(() => null);
    expect(during?.status).toBe(503);
    const answer = await finish();
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toContain('LOGIN_FAILED');
    expect(await exited).toBe(0);
  });
});

describe('worker stop', () => {
  it('stops after its current job, which completes', async () => {
    const { db, drop } = await testDb();
    const ctx = await createContext(testConfig(), { db, logger: pino({ level: 'silent' }) });
    let started = false;
    const worker = new Worker(
      ctx,
      {
        slow: async () => {
          started = true;
          await new Promise((r) => setTimeout(r, 400));
          return { ok: true };
        },
      },
      { pollMs: 10 },
    );
    await db.tx((q) => enqueueJob(q, 'slow', {}));
    await db.tx((q) => enqueueJob(q, 'slow', {}));
    await worker.start();
    while (!started) await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    const rows = await db.query<{ status: string }>('SELECT status FROM jobs ORDER BY id');
    expect(rows.map((r) => r.status)).toEqual(['DONE', 'QUEUED']);
    await db.close();
    await drop();
  });
});
