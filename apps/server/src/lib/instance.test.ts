import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { assertEmbeddedStopped, Refused } from '../backup/backup.js';
import { loadConfig } from '../config.js';
import { openDb } from '../open.js';
import { freePort } from '../test/helpers.js';
import { type Proc, startNode, stopProc, waitUp } from '../test/processes.js';
import { claimInstance, FolderInUse, runningInstance } from './instance.js';

// The embedded server names itself in DATA_DIR/server.json from before it opens its database, not only once it
// listens: a backup or restore started while it migrates or writes the demo's data would copy or replace a
// database that a process has open. A fresh folder: the database is made at start (initdb, every migration),
// seconds in which the folder's `pglite` exists and the server does not answer yet. PGlite is one process's: a
// second server on the folder, or a tool opening its database, is refused while the first runs.

let server: Proc | undefined;
let second: Proc | undefined;
let dir = '';
const dirs: string[] = [];
afterAll(() => {
  stopProc(server);
  stopProc(second);
  for (const d of [dir, ...dirs]) if (d) fs.rmSync(d, { recursive: true, force: true });
});

const recordOf = (folder: string) => JSON.parse(fs.readFileSync(path.join(folder, 'server.json'), 'utf8'));
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-claim-'));
  dirs.push(d);
  return d;
};

describe("a data folder is one live process's", () => {
  it("a record whose process is gone, or whose pid another process has since been given, is nobody's", () => {
    const folder = tempDir();
    const write = (rec: object) => fs.writeFileSync(path.join(folder, 'server.json'), JSON.stringify(rec));
    // this test's parent (the test runner) is alive: its own record holds the folder
    claimInstance(folder, { pid: process.ppid, adminUrl: 'http://127.0.0.1:1' });
    expect(runningInstance(folder)?.pid).toBe(process.ppid);
    expect(() => claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:2' })).toThrow(FolderInUse);
    expect(() => claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:2' })).toThrow(
      `the server (process ${process.ppid}, http://127.0.0.1:1) has the embedded database in ${folder} open`,
    );
    expect(recordOf(folder).pid).toBe(process.ppid);
    // the same live pid with another start time: a killed server's record, its pid handed to another process
    write({ ...recordOf(folder), started: 'another-boot:1' });
    expect(runningInstance(folder)).toBeNull();
    claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:2', starting: true });
    expect(recordOf(folder)).toMatchObject({ pid: process.pid, adminUrl: 'http://127.0.0.1:2', starting: true });
    // a pid no process has
    write({ pid: 2 ** 22 + 1, adminUrl: 'http://127.0.0.1:3' });
    expect(runningInstance(folder)).toBeNull();
    claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:4' });
    expect(recordOf(folder)).toMatchObject({ pid: process.pid, adminUrl: 'http://127.0.0.1:4' });
    // nothing is left aside
    expect(fs.readdirSync(folder)).toEqual(['server.json']);
  });

  it('holds on a file system without hard links too', () => {
    const folder = tempDir();
    const link = vi.spyOn(fs, 'linkSync').mockImplementation(() => {
      throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' });
    });
    try {
      claimInstance(folder, { pid: process.ppid, adminUrl: 'http://127.0.0.1:1' });
      expect(link).toHaveBeenCalled();
      expect(runningInstance(folder)).toMatchObject({ pid: process.ppid, adminUrl: 'http://127.0.0.1:1' });
      expect(() => claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:2' })).toThrow(FolderInUse);
      expect(recordOf(folder).pid).toBe(process.ppid);
      fs.writeFileSync(path.join(folder, 'server.json'), JSON.stringify({ pid: 2 ** 22 + 1, adminUrl: 'http://127.0.0.1:3' }));
      claimInstance(folder, { pid: process.pid, adminUrl: 'http://127.0.0.1:4' });
      expect(recordOf(folder)).toMatchObject({ pid: process.pid, adminUrl: 'http://127.0.0.1:4' });
      expect(fs.readdirSync(folder)).toEqual(['server.json']);
    } finally {
      link.mockRestore();
    }
  });
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
    expect(early).toEqual({ pid, adminUrl: config.adminUrl, starting: true, started: expect.any(String) });
    expect(() => assertEmbeddedStopped(config)).toThrow(Refused);
    expect(() => assertEmbeddedStopped(config)).toThrow(`the server (process ${pid}, starting) has the embedded database`);

    await waitUp(server, `http://127.0.0.1:${port}/api/v1/health/ready`);
    const ready = runningInstance(dir);
    expect(ready).toEqual({ pid, adminUrl: `http://127.0.0.1:${port}`, started: early?.started });
    expect(() => assertEmbeddedStopped(config)).toThrow(`the server (process ${pid}, http://127.0.0.1:${port}) has the embedded database`);

    // a second server on the folder is refused before it opens the database, and leaves the first's record alone
    const [port2, sitesPort2] = [await freePort(), await freePort()];
    second = startNode('second', 'main-server.ts', { ...env, PORT: String(port2), SITES_PORT: String(sitesPort2) });
    expect(await second.exited).toBe(3);
    expect(second.output()).toContain(
      `Not started: the server (process ${pid}, http://127.0.0.1:${port}) has the embedded database in ${dir} open: stop it first`,
    );
    expect(runningInstance(dir)).toEqual(ready);
    // a tool opening the database (create-master, bill-month, the worker) is refused too
    await expect(openDb(config)).rejects.toThrow(FolderInUse);
    await waitUp(server, `http://127.0.0.1:${port}/api/v1/health/ready`);

    // the record goes with the process
    stopProc(server, 'SIGTERM');
    expect(await server.exited).toBe(0);
    expect(runningInstance(dir)).toBeNull();
    expect(fs.existsSync(path.join(dir, 'server.json'))).toBe(false);
    expect(() => assertEmbeddedStopped(config)).not.toThrow();
  });
});
