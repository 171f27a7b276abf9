import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/helpers.js';
import { spawnedDatabase, spawnedDataDir, statusOf, waitFor } from './test/slow.js';

// The server as `npm start` runs it (NODE_ENV=production, default log level), in a
// terminal: `script` gives it a pseudo-terminal as stdout, the way a shell does.
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let child: ChildProcess | undefined;
let database: Awaited<ReturnType<typeof spawnedDatabase>> | undefined;
afterAll(async () => {
  child?.kill('SIGKILL');
  await database?.drop();
});

/** The node process under `script` (and the shell it may start). */
function serverPid(pid: number): number {
  const kids = execFileSync('ps', ['-o', 'pid=,comm=', '--ppid', String(pid)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  for (const k of kids) {
    const [p, comm] = k.trim().split(/\s+/);
    if (comm === 'node') return Number(p);
    if (p) return serverPid(Number(p));
  }
  throw new Error('server process not found');
}

describe('logs under npm start in a terminal', () => {
  it('are a few readable lines, none per request', { timeout: 240_000 }, async () => {
    const [port, sitesPort] = [await freePort(), await freePort()];
    database = await spawnedDatabase();
    const env: Record<string, string | undefined> = {
      ...process.env,
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: await spawnedDataDir('swipe-logs-'),
      DEMO_DATA: 'true',
      ...database.env,
      NODE_ENV: 'production',
    };
    delete env.LOG_LEVEL;
    delete env.LOG_FORMAT;
    const server = `${JSON.stringify(process.execPath)} --import tsx ${JSON.stringify(path.join(root, 'apps/server/src/main.ts'))}`;
    child = spawn('script', ['-qfec', server, '/dev/null'], { env, cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    const exited = new Promise<void>((r) => child?.on('exit', () => r()));
    await waitFor('the server', async () => (out.includes('Swipe Sites is running') ? true : undefined), 180_000);

    const sites = `http://127.0.0.1:${sitesPort}`;
    const urls = [
      `http://127.0.0.1:${port}/api/v1/health`,
      `${sites}/api/v1/end-user/site/1`,
      `${sites}/api/v1/end-user/none`,
      `http://127.0.0.1:${port}/new-password?token=secret-token-123`,
    ];
    for (let i = 0; i < 25; i++) for (const u of urls) expect(await statusOf(u)).toBeGreaterThan(0);
    // the entry registers the viewer's runtime before the server loads (apps/viewer/preact.mjs): pages are
    // rendered by Preact, which browsers hydrate them with; React would separate adjacent texts with <!-- -->
    // (the demo site exists on the embedded database only: with DATABASE_URL no demo data is made)
    if (!process.env.DATABASE_URL) {
      const page = await (await fetch(`${sites}/A1`)).text();
      expect(page).toContain('>1 / 4<');
      expect(page).not.toContain('<!-- -->');
    }
    // stop the server itself (as Ctrl-C would), not the terminal around it
    process.kill(serverPid(child.pid as number), 'SIGTERM');
    await exited;

    const lines = out.split(/\r?\n/).filter((l) => l.trim() !== '');
    // the banner (about 10 lines), the demo data line, the shutdown line: not 100 request lines
    expect(lines.length, out).toBeLessThan(30);
    for (const l of lines) expect(l.trimStart().startsWith('{')).toBe(false);
    // demo data is made on the embedded database only (config.ts: never with DATABASE_URL)
    if (!process.env.DATABASE_URL) expect(out).toMatch(/\d\d:\d\d:\d\d\.\d{3} .*INFO.* demo data created/);
    else expect(out).toContain('Database: PostgreSQL');
    expect(out).toMatch(/\d\d:\d\d:\d\d\.\d{3} .*INFO.* shutting down signal="?SIGTERM/);
    expect(out).not.toContain('secret-token-123');
    expect(out).not.toMatch(/Deprecation|ExperimentalWarning/);
  });
});
