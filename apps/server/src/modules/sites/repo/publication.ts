import type { RevisionChanges, SiteDocument } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';
import type { PublicationRow } from '../../published/service.js';

// site_publications: the snapshots visitors read, one row per revision (repo/revisions.ts reads the history); the
// live one (at most one per site) is what visitors get.

/** The revisions a site keeps: a publish beyond them drops the oldest in its transaction (never the live one). */
export const KEEP_REVISIONS = 50;

/**
 * Marks the site published with a new publication version; returns the version. `at`: the app's clock (the
 * database's time only for the demo data and fixtures, which publish without one).
 */
export async function bumpPublication(q: Queryable, siteId: number, at?: Date): Promise<number> {
  const r = await q.one<{ publish_version: number }>(
    "UPDATE sites SET publish_version = publish_version + 1, published_at = COALESCE($2, now()), status = 'PUBLISH' WHERE id = $1 RETURNING publish_version",
    [siteId, at ?? null],
  );
  return Number(r.publish_version);
}

export interface PublicationMeta {
  at?: Date;
  /** who published (null: the system, the demo data) */
  by?: number | null;
  /** a rollback: the revision it published again */
  restoredFrom?: number | null;
  /** against the revision before (null: none kept) */
  changes?: RevisionChanges | null;
}

/**
 * Stores the snapshot as the site's next revision and makes it the live one, then drops the revisions beyond the
 * newest KEEP_REVISIONS (revisions are numbered without gaps, and the live one is the newest). Returns its number.
 */
export async function storePublication(
  q: Queryable,
  siteId: number,
  version: number,
  doc: SiteDocument & { id: number },
  planFlags: Record<string, boolean>,
  meta: PublicationMeta = {},
): Promise<number> {
  await q.query('UPDATE site_publications SET live = false WHERE site_id = $1 AND live', [siteId]);
  const r = await q.one<{ revision: number }>(
    `INSERT INTO site_publications (site_id, revision, live, version, document, plan_flags, published_at, published_by, restored_from, changes)
     VALUES ($1, (SELECT COALESCE(max(revision), 0) + 1 FROM site_publications WHERE site_id = $1), true, $2, $3, $4, COALESCE($5, now()), $6, $7, $8)
     RETURNING revision`,
    [siteId, version, doc, planFlags, meta.at ?? null, meta.by ?? null, meta.restoredFrom ?? null, meta.changes ?? null],
  );
  const revision = Number(r.revision);
  await q.query('DELETE FROM site_publications WHERE site_id = $1 AND NOT live AND revision <= $2', [siteId, revision - KEEP_REVISIONS]);
  return revision;
}

/** Visitors no longer see the site (private, deleted): no revision is live; the history stays. */
export async function deletePublication(q: Queryable, siteId: number): Promise<void> {
  await q.query('UPDATE site_publications SET live = false WHERE site_id = $1 AND live', [siteId]);
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
       FROM sites s JOIN site_publications p ON p.site_id = s.id AND p.live
      WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [siteId],
  );
}
