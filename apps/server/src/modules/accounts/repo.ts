import type { Queryable } from '../../db/db.js';
import type { AccountRow } from './actor.js';

// SQL on the accounts table, which this module owns: every write to it is here (or in repo/<part>.ts); the modules
// above (contracts, plans, staff, users, user-import) change accounts through this module's service.

/**
 * An account with its parent's type, path and plan, and `chain_status`: the worst contract status
 * on the way from the root down to it (a suspended or terminated owner holds its whole subtree).
 */
const SELECT = `SELECT a.*, p.type AS parent_type, p.path AS parent_path, p.plan_id AS parent_plan_id,
  (SELECT CASE WHEN bool_or(x.contract_status = 'TERMINATED' OR x.deleted_at IS NOT NULL) THEN 'TERMINATED'
               WHEN bool_or(x.contract_status IN ('SUSPENDED', 'INACTIVE')) THEN 'SUSPENDED' ELSE 'ACTIVE' END
     FROM accounts x WHERE x.id = ANY(string_to_array(trim(both '/' from a.path), '/')::bigint[])) AS chain_status
  FROM accounts a LEFT JOIN accounts p ON p.id = a.parent_id`;

export function findAccountById(q: Queryable, id: number): Promise<AccountRow | undefined> {
  return q.maybeOne<AccountRow>(`${SELECT} WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
}

export function findAccountByEmail(q: Queryable, email: string): Promise<AccountRow | undefined> {
  return q.maybeOne<AccountRow>(`${SELECT} WHERE lower(a.email) = lower($1) AND a.deleted_at IS NULL`, [email]);
}

/** A new account's password hash until its owner sets one through the set-up link: no password verifies against it. */
export const UNUSABLE_PREFIX = '!setup:';

export async function emailTaken(q: Queryable, email: string): Promise<boolean> {
  return Boolean(await q.maybeOne('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND deleted_at IS NULL', [email]));
}

/** What other modules need of an account: who owns what, and where it sits in the tree. */
export interface AccountBrief {
  id: number;
  parentId: number | null;
  type: AccountRow['type'];
  path: string;
  email: string;
  companyName: string;
  contactName: string;
  contractStatus: string;
}
interface BriefRow {
  id: number;
  parent_id: number | null;
  type: AccountRow['type'];
  path: string;
  email: string;
  company_name: string;
  contact_name: string;
  contract_status: string;
}
const BRIEF = 'SELECT id, parent_id, type, path, email, company_name, contact_name, contract_status FROM accounts';
const brief = (r: BriefRow): AccountBrief => ({
  id: Number(r.id),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  type: r.type,
  path: r.path,
  email: r.email,
  companyName: r.company_name,
  contactName: r.contact_name,
  contractStatus: r.contract_status,
});

/** One account (deleted ones too: an owner of old rows), or undefined. */
export async function getAccountBrief(q: Queryable, id: number): Promise<AccountBrief | undefined> {
  const r = await q.maybeOne<BriefRow>(`${BRIEF} WHERE id = $1`, [id]);
  return r && brief(r);
}

/** Several accounts at once, by id (for lists: owner company, inviter e-mail). */
export async function getAccountBriefs(q: Queryable, ids: number[]): Promise<Map<number, AccountBrief>> {
  const unique = [...new Set(ids.map(Number))];
  if (unique.length === 0) return new Map();
  const rows = await q.query<BriefRow>(`${BRIEF} WHERE id = ANY($1::bigint[])`, [unique]);
  return new Map(rows.map((r) => [Number(r.id), brief(r)]));
}

/** Locks an account row until the end of the caller's transaction (quota checks per owner). */
export async function lockAccount(q: Queryable, id: number): Promise<void> {
  await q.query('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [id]);
}

/**
 * A WHERE fragment for another module's query: `idColumn` is an account inside the subtree whose
 * path starts with the bound parameter (`scopeSql(actor, ...).param` of actor.ts gives the value).
 */
export function accountInSubtreeSql(idColumn: string, paramIndex: number): string {
  return `${idColumn} IN (SELECT id FROM accounts WHERE path LIKE $${paramIndex})`;
}

/** A WHERE fragment: `idColumn` is an account whose company name matches the bound ILIKE pattern. */
export function accountCompanyMatchesSql(idColumn: string, paramIndex: number): string {
  return `${idColumn} IN (SELECT id FROM accounts WHERE company_name ILIKE $${paramIndex})`;
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
  /** ACTIVE unless its contract dates say INACTIVE (contracts' rule, applied by the caller) */
  contractStatus?: 'ACTIVE' | 'INACTIVE';
  /** business time of the creation (ctx.clock); the database's clock when not given (test fixtures) */
  createdAt?: Date;
}

/** Inserts an account and sets its materialized path under its parent's. */
export async function insertAccount(q: Queryable, a: NewAccount): Promise<AccountRow> {
  const parent = a.parentId ? await q.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [a.parentId]) : null;
  const { id } = await q.one<{ id: number }>("SELECT nextval(pg_get_serial_sequence('accounts', 'id'))::int AS id");
  const path = `${parent?.path ?? '/'}${id}/`;
  await q.query(
    `INSERT INTO accounts (id, parent_id, type, path, email, password_hash, company_name, contact_name, authority, staff_role, plan_id,
       must_change_password, contract_start, contract_end, contract_status, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,COALESCE($16::timestamptz, now()))`,
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
      a.contractStatus ?? 'ACTIVE',
      a.createdAt ?? null,
    ],
  );
  return (await findAccountById(q, id)) as AccountRow;
}

/** Ends every access token of an account: they carry the version. (Refresh tokens: auth revokes them.) */
export async function bumpTokenVersion(q: Queryable, accountIds: number[]): Promise<void> {
  if (accountIds.length === 0) return;
  await q.query('UPDATE accounts SET token_version = token_version + 1, updated_at = now() WHERE id = ANY($1::bigint[])', [accountIds]);
}

/** What PUT /user may change, column by column (only these names reach the SQL). */
export interface AccountFields {
  email?: string;
  companyName?: string;
  contactName?: string;
  authority?: 'VIEW' | 'EDIT';
  licenseIssue?: boolean;
  planId?: number | null;
  nextPlanId?: number | null;
  contractStart?: string | null;
  contractEnd?: string | null;
  logoUrl?: string | null;
  language?: string;
}
const COLUMNS: Record<keyof AccountFields, string> = {
  email: 'email',
  companyName: 'company_name',
  contactName: 'contact_name',
  authority: 'authority',
  licenseIssue: 'license_issue',
  planId: 'plan_id',
  nextPlanId: 'next_plan_id',
  contractStart: 'contract_start',
  contractEnd: 'contract_end',
  logoUrl: 'logo_url',
  language: 'language',
};

export async function updateAccountFields(q: Queryable, id: number, f: AccountFields): Promise<void> {
  const sets: string[] = [];
  const params: unknown[] = [id];
  for (const [k, col] of Object.entries(COLUMNS) as [keyof AccountFields, string][]) {
    if (f[k] === undefined) continue;
    params.push(f[k]);
    sets.push(`${col} = $${params.length}`);
  }
  if (sets.length === 0) return;
  await q.query(`UPDATE accounts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params);
}

