import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppContext } from '@swipe/server/context.ts';
import { seedDemo } from '@swipe/server/demo/seed.ts';
import { startTestServer, type TestServer } from '@swipe/server/test/helpers.ts';
import { type Browser, chromium } from 'playwright-core';

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

/**
 * A production build of the viewer in a folder of its own (others may rebuild apps/viewer/dist, even
 * in development mode, while journeys run), used by the server through VIEWER_DIST_DIR.
 */
export function buildViewerIfStale(outDir = path.join(ROOT, 'node_modules', '.cache', 'viewer-dist')): string {
  const marker = path.join(outDir, '.vite', 'manifest.json');
  const sources = Math.max(
    newest(path.join(VIEWER_DIR, 'src')),
    newest(path.join(ROOT, 'packages')),
    fs.statSync(path.join(VIEWER_DIR, 'vite.config.ts')).mtimeMs,
  );
  if (!(fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= sources)) {
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
        outDir,
        '--emptyOutDir',
      ],
      { cwd: VIEWER_DIR, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (r.status !== 0) throw new Error('viewer build failed');
  }
  process.env.VIEWER_DIST_DIR = outDir;
  return outDir;
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
