import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPgDb, createPgliteDb, type Db, type Queryable } from './db.js';

// The database part of a backup: PostgreSQL through pg_dump / pg_restore (custom format: compressed, restorable
// table by table), the embedded database (PGlite) as its data directory's tarball, taken through PGlite itself so
// the copy is consistent (never files copied while a server writes them). Only the deployment's own schema is
// dumped (public, or the one DATABASE_URL's search_path names), so a database shared with others is left alone.

/** What a backup records of the database it took, and a restore checks: rows per table, the migrations applied. */
export interface DatabaseFacts {
  tables: Record<string, number>;
  migrations: string[];
}

/** libpq's arguments for a URL: the password goes in the environment, never on a command line others can read. */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs a PostgreSQL client program; its error output becomes the error's message, its output is returned. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(
        new Error(
          e.code === 'ENOENT'
            ? `${cmd} was not found: install PostgreSQL's client programs, of the server's major version or newer (Debian: apt-get install postgresql-client)`
            : e.message,
        ),
      ),
    );
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} failed (exit code ${code}): ${err.trim()}`))));
  });
}

/**
 * The schema DATABASE_URL works in: the first of its search_path that exists, else the first it names (a schema
 * dropped with everything in it, to restore into), never "$user".
 */
export async function targetSchema(q: Queryable): Promise<{ name: string; exists: boolean }> {
  const r = await q.one<{ current: string | null; path: string }>(
    "SELECT current_schema() AS current, current_setting('search_path') AS path",
  );
  if (r.current) return { name: r.current, exists: true };
  const first = r.path
    .split(',')
    .map((s) => s.trim().replace(/^"(.*)"$/, '$1'))
    .find((s) => s && s !== '$user');
  if (!first) throw new Error('DATABASE_URL names no schema (its search_path is empty)');
  return { name: first, exists: false };
}

/** Rows per table of the schema and the migrations applied: what a restore must find again. */
export async function databaseFacts(q: Queryable): Promise<DatabaseFacts> {
  const tables = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const out: Record<string, number> = {};
  for (const t of tables) out[t.name] = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM "${t.name.replace(/"/g, '""')}"`)).n;
  const migrations =
    out.schema_migrations === undefined ? [] : await q.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
  return { tables: out, migrations: migrations.map((m) => m.name) };
}

/**
 * pg_dump of the schema into `file`, and the facts of the same moment: the counts are read in the transaction whose
 * snapshot pg_dump is given, so a backup taken while the deployment runs is checked against what it holds.
 */
export async function dumpPostgres(url: string, file: string): Promise<DatabaseFacts & { schema: string }> {
  const db = createPgDb(url, { max: 1 });
  try {
    const schema = await targetSchema(db);
    if (!schema.exists) throw new Error(`schema ${schema.name} does not exist: there is nothing to back up`);
    return await db.tx(async (q) => {
      await q.exec('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      const { snapshot } = await q.one<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
      const { dbname, env } = libpq(url);
      await run(
        'pg_dump',
        [
          '--format=custom',
          '--no-owner',
          '--no-privileges',
          `--snapshot=${snapshot}`,
          `--schema=${schema.name}`,
          `--file=${file}`,
          `--dbname=${dbname}`,
        ],
        env,
      );
      return { schema: schema.name, ...(await databaseFacts(q)) };
    });
  } finally {
    await db.close();
  }
}

/** The schema a restore goes to, and whether it holds tables (a restore over data is refused unless forced). */
export async function postgresTarget(url: string): Promise<{ schema: string; exists: boolean; tables: number }> {
  const db = createPgDb(url, { max: 1 });
  try {
    const s = await targetSchema(db);
    const r = await db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')",
      [s.name],
    );
    return { schema: s.name, exists: s.exists, tables: r.n };
  } finally {
    await db.close();
  }
}

/** Drops everything in the schema (tables with their sequences and triggers, views, sequences, functions, types), keeping the schema and its grants. */
async function emptySchema(q: Queryable, schema: string): Promise<void> {
  const drops = await q.query<{ sql: string }>(
    `SELECT format('DROP %s IF EXISTS %I.%I CASCADE', CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
              WHEN 'S' THEN 'SEQUENCE' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, n.nspname, c.relname) AS sql
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f') AND NOT c.relispartition
     UNION ALL
     SELECT format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure) FROM pg_proc p
      WHERE p.pronamespace = $1::regnamespace AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     UNION ALL
     SELECT format('DROP TYPE IF EXISTS %I.%I CASCADE', $1, t.typname) FROM pg_type t
      WHERE t.typnamespace = $1::regnamespace AND t.typtype IN ('e', 'd', 'r', 'm')`,
    [schema],
  );
  for (const d of drops) await q.exec(d.sql);
}

/**
 * pg_restore of a dump into the schema it came from, in one transaction (a failed restore leaves nothing behind).
 * An existing schema is restored into (its own CREATE SCHEMA and comment left out); with `replace`, emptied first.
 */
export async function restorePostgres(
  url: string,
  file: string,
  target: { schema: string; exists: boolean },
  replace: boolean,
): Promise<void> {
  const { dbname, env } = libpq(url);
  let list: string | null = null;
  if (target.exists) {
    const toc = await run('pg_restore', ['--list', file], env);
    const own = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - |COMMENT - SCHEMA )"?${target.schema.replace(/[^\w]/g, '\\$&')}"? `);
    list = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-restore-')), 'toc.list');
    fs.writeFileSync(
      list,
      toc
        .split('\n')
        .filter((l) => !own.test(l))
        .join('\n'),
    );
  }
  try {
    if (replace && target.exists) {
      const db = createPgDb(url, { max: 1 });
      try {
        await db.tx((q) => emptySchema(q, target.schema));
      } finally {
        await db.close();
      }
    }
    await run(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        ...(list ? [`--use-list=${list}`] : []),
        `--dbname=${dbname}`,
        file,
      ],
      env,
    );
  } finally {
    if (list) fs.rmSync(path.dirname(list), { recursive: true, force: true });
  }
}

/** The embedded database's folder as a gzip tarball, with its facts (PGlite opened by this process alone: the server must be stopped). */
export async function dumpEmbedded(dir: string, file: string): Promise<DatabaseFacts> {
  if (!embeddedExists(dir)) throw new Error(`there is no embedded database in ${dir}`);
  const db = await createPgliteDb(dir);
  try {
    const facts = await databaseFacts(db);
    fs.writeFileSync(file, Buffer.from(await (await db.dump('gzip')).arrayBuffer()));
    return facts;
  } finally {
    await db.close();
  }
}

/** True when the embedded database's folder holds anything. */
export function embeddedExists(dir: string): boolean {
  return fs.existsSync(dir) && fs.readdirSync(dir).length > 0;
}

/**
 * Loads a tarball into a new embedded database folder. One that is there is kept aside under another name, never
 * deleted, and put back if the load fails.
 */
export async function restoreEmbedded(dir: string, file: string): Promise<string | null> {
  let kept: string | null = null;
  if (fs.existsSync(dir)) {
    kept = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, kept);
  }
  try {
    const db = await createPgliteDb(dir, { loadDataDir: new Blob([fs.readFileSync(file)]) });
    await db.close();
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (kept) fs.renameSync(kept, dir);
    throw e;
  }
  return kept;
}

/** Opens the database a backup was restored to (the check of its counts). */
export async function openFor(mode: 'postgres' | 'embedded', target: string): Promise<Db> {
  return mode === 'postgres' ? createPgDb(target, { max: 1 }) : createPgliteDb(target);
}
