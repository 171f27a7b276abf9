import type { Queryable } from '../../../db/db.js';
import { accountInSubtreeSql } from '../../accounts/service.js';

// Sites of a subtree for the dashboard: live sites (not deleted) by status.

/** Live sites of the accounts whose path matches the LIKE pattern (accounts/actor.ts scopeSql(...).param), by status. */
export async function siteCountsByStatus(q: Queryable, scopePattern: string): Promise<Map<string, number>> {
  const rows = await q.query<{ status: string; n: number }>(
    `SELECT s.status, count(*)::int AS n FROM sites s
      WHERE s.deleted_at IS NULL AND ${accountInSubtreeSql('s.account_id', 1)}
      GROUP BY s.status`,
    [scopePattern],
  );
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
