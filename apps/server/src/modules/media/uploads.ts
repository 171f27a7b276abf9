import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUpload, LIMITS } from '@swipe/core';
import {
  checkImagePixels,
  checkUploadContent,
  imageHeaderDimensions,
  SNIFF_BYTES,
  type Sniffed,
  type SniffedKind,
} from '@swipe/core/upload.ts';
import sharp from 'sharp';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, fieldError, invalid, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { type Actor, assertCanEdit, assertInScope } from '../accounts/actor.js';
import { scopedSite } from '../sites/service.js';
import { PENDING_MAX_AGE_MS, scheduleCleanup } from './cleanup.js';
import { incomingDir, readFileHead } from './storage.js';

// Signed uploads (back-office.md 7): the editor asks for upload URLs (declared type and size checked
// first), PUTs each file (local: to this server, streamed to disk; S3: straight to the bucket), then
// completes the upload, when the stored bytes are checked BY CONTENT. Only then is a file media.

export const UPLOAD_URL_TTL_S = 15 * 60;
export const LOGO_BYTES = LIMITS.profileImageBytes;
const MAX_FILES = 50;
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/mpeg': 'mpeg',
};

export interface UploadFile {
  fileName: string;
  contentType: string;
  sizeBytes: number;
  kind: 'image' | 'video';
}

export { incomingDir };

function incomingPath(ctx: AppContext, mediaId: number): string {
  return path.join(incomingDir(ctx), `media-${mediaId}`);
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** POST /sites/generate-upload-urls and /sites/generate-logo-url. */
export async function generateUploadUrls(
  ctx: AppContext,
  actor: Actor,
  input: { siteId?: number | null; files: UploadFile[] },
  purpose: 'CREATIVE' | 'LOGO',
) {
  assertCanEdit(actor);
  if (input.files.length === 0) throw fieldError('files', 'validation.required');
  if (input.files.length > MAX_FILES) throw fieldError('files', 'sites.upload_too_many', { max: MAX_FILES });
  const maxBytes = purpose === 'LOGO' ? LOGO_BYTES : LIMITS.uploadBytes;
  // Declared type and size first: nothing is signed for a file that cannot be accepted.
  input.files.forEach((f, i) => {
    if (purpose === 'LOGO' && f.kind !== 'image') throw fieldError(`files.${i}.kind`, 'validation.upload_format_image');
    const bad = checkUpload(f.kind, f.contentType.toLowerCase(), f.sizeBytes, maxBytes);
    if (bad) throw invalid([{ path: `files.${i}`, key: bad, params: { max: mb(f.kind === 'video' ? LIMITS.videoBytes : maxBytes) } }]);
  });
  let ownerId = actor.ownerId;
  if (input.siteId) ownerId = (await scopedSite(ctx.db, actor, input.siteId)).account_id;
  const folder = input.siteId ? `sites/${input.siteId}${purpose === 'LOGO' ? '/logo' : ''}` : `accounts/${ownerId}`;
  const prepared = input.files.map((f) => {
    const type = f.contentType.toLowerCase();
    return { f, type, key: `${folder}/${randomUUID()}.${EXT[type] ?? 'bin'}`, token: randomToken(32) };
  });
  const expires = new Date(Date.now() + UPLOAD_URL_TTL_S * 1000);
  await ctx.db.tx(async (q) => {
    for (const p of prepared) {
      await q.query(
        `INSERT INTO media (account_id, site_id, storage_key, kind, content_type, declared_type, size_bytes, max_bytes, file_name, purpose, status, upload_token_hash, upload_expires_at)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, 'PENDING', $10, $11)`,
        [
          ownerId,
          input.siteId ?? null,
          p.key,
          p.f.kind === 'video' ? 'VIDEO' : 'IMAGE',
          p.type,
          p.f.sizeBytes,
          maxBytes,
          p.f.fileName.slice(0, 255),
          purpose,
          sha256(p.token),
          expires,
        ],
      );
    }
    // Whatever is never completed is removed with its bytes once it is a day old (cleanup.ts).
    await scheduleCleanup(q, new Date(Date.now() + PENDING_MAX_AGE_MS + 60_000));
  });
  const uploads = [];
  for (const p of prepared) {
    if (ctx.storage.presignPut) {
      const signed = await ctx.storage.presignPut(p.key, p.type, p.f.sizeBytes, UPLOAD_URL_TTL_S);
      uploads.push({ key: p.key, uploadUrl: signed.url, method: 'PUT', headers: signed.headers, expiresAt: expires.toISOString() });
    } else {
      uploads.push({
        key: p.key,
        uploadUrl: `${ctx.config.adminUrl}/api/v1/uploads/${p.token}`,
        method: 'PUT',
        headers: { 'content-type': p.type },
        expiresAt: expires.toISOString(),
      });
    }
  }
  return { uploads };
}

class TooLarge extends Error {}

/** Streams a request body to a file, refusing (and deleting) anything past `limit` bytes. Never buffers it. */
export async function receiveToFile(body: Readable, declaredLength: number | undefined, dest: string, limit: number): Promise<number> {
  const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'validation.upload_size', { max: mb(limit) });
  if (declaredLength !== undefined && declaredLength > limit) {
    throw tooLarge();
  }
  await fsp.mkdir(path.dirname(dest), { recursive: true });
  const tmp = `${dest}.${randomToken(6)}.part`;
  let n = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      n += chunk.length;
      if (n > limit) cb(new TooLarge());
      else cb(null, chunk);
    },
  });
  // The request is piped by hand: on refusal it must stay open so the 413 can still be answered.
  const written = pipeline(counter, fs.createWriteStream(tmp, { flags: 'wx' }));
  const onError = (e: Error) => counter.destroy(e);
  body.on('error', onError);
  body.pipe(counter);
  try {
    await written;
  } catch (err) {
    body.unpipe(counter);
    body.off('error', onError);
    await fsp.rm(tmp, { force: true });
    if (err instanceof TooLarge) throw tooLarge();
    throw new AppError(400, 'UPLOAD_INTERRUPTED', 'sites.upload_failed');
  }
  if (n === 0) {
    await fsp.rm(tmp, { force: true });
    throw new AppError(422, 'VALIDATION_FAILED', 'validation.upload_empty');
  }
  body.off('error', onError);
  await fsp.rename(tmp, dest);
  return n;
}

