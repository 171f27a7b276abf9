// npm start: build the front ends if their sources changed, then run the server (both origins + worker).
// SKIP_BUILD=1 runs what is built as it is (tests, or a deployment that built beforehand).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_ARGS } from './server-node-args.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
if (!['1', 'true', 'yes'].includes((process.env.SKIP_BUILD ?? '').toLowerCase())) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-stale'], { stdio: 'inherit', cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--import', 'tsx', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
});
// Ctrl-C in a terminal and systemd's stop signal the whole process group, so the server usually has
// the signal already; a kill aimed at this process alone must reach it too. Forward the first one only
// (the server treats repeats during its drain as the same stop) and leave when the server has left.
let forwarded = false;
for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    if (forwarded) return;
    forwarded = true;
    child.kill(sig);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
