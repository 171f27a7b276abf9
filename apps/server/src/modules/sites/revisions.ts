import type { RevisionList, SiteDocument } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { type Actor, assertCanEdit, assertOwnerOpen } from '../accounts/actor.js';
import { getAccountBriefs } from '../accounts/service.js';
import { KEEP_REVISIONS } from './repo/publication.js';
import { findRevisionRow, listRevisionRows } from './repo/revisions.js';
import { saveSite, scopedSite } from './service.js';

// A site's revisions (docs/decisions.md "Site revisions"): the list with what changed, an old revision's snapshot
// for the operator's preview, and rollback, which publishes an old snapshot again as a new revision through the one
// publish (saveSite: its checks, its guards, its audit). Everything is scoped like the site itself: another
// tenant's site or revision does not exist (404); a terminated owner's site is read-only (403 on rollback).

export async function listRevisions(ctx: AppContext, actor: Actor, siteId: number): Promise<RevisionList> {
  const site = await scopedSite(ctx.db, actor, siteId);
  const rows = await listRevisionRows(ctx.db, siteId);
  const who = await getAccountBriefs(
    ctx.db,
    rows.flatMap((r) => (r.published_by === null ? [] : [Number(r.published_by)])),
  );
  const canRollback =
    actor.authority === 'EDIT' &&
    (await assertOwnerOpen(ctx.db, Number(site.account_id)).then(
      () => true,
      () => false,
    ));
  return {
    items: rows.map((r) => {
      const a = r.published_by === null ? undefined : who.get(Number(r.published_by));
      return {
        revision: Number(r.revision),
        publishedAt: new Date(r.published_at).toISOString(),
        publishedBy: a ? { id: Number(r.published_by), name: a.contactName ?? null, email: a.email ?? null } : null,
        live: r.live,
        restoredFrom: r.restored_from === null ? null : Number(r.restored_from),
        changes: r.changes,
      };
    }),
    keep: KEEP_REVISIONS,
    canRollback,
  };
}

/** Throws 404 unless the revision is one the caller may open (its site in scope, the revision kept). */
export async function assertRevisionInScope(ctx: AppContext, actor: Actor, siteId: number, revision: number): Promise<void> {
  await scopedSite(ctx.db, actor, siteId);
  if (!(await findRevisionRow(ctx.db, siteId, revision))) throw notFound();
}

/** A kept revision's snapshot, for the operator's preview (the caller authorised it); null when not kept. */
export async function revisionSnapshot(ctx: AppContext, siteId: number, revision: number) {
  const row = await findRevisionRow(ctx.db, siteId, revision);
  if (!row) return null;
  return {
    revision: Number(row.revision),
    version: Number(row.version),
    publishedAt: new Date(row.published_at).toISOString(),
    document: JSON.parse(row.document) as SiteDocument & { id: number },
  };
}

/**
 * Publishes a kept revision's content again, as a new revision, and makes it the working copy too (so the editor and
 * the next publish start from what is live). The site's address (custom domain, path prefix) stays as it is now:
 * a rollback restores content, not where the site is served.
 */
export async function rollbackSite(ctx: AppContext, actor: Actor, siteId: number, revision: number): Promise<{ revision: number }> {
  const site = await scopedSite(ctx.db, actor, siteId);
  const row = await findRevisionRow(ctx.db, siteId, revision);
  if (!row) throw notFound();
  assertCanEdit(actor);
  const doc = { ...(JSON.parse(row.document) as Record<string, unknown>), customDomain: site.custom_domain, pathPrefix: site.path_prefix };
  await saveSite(ctx, actor, siteId, 'publish', doc, { restoredFrom: revision });
  const live = await findRevisionRow(ctx.db, siteId);
  return { revision: Number(live?.revision) };
}
