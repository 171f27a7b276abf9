import type { Queryable } from '../../../db/db.js';

// SQL of analytics_events' monthly partitions (migration 0013). A partition holds one Japan month:
// analytics_events_YYYYMM = [YYYY-MM-01 00:00 +09, the next month's 1st 00:00 +09). Names are built from
// validated months only (YYYY-MM), never from input.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PARENT = 'analytics_events';
const DEFAULT_PARTITION = 'analytics_events_default';
// Dropping a partition locks the whole table: never queue ingestion behind a long reader for more than this (the
// job fails and the worker retries it later).
const LOCK_TIMEOUT = "SET LOCAL lock_timeout = '5s'";

export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

export function partitionName(month: string): string {
  if (!MONTH.test(month)) throw new Error(`not a month: ${month}`);
  return `${PARENT}_${month.replace('-', '')}`;
}

/** The month's bounds as timestamptz literals (Japan time). */
export function monthBounds(month: string): [string, string] {
  partitionName(month);
  return [`${month}-01 00:00:00+09`, `${nextMonth(month)}-01 00:00:00+09`];
}

/** The months (YYYY-MM) that have a partition, oldest first. */
export async function partitionMonths(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = '${PARENT}'::regclass`,
  );
  return rows
    .map((r) => /^analytics_events_(\d{4})(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => `${m[1]}-${m[2]}`)
    .sort();
}

/** The Japan months the DEFAULT partition holds rows of. */
export async function defaultPartitionMonths(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ month: string }>(
    `SELECT DISTINCT to_char((occurred_at AT TIME ZONE 'UTC') + interval '9 hours', 'YYYY-MM') AS month FROM ${DEFAULT_PARTITION}`,
  );
  return rows.map((r) => r.month).sort();
}

/**
 * Creates the month's partition when missing, moving the DEFAULT partition's rows of that month into it first
 * (a partition cannot be attached over rows the DEFAULT holds). Run inside one transaction; true when created.
 */
export async function createMonthPartition(q: Queryable, month: string): Promise<{ created: boolean; moved: number }> {
  const name = partitionName(month);
  const [lo, hi] = monthBounds(month);
  // one maker at a time (several workers): the lock is held until the transaction ends
  await q.query('SELECT pg_advisory_xact_lock(727275)');
  await q.exec(LOCK_TIMEOUT);
  const exists = await q.one<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
  if (exists.t) return { created: false, moved: 0 };
  await q.exec(`CREATE TABLE ${name} (LIKE ${PARENT} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
  const moved = await q.one<{ n: number }>(
    `WITH moved AS (DELETE FROM ${DEFAULT_PARTITION} WHERE occurred_at >= $1::timestamptz AND occurred_at < $2::timestamptz RETURNING *),
          ins AS (INSERT INTO ${name} SELECT * FROM moved RETURNING 1)
     SELECT count(*)::int AS n FROM ins`,
    [lo, hi],
  );
  await q.exec(`ALTER TABLE ${PARENT} ATTACH PARTITION ${name} FOR VALUES FROM ('${lo}') TO ('${hi}')`);
  return { created: true, moved: Number(moved.n) };
}

/** Drops the month's partition (retention); false when there was none. */
export async function dropMonthPartition(q: Queryable, month: string): Promise<boolean> {
  const name = partitionName(month);
  await q.query('SELECT pg_advisory_xact_lock(727275)');
  const exists = await q.one<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [name]);
  if (!exists.t) return false;
  await q.exec(LOCK_TIMEOUT);
  await q.exec(`DROP TABLE ${name}`);
  return true;
}

/** Deletes the DEFAULT partition's rows before an instant (retention); returns how many. */
export async function deleteDefaultBefore(q: Queryable, before: string): Promise<number> {
  const r = await q.one<{ n: number }>(
    `WITH d AS (DELETE FROM ${DEFAULT_PARTITION} WHERE occurred_at < $1::timestamptz RETURNING 1) SELECT count(*)::int AS n FROM d`,
    [before],
  );
  return Number(r.n);
}
