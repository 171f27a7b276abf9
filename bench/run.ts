// npm run bench: every benchmark prints its figures next to its target; nothing here asserts.
// Pick some with: npm run bench -- auth viewer
import fs from 'node:fs';
import path from 'node:path';

process.env.LOG_LEVEL ??= 'silent';
process.env.NODE_ENV ??= 'test';
const here = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const suites = ['auth', 'viewer', 'contact', 'editor', 'admin', 'accounts', 'billing', 'invoice', 'analytics'].filter(
  (n) => fs.existsSync(path.join(here, `${n}.ts`)) && (wanted.length === 0 || wanted.includes(n)),
);

for (const name of suites) {
  const mod = (await import(`./${name}.ts`)) as { run?: () => Promise<void> };
  if (!mod.run) continue;
  try {
    await mod.run();
  } catch (err) {
    console.log(`  ${name}: failed to run: ${(err as Error).message}`);
  }
}
process.exit(0);
