import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** The one data-access primitive: parameterised SQL on PostgreSQL or PGlite, and transactions. */
export interface Queryable {
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  one<T = Row>(sql: string, params?: unknown[]): Promise<T>;
  maybeOne<T = Row>(sql: string, params?: unknown[]): Promise<T | undefined>;
  /** Runs SQL text with several statements (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pg' | 'pglite';
  /** Resolves when the database answers (health checks); rejects otherwise. */
  ping(): Promise<void>;
  /** Runs fn in one transaction: all of it is stored or none of it. */
  tx<T>(fn: (q: Queryable) => Promise<T>): Promise<T>;
  /** Connections now (metrics): open, idle, callers waiting for one, and the most there may be. */
  stats(): { open: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

function helpers(query: Queryable['query'], exec: Queryable['exec']): Queryable {
  return {
    query,
    exec,
    async one<T>(sql: string, params?: unknown[]) {
      const rows = await query<T>(sql, params);
      if (rows.length === 0) throw new Error('expected one row, got none');
      return rows[0] as T;
    },
    async maybeOne<T>(sql: string, params?: unknown[]) {
      const rows = await query<T>(sql, params);
      return rows[0];
    },
  };
}

// int8 and numeric come back as strings from pg; ids fit in JS numbers for this product's scale.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** PostgreSQL's `date` type. */
const DATE_OID = 1082;
/**
 * A `date` is a calendar day (a contract's start, a bill's due date), never an instant: both drivers hand it over as
 * PostgreSQL's own text, YYYY-MM-DD. Their default made a JS Date at local midnight, which shifts a day in any other
 * time zone and prints as "Thu Dec 31" when turned into a string.
 */
const asDay = (v: string): string => v;
pg.types.setTypeParser(DATE_OID, asDay);

export function createPgDb(url: string, opts: { schema?: string; max?: number } = {}): Db {
  const max = opts.max ?? 10;
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
  });
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  const base = helpers(
    async (sql, params) => (await pool.query(sql, params as unknown[])).rows,
    async (sql) => {
      await pool.query(sql);
    },
  );
  return {
    kind: 'pg',
    ...base,
    async ping() {
      await base.query('SELECT 1');
    },
    stats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    async tx(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const q = helpers(
          async (sql, params) => (await client.query(sql, params as unknown[])).rows,
          async (sql) => {
            await client.query(sql);
          },
        );
        const result = await fn(q);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

/** An embedded database, whose data directory can be copied out whole (the test helpers' migrated template). */
export interface PgliteDb extends Db {
  /** the data directory as a tarball (gzip: compressed, for backups) */
  dump(compression?: 'none' | 'gzip'): Promise<Blob>;
}

/**
 * PGlite is one connection: a mutex serialises plain queries and whole transactions so a
 * query from another request never lands inside someone else's transaction.
 */
export async function createPgliteDb(dataDir: string | undefined, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db: PGlite = new PGlite({ dataDir, loadDataDir: opts.loadDataDir, parsers: { [DATE_OID]: asDay } });
  await db.waitReady;
  let chain: Promise<unknown> = Promise.resolve();
  /** calls holding or waiting for the one connection */
  let pending = 0;
  function lock<T>(fn: () => Promise<T>): Promise<T> {
    pending++;
    const run = chain.then(fn, fn).finally(() => {
      pending--;
    });
    chain = run.catch(() => {});
    return run;
  }
  const raw = async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, normalise(params))).rows;
  const rawExec = async (sql: string) => {
    await db.exec(sql);
  };
  const base = helpers(
    (sql, params) => lock(() => raw(sql, params)),
    (sql) => lock(() => rawExec(sql)),
  );
  return {
    kind: 'pglite',
    ...base,
    async ping() {
      await base.query('SELECT 1');
    },
    stats: () => ({ open: 1, idle: pending === 0 ? 1 : 0, waiting: Math.max(0, pending - 1), max: 1 }),
    tx(fn) {
      return lock(async () => {
        await db.exec('BEGIN');
        try {
          const result = await fn(helpers(raw, rawExec));
          await db.exec('COMMIT');
          return result;
        } catch (err) {
          await db.exec('ROLLBACK').catch(() => {});
          throw err;
        }
      });
    },
    dump(compression = 'none') {
      return lock(() => db.dumpDataDir(compression));
    },
    async close() {
      await lock(() => db.close());
    },
  };
}

// pg serialises JS objects as JSON and arrays as PostgreSQL arrays; PGlite needs the same help.
function normalise(params?: unknown[]): unknown[] | undefined {
  return params?.map((p) =>
    p !== null && typeof p === 'object' && !Array.isArray(p) && !(p instanceof Date) && !(p instanceof Uint8Array) ? JSON.stringify(p) : p,
  );
}
