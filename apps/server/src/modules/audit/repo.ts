import type { Queryable } from '../../db/db.js';

// SQL on audit_log (this module owns it).

export interface AuditInsert {
  account_id: number;
  site_id: number | null;
  action: string;
  field: string | null;
  old_hash: string | null;
  new_hash: string | null;
  detail: Record<string, unknown>;
}

export async function insertAuditRows(q: Queryable, rows: AuditInsert[]): Promise<void> {
  await q.query(
    `INSERT INTO audit_log (account_id, site_id, action, field, old_hash, new_hash, detail)
     SELECT x.account_id, x.site_id, x.action, x.field, x.old_hash, x.new_hash, COALESCE(x.detail, '{}'::jsonb)
       FROM jsonb_to_recordset($1::jsonb) AS x(account_id bigint, site_id bigint, action text, field text, old_hash text, new_hash text, detail jsonb)`,
    [JSON.stringify(rows)],
  );
}

export interface AuditRow {
  id: number;
  account_id: number | null;
  action: string;
  field: string | null;
  old_hash: string | null;
  new_hash: string | null;
  detail: Record<string, unknown>;
  created_at: string;
}

export async function listAuditRows(
  q: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  const total = (await q.one<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE site_id = $1', [siteId])).n;
  const rows = await q.query<AuditRow>(
    `SELECT id, account_id, action, field, old_hash, new_hash, detail, created_at FROM audit_log
      WHERE site_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [siteId, limit, offset],
  );
  return { rows, total };
}
