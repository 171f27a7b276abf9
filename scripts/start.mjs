// npm start: build the front ends if their sources changed, then run the server (both origins + worker).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit', cwd: root });
if (build.status !== 0) process.exit(build.status ?? 1);
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGTERM', 'SIGINT']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
