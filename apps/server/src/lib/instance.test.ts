import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertEmbeddedStopped, Refused } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { freePort } from '../test/helpers.js';
import { type Proc, startNode, stopProc, waitUp } from '../test/processes.js';
import { runningInstance } from './instance.js';

// The embedded server names itself in DATA_DIR/server.json from before it opens its database, not only once it
// listens: a backup or restore started while it migrates or writes the demo's data would copy or replace a
// database that a process has open. A fresh folder: the database is made at start (initdb, every migration),
// seconds in which the folder's `pglite` exists and the server does not answer yet.

let server: Proc | undefined;
let dir = '';
afterAll(() => {
  stopProc(server);
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded server names itself in its data folder', () => {
  it('from before its database opens: backup and restore refuse while it starts, then it names its address', {
    timeout: 180_000,
  }, async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-instance-'));
    const [port, sitesPort] = [await freePort(), await freePort()];
    const env = {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dir,
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      RUN_WORKER: 'false',
      REDIS_URL: '',
      JWT_SECRET: 'instance-test-secret-0123456789-0123456789',
    };
    const config = loadConfig(env);
    server = startNode('server', 'main-server.ts', env);
    const pid = server.child.pid;
    // the moment the database folder appears, the record is already there and says the server is starting
    const until = Date.now() + 120_000;
    while (!fs.existsSync(path.join(dir, 'pglite'))) {
      if (server.child.exitCode !== null || Date.now() > until) throw new Error(`no database folder:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    const early = runningInstance(dir);
    expect(early).toEqual({ pid, adminUrl: config.adminUrl, starting: true });
    expect(() => assertEmbeddedStopped(config)).toThrow(Refused);
    expect(() => assertEmbeddedStopped(config)).toThrow(`the server (process ${pid}, starting) has the embedded database`);

    await waitUp(server, `http://127.0.0.1:${port}/api/v1/health/ready`);
    expect(runningInstance(dir)).toEqual({ pid, adminUrl: `http://127.0.0.1:${port}` });
    expect(() => assertEmbeddedStopped(config)).toThrow(`the server (process ${pid}, http://127.0.0.1:${port}) has the embedded database`);

    // the record goes with the process
    stopProc(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(runningInstance(dir)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'server.json'))).toBe(false);
    expect(() => assertEmbeddedStopped(config)).not.toThrow();
  });
});
