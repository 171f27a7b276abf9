import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, startDemoServer } from '../e2e/helpers.js';
import { liner } from './lib.js';

// Back-office load figures (docs/decisions.md: admin first-load budget), printed next to their targets; nothing asserts.
//  - first-load JavaScript: the scripts index.html loads (entry + modulepreloads) plus the default language's
//    message table, i.e. everything before the login screen renders; raw and gzip
//  - the same measured in Chromium: the scripts complete when the login form enters the page, then when the site
//    list shows its first row after signing in, and on a fresh load of the site list with a session
//  - the largest lazily loaded chunk (hls.js named apart: only a video preview loads it)

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DIST = path.join(ROOT, 'apps/admin/dist');
const TARGET_GZIP_KB = 160;

const line = liner(60, 18);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sizes = (files: string[]) => {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(DIST, f));
    raw += buf.length;
    gzip += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gzip };
};
const pair = (s: { raw: number; gzip: number }) => `${kb(s.raw)} / ${kb(s.gzip)}`;

/** Scripts index.html asks for before any code runs: module entry scripts and modulepreload links. */
function htmlScripts(): string[] {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+\.js)"/g)) out.push(m[1] as string);
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="\/([^"]+\.js)"/g)) out.push(m[1] as string);
  return [...new Set(out)];
}

const FORM = 'input[autocomplete="username"]';
const ROW = 'tbody tr';

/**
 * Records, in the page, the resources complete at the moment each selector first enters the DOM (a mutation
 * observer runs before any later network answer is handled, so chunks fetched after that render are left out).
 * A string, not a function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const recordFirstSight = (selectors: Record<string, string>) => `
  window.__seen = {};
  new MutationObserver(() => {
    for (const [name, sel] of Object.entries(${JSON.stringify(selectors)}))
      if (!window.__seen[name] && document.querySelector(sel))
        window.__seen[name] = performance.getEntriesByType('resource').map((e) => e.name);
  }).observe(document, { childList: true, subtree: true });
`;

/** Scripts complete when `name` was first seen, as dist paths. */
async function scriptsAt(page: Page, name: string): Promise<string[]> {
  const urls = await page.evaluate((n) => (window as unknown as { __seen: Record<string, string[]> }).__seen[n] ?? [], name);
  return [...new Set(urls.map((u) => new URL(u).pathname.slice(1)).filter((p) => p.endsWith('.js')))];
}

async function measure(browser: Browser, adminUrl: string) {
  const user = DEMO_LOGINS[1];
  const ctx = await browser.newContext(DESKTOP);
  await ctx.addInitScript(recordFirstSight({ form: FORM, row: ROW }));
  const page = await ctx.newPage();
  await page.goto(`${adminUrl}/login`);
  await page.locator(FORM).waitFor();
  await page.locator(FORM).fill(user.email);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/site-list/);
  await page.locator(ROW).first().waitFor();
  const login = await scriptsAt(page, 'form');
  const afterSignIn = await scriptsAt(page, 'row');
  // A fresh tab on the site list (session kept in localStorage): what the everyday start costs.
  const again = await ctx.newPage();
  await again.goto(page.url());
  await again.locator(ROW).first().waitFor();
  const siteList = await scriptsAt(again, 'row');
  await ctx.close();
  return { login, afterSignIn, siteList };
}

export async function run(): Promise<void> {
  console.log('admin (back-office SPA)');
  // NODE_ENV=test (set by bench/run.ts) would make Vite bundle React's development build.
  const built = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (built.status !== 0) throw new Error('build failed');
  const assets = fs.readdirSync(path.join(DIST, 'assets')).filter((f) => f.endsWith('.js'));
  const html = htmlScripts();
  const table = assets.filter((f) => /^messages-ja-/.test(f)).map((f) => `assets/${f}`);
  const first = sizes([...html, ...table]);
  line(`first-load JS: ${html.length} from index.html + ${table.length} table, raw / gzip`, pair(first), `<= ${TARGET_GZIP_KB} KB gzip`);

  const lazy = assets
    .map((f) => `assets/${f}`)
    .filter((f) => !html.includes(f) && !table.includes(f))
    .map((f) => ({ f, ...sizes([f]) }))
    .sort((a, b) => b.raw - a.raw);
  const hls = lazy.find((c) => /\/hls-/.test(c.f));
  const biggest = lazy.find((c) => c !== hls);
  if (biggest) line(`largest lazy chunk (${path.basename(biggest.f).replace(/-[\w-]{8}\.js$/, '')}) raw / gzip`, pair(biggest));
  if (hls) line('hls.js chunk (video preview only) raw / gzip', pair(hls));

  const server = await startDemoServer({ runWorker: false });
  const browser = await launchChromium();
  try {
    const m = await measure(browser, server.ctx.config.adminUrl);
    line(`Chromium: JS when the login form appears (${m.login.length} files)`, pair(sizes(m.login)), `<= ${TARGET_GZIP_KB} KB gzip`);
    line(`Chromium: JS when the site list shows after login (${m.afterSignIn.length})`, pair(sizes(m.afterSignIn)));
    line(`Chromium: JS when a fresh site-list tab shows (${m.siteList.length})`, pair(sizes(m.siteList)));
    const hlsLoaded = [...m.login, ...m.afterSignIn, ...m.siteList].some((f) => /\/hls-/.test(f));
    line('hls.js fetched by login or site list', hlsLoaded ? 'yes' : 'no', 'no');
  } finally {
    await browser.close();
    await server.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run();
  process.exit(0);
}
