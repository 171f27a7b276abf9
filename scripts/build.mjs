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
    stdio: 'inherit',
    // production bundles whatever the caller runs under (tests set NODE_ENV=test)
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
