import type { Queryable } from '../../db/db.js';

// SQL on the media table for single uploads (bulk ZIPs: bulk.ts; cleanup: cleanup.ts; variants: jobs.ts).

/** What an upload is for: site media, a site logo/favicon, or the uploader's own profile image. */
export type MediaPurpose = 'CREATIVE' | 'LOGO' | 'PROFILE';

export interface MediaRow {
  id: number;
  account_id: number;
  site_id: number | null;
  storage_key: string;
  kind: 'IMAGE' | 'VIDEO';
  content_type: string | null;
  size_bytes: number | null;
  max_bytes: number | null;
  width: number | null;
  height: number | null;
  status: 'PENDING' | 'UPLOADED' | 'READY' | 'REJECTED';
  purpose: MediaPurpose;
  uploaded_at: string | null;
  created_at: string | Date;
  upload_expires_at: string | null;
  error: string | null;
}

export interface PendingMedia {
  accountId: number;
  siteId: number | null;
  key: string;
  kind: 'IMAGE' | 'VIDEO';
  contentType: string;
  declaredBytes: number;
  maxBytes: number;
  fileName: string;
  purpose: MediaPurpose;
  tokenHash: string;
  expires: Date;
}

export async function insertPendingMedia(q: Queryable, p: PendingMedia): Promise<void> {
  await q.query(
    `INSERT INTO media (account_id, site_id, storage_key, kind, content_type, declared_type, size_bytes, max_bytes, file_name, purpose, status, upload_token_hash, upload_expires_at)
     VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, 'PENDING', $10, $11)`,
    [p.accountId, p.siteId, p.key, p.kind, p.contentType, p.declaredBytes, p.maxBytes, p.fileName, p.purpose, p.tokenHash, p.expires],
  );
}

/**
 * Takes the one body a pending upload URL accepts: the token stops working at once (a second PUT, even
 * a concurrent one, finds nothing). undefined when the URL is unknown, used, expired or already uploaded.
 */
export function claimUploadToken(q: Queryable, tokenHash: string): Promise<MediaRow | undefined> {
  return q.maybeOne<MediaRow>(
    `UPDATE media SET upload_token_hash = NULL, updated_at = now()
      WHERE upload_token_hash = $1 AND status = 'PENDING' AND upload_expires_at > now() AND uploaded_at IS NULL
      RETURNING *`,
    [tokenHash],
  );
}

/** A body that did not arrive whole (too large, cut off, empty): the URL may be used again. */
export async function releaseUploadToken(q: Queryable, id: number, tokenHash: string): Promise<void> {
  await q.query("UPDATE media SET upload_token_hash = $2 WHERE id = $1 AND status = 'PENDING' AND uploaded_at IS NULL", [id, tokenHash]);
}

export async function markBodyReceived(q: Queryable, id: number, size: number): Promise<void> {
  await q.query('UPDATE media SET uploaded_at = now(), size_bytes = $2, upload_token_hash = NULL, updated_at = now() WHERE id = $1', [
    id,
    size,
  ]);
}

export function findMediaByKey(q: Queryable, key: string): Promise<MediaRow | undefined> {
  return q.maybeOne<MediaRow>('SELECT * FROM media WHERE storage_key = $1', [key]);
}

export function findMediaById(q: Queryable, id: number): Promise<MediaRow | undefined> {
  return q.maybeOne<MediaRow>('SELECT * FROM media WHERE id = $1', [id]);
}

/** Refused for good: never served, never completed again. */
export async function rejectMedia(q: Queryable, id: number, errorKey: string): Promise<void> {
  await q.query("UPDATE media SET status = 'REJECTED', error = $2, upload_token_hash = NULL, updated_at = now() WHERE id = $1", [
    id,
    errorKey,
  ]);
}

/** Pending -> uploaded with what the content check found; undefined when another call got there first. */
export function markUploaded(
  q: Queryable,
  id: number,
  v: { mime: string; size: number; width: number | null; height: number | null },
): Promise<MediaRow | undefined> {
  return q.maybeOne<MediaRow>(
    `UPDATE media SET status = 'UPLOADED', content_type = $2, size_bytes = $3, width = $4, height = $5, upload_token_hash = NULL, error = NULL, updated_at = now()
     WHERE id = $1 AND status = 'PENDING' RETURNING *`,
    [id, v.mime, v.size, v.width, v.height],
  );
}

/** The poster and streaming rendition of videos by storage key (sites reads them when a document is saved). */
export async function videoRenditionsOf(
  q: Queryable,
  keys: string[],
): Promise<Map<string, { poster_key: string | null; hls_key: string | null }>> {
  if (keys.length === 0) return new Map();
  const rows = await q.query<{ storage_key: string; poster_key: string | null; hls_key: string | null }>(
    'SELECT storage_key, poster_key, hls_key FROM media WHERE storage_key = ANY($1)',
    [keys],
  );
  return new Map(rows.map((r) => [r.storage_key, r]));
}

/** Variants job: READY with the image variants and its true size. */
export async function markImageReady(q: Queryable, id: number, r: { variants: number[]; width: number; height: number }): Promise<void> {
  await q.query("UPDATE media SET status = 'READY', variants = $2, width = $3, height = $4, updated_at = now() WHERE id = $1", [
    id,
    JSON.stringify(r.variants),
    r.width,
    r.height,
  ]);
}

/** Variants job: READY (a video without renditions when ffmpeg is missing, or with its poster and HLS). */
export async function markVideoReady(q: Queryable, id: number, r?: { poster: string; hls: string }): Promise<void> {
  if (!r) await q.query("UPDATE media SET status = 'READY', updated_at = now() WHERE id = $1", [id]);
  else
    await q.query("UPDATE media SET status = 'READY', poster_key = $2, hls_key = $3, updated_at = now() WHERE id = $1", [
      id,
      r.poster,
      r.hls,
    ]);
}
