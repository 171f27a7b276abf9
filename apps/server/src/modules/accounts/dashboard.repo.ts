import type { Queryable } from '../../db/db.js';

// Aggregates of the accounts tree for the dashboard (issue 11.3). Every query takes the caller's subtree as the
// LIKE pattern of actor.ts scopeSql(...).param and the subtree's root (the caller's owner), which never counts as
// its own customer. Staff (SUB_ADMIN) are never customers. Months are Japan months: instants shift by +9 h.

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

export interface PlanVersionRow {
  id: number;
  familyId: number;
  name: string;
  names: Record<string, string>;
  price: number;
  version: number;
}

export interface PlanBucket {
  /** the bucket's label (a month YYYY-MM, or 'now') */
  label: string;
  planId: number;
  accounts: number;
}

/**
 * Accounts per plan version in force at each instant (accounts' planInForce rule: the last contract_history row
 * with a plan executed before the instant; an account without one before it keeps the plan it holds, if it
 * existed then). Counted: customer accounts created before the instant, not deleted or terminated before it.
 */
export async function plansInForce(q: Queryable, s: DashboardScope, at: { label: string; at: Date }[]): Promise<PlanBucket[]> {
  const rows = await q.query<{ label: string; plan_id: number; n: number }>(
    `WITH m AS (SELECT * FROM unnest($3::text[], $4::timestamptz[]) AS m(label, at)),
     sub AS (SELECT id, created_at, deleted_at, plan_id FROM accounts WHERE ${BELOW}),
     h AS (
       SELECT ch.account_id, ch.plan_id, ch.executed_at AS since,
              lead(ch.executed_at) OVER (PARTITION BY ch.account_id ORDER BY ch.executed_at, ch.id) AS until
         FROM contract_history ch JOIN sub ON sub.id = ch.account_id
        WHERE ch.plan_id IS NOT NULL
     ),
     first AS (SELECT account_id, min(since) AS since FROM h GROUP BY account_id),
     iv AS (
       SELECT account_id, plan_id, since, until FROM h
       UNION ALL
       SELECT sub.id, sub.plan_id, sub.created_at, first.since
         FROM sub LEFT JOIN first ON first.account_id = sub.id WHERE sub.plan_id IS NOT NULL
     ),
     t AS (
       SELECT ch.account_id, min(ch.executed_at) AS at
         FROM contract_history ch JOIN sub ON sub.id = ch.account_id
        WHERE ch.to_status = 'TERMINATED' GROUP BY ch.account_id
     )
     SELECT m.label, iv.plan_id, count(*)::int AS n
       FROM m
       JOIN iv ON iv.since < m.at AND (iv.until IS NULL OR iv.until >= m.at)
       JOIN sub ON sub.id = iv.account_id
       LEFT JOIN t ON t.account_id = sub.id
      WHERE sub.created_at < m.at AND (sub.deleted_at IS NULL OR sub.deleted_at >= m.at) AND (t.at IS NULL OR t.at >= m.at)
      GROUP BY 1, 2`,
    [s.pattern, s.rootId, at.map((a) => a.label), at.map((a) => a.at.toISOString())],
  );
  return rows.map((r) => ({ label: r.label, planId: Number(r.plan_id), accounts: Number(r.n) }));
}

/** Live customer accounts with no plan now. */
export async function accountsWithoutPlan(q: Queryable, s: DashboardScope): Promise<number> {
  const r = await q.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM accounts WHERE ${BELOW} AND deleted_at IS NULL AND contract_status <> 'TERMINATED' AND plan_id IS NULL`,
    [s.pattern, s.rootId],
  );
  return Number(r.n);
}

/** Plan versions by id, with their family and the family's newest version (for names and prices on screen). */
export async function planVersions(
  q: Queryable,
  ids: number[],
): Promise<{ byId: Map<number, PlanVersionRow>; newest: Map<number, PlanVersionRow> }> {
  const rows = await q.query<{
    id: number;
    family_id: number;
    name: string;
    names: Record<string, string>;
    price: number;
    version: number;
  }>(
    `SELECT id, COALESCE(family_id, id) AS family_id, name, names, price, version FROM plans
      WHERE COALESCE(family_id, id) IN (SELECT COALESCE(family_id, id) FROM plans WHERE id = ANY($1::bigint[]))`,
    [ids],
  );
  const byId = new Map<number, PlanVersionRow>();
  const newest = new Map<number, PlanVersionRow>();
  for (const r of rows) {
    const p: PlanVersionRow = {
      id: Number(r.id),
      familyId: Number(r.family_id),
      name: r.name,
      names: r.names ?? {},
      price: Number(r.price),
      version: Number(r.version),
    };
    byId.set(p.id, p);
    const cur = newest.get(p.familyId);
    if (!cur || p.version > cur.version || (p.version === cur.version && p.id > cur.id)) newest.set(p.familyId, p);
  }
  return { byId, newest };
}

/** Paid plans now: live customer accounts whose contract runs (active or paused) on a plan priced above 0, and their prices' sum. */
export async function paidAccounts(q: Queryable, s: DashboardScope): Promise<{ accounts: number; monthly: number }> {
  const r = await q.one<{ n: number; yen: string | number | null }>(
    `SELECT count(*)::int AS n, COALESCE(sum(p.price), 0)::bigint AS yen
       FROM accounts a JOIN plans p ON p.id = a.plan_id
      WHERE a.path LIKE $1 AND a.id <> $2 AND a.type NOT IN ('SUB_ADMIN', 'MASTER') AND a.deleted_at IS NULL
        AND a.contract_status IN ('ACTIVE', 'SUSPENDED') AND p.price > 0`,
    [s.pattern, s.rootId],
  );
  return { accounts: Number(r.n), monthly: Number(r.yen ?? 0) };
}
