import type { Queryable } from '../../../db/db.js';

// SQL on an account's contract and plan columns (contract_status, the contract dates, plan_id, next_plan_id) and on
// the subtrees a contract change reaches. The rules live above: contracts (transitions, the daily dates job) and
// plans (next month's plan, moving accounts to a plan's latest version) call these through the accounts service.

export interface ContractRow {
  id: number;
  path: string;
  type: string;
  contract_status: string;
  /** YYYY-MM-DD (a day in Japan) or null */
  contract_start: string | null;
  contract_end: string | null;
  /** the day of its creation in Japan (the minimum period counts from it when there is no start date) */
  created_day: string;
}

const like = (path: string) => `${path.replace(/[\\%_]/g, '\\$&')}%`;

/** A live account's contract, locked until the end of the caller's transaction (transitions never race). */
export function lockContract(q: Queryable, id: number): Promise<ContractRow | undefined> {
  return q.maybeOne<ContractRow>(
    `SELECT id, path, type, contract_status, to_char(contract_start, 'YYYY-MM-DD') AS contract_start,
            to_char(contract_end, 'YYYY-MM-DD') AS contract_end,
            to_char((created_at AT TIME ZONE 'UTC') + interval '9 hours', 'YYYY-MM-DD') AS created_day
       FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
}

export async function setStatus(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE accounts SET contract_status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

/** Live accounts of a subtree (its root included) with their status. */
export function liveSubtree(q: Queryable, rootPath: string): Promise<{ id: number; contract_status: string }[]> {
  return q.query<{ id: number; contract_status: string }>(
    'SELECT id, contract_status FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL ORDER BY id',
    [like(rootPath)],
  );
}

/** Soft-deletes accounts at `at` (business time); every access token of theirs ends with the version bump. */
export async function softDelete(q: Queryable, ids: number[], at: Date): Promise<void> {
  await q.query(
    'UPDATE accounts SET deleted_at = $2, token_version = token_version + 1, updated_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
    [ids, at],
  );
}

/**
 * The daily contract-dates rule: ACTIVE accounts outside their dates become INACTIVE, INACTIVE ones inside
 * them ACTIVE again (`today` is a day in Japan). Suspended and terminated accounts are never touched.
 */
export function applyDates(q: Queryable, today: string): Promise<{ id: number; path: string; from_status: string; to_status: string }[]> {
  return q.query(
    `WITH c AS (
       SELECT id, path, contract_status AS from_status,
              CASE WHEN (contract_start IS NOT NULL AND contract_start > $1::date) OR (contract_end IS NOT NULL AND contract_end < $1::date)
                   THEN 'INACTIVE' ELSE 'ACTIVE' END AS to_status
         FROM accounts WHERE deleted_at IS NULL AND contract_status IN ('ACTIVE', 'INACTIVE') FOR UPDATE)
     UPDATE accounts a SET contract_status = c.to_status, updated_at = now()
       FROM c WHERE a.id = c.id AND c.from_status <> c.to_status
     RETURNING a.id, a.path, c.from_status, c.to_status`,
    [today],
  );
}

/** Live accounts of several subtrees (ids), for sessions and caches. */
export async function subtreesOf(q: Queryable, paths: string[]): Promise<number[]> {
  if (paths.length === 0) return [];
  const rows = await q.query<{ id: number }>('SELECT id FROM accounts WHERE deleted_at IS NULL AND path LIKE ANY($1::text[])', [
    paths.map(like),
  ]);
  return rows.map((r) => Number(r.id));
}

/** Next month's plans take effect: next_plan_id moves into plan_id (never for terminated or deleted accounts). */
export function applyNextPlans(q: Queryable): Promise<{ id: number; path: string; plan_id: number; contract_status: string }[]> {
  return q.query(
    `UPDATE accounts SET plan_id = next_plan_id, next_plan_id = NULL, updated_at = now()
      WHERE next_plan_id IS NOT NULL AND deleted_at IS NULL AND contract_status <> 'TERMINATED'
      RETURNING id, path, plan_id, contract_status`,
  );
}

/**
 * The live, not terminated accounts on plan version `fromId` (of the subtree `scopeParam`; one of them with
 * `accountId`) whose next month's plan is none or one of `replaceable`: it becomes `latestId`.
 */
export function bookPlanVersion(
  q: Queryable,
  p: { fromId: number; latestId: number; replaceable: number[]; scopeParam: string; accountId?: number },
): Promise<{ id: number; contract_status: string }[]> {
  const params: unknown[] = [p.fromId, p.latestId, p.replaceable, p.scopeParam];
  let only = '';
  if (p.accountId !== undefined) {
    params.push(p.accountId);
    only = ` AND a.id = $${params.length}`;
  }
  return q.query(
    `UPDATE accounts a SET next_plan_id = $2, updated_at = now()
      WHERE a.plan_id = $1 AND a.deleted_at IS NULL AND a.contract_status <> 'TERMINATED' AND a.path LIKE $4${only}
        AND (a.next_plan_id IS NULL OR a.next_plan_id = ANY($3::bigint[]))
      RETURNING a.id, a.contract_status`,
    params,
  );
}

/**
 * True when the account, or any account above it, is terminated or deleted (or it does not exist): what
 * it owns is no longer served to visitors.
 */
export async function accountClosed(q: Queryable, id: number): Promise<boolean> {
  const r = await q.maybeOne<{ closed: boolean }>(
    `SELECT bool_or(x.contract_status = 'TERMINATED' OR x.deleted_at IS NOT NULL) AS closed
       FROM accounts a JOIN accounts x ON x.id = ANY(string_to_array(trim(both '/' from a.path), '/')::bigint[])
      WHERE a.id = $1`,
    [id],
  );
  return r?.closed ?? true;
}