interface MediaRow {
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
  purpose: 'CREATIVE' | 'LOGO';
  uploaded_at: string | null;
  created_at: string | Date;
  upload_expires_at: string | null;
  error: string | null;
}

/** PUT /api/v1/uploads/{token} (local storage): the token is the capability; it expires with the URL. */
export async function receiveUpload(
  ctx: AppContext,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ size: number }> {
  const row = await ctx.db.maybeOne<MediaRow>(
    "SELECT * FROM media WHERE upload_token_hash = $1 AND status = 'PENDING' AND upload_expires_at > now()",
    [sha256(token)],
  );
  if (!row) {
    throw notFound('sites.upload_not_found');
  }
  const limit = Math.min(Number(row.max_bytes ?? LIMITS.uploadBytes), LIMITS.uploadBytes);
  const size = await receiveToFile(body, declaredLength, incomingPath(ctx, row.id), limit);
  await ctx.db.query('UPDATE media SET uploaded_at = now(), size_bytes = $2, updated_at = now() WHERE id = $1', [row.id, size]);
  return { size };
}

/** Reads header bytes until the image dimensions are known (at most 4 MB of header). */
async function headerDimensions(read: (n: number) => Promise<Buffer>): Promise<{ width: number; height: number } | null> {
  for (let n = 64 * 1024; n <= 4 * 1024 * 1024; n *= 4) {
    const head = await read(n);
    const d = imageHeaderDimensions(head);
    if (d !== 'need-more') return d;
    if (head.length < n) return null; // whole file read, still no dimensions
  }
  return null;
}

export type ContentVerdict =
  | { ok: true; type: Sniffed; width: number | null; height: number | null }
  | { ok: false; key: string; params?: Record<string, number> };

/**
 * The content check shared by single and bulk uploads: type by magic bytes, size, 50-megapixel header
 * check before any decoding, then a decode check with sharp's pixel limit (HEIC: only if decodable).
 */
export async function checkStoredContent(
  expected: SniffedKind | 'any',
  size: number,
  maxBytes: number,
  read: (n: number) => Promise<Buffer>,
  file: string | (() => Promise<Buffer>),
): Promise<ContentVerdict> {
  const head = await read(SNIFF_BYTES);
  const verdict = checkUploadContent(expected, head, size, maxBytes);
  if (!verdict.ok) return verdict;
  if (verdict.type.kind === 'video') return { ok: true, type: verdict.type, width: null, height: null };
  const dims = await headerDimensions(read);
  if (!dims) return { ok: false, key: 'validation.upload_format_image' };
  const pixels = checkImagePixels(dims);
  if (pixels) return { ok: false, key: pixels };
  const input = typeof file === 'string' ? file : await file();
  try {
    const img = sharp(input, { limitInputPixels: LIMITS.imageMaxPixels, failOn: 'error' });
    const meta = await img.metadata();
    if (verdict.type.ext === 'heic' || verdict.type.ext === 'heif') await img.clone().resize(8).toBuffer();
    const w = meta.autoOrient?.width ?? meta.width ?? dims.width;
    const h = meta.autoOrient?.height ?? meta.height ?? dims.height;
    return { ok: true, type: verdict.type, width: w, height: h };
  } catch {
    if (verdict.type.ext === 'heic' || verdict.type.ext === 'heif') return { ok: false, key: 'validation.upload_heic' };
    return { ok: false, key: 'validation.upload_format_image' };
  }
}

