import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { enqueueJob } from './jobs/queue.js';
import { Worker } from './jobs/worker.js';
import { createContext } from './open.js';
import { freePort, testConfig, testDb } from './test/helpers.js';
import { slowRequest, spawnedDatabase, spawnedDataDir, statusOf, waitFor } from './test/slow.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let child: ChildProcess | undefined;
let database: Awaited<ReturnType<typeof spawnedDatabase>> | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.drop();
});

describe('graceful shutdown (SIGTERM)', () => {
  it('lets in-flight requests finish, answers new ones 503, then exits 0', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const sitesPort = await freePort();
    database = await spawnedDatabase();
    const env = {
      ...process.env,
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: await spawnedDataDir('swipe-shutdown-'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ...database.env,
      NODE_ENV: 'test',
    };
    child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], { env, stdio: 'ignore', cwd: root });
    const exited = new Promise<number | null>((r) => child?.on('exit', (code) => r(code)));
    const health = `http://127.0.0.1:${port}/api/v1/health`;
    await waitFor('the server', async () => ((await statusOf(health)) === 200 ? true : undefined), 90_000);

    const slow = await slowRequest(
      port,
      'POST',
      '/api/v1/auth/login',
      JSON.stringify({ email: 'nobody@example.test', password: 'Whatever-1#' }),
    );
    // the server answered 100 Continue: the slow request is in its hands (see slowRequest)
    expect(await statusOf(health)).toBe(200);
    child.kill('SIGTERM');
    expect(await waitFor('503 while draining', async () => ((await statusOf(health)) === 503 ? 503 : undefined), 10_000)).toBe(503);
    const answer = await slow.finish();
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer).toContain('LOGIN_FAILED');
    expect(await exited).toBe(0);
  });
});

describe('worker stop', () => {
  it('stops after its current job, which completes', { timeout: 180_000 }, async () => {
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

describe('a SIGTERM while the server starts', () => {
  it('stops it once started, with the same drain and exit code 0, rather than killing it half-way', { timeout: 180_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-early-stop-'));
    const db = await spawnedDatabase();
    const env = {
      ...process.env,
      PORT: String(await freePort()),
      SITES_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ...db.env,
      NODE_ENV: 'test',
    };
    const early = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
      env,
      stdio: 'ignore',
      cwd: root,
    });
    try {
      const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) => early.on('exit', (code, signal) => r([code, signal])));
      // the media folder is made while the context is built: the origins, their routes and the worker are still to come
      await waitFor('the server to be starting', async () => (fs.existsSync(path.join(dataDir, 'media')) ? true : undefined), 90_000);
      early.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      early.kill('SIGKILL');
      await db.drop();
    }
  });
});
