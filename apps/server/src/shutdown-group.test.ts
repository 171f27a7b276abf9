import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_ARGS } from '../../../scripts/server-node-args.mjs';
import { freePort } from './test/helpers.js';
import { type SlowRequest, slowRequest, spawnedDatabase, spawnedDataDir, statusOf, waitFor, waitForChild } from './test/slow.js';

// A terminal's Ctrl-C and systemd signal the whole process group of `npm start`
// (npm, scripts/start.mjs, the server). The server must drain once: in-flight requests finish, new ones
// get 503, the group leaves in under 30 s.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let group: ChildProcess | undefined;
let exited = false;
let database: Awaited<ReturnType<typeof spawnedDatabase>> | undefined;
afterAll(async () => {
  if (group?.pid && !exited) {
    try {
      process.kill(-group.pid, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
  await database?.drop();
});

describe('npm start, SIGTERM to the process group', () => {
  it('finishes every in-flight request, answers new ones 503 and exits in under 30 s', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const sitesPort = await freePort();
    database = await spawnedDatabase();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: await spawnedDataDir('swipe-group-'),
      DEMO_DATA: 'false',
      LOG_LEVEL: 'silent',
      ...database.env,
      SKIP_BUILD: '1',
    };
    group = spawn('npm', ['start', '--silent'], { env, cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const pid = group.pid as number;
    // npm itself leaves at once on SIGTERM; what matters is that every process of the group is gone.
    const groupAlive = () => {
      try {
        process.kill(-pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const admin = `http://127.0.0.1:${port}/api/v1/health`;
    const sites = `http://127.0.0.1:${sitesPort}/api/v1/health`;
    await waitForChild(
      group,
      'the server',
      async () => ((await statusOf(admin)) === 200 && (await statusOf(sites)) === 200 ? true : undefined),
      90_000,
    );

    // the server process of the group runs with the options it needs (scripts/server-node-args.mjs)
    const server = fs
      .readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map((d) => {
        try {
          const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
          const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
          return { pgrp, argv: fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').split('\0') };
        } catch {
          return null;
        }
      })
      .find((p) => p?.pgrp === pid && p.argv.some((a) => a.endsWith(path.join('apps', 'server', 'src', 'main.ts'))));
    expect(server?.argv).toEqual(expect.arrayContaining(SERVER_NODE_ARGS));

    const login = JSON.stringify({ email: 'nobody@example.test', password: 'Whatever-1#' });
    const events = JSON.stringify({ events: [] });
    const slow: SlowRequest[] = [];
    for (let i = 0; i < 4; i++) slow.push(await slowRequest(port, 'POST', '/api/v1/auth/login', login));
    for (let i = 0; i < 4; i++) slow.push(await slowRequest(sitesPort, 'POST', '/api/v1/end-user/events', events));
    // Each slow request was answered 100 Continue, so it is in the server's hands (see slowRequest); the origins still answer.
    expect(await statusOf(admin)).toBe(200);
    expect(await statusOf(sites)).toBe(200);

    const signalled = Date.now();
    process.kill(-pid, 'SIGTERM');
    expect(await waitFor('503 on the admin origin', async () => ((await statusOf(admin)) === 503 ? 503 : undefined), 10_000)).toBe(503);
    expect(await waitFor('503 on the sites origin', async () => ((await statusOf(sites)) === 503 ? 503 : undefined), 10_000)).toBe(503);

    const answers = await Promise.all(slow.map((s) => s.finish()));
    for (const a of answers) {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(a)?.[1]);
      expect(status, a.slice(0, 200)).toBeGreaterThanOrEqual(200);
      expect(status, a.slice(0, 200)).toBeLessThan(500);
    }
    expect(answers.slice(0, 4).every((a) => a.includes('LOGIN_FAILED'))).toBe(true);
    await waitFor('the process group to leave', async () => (groupAlive() ? undefined : true), 60_000);
    exited = true;
    expect(Date.now() - signalled).toBeLessThan(30_000);
  });
});
