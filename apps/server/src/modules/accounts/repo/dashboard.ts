import type { Queryable } from '../../../db/db.js';

// Aggregates of the accounts tree for the dashboard. Every query takes the caller's subtree as the LIKE pattern of
// actor.ts scopeSql(...).param and the subtree's root (the caller's owner), which never counts as its own customer.
// Staff (SUB_ADMIN) are never customers. Months are Japan months: instants shift by +9 h.

export interface DashboardScope {
  /** LIKE pattern of the subtree's paths (scopeSql(actor, ...).param) */
  pattern: string;
  /** the subtree's root account (actor.ownerId): not a customer of itself */
  rootId: number;
}

const BELOW = `path LIKE $1 AND id <> $2 AND type NOT IN ('SUB_ADMIN', 'MASTER')`;

/** Accounts registered per Japan month and type in [from, to) (every account created, deleted ones too). */
export async function registrationsByMonth(
  q: Queryable,
  s: DashboardScope,
  from: Date,
  to: Date,
): Promise<{ month: string; type: string; n: number }[]> {
  const rows = await q.query<{ month: string; type: string; n: number }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC') + interval '9 hours', 'YYYY-MM') AS month, type, count(*)::int AS n
       FROM accounts WHERE ${BELOW} AND created_at >= $3 AND created_at < $4
      GROUP BY 1, 2`,
    [s.pattern, s.rootId, from.toISOString(), to.toISOString()],
  );
  return rows.map((r) => ({ month: r.month, type: r.type, n: Number(r.n) }));
}

/** Companies: live customer accounts below the root whose contract has not been terminated. */
export async function companyCount(q: Queryable, s: DashboardScope): Promise<number> {
  const r = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts WHERE ${BELOW} AND deleted_at IS NULL AND contract_status <> 'TERMINATED'`,
    [s.pattern, s.rootId],
  );
  return Number(r.n);
}

/** Live customer accounts with no plan now. */
export async function accountsWithoutPlan(q: Queryable, s: DashboardScope): Promise<number> {
  const r = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts WHERE ${BELOW} AND deleted_at IS NULL AND contract_status <> 'TERMINATED' AND plan_id IS NULL`,
    [s.pattern, s.rootId],
  );
  return Number(r.n);
}
