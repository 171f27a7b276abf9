import type { Queryable } from '../../../db/db.js';
import { accountCompanyMatchesSql, accountInSubtreeSql } from '../../accounts/service.js';
import type { SiteRow } from './site-row.js';

// The site list (and its CSV): the caller's subtree, optional search and status.

export interface SiteListFilter {
  /** the LIKE pattern of the caller's subtree path (accounts/actor.ts scopeSql(...).param) */
  scopePattern: string;
  search?: string;
  status?: string;
}

function listWhere(f: SiteListFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [f.scopePattern];
  let where = `s.deleted_at IS NULL AND ${accountInSubtreeSql('s.account_id', 1)}`;
  if (f.search) {
    params.push(`%${f.search.replace(/[\\%_]/g, '\\$&')}%`);
    const i = params.length;
    where += ` AND (s.name ILIKE $${i} OR ${accountCompanyMatchesSql('s.account_id', i)} OR s.custom_domain ILIKE $${i})`;
  }
  if (f.status && f.status !== 'ALL') {
    params.push(f.status);
    where += ` AND s.status = $${params.length}`;
  }
  return { where, params };
}

export async function countSites(q: Queryable, f: SiteListFilter): Promise<number> {
  const { where, params } = listWhere(f);
  return (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM sites s WHERE ${where}`, params)).n;
}

export function listSiteRows(q: Queryable, f: SiteListFilter, limit: number, offset: number): Promise<SiteRow[]> {
  const { where, params } = listWhere(f);
  params.push(limit, offset);
  return q.query<SiteRow>(
    `SELECT s.* FROM sites s WHERE ${where} ORDER BY s.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}

/** Live sites of one owner (the site quota). */
export async function countOwnedSites(q: Queryable, accountId: number): Promise<number> {
  return (await q.one<{ n: number }>('SELECT count(*)::int AS n FROM sites WHERE account_id = $1 AND deleted_at IS NULL', [accountId])).n;
}
