import type { AccountType } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import type { AccountRow } from './actor.js';

// SQL of the account screens: lists, edits, contract changes and their history.

export interface AccountListFilter {
  scopeParam: string;
  excludeId: number;
  search?: string;
  type?: AccountType;
  limit: number;
  offset: number;
}

export async function listAccountRows(q: Queryable, f: AccountListFilter): Promise<{ rows: AccountRow[]; total: number }> {
  const params: unknown[] = [f.scopeParam, f.excludeId];
  let where = 'a.deleted_at IS NULL AND a.path LIKE $1 AND a.id <> $2';
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    where += ` AND (a.email ILIKE $${params.length} OR a.company_name ILIKE $${params.length} OR a.contact_name ILIKE $${params.length})`;
  }
  if (f.type) {
    params.push(f.type);
    where += ` AND a.type = $${params.length}`;
  }
  const total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a WHERE ${where}`, params)).n;
  params.push(f.limit, f.offset);
  const rows = await q.query<AccountRow>(
    `SELECT a.*, pa.type AS parent_type, pa.path AS parent_path, pa.plan_id AS parent_plan_id FROM accounts a
     LEFT JOIN accounts pa ON pa.id = a.parent_id WHERE ${where} ORDER BY a.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total };
}

export async function updateAccountFields(
  q: Queryable,
  id: number,
  f: { companyName?: string; contactName?: string; authority?: 'VIEW' | 'EDIT' },
): Promise<void> {
  await q.query(
    `UPDATE accounts SET company_name = COALESCE($2, company_name), contact_name = COALESCE($3, contact_name),
       authority = COALESCE($4, authority), updated_at = now() WHERE id = $1`,
    [id, f.companyName ?? null, f.contactName ?? null, f.authority ?? null],
  );
}

/** Live accounts of a subtree (the root included), ids only. */
export async function subtreeIds(q: Queryable, rootPath: string): Promise<number[]> {
  const rows = await q.query<{ id: number }>('SELECT id FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL', [
    `${rootPath.replace(/[\\%_]/g, '\\$&')}%`,
  ]);
  return rows.map((r) => Number(r.id));
}

export async function softDeleteAccounts(q: Queryable, ids: number[]): Promise<void> {
  await q.query('UPDATE accounts SET deleted_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL', [ids]);
}

export async function setContractStatus(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE accounts SET contract_status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export async function setPassword(q: Queryable, id: number, passwordHash: string): Promise<void> {
  await q.query('UPDATE accounts SET password_hash = $1, must_change_password = false, updated_at = now() WHERE id = $2', [
    passwordHash,
    id,
  ]);
}

export async function touchLastLogin(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE accounts SET last_login_at = now() WHERE id = $1', [id]);
}

export async function recordContractHistory(
  q: Queryable,
  h: { accountId: number; executorId: number; content: string; from?: string | null; to: string; planId?: number | null },
): Promise<void> {
  await q.query(
    'INSERT INTO contract_history (account_id, executor_id, process_content, from_status, to_status, plan_id) VALUES ($1, $2, $3, $4, $5, $6)',
    [h.accountId, h.executorId, h.content, h.from ?? null, h.to, h.planId ?? null],
  );
}

/** The nearest OEM master at or above an account (its plans are the ones its subtree may get). */
export async function findOemMasterAbove(q: Queryable, accountId: number): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `SELECT x.id FROM accounts a JOIN accounts x ON x.id = ANY(string_to_array(trim(both '/' from a.path), '/')::bigint[])
      WHERE a.id = $1 AND x.type = 'OEM_MASTER' ORDER BY length(x.path) DESC LIMIT 1`,
    [accountId],
  );
  return row ? Number(row.id) : null;
}
