import type { Queryable } from '../../db/db.js';
import type { CheckedRow } from './parse.js';

// SQL of the CSV import of users (issue 9.8): the user_imports table, and the bulk writes of a commit
// into accounts and contract_history (tables this module owns).

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

/** The plans an account's subtree may get: the nearest OEM master's own ones, else the platform's (latest, unarchived versions). */
export function assignablePlans(q: Queryable, ownerAccountId: number | null): Promise<{ id: number; name: string }[]> {
  return q.query<{ id: number; name: string }>(
    'SELECT id, name FROM plans WHERE owner_account_id IS NOT DISTINCT FROM $1 AND archived_at IS NULL AND superseded_at IS NULL ORDER BY id',
    [ownerAccountId],
  );
}

/** The e-mails among these (lower-cased) that a live account already uses. */
export async function takenEmails(q: Queryable, lowerEmails: string[]): Promise<Set<string>> {
  if (lowerEmails.length === 0) return new Set();
  const rows = await q.query<{ e: string }>(
    'SELECT lower(email) AS e FROM accounts WHERE lower(email) = ANY($1::text[]) AND deleted_at IS NULL',
    [lowerEmails],
  );
  return new Set(rows.map((r) => r.e));
}

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

/**
 * Creates the accounts of a chunk under one parent in one statement (ids, then paths from them) with no
 * password: must_change_password marks it as awaiting the mailed set-up link, and their "created" contract history. Returns the ids.
 */
export async function insertImportedAccounts(
  q: Queryable,
  p: { parentId: number; parentPath: string; executorId: number; rows: CheckedRow[] },
): Promise<number[]> {
  const data = p.rows.map((r) => ({
    type: r.type,
    email: r.email,
    company_name: r.companyName,
    contact_name: r.contactName,
    authority: r.authority,
    staff_role: r.type === 'SUB_ADMIN' ? (r.authority === 'VIEW' ? 'VIEWER' : 'EDITOR') : null,
    plan_id: r.planId,
    contract_start: r.contractStart,
    contract_end: r.contractEnd,
    license_issue: r.licenseIssue,
    ord: r.row,
  }));
  const inserted = await q.query<{ id: number }>(
    `WITH src AS (
       SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id, r.*
         FROM jsonb_to_recordset($1::jsonb) AS r(type text, email text, company_name text, contact_name text, authority text,
           staff_role text, plan_id bigint, contract_start date, contract_end date, license_issue boolean, ord int)
        ORDER BY r.ord)
     INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, authority, staff_role,
       plan_id, contract_start, contract_end, license_issue, must_change_password)
     SELECT id, $2, type, $3 || id || '/', email, '', company_name, contact_name, authority, staff_role,
       plan_id, contract_start, contract_end, license_issue, true FROM src
     RETURNING id`,
    [JSON.stringify(data), p.parentId, p.parentPath],
  );
  const ids = inserted.map((r) => Number(r.id));
  await q.query(
    `INSERT INTO contract_history (account_id, executor_id, process_content, from_status, to_status, plan_id)
     SELECT a.id, $2, 'created', NULL, 'ACTIVE', a.plan_id FROM accounts a WHERE a.id = ANY($1::bigint[])`,
    [ids, p.executorId],
  );
  return ids;
}

/** The account imported rows go under: the importer, or a sub-admin's parent (staff act for their owner). */
export function importParent(q: Queryable, importerId: number): Promise<{ id: number; path: string }> {
  return q.one<{ id: number; path: string }>(
    `SELECT o.id, o.path FROM accounts a JOIN accounts o ON o.id = CASE WHEN a.type = 'SUB_ADMIN' THEN a.parent_id ELSE a.id END
      WHERE a.id = $1`,
    [importerId],
  );
}
