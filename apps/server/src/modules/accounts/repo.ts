import type { Queryable } from '../../db/db.js';
import type { AccountRow } from './actor.js';

const SELECT = `SELECT a.*, p.type AS parent_type, p.path AS parent_path, p.plan_id AS parent_plan_id
  FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id`;

export function findAccountById(q: Queryable, id: number): Promise<AccountRow | undefined> {
  return q.maybeOne<AccountRow>(`${SELECT} WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
}

export function findAccountByEmail(q: Queryable, email: string): Promise<AccountRow | undefined> {
  return q.maybeOne<AccountRow>(`${SELECT} WHERE lower(a.email) = lower($1) AND a.deleted_at IS NULL`, [email]);
}

export interface NewAccount {
  parentId: number | null;
  type: AccountRow['type'];
  email: string;
  passwordHash: string;
  companyName?: string;
  contactName?: string;
  authority?: 'VIEW' | 'EDIT';
  staffRole?: string | null;
  planId?: number | null;
  mustChangePassword?: boolean;
  contractStart?: string | null;
  contractEnd?: string | null;
}

/** Inserts an account and sets its materialized path under its parent's. */
export async function insertAccount(q: Queryable, a: NewAccount): Promise<AccountRow> {
  const parent = a.parentId ? await q.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [a.parentId]) : null;
  const { id } = await q.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id");
  const path = `${parent?.path ?? '/'}${id}/`;
  await q.query(
    `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, authority, staff_role, plan_id,
       must_change_password, contract_start, contract_end)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
    [
      id,
      a.parentId,
      a.type,
      path,
      a.email,
      a.passwordHash,
      a.companyName ?? '',
      a.contactName ?? '',
      a.authority ?? 'EDIT',
      a.staffRole ?? null,
      a.planId ?? null,
      a.mustChangePassword ?? false,
      a.contractStart ?? null,
      a.contractEnd ?? null,
    ],
  );
  return (await findAccountById(q, id)) as AccountRow;
}

/** Ends every session of an account: access tokens carry the version, refresh tokens are revoked. */
export async function endAllSessions(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE accounts SET token_version = token_version + 1, updated_at = now() WHERE id = $1', [accountId]);
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
}
