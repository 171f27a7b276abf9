import type { Queryable } from '../../db/db.js';

// SQL of contract transitions, the scheduled contract jobs and contract history (accounts owns them).

export interface ContractRow {
  id: number;
  path: string;
  type: string;
  contract_status: string;
  /** YYYY-MM-DD (a day in Japan) or null */
  contract_start: string | null;
  contract_end: string | null;
}

const like = (path: string) => `${path.replace(/[\\%_]/g, '\\$&')}%`;

/** A live account's contract, locked until the end of the caller's transaction (transitions never race). */
export function lockContract(q: Queryable, id: number): Promise<ContractRow | undefined> {
  return q.maybeOne<ContractRow>(
    `SELECT id, path, type, contract_status, to_char(contract_start, 'YYYY-MM-DD') AS contract_start,
            to_char(contract_end, 'YYYY-MM-DD') AS contract_end
       FROM accounts WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`,
    [id],
  );
}

export async function setStatus(q: Queryable, id: number, status: string): Promise<void> {
  await q.query('UPDATE accounts SET contract_status = $2, updated_at = now() WHERE id = $1', [id, status]);
}

export interface HistoryRow {
  accountId: number;
  /** null: the system (a scheduled job) */
  executorId: number | null;
  content: string;
  from: string | null;
  to: string | null;
  planId?: number | null;
}

/** Contract history rows, in the caller's transaction (the same one as the change they record). */
export async function insertHistory(q: Queryable, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO contract_history (account_id, executor_id, process_content, from_status, to_status, plan_id)
     SELECT h.account_id, h.executor_id, h.content, h.from_status, h.to_status, h.plan_id
       FROM jsonb_to_recordset($1::jsonb) AS h(account_id bigint, executor_id bigint, content text, from_status text, to_status text, plan_id bigint)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          account_id: r.accountId,
          executor_id: r.executorId,
          content: r.content,
          from_status: r.from,
          to_status: r.to,
          plan_id: r.planId ?? null,
        })),
      ),
    ],
  );
}

/** Live accounts of a subtree (its root included) with their status. */
export function liveSubtree(q: Queryable, rootPath: string): Promise<{ id: number; contract_status: string }[]> {
  return q.query<{ id: number; contract_status: string }>(
    'SELECT id, contract_status FROM accounts WHERE path LIKE $1 AND deleted_at IS NULL ORDER BY id',
    [like(rootPath)],
  );
}

/** Soft-deletes accounts; every access token of theirs ends with the version bump. */
export async function softDelete(q: Queryable, ids: number[]): Promise<void> {
  await q.query(
    'UPDATE accounts SET deleted_at = now(), token_version = token_version + 1, updated_at = now() WHERE id = ANY($1::bigint[]) AND deleted_at IS NULL',
    [ids],
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

export async function bumpVersions(q: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await q.query('UPDATE accounts SET token_version = token_version + 1, updated_at = now() WHERE id = ANY($1::bigint[])', [ids]);
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
