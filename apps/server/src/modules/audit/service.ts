import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import type { Actor } from '../accounts/actor.js';
import { scopedSite } from '../sites/service.js';

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
  await q.query(
    `INSERT INTO audit_log (account_id, site_id, action, field, old_hash, new_hash, detail)
     SELECT x.account_id, x.site_id, x.action, x.field, x.old_hash, x.new_hash, COALESCE(x.detail, '{}'::jsonb)
       FROM jsonb_to_recordset($1::jsonb) AS x(account_id bigint, site_id bigint, action text, field text, old_hash text, new_hash text, detail jsonb)`,
    [
      JSON.stringify(
        entries.map((e) => ({
          account_id: e.accountId,
          site_id: e.siteId,
          action: e.action,
          field: e.field ?? null,
          old_hash: e.oldHash ?? null,
          new_hash: e.newHash ?? null,
          detail: e.detail ?? {},
        })),
      ),
    ],
  );
}

/** The audit log of one site (newest first), for operators who can see the site. */
export async function listSiteAudit(ctx: AppContext, actor: Actor, siteId: number, p: { page: number; pageSize: number }) {
  await scopedSite(ctx.db, actor, siteId);
  const total = (await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE site_id = $1', [siteId])).n;
  const rows = await ctx.db.query<{
    id: number;
    account_id: number | null;
    email: string | null;
    contact_name: string | null;
    action: string;
    field: string | null;
    old_hash: string | null;
    new_hash: string | null;
    detail: Record<string, unknown>;
    created_at: string;
  }>(
    `SELECT l.id, l.account_id, a.email, a.contact_name, l.action, l.field, l.old_hash, l.new_hash, l.detail, l.created_at
       FROM audit_log l LEFT JOIN accounts a ON a.id = l.account_id
      WHERE l.site_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [siteId, p.pageSize, (p.page - 1) * p.pageSize],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      accountEmail: r.email,
      accountName: r.contact_name,
      action: r.action,
      field: r.field,
      oldHash: r.old_hash,
      newHash: r.new_hash,
      detail: r.detail,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    total,
    page: p.page,
    pageSize: p.pageSize,
  };
}
