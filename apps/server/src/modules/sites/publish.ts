import { diffSites, type SiteDocument } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import { recordAudit } from '../audit/service.js';
import { type PublicationMeta, storePublication } from './repo/publication.js';
import { findRevisionRow } from './repo/revisions.js';

/**
 * Keeps a publish as the site's next revision, in the caller's transaction: what changed against the newest kept
 * revision (core diffSites, stored with it so the list reads no documents), the snapshot made live, revisions beyond
 * the kept number dropped, and an audit entry naming who published (or rolled back) which revision.
 */
export async function storeRevision(
  q: Queryable,
  siteId: number,
  version: number,
  doc: SiteDocument & { id: number },
  planFlags: Record<string, boolean>,
  meta: Omit<PublicationMeta, 'changes'>,
): Promise<number> {
  const prev = await findRevisionRow(q, siteId);
  const changes = prev ? diffSites(JSON.parse(prev.document) as SiteDocument, doc) : null;
  const revision = await storePublication(q, siteId, version, doc, planFlags, { ...meta, changes });
  if (meta.by)
    await recordAudit(q, [
      {
        accountId: meta.by,
        siteId,
        action: meta.restoredFrom ? 'site.rollback' : 'site.publish',
        detail: meta.restoredFrom ? { revision, restoredFrom: meta.restoredFrom } : { revision },
      },
    ]);
  return revision;
}
