import type { AccountType, UserSort } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import type { AccountRow } from '../accounts/actor.js';
import { UNUSABLE_PREFIX } from '../accounts/service.js';

// SQL of the user screens: the list (sorted and filtered by plan and parent too) and an account's contract history
// with the names of its executors and plans. This module owns no table: these are reads of accounts, plans and
// contract_history (modules below it) in one query each; every write goes through those modules' services.

/** An account as the user screens show it: its plan's name, next month's plan and its parent's company. */
export interface UserRow extends AccountRow {
  next_plan_id: number | null;
  plan_name: string | null;
  plan_version: number | null;
  plan_superseded: boolean | null;
  next_plan_name: string | null;
  parent_company: string | null;
  setup_pending: boolean;
  /** the contract dates as days (YYYY-MM-DD), whatever the driver makes of a date column */
  contract_start_day: string | null;
  contract_end_day: string | null;
}

export interface AccountListFilter {
  scopeParam: string;
  excludeId: number;
  search?: string;
  type?: AccountType;
  status?: string;
  planId?: number;
  sort: UserSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The sortable columns (core USER_SORTS), each one SQL expression: nothing from the request reaches the SQL. */
const SORT_SQL: Record<UserSort, string> = {
  created: 'a.id',
  company: 'lower(a.company_name)',
  email: 'lower(a.email)',
  contact: 'lower(a.contact_name)',
  type: 'a.type',
  plan: 'lower(pl.name)',
  contract_start: 'a.contract_start',
  contract_end: 'a.contract_end',
  parent: 'lower(pa.company_name)',
  status: 'a.contract_status',
};

/** A staff member shows its parent's plan (it follows it); `setup_pending`: the set-up link not used yet. */
const USER_SELECT = `SELECT a.*, pa.type AS parent_type, pa.path AS parent_path, pa.plan_id AS parent_plan_id,
    pa.company_name AS parent_company, pl.name AS plan_name, np.name AS next_plan_name,
    pl.version AS plan_version, pl.superseded_at IS NOT NULL AS plan_superseded,
    starts_with(a.password_hash, '${UNUSABLE_PREFIX}') AS setup_pending,
    a.contract_start::text AS contract_start_day, a.contract_end::text AS contract_end_day
  FROM accounts a LEFT JOIN accounts pa ON pa.id = a.parent_id
  LEFT JOIN plans pl ON pl.id = CASE WHEN a.type = 'SUB_ADMIN' THEN pa.plan_id ELSE a.plan_id END
  LEFT JOIN plans np ON np.id = a.next_plan_id`;

function listWhere(f: Omit<AccountListFilter, 'sort' | 'order' | 'limit' | 'offset'>): { where: string; params: unknown[] } {
  const params: unknown[] = [f.scopeParam, f.excludeId];
  let where = 'a.deleted_at IS NULL AND a.path LIKE $1 AND a.id <> $2';
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    const i = params.length;
    where += ` AND (a.email ILIKE $${i} OR a.company_name ILIKE $${i} OR a.contact_name ILIKE $${i})`;
  }
  if (f.type) {
    params.push(f.type);
    where += ` AND a.type = $${params.length}`;
  } else where += " AND a.type <> 'SUB_ADMIN'"; // staff are their owner's team (its staff list), not customers
  if (f.status) {
    params.push(f.status);
    where += ` AND a.contract_status = $${params.length}`;
  }
  if (f.planId) {
    params.push(f.planId);
    where += ` AND a.plan_id = $${params.length}`;
  }
  return { where, params };
}

/** The joins a sort needs beyond the accounts row (only the plan and parent sorts read another table). */
const SORT_JOIN: Partial<Record<UserSort, string>> = {
  plan: `LEFT JOIN accounts pa ON pa.id = a.parent_id
    LEFT JOIN plans pl ON pl.id = CASE WHEN a.type = 'SUB_ADMIN' THEN pa.plan_id ELSE a.plan_id END`,
  parent: 'LEFT JOIN accounts pa ON pa.id = a.parent_id',
};

/**
 * One page of the caller's subtree, and how many match. The page is chosen on narrow rows (the id, the sort key
 * and a window count, in one pass over the subtree), then only its rows are read with their joins: over 10,000
 * accounts the sort never carries whole rows.
 */
export async function listAccountRows(q: Queryable, f: AccountListFilter): Promise<{ rows: UserRow[]; total: number }> {
  const { where, params } = listWhere(f);
  const dir = f.order === 'asc' ? 'ASC' : 'DESC';
  const page = await q.query<{ id: number; n: number }>(
    `SELECT a.id, count(*) OVER ()::int AS n FROM accounts a ${SORT_JOIN[f.sort] ?? ''} WHERE ${where}
      ORDER BY ${SORT_SQL[f.sort]} ${dir} NULLS LAST, a.id ${dir} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, f.limit, f.offset],
  );
  if (page.length === 0) {
    const total = f.offset === 0 ? 0 : (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts a WHERE ${where}`, params)).n;
    return { rows: [], total };
  }
  const ids = page.map((r) => Number(r.id));
  const found = await q.query<UserRow>(`${USER_SELECT} WHERE a.id = ANY($1::bigint[])`, [ids]);
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is UserRow => r !== undefined), total: Number(page[0]?.n ?? 0) };
}

/** One live account with the user screens' joins. */
export function findUserRow(q: Queryable, id: number): Promise<UserRow | undefined> {
  return q.maybeOne<UserRow>(`${USER_SELECT} WHERE a.id = $1 AND a.deleted_at IS NULL`, [id]);
}

export interface HistoryRow {
  id: number;
  executed_at: string;
  executor_id: number | null;
  executor_name: string | null;
  executor_type: string | null;
  process_content: string;
  from_status: string | null;
  to_status: string | null;
  plan_name: string | null;
}

/** An account's contract history, newest first, with the executor's name and the plan's. */
export async function listContractHistory(
  q: Queryable,
  accountId: number,
  limit: number,
  offset: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const total = (await q.one<{ n: number }>('SELECT count(*)::int AS n FROM contract_history WHERE account_id = $1', [accountId])).n;
  const rows = await q.query<HistoryRow>(
    `SELECT h.id, h.executed_at, h.executor_id, h.process_content, h.from_status, h.to_status, pl.name AS plan_name,
        COALESCE(NULLIF(x.contact_name, ''), NULLIF(x.company_name, ''), x.email) AS executor_name, x.type AS executor_type
       FROM contract_history h LEFT JOIN accounts x ON x.id = h.executor_id LEFT JOIN plans pl ON pl.id = h.plan_id
      WHERE h.account_id = $1 ORDER BY h.executed_at DESC, h.id DESC LIMIT $2 OFFSET $3`,
    [accountId, limit, offset],
  );
  return { rows, total };
}
