import type { Queryable } from '../../../db/db.js';

// SQL of the pending-upload cleanup (media and bulk_uploads rows never completed).

/** Takes (locks and deletes) up to `limit` bulk uploads started or received before the cutoff but never queued. */
export async function takeStaleBulk(q: Queryable, cutoff: Date, limit: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM bulk_uploads WHERE status IN ('WAITING','UPLOADED') AND created_at < $1
     ORDER BY created_at LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED`,
    [cutoff],
  );
  if (rows.length > 0)
    await q.query("DELETE FROM bulk_uploads WHERE id = ANY($1) AND status IN ('WAITING','UPLOADED')", [rows.map((r) => r.id)]);
  return rows.map((r) => r.id);
}

/** Takes (locks and deletes) up to `limit` pending uploads created before the cutoff. */
export async function takeStaleMedia(q: Queryable, cutoff: Date, limit: number): Promise<{ id: number; storage_key: string }[]> {
  const rows = await q.query<{ id: number; storage_key: string }>(
    `SELECT id, storage_key FROM media WHERE status = 'PENDING' AND created_at < $1
     ORDER BY created_at, id LIMIT ${Number(limit)} FOR UPDATE SKIP LOCKED`,
    [cutoff],
  );
  if (rows.length > 0) await q.query("DELETE FROM media WHERE id = ANY($1) AND status = 'PENDING'", [rows.map((r) => r.id)]);
  return rows;
}

/** When the oldest pending upload (single or bulk) was started, or null. */
export async function oldestPending(q: Queryable): Promise<Date | null> {
  const next = await q.maybeOne<{ oldest: string | Date | null }>(
    `SELECT min(t) AS oldest FROM (
       SELECT min(created_at) AS t FROM media WHERE status = 'PENDING'
       UNION ALL SELECT min(created_at) FROM bulk_uploads WHERE status IN ('WAITING','UPLOADED')) x`,
  );
  return next?.oldest ? new Date(next.oldest) : null;
}
