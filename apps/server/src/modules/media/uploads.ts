import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkUpload, LIMITS, type MediaView } from '@swipe/core';
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
import { AppError, conflict, fieldError, invalid, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { type Actor, assertCanEdit, assertInScope, assertOwnerOpen } from '../accounts/actor.js';
import { accountsChanged, getAccountBrief } from '../accounts/service.js';
import { scopedSite } from '../sites/service.js';
import { PENDING_MAX_AGE_MS, scheduleCleanup } from './cleanup.js';
import { checkProfileRequest, profileContentAccepted, storeProfileImage } from './profile.js';
import {
  claimUploadToken,
  findMediaById,
  findMediaByKey,
  insertPendingMedia,
  type MediaPurpose,
  type MediaRow,
  markBodyReceived,
  markUploaded,
  rejectMedia,
  releaseUploadToken,
} from './repo.js';
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
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/mpeg': 'mpeg',
  'video/webm': 'webm',
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

/** POST /sites/generate-upload-urls (purpose 'profile': the caller's own profile image) and /sites/generate-logo-url. */
export async function generateUploadUrls(
  ctx: AppContext,
  actor: Actor,
  input: { siteId?: number | null; files: UploadFile[] },
  purpose: MediaPurpose,
) {
  if (purpose === 'PROFILE') checkProfileRequest(actor, input);
  else assertCanEdit(actor);
  if (input.files.length === 0) throw fieldError('files', 'validation.required');
  if (input.files.length > MAX_FILES) throw fieldError('files', 'sites.upload_too_many', { max: MAX_FILES });
  const maxBytes = purpose === 'CREATIVE' ? LIMITS.uploadBytes : LOGO_BYTES;
  // Declared type and size first: nothing is signed for a file that cannot be accepted.
  input.files.forEach((f, i) => {
    if (purpose === 'LOGO' && f.kind !== 'image') throw fieldError(`files.${i}.kind`, 'validation.upload_format_image');
    const bad = checkUpload(f.kind, f.contentType.toLowerCase(), f.sizeBytes, maxBytes);
    if (bad) throw invalid([{ path: `files.${i}`, key: bad, params: { max: mb(f.kind === 'video' ? LIMITS.videoBytes : maxBytes) } }]);
  });
  let ownerId = purpose === 'PROFILE' ? actor.id : actor.ownerId;
  if (input.siteId) ownerId = (await scopedSite(ctx.db, actor, input.siteId, true)).account_id;
  const folder = input.siteId
    ? `sites/${input.siteId}${purpose === 'LOGO' ? '/logo' : ''}`
    : `accounts/${ownerId}${purpose === 'PROFILE' ? '/profile' : ''}`;
  const prepared = input.files.map((f) => {
    const type = f.contentType.toLowerCase();
    return { f, type, key: `${folder}/${randomUUID()}.${EXT[type] ?? 'bin'}`, token: randomToken(32) };
  });
  const expires = new Date(Date.now() + UPLOAD_URL_TTL_S * 1000);
  await ctx.db.tx(async (q) => {
    for (const p of prepared)
      await insertPendingMedia(q, {
        accountId: ownerId,
        siteId: input.siteId ?? null,
        key: p.key,
        kind: p.f.kind === 'video' ? 'VIDEO' : 'IMAGE',
        contentType: p.type,
        declaredBytes: p.f.sizeBytes,
        maxBytes,
        fileName: p.f.fileName.slice(0, 255),
        purpose,
        tokenHash: sha256(p.token),
        expires,
      });
    // Whatever is never completed is removed with its bytes once it is a day old (cleanup.ts).
    await scheduleCleanup(q, new Date(Date.now() + PENDING_MAX_AGE_MS + 60_000));
  });
  const uploads = [];
  for (const p of prepared) {
    if (ctx.storage.presignPut) {
      const signed = await ctx.storage.presignPut(stagingKey(p.key), p.type, p.f.sizeBytes, UPLOAD_URL_TTL_S);
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

/** POST /sites/generate-logo-url: the list form, or one file without the list (answered flat too). */
export async function generateLogoUrl(
  ctx: AppContext,
  actor: Actor,
  b: { siteId?: number | null; files: UploadFile[] } | (Omit<UploadFile, 'kind'> & { kind?: UploadFile['kind']; siteId?: number | null }),
) {
  if ('files' in b) return generateUploadUrls(ctx, actor, b, 'LOGO');
  const files = [{ fileName: b.fileName, contentType: b.contentType, sizeBytes: b.sizeBytes, kind: 'image' as const }];
  const r = await generateUploadUrls(ctx, actor, { siteId: b.siteId, files }, 'LOGO');
  return { ...(r.uploads[0] as (typeof r.uploads)[number]), uploads: r.uploads };
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

/**
 * PUT /api/v1/uploads/{token} (local storage): the token is the capability; it expires with the URL and
 * takes ONE body (claimed before the first byte is read: a second or concurrent PUT is 404), no larger
 * than the size declared when the URL was signed. A body that does not arrive whole frees the URL again.
 */
export async function receiveUpload(
  ctx: AppContext,
  token: string,
  body: Readable,
  declaredLength: number | undefined,
): Promise<{ size: number }> {
  const tokenHash = sha256(token);
  const row = await claimUploadToken(ctx.db, tokenHash);
  if (!row) {
    throw notFound('sites.upload_not_found');
  }
  const limit = Math.min(Number(row.size_bytes ?? LIMITS.uploadBytes), Number(row.max_bytes ?? LIMITS.uploadBytes), LIMITS.uploadBytes);
  let size: number;
  try {
    size = await receiveToFile(body, declaredLength, incomingPath(ctx, row.id), limit);
  } catch (err) {
    await releaseUploadToken(ctx.db, row.id, tokenHash);
    throw err;
  }
  await markBodyReceived(ctx.db, row.id, size);
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

function presentMedia(ctx: AppContext, m: MediaRow): MediaView {
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

/** A media row the actor may complete: in its subtree, its owner's contract open (actor.ts assertOwnerOpen). */
async function scopeMedia(q: Queryable, actor: Actor, m: MediaRow): Promise<void> {
  if (m.site_id) await scopedSite(q, actor, m.site_id);
  else assertInScope(actor, (await getAccountBrief(q, m.account_id))?.path);
  await assertOwnerOpen(q, Number(m.account_id));
}

/** POST /sites/complete-upload {key}: checks the stored bytes by content, then queues the variants. */
export async function completeUpload(ctx: AppContext, actor: Actor, key: string) {
  const m = await findMediaByKey(ctx.db, key);
  // a profile image is its uploader's own (any authority); anything else needs edit authority and scope
  const profile = m?.purpose === 'PROFILE';
  if (!profile) assertCanEdit(actor);
  if (!m || (profile && Number(m.account_id) !== actor.id)) throw notFound('sites.upload_not_found');
  if (!profile) await scopeMedia(ctx.db, actor, m);
  if (m.status === 'UPLOADED' || m.status === 'READY') return presentMedia(ctx, m);
  if (m.status === 'REJECTED') throw fieldError('key', m.error ?? 'validation.upload_format_image', { max: mb(Number(m.max_bytes)) });
  // Past the cleanup age a pending upload is (about to be) removed with its bytes: it no longer exists.
  if (Date.now() - new Date(m.created_at).getTime() >= PENDING_MAX_AGE_MS) throw notFound('sites.upload_not_found');
  const maxBytes = Number(m.max_bytes ?? LIMITS.uploadBytes);
  // The bytes are taken ONCE, then checked, and exactly those are stored: locally the received file moves
  // to a name only this call knows (a concurrent completion finds nothing to take); on S3 the browser
  // wrote a staging object that this call reads once, and only the server writes the served key.
  const taken = await takeUploadedBytes(ctx, m);
  if (taken === 'gone') return presentSettled(ctx, m.id);
  if (taken === null) throw fieldError('key', 'sites.upload_missing');
  try {
    const { size, read, whole } = taken;
    // An empty object has nothing to check (and some stores cannot even answer a range on it).
    let verdict: ContentVerdict =
      size === 0
        ? { ok: false, key: 'validation.upload_empty' }
        : await checkStoredContent(m.kind === 'VIDEO' ? 'video' : 'image', size, maxBytes, read, whole);
    // A profile image takes fewer formats than a creative: its refusal names its own list.
    if (profile && (verdict.ok ? !profileContentAccepted(verdict.type) : verdict.key === 'validation.upload_format_image'))
      verdict = { ok: false, key: 'validation.upload_format_profile' };
    if (!verdict.ok) {
      await rejectMedia(ctx.db, m.id, verdict.key);
      throw fieldError('key', verdict.key, { max: mb(maxBytes), ...(verdict.params ?? {}) });
    }
    await ctx.storage.put(key, taken.body(), verdict.type.mime);
    const done = await ctx.db.tx(async (q) => {
      const row = await markUploaded(q, m.id, { mime: verdict.type.mime, size, width: verdict.width, height: verdict.height });
      // completed meanwhile by another call: that one queued the variants; removed by the cleanup: gone
      if (!row) return (await findMediaById(q, m.id)) ?? null;
      await enqueueJob(q, 'media.variants', { mediaId: m.id }, { dedupeKey: `media:${m.id}` });
      if (profile) await storeProfileImage(q, actor.id, presentMedia(ctx, row).url);
      return row;
    });
    if (!done) throw notFound('sites.upload_not_found');
    if (profile) await accountsChanged(ctx, [actor.id]);
    if (done.status === 'REJECTED') throw fieldError('key', done.error ?? 'validation.upload_format_image', { max: mb(maxBytes) });
    return presentMedia(ctx, done);
  } finally {
    await taken.discard();
  }
}

/** The staging key a presigned (S3) upload URL writes to; the served key is written by the server only. */
export function stagingKey(key: string): string {
  return `incoming/${key}`;
}

interface Taken {
  size: number;
  read: (n: number) => Promise<Buffer>;
  whole: string | (() => Promise<Buffer>);
  body: () => Buffer | Readable;
  discard: () => Promise<void>;
}

/** The uploaded bytes, taken by this call alone: null when none arrived, 'gone' when another call took them. */
async function takeUploadedBytes(ctx: AppContext, m: MediaRow): Promise<Taken | null | 'gone'> {
  if (!ctx.storage.presignPut) {
    if (!m.uploaded_at) return null;
    const file = incomingPath(ctx, m.id);
    const mine = `${file}.${randomToken(6)}.checking`;
    try {
      await fsp.rename(file, mine);
    } catch {
      return 'gone';
    }
    const size = (await fsp.stat(mine)).size;
    return {
      size,
      read: (n) => readFileHead(mine, n),
      whole: mine,
      body: () => fs.createReadStream(mine),
      discard: () => fsp.rm(mine, { force: true }),
    };
  }
  const staged = stagingKey(m.storage_key);
  const size = await ctx.storage.size(staged);
  if (size === null) return (await ctx.storage.size(m.storage_key)) === null ? null : 'gone';
  const buf = size === 0 ? Buffer.alloc(0) : await ctx.storage.get(staged);
  await ctx.storage.remove(staged).catch(() => {});
  return {
    size: buf.length,
    read: async (n) => buf.subarray(0, n),
    whole: async () => buf,
    body: () => buf,
    discard: async () => {},
  };
}

/** What another call's completion left: the media, or its refusal. */
async function presentSettled(ctx: AppContext, id: number) {
  const row = await findMediaById(ctx.db, id);
  if (!row) throw notFound('sites.upload_not_found');
  if (row.status === 'PENDING') throw conflict(); // still being checked by the other call
  if (row.status === 'REJECTED') throw fieldError('key', row.error ?? 'validation.upload_format_image', { max: mb(Number(row.max_bytes)) });
  return presentMedia(ctx, row);
}
