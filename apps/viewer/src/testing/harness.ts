import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { AppContext } from '@swipe/server/context.ts';
import { seedDemo } from '@swipe/server/demo/seed.ts';
import { startTestServer, type TestServer } from '@swipe/server/test/helpers.ts';
import { type Browser, chromium } from 'playwright-core';
import { COMPILE_HINT } from '../../vite.config.ts';

// Shared set-up of the viewer journeys and benchmarks: a built viewer, a server on free ports with
// the demo site, and Debian's Chromium.

const here = path.dirname(fileURLToPath(import.meta.url));
export const VIEWER_DIR = path.resolve(here, '../..');
export const ROOT = path.resolve(VIEWER_DIR, '../..');
export const SCREENSHOTS = path.join(ROOT, 'e2e', 'screenshots');

function newest(dir: string): number {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) t = Math.max(t, newest(p));
    else t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/** The newest change to the viewer's sources, its packages or its build configuration. */
function viewerSourcesMtime(): number {
  return Math.max(
    newest(path.join(VIEWER_DIR, 'src')),
    newest(path.join(ROOT, 'packages')),
    fs.statSync(path.join(VIEWER_DIR, 'vite.config.ts')).mtimeMs,
  );
}

const fresh = (outDir: string) => {
  const marker = path.join(outDir, '.vite', 'manifest.json');
  return fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= viewerSourcesMtime();
};

/** Blocks this thread for `ms` (the build below is synchronous, and so are its callers). */
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * A production build of the viewer in a folder of its own (others may rebuild apps/viewer/dist, even
 * in development mode, while journeys run), used by the server through VIEWER_DIST_DIR. Test workers call this
 * at once: one builds, under a lock file, into a folder of its own that then takes the place of the old one, and
 * the others wait for the lock and find the build fresh (two builds writing one folder at once failed).
 */
export function buildViewerIfStale(outDir = path.join(ROOT, 'node_modules', '.cache', 'viewer-dist')): string {
  if (!fresh(outDir)) {
    const lock = `${outDir}.lock`;
    fs.mkdirSync(path.dirname(outDir), { recursive: true });
    for (;;) {
      try {
        fs.closeSync(fs.openSync(lock, 'wx'));
        break;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        // a lock left by a build that was killed is taken over after ten minutes
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > 600_000) fs.rmSync(lock, { force: true });
        else pause(200);
      }
    }
    try {
      if (!fresh(outDir)) {
        const tmp = `${outDir}.${process.pid}`;
        const r = spawnSync(
          process.execPath,
          [
            path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
            'build',
            '--mode',
            'production',
            '--logLevel',
            'error',
            '--outDir',
            tmp,
            '--emptyOutDir',
          ],
          { cwd: VIEWER_DIR, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
        );
        if (r.status !== 0) {
          fs.rmSync(tmp, { recursive: true, force: true });
          throw new Error('viewer build failed');
        }
        fs.rmSync(outDir, { recursive: true, force: true });
        fs.renameSync(tmp, outDir);
      }
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
  process.env.VIEWER_DIST_DIR = outDir;
  return outDir;
}

/** The viewer's first-load budget: gzip bytes of the JavaScript every page load runs (the guide's 30 KB). */
export const FIRST_LOAD_BUDGET = 30 * 1024;

/**
 * The JavaScript of a viewer build that every page load runs (the entry and what it imports statically), from its
 * manifest: gzip (level 9) and raw bytes, whether every file opens with V8's compile hint, and whether hls.js is in it.
 */
export function firstLoadJs(dist: string): { gzip: number; raw: number; files: string[]; hinted: boolean; hlsInFirstLoad: boolean } {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files: string[] = [];
  const walk = (k: string) => {
    const e = manifest[k];
    if (!e || files.includes(e.file)) return;
    files.push(e.file);
    for (const i of e.imports ?? []) walk(i);
  };
  walk('src/client.tsx');
  let gzip = 0;
  let raw = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dist, f));
    gzip += zlib.gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
  }
  const hinted = files.every((f) => fs.readFileSync(path.join(dist, f), 'utf8').startsWith(COMPILE_HINT));
  return { gzip, raw, files, hinted, hlsInFirstLoad: files.some((f) => /hls/i.test(f)) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface DemoServer {
  srv: TestServer;
  siteId: number;
  sites: string;
  admin: string;
}

/** A server with both origins on fixed free ports (media URLs carry the port) and the demo site. */
export async function startDemoServer(): Promise<DemoServer> {
  const [port, sitesPort] = [await freePort(), await freePort()];
  let siteId = 0;
  const srv = await startTestServer(
    { port, sitesPort, adminUrl: `http://localhost:${port}`, sitesUrl: `http://127.0.0.1:${sitesPort}` },
    {
      // the demo seed skips itself under DATABASE_URL (no default credentials there); journeys seed anyway
      seed: async (ctx: AppContext) => {
        siteId = (await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } }))?.siteId ?? 0;
      },
    },
  );
  return { srv, siteId, sites: `http://127.0.0.1:${sitesPort}`, admin: `http://localhost:${port}` };
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(extra: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...extra] });
}
