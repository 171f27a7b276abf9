// npm run dev: the server restarts on change (tsx watch); front ends rebuild on change (vite build --watch).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const children = [];
for (const app of ['viewer', 'admin']) {
  const dir = path.join(root, 'apps', app);
  if (!fs.existsSync(path.join(dir, 'vite.config.ts'))) continue;
  children.push(
    spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--watch', '--mode', 'development'], {
      cwd: dir,
      stdio: 'inherit',
    }),
  );
}
children.push(
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'apps', 'server', 'src', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', LOG_LEVEL: 'debug', ...process.env },
  }),
);
for (const sig of ['SIGTERM', 'SIGINT'])
  process.on(sig, () => {
    for (const c of children) c.kill(sig);
  });