/** Soft-deletes accounts at `at` (business time: bills count an account up to its deletion). */
export async function softDeleteAccounts(q: Queryable, ids: number[], at: Date): Promise<void> {
  await q.query('UPDATE accounts SET deleted_at = $2 WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL', [ids, at]);
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

/** The nearest OEM master at or above an account (its plans are the ones its subtree may get). */
export async function findOemMasterAbove(q: Queryable, accountId: number): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `SELECT x.id FROM accounts a JOIN accounts x ON x.id = ANY(string_to_array(trim(both '/' from a.path), '/')::bigint[])
      WHERE a.id = $1 AND x.type = 'OEM_MASTER' ORDER BY length(x.path) DESC LIMIT 1`,
    [accountId],
  );
  return row ? Number(row.id) : null;
}

/** An account's qualified-invoice registration number (migration 0012_invoices.sql). */
export async function readRegistrationNumber(q: Queryable, accountId: number): Promise<string | null> {
  const r = await q.maybeOne<{ n: string | null }>('SELECT invoice_registration_number AS n FROM accounts WHERE id = $1', [accountId]);
  return r?.n ?? null;
}

export async function writeRegistrationNumber(q: Queryable, accountId: number, value: string | null): Promise<void> {
  await q.query('UPDATE accounts SET invoice_registration_number = $2 WHERE id = $1 AND deleted_at IS NULL', [accountId, value]);
}
