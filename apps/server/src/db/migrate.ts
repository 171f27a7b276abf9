import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './db.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The checked-in migrations, in the order they apply. */
export function migrationFiles(): string[] {
  return fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** How many of this version's migrations the database lacks (readiness: a process newer than its database). */
export async function pendingMigrations(db: Queryable, files = migrationFiles()): Promise<number> {
  const row = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE name = ANY($1)', [files]);
  return files.length - row.n;
}

/** Applies the checked-in migrations in name order, each in its own transaction, once. */
export async function migrate(db: Db): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const files = migrationFiles();
  const applied: string[] = [];
  await db.tx(async (q) => {
    // Several processes may start together on PostgreSQL: one migrates, the others wait.
    if (db.kind === 'pg') await q.query('SELECT pg_advisory_xact_lock(727274)');
    const done = new Set((await q.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
    for (const f of files) {
      if (done.has(f)) continue;
      const sql = fs.readFileSync(path.join(DIR, f), 'utf8');
      await q.exec(sql).catch((e: Error) => {
        throw new Error(`migration ${f} failed: ${e.message}`);
      });
      await q.query('INSERT INTO schema_migrations (name) VALUES ($1)', [f]);
      applied.push(f);
    }
  });
  return applied;
}
