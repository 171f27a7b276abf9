import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type Browser, chromium, type Page } from 'playwright-core';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium } from '../e2e/helpers.js';
import { liner, median } from './lib.js';
import { lighthouseRun } from './lighthouse.js';
import { startProduct } from './processes.js';

// Back-office load figures (docs/decisions.md: admin first-load budget), printed next to their targets; nothing asserts.
//  - first-load JavaScript: the scripts index.html loads (entry + modulepreloads) plus the default language's
//    message table, i.e. everything before the login screen renders; raw and gzip
//  - the same measured in Chromium: the scripts complete when the login form enters the page, then when the site
//    list shows its first row after signing in, and on a fresh load of the site list with a session
//  - the largest lazily loaded chunk (hls.js named apart: only a video preview loads it)
//  - for /login and for the site list after signing in (a fresh load with a session, the HTTP cache empty):
//    bytes over the wire for the first load, Lighthouse mobile and desktop performance (medians of 5 runs),
//    on the product as `npm start` runs it (its own process, production build, demo data)

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const DIST = path.join(ROOT, 'apps/admin/dist');
const TARGET_GZIP_KB = 160;
const TARGET_WIRE_KB = 250;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);

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

/** Signs the demo customer in through the login form; the page ends on the site list with its first row shown. */
async function signIn(page: Page, adminUrl: string, row = true): Promise<void> {
  const user = DEMO_LOGINS[1];
  await page.goto(`${adminUrl}/login`);
  await page.locator(FORM).waitFor();
  await page.locator(FORM).fill(user.email);
  await page.locator('input[autocomplete="current-password"]').fill(user.password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/site-list/);
  // a table at a desk; on a narrower window the list may be cards
  if (row) await page.locator(ROW).first().waitFor();
  else await page.waitForLoadState('networkidle');
}

async function measure(browser: Browser, adminUrl: string) {
  const ctx = await browser.newContext(DESKTOP);
  await ctx.addInitScript(recordFirstSight({ form: FORM, row: ROW }));
  const page = await ctx.newPage();
  await signIn(page, adminUrl);
  const login = await scriptsAt(page, 'form');
  const afterSignIn = await scriptsAt(page, 'row');
  // A fresh tab on the site list (session kept in localStorage): what the everyday start costs.
  const again = await ctx.newPage();
  await again.goto(page.url());
  await again.locator(ROW).first().waitFor();
  const siteList = await scriptsAt(again, 'row');
  await ctx.close();
  return { login, afterSignIn, siteList, siteListUrl: page.url() };
}

/**
 * Lighthouse's `prepare` for a signed-in page: in each browser it starts, the demo customer signs in once (the
 * session stays in the origin's storage); before every run the HTTP cache is emptied, so each run is a first load.
 */
function signedIn(adminUrl: string) {
  const done = new Set<number>();
  return async (port: number) => {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    try {
      const ctx = browser.contexts()[0] ?? (await browser.newContext());
      const page = await ctx.newPage();
      if (!done.has(port)) {
        await signIn(page, adminUrl, false);
        done.add(port);
      }
      await (await ctx.newCDPSession(page)).send('Network.clearBrowserCache');
      await page.close();
    } finally {
      await browser.close();
    }
  };
}

/** Bytes over the wire and Lighthouse on a phone and at a desk, for one address, each next to its target. */
async function lighthouseFigures(name: string, url: string, prepare?: (port: number) => Promise<void>) {
  const mobile = await lighthouseRun(url, RUNS, { prepare });
  const desktop = await lighthouseRun(url, RUNS, { prepare, desktop: true });
  if (!mobile || !desktop) return line(`${name}: Lighthouse`, 'no result');
  const bytes = median(mobile.all.map((r) => r.bytes));
  line(`${name}: bytes over the wire, first load (median)`, kb(bytes), `<= ${TARGET_WIRE_KB} KB`);
  const types = mobile.byType;
  line(
    '  script / stylesheet / document / font / other (median run)',
    ['script', 'stylesheet', 'document', 'font', 'other'].map((t) => ((types[t] ?? 0) / 1024).toFixed(0)).join(' / '),
  );
  if (process.env.BENCH_DEBUG)
    for (const r of [...mobile.requests].sort((a, b) => b.transferSize - a.transferSize))
      console.log(`    ${(r.transferSize / 1024).toFixed(1).padStart(7)} KB ${r.url.replace(/^https?:\/\/[^/]+/, '')}`);
  line(`  Lighthouse mobile performance (median of ${mobile.scores.length})`, String(mobile.score), '>= 90');
  line('    runs', mobile.scores.join(' '));
  line(
    '    FCP / LCP / TBT (median run)',
    `${(mobile.fcp / 1000).toFixed(2)} s / ${(mobile.lcp / 1000).toFixed(2)} s / ${Math.round(mobile.tbt)} ms`,
  );
  line("    host CPU (Lighthouse's benchmark index)", String(Math.round(mobile.cpu)));
  line(`  Lighthouse desktop performance (median of ${desktop.scores.length})`, String(desktop.score), '>= 98');
  line('    runs', desktop.scores.join(' '));
  line(
    '    FCP / LCP / TBT (median run)',
    `${(desktop.fcp / 1000).toFixed(2)} s / ${(desktop.lcp / 1000).toFixed(2)} s / ${Math.round(desktop.tbt)} ms`,
  );
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

  const product = await startProduct();
  try {
    const browser = await launchChromium();
    let siteListUrl: string;
    try {
      const m = await measure(browser, product.admin);
      siteListUrl = m.siteListUrl;
      line(`Chromium: JS when the login form appears (${m.login.length} files)`, pair(sizes(m.login)), `<= ${TARGET_GZIP_KB} KB gzip`);
      line(`Chromium: JS when the site list shows after login (${m.afterSignIn.length})`, pair(sizes(m.afterSignIn)));
      line(`Chromium: JS when a fresh site-list tab shows (${m.siteList.length})`, pair(sizes(m.siteList)));
      const hlsLoaded = [...m.login, ...m.afterSignIn, ...m.siteList].some((f) => /\/hls-/.test(f));
      line('hls.js fetched by login or site list', hlsLoaded ? 'yes' : 'no', 'no');
    } finally {
      await browser.close();
    }
    // BENCH_ADMIN_PAGES=login or site-list: only that page's Lighthouse figures (both by default)
    const pages = (process.env.BENCH_ADMIN_PAGES ?? 'login,site-list').split(',');
    if (pages.includes('login')) await lighthouseFigures('/login', `${product.admin}/login`);
    if (pages.includes('site-list')) await lighthouseFigures('site list, signed in', siteListUrl, signedIn(product.admin));
  } finally {
    await product.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await run();
  process.exit(0);
}
