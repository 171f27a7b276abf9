import type { AuditEntryView, Paged } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import type { Actor } from '../accounts/actor.js';
import { getAccountBriefs } from '../accounts/service.js';
import { insertAuditRows, listAuditRows } from './repo.js';

/** Throws 404 unless the site is inside the actor's subtree (the sites module's scopedSite). */
export type SiteInScope = (q: Queryable, actor: Actor, siteId: number) => Promise<unknown>;

export interface AuditEntry {
  accountId: number;
  siteId: number | null;
  action: string;
  field?: string | null;
  oldHash?: string | null;
  newHash?: string | null;
  detail?: Record<string, unknown>;
}

/** Writes audit rows in the caller's transaction: they exist exactly when the change they describe does. */
export async function recordAudit(q: Queryable, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await insertAuditRows(
    q,
    entries.map((e) => ({
      account_id: e.accountId,
      site_id: e.siteId,
      action: e.action,
      field: e.field ?? null,
      old_hash: e.oldHash ?? null,
      new_hash: e.newHash ?? null,
      detail: e.detail ?? {},
    })),
  );
}

/** The audit log of one site (newest first), for operators who can see the site. */
export async function listSiteAudit(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  p: { page: number; pageSize: number },
  siteInScope: SiteInScope,
): Promise<Paged<AuditEntryView>> {
  await siteInScope(ctx.db, actor, siteId);
  const { rows, total } = await listAuditRows(ctx.db, siteId, p.pageSize, (p.page - 1) * p.pageSize);
  const who = await getAccountBriefs(
    ctx.db,
    rows.flatMap((r) => (r.account_id === null ? [] : [Number(r.account_id)])),
  );
  return {
    items: rows.map((r) => {
      const a = r.account_id === null ? undefined : who.get(Number(r.account_id));
      return {
        id: Number(r.id),
        accountId: r.account_id === null ? null : Number(r.account_id),
        accountEmail: a?.email ?? null,
        accountName: a?.contactName ?? null,
        action: r.action,
        field: r.field,
        oldHash: r.old_hash,
        newHash: r.new_hash,
        detail: r.detail,
        createdAt: new Date(r.created_at).toISOString(),
      };
    }),
    total,
    page: p.page,
    pageSize: p.pageSize,
  };
}
