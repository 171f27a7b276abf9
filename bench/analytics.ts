// npm run bench -- analytics: the analytics figures, each next to its target. Three parts, one file each:
// ingestion through the real HTTP endpoint, the per-site screen's queries on a site with 10M events,
// and the dashboard over 10,000 accounts. All on PostgreSQL (DATABASE_URL, default the local test database).
import fs from 'node:fs';
import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);

export async function run(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';
  console.log('analytics (PostgreSQL)');
  for (const part of ['analytics-ingest', 'analytics-queries', 'analytics-dashboard']) {
    if (!fs.existsSync(path.join(here, `${part}.ts`))) {
      console.log(`  ${part}: not built`);
      continue;
    }
    const mod = (await import(`./${part}.ts`)) as { run?: () => Promise<void> };
    try {
      await mod.run?.();
    } catch (err) {
      console.log(`  ${part}: failed to run: ${(err as Error).message}`);
    }
  }
}
