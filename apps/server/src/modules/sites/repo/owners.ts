import type { Queryable } from '../../../db/db.js';

/** Which account owns which site (billing sums page views per account), for all sites or some accounts'. */
export async function siteOwners(q: Queryable, accountIds?: number[]): Promise<Map<number, number>> {
  const rows = await q.query<{ id: number; account_id: number }>(
    'SELECT id, account_id FROM sites WHERE ($1::bigint[] IS NULL OR account_id = ANY($1::bigint[]))',
    [accountIds ?? null],
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.account_id)]));
}

/** An account's live sites and their pages (creatives), for the plan usage screen. */
export async function siteUsage(q: Queryable, accountId: number): Promise<{ sites: number; pages: number }> {
  const r = await q.one<{ sites: number; pages: number }>(
    `SELECT count(*)::int AS sites, COALESCE(sum((SELECT count(*) FROM pages p WHERE p.site_id = s.id)), 0)::int AS pages
       FROM sites s WHERE s.account_id = $1 AND s.deleted_at IS NULL`,
    [accountId],
  );
  return { sites: Number(r.sites), pages: Number(r.pages) };
}
