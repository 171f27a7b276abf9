// Builds the two front ends (admin SPA, viewer client bundle) with Vite.
// --if-stale: only when an app's sources are newer than its last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const ifStale = process.argv.includes('--if-stale');
const apps = ['viewer', 'admin'];

function newest(dir) {
  let t = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'dist') t = Math.max(t, newest(p));
    } else t = Math.max(t, fs.statSync(p).mtimeMs);
  }
  return t;
}

/**
 * Warnings of a successful build that mean nothing to someone starting the app: libraries'
 * "use client" directives, source maps those directives shift, and chunk-size advice (budgets are checked by
 * tests). Each drops with the indented lines that belong to it; anything else is printed as it came.
 */
const NOISE = [
  /Module level directives cause errors when bundled/,
  /Error when using sourcemap for reporting an error/,
  /Some chunks are larger than/,
  /sourcemap/i,
];
function meaningful(text) {
  const out = [];
  let dropping = false;
  let comment = false;
  for (const line of text.split('\n')) {
    const plain = line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
    // Rollup's note on a library's /* @__PURE__ */ comment it cannot place spans several lines
    if (/\): A comment$/.test(plain)) comment = true;
    if (comment) {
      if (/The comment will be removed to avoid issues/.test(plain)) comment = false;
      continue;
    }
    if (NOISE.some((re) => re.test(plain))) dropping = true;
    else if (dropping && !/^\s+\S/.test(plain) && !/^- /.test(plain)) dropping = false;
    if (!dropping) out.push(line);
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n');
}

for (const app of apps) {
  const dir = path.join(root, 'apps', app);
  if (!fs.existsSync(path.join(dir, 'vite.config.ts'))) continue;
  const marker = path.join(dir, 'dist', '.vite', 'manifest.json');
  const sources = Math.max(
    newest(path.join(dir, 'src')),
    newest(path.join(root, 'packages')),
    fs.statSync(path.join(dir, 'vite.config.ts')).mtimeMs,
  );
  if (ifStale && fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= sources) continue;
  console.log(`building ${app}…`);
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    // production bundles whatever the caller runs under (tests set NODE_ENV=test)
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // A failed build shows everything; a good one drops the bundler's notes that ask nothing of a user.
  const show = r.status === 0 ? meaningful : (t) => t;
  process.stdout.write(show(String(r.stdout ?? '')));
  process.stderr.write(show(String(r.stderr ?? '')));
  if (r.status !== 0) process.exit(r.status ?? 1);
}
