import type { SiteDocument } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';
import type { PublicationRow } from '../../published/service.js';

// site_publications: the snapshot visitors read, one row per published site.

/** Marks the site published with a new publication version; returns the version. */
export async function bumpPublication(q: Queryable, siteId: number): Promise<number> {
  const r = await q.one<{ publish_version: number }>(
    "UPDATE sites SET publish_version = publish_version + 1, published_at = now(), status = 'PUBLISH' WHERE id = $1 RETURNING publish_version",
    [siteId],
  );
  return Number(r.publish_version);
}

export async function storePublication(
  q: Queryable,
  siteId: number,
  version: number,
  doc: SiteDocument & { id: number },
  planFlags: Record<string, boolean>,
): Promise<void> {
  await q.query(
    `INSERT INTO site_publications (site_id, version, document, plan_flags, published_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (site_id) DO UPDATE SET version = EXCLUDED.version, document = EXCLUDED.document, plan_flags = EXCLUDED.plan_flags, published_at = now()`,
    [siteId, version, doc, planFlags],
  );
}

export async function deletePublication(q: Queryable, siteId: number): Promise<void> {
  await q.query('DELETE FROM site_publications WHERE site_id = $1', [siteId]);
}

export async function softDeleteSite(q: Queryable, siteId: number): Promise<void> {
  await q.query('UPDATE sites SET deleted_at = now(), custom_domain = NULL, is_default = false WHERE id = $1', [siteId]);
}

/**
 * A site's live row with its publication (the document as JSON text: the reader parses it once) and its
 * place among its owner's live sites, oldest first (the plan's site count serves the oldest).
 */
export function loadPublication(q: Queryable, siteId: number): Promise<PublicationRow | undefined> {
  return q.maybeOne<PublicationRow>(
    `SELECT s.id, s.account_id, s.uuid, s.status, s.is_default, s.custom_domain, s.domain_verified_at, s.path_prefix, s.expires_at,
            p.version, p.document::text AS document, p.plan_flags, p.published_at,
            (SELECT count(*)::int FROM sites o WHERE o.account_id = s.account_id AND o.deleted_at IS NULL
                AND (o.created_at, o.id) <= (s.created_at, s.id)) AS site_rank
       FROM sites s JOIN site_publications p ON p.site_id = s.id
      WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [siteId],
  );
}
