import type { RevisionChanges } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

// The kept revisions of a site (site_publications, written by repo/publication.ts).

export interface RevisionRow {
  revision: number;
  live: boolean;
  published_at: string;
  published_by: number | null;
  restored_from: number | null;
  changes: RevisionChanges | null;
}

/** A site's kept revisions, newest first (without their documents). */
export function listRevisionRows(q: Queryable, siteId: number): Promise<RevisionRow[]> {
  return q.query<RevisionRow>(
    `SELECT revision, live, published_at, published_by, restored_from, changes
       FROM site_publications WHERE site_id = $1 ORDER BY revision DESC`,
    [siteId],
  );
}

export interface RevisionSnapshotRow {
  revision: number;
  version: number;
  live: boolean;
  published_at: string;
  plan_flags: Record<string, boolean>;
  /** the snapshot as JSON text */
  document: string;
}

/** One revision with its snapshot; `revision` undefined: the newest one (what the next one is compared with). */
export function findRevisionRow(q: Queryable, siteId: number, revision?: number): Promise<RevisionSnapshotRow | undefined> {
  return revision === undefined
    ? q.maybeOne<RevisionSnapshotRow>(
        `SELECT revision, version, live, published_at, plan_flags, document::text AS document
           FROM site_publications WHERE site_id = $1 ORDER BY revision DESC LIMIT 1`,
        [siteId],
      )
    : q.maybeOne<RevisionSnapshotRow>(
        `SELECT revision, version, live, published_at, plan_flags, document::text AS document
           FROM site_publications WHERE site_id = $1 AND revision = $2`,
        [siteId, revision],
      );
}
