import type { Queryable } from '../../../db/db.js';

// SQL on bulk_uploads (and the media rows a bulk ZIP places).

export interface BulkRow {
  id: string;
  site_id: number;
  account_id: number;
  status: 'WAITING' | 'UPLOADED' | 'QUEUED' | 'PROCESSING' | 'DONE' | 'FAILED';
  size_bytes: number | null;
  processed: number;
  total: number;
  placed: Placed[];
  rejected: Rejected[];
  error: string | null;
  upload_expires_at: string;
}
export interface Placed {
  cell: string;
  key: string;
  kind: 'image' | 'video';
  name: string;
}
export interface Rejected {
  name: string;
  reason: string;
  params?: Record<string, string | number>;
}

export async function insertBulk(q: Queryable, b: { id: string; siteId: number; accountId: number; tokenHash: string; ttlS: number }) {
  await q.query(
    `INSERT INTO bulk_uploads (id, site_id, account_id, upload_token_hash, upload_expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [b.id, b.siteId, b.accountId, b.tokenHash, b.ttlS],
  );
}

export function findOpenBulkByToken(q: Queryable, tokenHash: string): Promise<BulkRow | undefined> {
  return q.maybeOne<BulkRow>(
    "SELECT * FROM bulk_uploads WHERE upload_token_hash = $1 AND status IN ('WAITING','UPLOADED') AND upload_expires_at > now()",
    [tokenHash],
  );
}

/** One bulk upload (of one site when siteId is given). */
export function findBulk(q: Queryable, id: string, siteId?: number): Promise<BulkRow | undefined> {
  return siteId === undefined
    ? q.maybeOne<BulkRow>('SELECT * FROM bulk_uploads WHERE id = $1', [id])
    : q.maybeOne<BulkRow>('SELECT * FROM bulk_uploads WHERE id = $1 AND site_id = $2', [id, siteId]);
}

export async function markBulkUploaded(q: Queryable, id: string, size: number): Promise<void> {
  await q.query("UPDATE bulk_uploads SET status = 'UPLOADED', size_bytes = $2, updated_at = now() WHERE id = $1", [id, size]);
}

/** Queued for the job; the upload URL is spent (its token replaced by one nobody knows). */
export async function markBulkQueued(q: Queryable, id: string, spentTokenHash: string): Promise<void> {
  await q.query("UPDATE bulk_uploads SET status = 'QUEUED', upload_token_hash = $2, updated_at = now() WHERE id = $1", [
    id,
    spentTokenHash,
  ]);
}

export async function markBulkFailed(q: Queryable, id: string, errorKey: string): Promise<void> {
  await q.query("UPDATE bulk_uploads SET status = 'FAILED', error = $2, updated_at = now() WHERE id = $1", [id, errorKey]);
}

export async function markBulkProcessing(q: Queryable, id: string): Promise<void> {
  await q.query(
    "UPDATE bulk_uploads SET status = 'PROCESSING', processed = 0, placed = '[]', rejected = '[]', updated_at = now() WHERE id = $1",
    [id],
  );
}

export async function setBulkTotal(q: Queryable, id: string, total: number): Promise<void> {
  await q.query('UPDATE bulk_uploads SET total = $2 WHERE id = $1', [id, total]);
}

/** Progress as entries are read; `done` ends it (DONE, total = processed). */
export async function setBulkProgress(
  q: Queryable,
  id: string,
  processed: number,
  placed: readonly Placed[],
  rejected: readonly Rejected[],
  done: boolean,
): Promise<void> {
  const p = JSON.stringify(placed.map(({ cell, key, kind, name }) => ({ cell, key, kind, name })));
  if (done)
    await q.query(
      "UPDATE bulk_uploads SET status = 'DONE', processed = $2, total = $2, placed = $3, rejected = $4, error = NULL, updated_at = now() WHERE id = $1",
      [id, processed, p, JSON.stringify(rejected)],
    );
  else
    await q.query('UPDATE bulk_uploads SET processed = $2, placed = $3, rejected = $4, updated_at = now() WHERE id = $1', [
      id,
      processed,
      p,
      JSON.stringify(rejected),
    ]);
}

/** The media rows of the files a ZIP placed (checked by content already); their ids, for the variants jobs. */
export function insertPlacedMedia(
  q: Queryable,
  accountId: number,
  siteId: number,
  maxBytes: number,
  placed: readonly (Placed & { mime: string; size: number; width: number | null; height: number | null })[],
): Promise<{ id: number }[]> {
  return q.query<{ id: number }>(
    `INSERT INTO media (account_id, site_id, storage_key, kind, content_type, declared_type, size_bytes, max_bytes, width, height, file_name, status, uploaded_at)
     SELECT $1, $2, x.key, x.kind, x.mime, x.mime, x.size, $3, x.width, x.height, x.name, 'UPLOADED', now()
       FROM jsonb_to_recordset($4::jsonb) AS x(key text, kind text, mime text, size bigint, width int, height int, name text)
     RETURNING id`,
    [
      accountId,
      siteId,
      maxBytes,
      JSON.stringify(
        placed.map((p) => ({
          key: p.key,
          kind: p.kind === 'video' ? 'VIDEO' : 'IMAGE',
          mime: p.mime,
          size: p.size,
          width: p.width,
          height: p.height,
          name: p.name,
        })),
      ),
    ],
  );
}
