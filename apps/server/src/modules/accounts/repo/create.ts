import type { Queryable } from '../../../db/db.js';
import { randomToken } from '../../../lib/crypto.js';
import { UNUSABLE_PREFIX } from '../repo.js';

// SQL that creates accounts in bulk or first of all: the platform master (npm run create-master), the demo data's
// check for an empty database, and the users CSV import's accounts (the import itself is the user-import module's).

/** Serialises master creation (two runs at once never both see "no master yet"). */
export async function lockMasterCreation(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(727275)');
}

/** Whether a live platform master exists. */
export async function masterExists(q: Queryable): Promise<boolean> {
  return Boolean(await q.maybeOne("SELECT 1 AS x FROM accounts WHERE type = 'MASTER' AND deleted_at IS NULL LIMIT 1"));
}

/** True once any account exists (the demo data is created only on an empty database). */
export async function anyAccountExists(q: Queryable): Promise<boolean> {
  return Boolean(await q.maybeOne<{ id: number }>('SELECT id FROM accounts LIMIT 1'));
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

/** The account imported rows go under: the importer, or a sub-admin's parent (staff act for their owner). */
export function importParent(q: Queryable, importerId: number): Promise<{ id: number; path: string }> {
  return q.one<{ id: number; path: string }>(
    `SELECT o.id, o.path FROM accounts a JOIN accounts o ON o.id = CASE WHEN a.type = 'SUB_ADMIN' THEN a.parent_id ELSE a.id END
      WHERE a.id = $1`,
    [importerId],
  );
}

/** One imported account, as the CSV import checked it. */
export interface ImportedAccount {
  type: string;
  email: string;
  companyName: string;
  contactName: string;
  authority: 'VIEW' | 'EDIT';
  planId: number | null;
  contractStart: string | null;
  contractEnd: string | null;
  licenseIssue: boolean;
  /** ACTIVE, or INACTIVE outside its contract dates (contracts' rule, applied by the caller) */
  contractStatus: 'ACTIVE' | 'INACTIVE';
  /** the row in the file: ids are taken in this order */
  row: number;
}

/**
 * Creates accounts under one parent in one statement (ids, then paths from them) awaiting set-up, as an account
 * made on the users screen is: a placeholder password no password matches (UNUSABLE_PREFIX), which the user list
 * shows as the set-up still pending, until the mailed set-up link sets one. Returns each new id with its e-mail.
 */
export async function insertImportedAccounts(
  q: Queryable,
  p: { parentId: number; parentPath: string; rows: ImportedAccount[]; createdAt: Date },
): Promise<{ id: number; email: string }[]> {
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
    contract_status: r.contractStatus,
    password_hash: `${UNUSABLE_PREFIX}${randomToken(16)}`,
    ord: r.row,
  }));
  const inserted = await q.query<{ id: number; email: string }>(
    `WITH src AS (
       SELECT nextval(pg_get_serial_sequence('accounts', 'id')) AS id, r.*
         FROM jsonb_to_recordset($1::jsonb) AS r(type text, email text, company_name text, contact_name text, authority text,
           staff_role text, plan_id bigint, contract_start date, contract_end date, license_issue boolean, contract_status text,
           password_hash text, ord int)
        ORDER BY r.ord)
     INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, authority, staff_role,
       plan_id, contract_start, contract_end, license_issue, must_change_password, contract_status, created_at)
     SELECT id, $2, type, $3 || id || '/', email, password_hash, company_name, contact_name, authority, staff_role,
       plan_id, contract_start, contract_end, license_issue, false, contract_status, $4 FROM src
     RETURNING id, email`,
    [JSON.stringify(data), p.parentId, p.parentPath, p.createdAt],
  );
  return inserted.map((r) => ({ id: Number(r.id), email: r.email }));
}