function presentMedia(ctx: AppContext, m: MediaRow) {
  return {
    key: m.storage_key,
    url: `${ctx.storage.publicBase()}/${m.storage_key}`,
    kind: m.kind === 'VIDEO' ? 'video' : 'image',
    contentType: m.content_type,
    width: m.width,
    height: m.height,
    status: m.status,
  };
}

async function scopeMedia(q: Queryable, actor: Actor, m: MediaRow): Promise<void> {
  if (m.site_id) {
    await scopedSite(q, actor, m.site_id);
    return;
  }
  const owner = await q.maybeOne<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [m.account_id]);
  assertInScope(actor, owner?.path);
}

/** POST /sites/complete-upload {key}: checks the stored bytes by content, then queues the variants. */
export async function completeUpload(ctx: AppContext, actor: Actor, key: string) {
  assertCanEdit(actor);
  const m = await ctx.db.maybeOne<MediaRow>('SELECT * FROM media WHERE storage_key = $1', [key]);
  if (!m) throw notFound('sites.upload_not_found');
  await scopeMedia(ctx.db, actor, m);
  if (m.status === 'UPLOADED' || m.status === 'READY') return presentMedia(ctx, m);
  if (m.status === 'REJECTED') throw fieldError('key', m.error ?? 'validation.upload_format_image', { max: mb(Number(m.max_bytes)) });
  // Past the cleanup age a pending upload is (about to be) removed with its bytes: it no longer exists.
  if (Date.now() - new Date(m.created_at).getTime() >= PENDING_MAX_AGE_MS) throw notFound('sites.upload_not_found');
  const local = !ctx.storage.presignPut;
  const file = incomingPath(ctx, m.id);
  let size: number | null;
  if (local) size = m.uploaded_at ? ((await fsp.stat(file).catch(() => null))?.size ?? null) : null;
  else size = await ctx.storage.size(key);
  if (size === null) throw fieldError('key', 'sites.upload_missing');
  const maxBytes = Number(m.max_bytes ?? LIMITS.uploadBytes);
  // An empty object has nothing to check (and some stores cannot even answer a range on it).
  const verdict: ContentVerdict =
    size === 0
      ? { ok: false, key: 'validation.upload_empty' }
      : await checkStoredContent(
          m.kind === 'VIDEO' ? 'video' : 'image',
          size,
          maxBytes,
          (n) => (local ? readFileHead(file, n) : ctx.storage.head(key, n)),
          local ? file : () => ctx.storage.get(key),
        );
  if (!verdict.ok) {
    await ctx.db.query("UPDATE media SET status = 'REJECTED', error = $2, upload_token_hash = NULL, updated_at = now() WHERE id = $1", [
      m.id,
      verdict.key,
    ]);
    if (local) await fsp.rm(file, { force: true });
    else await ctx.storage.remove(key).catch(() => {});
    throw fieldError('key', verdict.key, { max: mb(maxBytes), ...(verdict.params ?? {}) });
  }
  if (local) {
    await ctx.storage.put(key, fs.createReadStream(file), verdict.type.mime);
    await fsp.rm(file, { force: true });
  }
  const done = await ctx.db.tx(async (q) => {
    const row = await q.maybeOne<MediaRow>(
      `UPDATE media SET status = 'UPLOADED', content_type = $2, size_bytes = $3, width = $4, height = $5, upload_token_hash = NULL, error = NULL, updated_at = now()
       WHERE id = $1 AND status = 'PENDING' RETURNING *`,
      [m.id, verdict.type.mime, size, verdict.width, verdict.height],
    );
    // completed meanwhile by another call: that one queued the variants; removed by the cleanup: gone
    if (!row) return (await q.maybeOne<MediaRow>('SELECT * FROM media WHERE id = $1', [m.id])) ?? null;
    await enqueueJob(q, 'media.variants', { mediaId: m.id }, { dedupeKey: `media:${m.id}` });
    return row;
  });
  if (!done) throw notFound('sites.upload_not_found');
  return presentMedia(ctx, done);
}
