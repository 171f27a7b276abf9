import type { Queryable } from '../../db/db.js';
import type { CheckedRow } from './parse.js';

// SQL of the CSV import of users: the user_imports table, which this module owns (the accounts it creates are
// written through the accounts service, their history through the contracts service).

export interface ImportRow {
  id: number;
  account_id: number;
  sha256: string;
  status: 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';
  lang: string;
  total: number;
  done: number;
  created: number;
  rows: CheckedRow[];
  errors: { row: number; column: string; key: string; params?: Record<string, string | number> }[];
}

const COLUMNS = 'id, account_id, sha256, status, lang, total, done, created, errors';

/** The live (not FAILED) import of this file by this caller, if any. */
export function findImportByFile(q: Queryable, accountId: number, sha256: string): Promise<ImportRow | undefined> {
  return q.maybeOne<ImportRow>(`SELECT ${COLUMNS} FROM user_imports WHERE account_id = $1 AND sha256 = $2 AND status <> 'FAILED'`, [
    accountId,
    sha256,
  ]);
}

export function findImport(q: Queryable, id: number): Promise<ImportRow | undefined> {
  return q.maybeOne<ImportRow>(`SELECT ${COLUMNS} FROM user_imports WHERE id = $1`, [id]);
}

/** The import with its rows, locked until the end of the caller's transaction (one job at a time). */
export function lockImport(q: Queryable, id: number): Promise<ImportRow | undefined> {
  return q.maybeOne<ImportRow>('SELECT * FROM user_imports WHERE id = $1 FOR UPDATE', [id]);
}

/** Stores a checked file; undefined when the same caller's same file is already there (a concurrent commit). */
export async function insertImport(
  q: Queryable,
  i: { accountId: number; sha256: string; lang: string; rows: CheckedRow[] },
): Promise<number | undefined> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO user_imports (account_id, sha256, lang, total, rows) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (account_id, sha256) WHERE status <> 'FAILED' DO NOTHING RETURNING id`,
    [i.accountId, i.sha256, i.lang, i.rows.length, JSON.stringify(i.rows)],
  );
  return row ? Number(row.id) : undefined;
}

export async function setImportStatus(q: Queryable, id: number, status: ImportRow['status']): Promise<void> {
  await q.query('UPDATE user_imports SET status = $2 WHERE id = $1 AND status <> $2', [id, status]);
}

export async function finishImport(q: Queryable, id: number, created: number): Promise<void> {
  await q.query(
    "UPDATE user_imports SET status = 'DONE', done = total, created = $2, rows = '[]'::jsonb, finished_at = now() WHERE id = $1",
    [id, created],
  );
}

export async function failImport(q: Queryable, id: number, errors: ImportRow['errors']): Promise<void> {
  await q.query("UPDATE user_imports SET status = 'FAILED', errors = $2::jsonb, rows = '[]'::jsonb, finished_at = now() WHERE id = $1", [
    id,
    JSON.stringify(errors),
  ]);
}
