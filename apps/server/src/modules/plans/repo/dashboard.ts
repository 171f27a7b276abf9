import type { Queryable } from '../../../db/db.js';
import type { DashboardScope } from '../../accounts/service.js';
import { putsPlanInForce } from './in-force.js';

// The dashboard's plan figures: plans in force over time (contract history), plan versions, paid plans now. Every
// query takes the caller's subtree (accounts' DashboardScope); staff (SUB_ADMIN) and the root are never customers.

/** customer accounts below the root, on alias `a.` (the first column takes the alias from the caller) */
const BELOW_A = `path LIKE $1 AND a.id <> $2 AND a.type NOT IN ('SUB_ADMIN', 'MASTER')`;

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
 * Accounts per plan version in force at each instant (the rule of in-force.ts: the last row that put a plan in
 * force before the instant, never a booking; an account without one before it keeps the plan it holds, if it
 * existed then). Counted: customer accounts created before the instant, not deleted or terminated before it.
 */
export async function plansInForce(q: Queryable, s: DashboardScope, at: { label: string; at: Date }[]): Promise<PlanBucket[]> {
  // instants in time order; width_bucket(x, T) = how many of them are <= x, so "x < T[i]" is "bucket < i + 1"
  const sorted = [...at].sort((a, b) => a.at.getTime() - b.at.getTime());
  const rows = await q.query<{ plan_id: number; bs: number; be: number | null; n: number }>(
    `WITH h AS (
       SELECT ch.account_id, ch.plan_id, ch.executed_at AS since,
              lead(ch.executed_at) OVER w AS until, row_number() OVER w AS k
         FROM contract_history ch JOIN accounts a ON a.id = ch.account_id
        WHERE ${putsPlanInForce('ch')} AND a.${BELOW_A}
       WINDOW w AS (PARTITION BY ch.account_id ORDER BY ch.executed_at, ch.id)
     ),
     iv AS (
       SELECT account_id, plan_id, since, until FROM h
       UNION ALL
       SELECT a.id, a.plan_id, a.created_at, h.since
         FROM accounts a LEFT JOIN h ON h.account_id = a.id AND h.k = 1
        WHERE a.${BELOW_A} AND a.plan_id IS NOT NULL
     ),
     t AS (SELECT account_id, min(executed_at) AS at FROM contract_history WHERE to_status = 'TERMINATED' GROUP BY account_id),
     -- each plan interval cut to the account's life (created, deleted, terminated): counted at T when s < T <= e
     live AS (
       SELECT iv.plan_id, greatest(iv.since, a.created_at) AS s, least(iv.until, a.deleted_at, t.at) AS e
         FROM iv JOIN accounts a ON a.id = iv.account_id LEFT JOIN t ON t.account_id = iv.account_id
     )
     SELECT plan_id, width_bucket(s, $3::timestamptz[]) AS bs, width_bucket(e, $3::timestamptz[]) AS be, count(*)::int AS n
       FROM live WHERE e IS NULL OR e >= s
      GROUP BY 1, 2, 3`,
    [s.pattern, s.rootId, sorted.map((a) => a.at.toISOString())],
  );
  // at T[i]: intervals begun before it minus those ended before it (an ended one has begun: e >= s)
  const out: PlanBucket[] = [];
  sorted.forEach((inst, i) => {
    const per = new Map<number, number>();
    for (const r of rows) {
      let d = 0;
      if (Number(r.bs) < i + 1) d += Number(r.n);
      if (r.be !== null && Number(r.be) < i + 1) d -= Number(r.n);
      if (d !== 0) per.set(Number(r.plan_id), (per.get(Number(r.plan_id)) ?? 0) + d);
    }
    for (const [planId, accounts] of per) if (accounts > 0) out.push({ label: inst.label, planId, accounts });
  });
  return out;
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

export interface RecurringNow {
  /** customer accounts whose contract is in force on a plan priced above 0 */
  paidAccounts: number;
  /** the sum of their plans' monthly prices (the plan in force, never a booking), yen */
  planYen: number;
  /** how many of the accounts in force carry the monthly licence fee */
  licences: number;
}

/**
 * The recurring fees at `at` (MRR's parts, docs/decisions.md "MRR and ARR"): customer accounts below the root whose
 * contract is in force then (created by then, not deleted, ACTIVE or SUSPENDED: a pause keeps the contract and its
 * bill), each on the plan in force at `at` (in-force.ts's rule), its monthly price, and the licence fee where granted.
 */
export async function recurringAt(q: Queryable, s: DashboardScope, at: Date): Promise<RecurringNow> {
  const r = await q.one<{ n: number; yen: string | number | null; lic: number }>(
    `WITH h AS (
       SELECT DISTINCT ON (x.account_id) x.account_id, x.plan_id FROM contract_history x JOIN accounts a ON a.id = x.account_id
        WHERE ${putsPlanInForce('x')} AND x.executed_at <= $3 AND a.${BELOW_A}
        ORDER BY x.account_id, x.executed_at DESC, x.id DESC
     )
     SELECT count(*) FILTER (WHERE p.price > 0)::int AS n, COALESCE(sum(p.price), 0)::bigint AS yen,
            count(*) FILTER (WHERE a.license_issue)::int AS lic
       FROM accounts a LEFT JOIN h ON h.account_id = a.id
       JOIN plans p ON p.id = COALESCE(h.plan_id, CASE WHEN a.created_at <= $3 THEN a.plan_id END)
      WHERE a.${BELOW_A} AND a.created_at <= $3 AND a.deleted_at IS NULL AND a.contract_status IN ('ACTIVE', 'SUSPENDED')`,
    [s.pattern, s.rootId, at],
  );
  return { paidAccounts: Number(r.n), planYen: Number(r.yen ?? 0), licences: Number(r.lic) };
}
