import type { Queryable } from '../../../db/db.js';
import { accountInSubtreeSql } from '../../accounts/service.js';

// Bills of a subtree for the dashboard. Counted: bills (payments) of payers inside the subtree other
// than its root (the root's own bills are what it pays its seller), not voided. Revenue is recurring revenue:
// the subtotal (before tax) without the one-time initial fee.

/** Recurring revenue (yen) and bill count per billed month in [fromMonth, toMonth] (YYYY-MM, inclusive). */
export async function billedRevenueByMonth(
  q: Queryable,
  scopePattern: string,
  rootId: number,
  fromMonth: string,
  toMonth: string,
): Promise<Map<string, { amount: number; bills: number }>> {
  const rows = await q.query<{ year_month: string; amount: string | number; bills: number }>(
    `SELECT year_month, COALESCE(sum(subtotal - initial_fee), 0)::bigint AS amount, count(*)::int AS bills
       FROM payments
      WHERE status <> 'VOID' AND account_id <> $2 AND year_month >= $3 AND year_month <= $4
        AND ${accountInSubtreeSql('account_id', 1)}
      GROUP BY year_month`,
    [scopePattern, rootId, fromMonth, toMonth],
  );
  return new Map(rows.map((r) => [r.year_month, { amount: Number(r.amount), bills: Number(r.bills) }]));
}

/** The last month (up to toMonth) with a bill of the subtree, and its recurring revenue; null without any. */
export async function lastBilledMonth(
  q: Queryable,
  scopePattern: string,
  rootId: number,
  toMonth: string,
): Promise<{ month: string; amount: number } | null> {
  const r = await q.maybeOne<{ year_month: string; amount: string | number }>(
    `WITH last AS (
       SELECT max(year_month) AS m FROM payments
        WHERE status <> 'VOID' AND account_id <> $2 AND year_month <= $3 AND ${accountInSubtreeSql('account_id', 1)}
     )
     SELECT last.m AS year_month, COALESCE(sum(p.subtotal - p.initial_fee), 0)::bigint AS amount
       FROM last JOIN payments p ON p.year_month = last.m
      WHERE p.status <> 'VOID' AND p.account_id <> $2 AND ${accountInSubtreeSql('p.account_id', 1)}
      GROUP BY last.m`,
    [scopePattern, rootId, toMonth],
  );
  return r ? { month: r.year_month, amount: Number(r.amount) } : null;
}
