import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatCellRef, LIMITS, parseCellRef } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { AppContext } from '../../context.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { findSite, placeGridMedia, scopedSite } from '../sites/service.js';
import { PENDING_MAX_AGE_MS, scheduleCleanup } from './cleanup.js';
import { readFileHead } from './storage.js';
import { checkStoredContent, incomingDir, receiveToFile } from './uploads.js';

// Bulk creative upload (back-office.md 5, 7, 9): a ZIP of up to 1 GB is streamed to disk, then a job
// reads it entry by entry as streams. Entry names are cell references (A1 = first category, first page)
// and the files land in the grid of the working copy in one transaction at the end. Unsafe paths,
// symlinks, zip bombs, wrong types (by content), oversize files and cells outside the grid are listed,
// never written; nothing is ever written outside the media folder (keys are generated, not taken from
// entry names).

export const BULK = {
  zipBytes: LIMITS.zipBytes,
  entryBytes: LIMITS.uploadBytes,
  maxEntries: 5_000,
  totalUncompressed: 4 * 1024 * 1024 * 1024,
  /** uncompressed / compressed above this is treated as a bomb (photos and videos barely compress) */
  maxRatio: 100,
  /** small entries may compress well without being bombs */
  ratioFloorBytes: 1024 * 1024,
  urlTtlS: 3600,
};

import {
  type BulkRow,
  findBulk,
  findOpenBulkByToken,
  insertBulk,
  insertPlacedMedia,
  markBulkFailed,
  markBulkProcessing,
  markBulkQueued,
  markBulkUploaded,
  type Placed,
  type Rejected,
  setBulkProgress,
  setBulkTotal,
} from './repo/bulk.js';

const zipPath = (ctx: AppContext, id: string) => path.join(incomingDir(ctx), `bulk-${id}.zip`);

export async function startBulk(ctx: AppContext, actor: Actor, siteId: number) {
  assertCanEdit(actor);
  const site = await scopedSite(ctx.db, actor, siteId, true);
  const id = randomUUID();
  const token = randomToken(32);
  await ctx.db.tx(async (q) => {
    await insertBulk(q, { id, siteId: site.id, accountId: actor.id, tokenHash: sha256(token), ttlS: BULK.urlTtlS });
    // a ZIP that never gets processed is removed with its row (cleanup.ts)
    await scheduleCleanup(q, new Date(Date.now() + PENDING_MAX_AGE_MS + 60_000));
  });
  return {
    uploadId: id,
    uploadUrl: `${ctx.config.adminUrl}/api/v1/uploads/bulk/${token}`,
    method: 'PUT',
    headers: { 'content-type': 'application/zip' },
    maxBytes: BULK.zipBytes,
  };
}

/** PUT /api/v1/uploads/bulk/{token}: the ZIP streamed to disk (never held in memory), at most 1 GB. */
export async function receiveBulk(ctx: AppContext, token: string, body: Readable, declaredLength: number | undefined) {
  const row = await findOpenBulkByToken(ctx.db, sha256(token));
  if (!row) {
    throw notFound('sites.upload_not_found');
  }
  let size: number;
  try {
    size = await receiveToFile(body, declaredLength, zipPath(ctx, row.id), BULK.zipBytes);
  } catch (err) {
    if (err instanceof AppError && err.status === 413) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'sites.bulk_zip_size');
    throw err;
  }
  await markBulkUploaded(ctx.db, row.id, size);
  return { size };
}

async function bulkOf(ctx: AppContext, actor: Actor, siteId: number, uploadId: string, forChange = false): Promise<BulkRow> {
  await scopedSite(ctx.db, actor, siteId, forChange);
  if (!/^[0-9a-f-]{36}$/i.test(uploadId)) throw notFound('sites.bulk_not_found');
  const row = await findBulk(ctx.db, uploadId, siteId);
  if (!row) throw notFound('sites.bulk_not_found');
  return row;
}

export async function completeBulk(ctx: AppContext, actor: Actor, siteId: number, uploadId: string) {
  assertCanEdit(actor);
  const row = await bulkOf(ctx, actor, siteId, uploadId, true);
  if (row.status === 'WAITING') throw conflict('sites.bulk_not_uploaded', 'BULK_NOT_UPLOADED');
  if (row.status === 'UPLOADED') {
    await ctx.db.tx(async (q) => {
      await markBulkQueued(q, row.id, sha256(randomToken(32))); // the upload URL is spent
      await enqueueJob(q, 'media.bulk', { uploadId: row.id }, { dedupeKey: `bulk:${row.id}`, maxAttempts: 3 });
    });
  }
  return { uploadId: row.id, status: row.status === 'UPLOADED' ? 'QUEUED' : row.status };
}

export async function bulkStatus(ctx: AppContext, actor: Actor, siteId: number, uploadId: string, lang: Lang) {
  const row = await bulkOf(ctx, actor, siteId, uploadId);
  const base = ctx.storage.publicBase();
  return {
    uploadId: row.id,
    status: row.status,
    processed: row.processed,
    total: row.total,
    placed: row.placed.map((p) => ({ cell: p.cell, key: p.key, kind: p.kind, name: p.name, url: `${base}/${p.key}` })),
    rejected: row.rejected.map((r) => ({ name: r.name, reason: translate(lang, r.reason, r.params), code: r.reason })),
    error: row.error ? translate(lang, row.error) : null,
  };
}

function openZip(file: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // decodeStrings off: yauzl would fail the whole archive on one bad name; names are judged here, per entry.
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zf) => (err || !zf ? reject(err ?? new Error('no zip')) : resolve(zf)),
    );
  });
}
function openEntry(zf: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zf.openReadStream(entry, (err, s) => (err || !s ? reject(err ?? new Error('no stream')) : resolve(s)));
  });
}

function entryName(entry: Entry): string {
  const raw = entry.fileName as unknown as Buffer | string;
  if (typeof raw === 'string') return raw;
  return raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
}

/** Judges an entry by its name and header alone; null when it may be read. */
export function judgeEntry(
  entry: Pick<Entry, 'externalFileAttributes' | 'uncompressedSize' | 'compressedSize' | 'generalPurposeBitFlag'>,
  name: string,
  grid: { columns: number; rows: number },
): { reason: string; params?: Record<string, string | number> } | { cell: string; column: number; row: number } {
  const n = name.replace(/\\/g, '/');
  if (n.startsWith('/') || /^[A-Za-z]:/.test(n) || n.split('/').some((seg) => seg === '..') || n.includes('\0'))
    return { reason: 'sites.bulk_unsafe_path' };
  const mode = (entry.externalFileAttributes >>> 16) & 0o170000;
  if (mode === 0o120000) return { reason: 'sites.bulk_symlink' };
  if (entry.generalPurposeBitFlag & 0x1) return { reason: 'sites.bulk_read_error' };
  const base = path.posix.basename(n).replace(/\.[^.]*$/, '');
  const cell = parseCellRef(base);
  if (!cell) return { reason: 'sites.bulk_not_cell' };
  const ref = formatCellRef(cell);
  if (cell.column > grid.columns || cell.row > grid.rows) return { reason: 'sites.bulk_outside_grid', params: { cell: ref } };
  if (entry.uncompressedSize > BULK.entryBytes) return { reason: 'validation.upload_size', params: { max: 30 } };
  if (entry.uncompressedSize > BULK.ratioFloorBytes && entry.uncompressedSize / Math.max(1, entry.compressedSize) > BULK.maxRatio)
    return { reason: 'sites.bulk_suspicious' };
  return { cell: ref, column: cell.column, row: cell.row };
}

/** Job 'media.bulk' {uploadId}. */
export async function bulkJob(ctx: AppContext, payload: Record<string, unknown>): Promise<unknown> {
  const id = String(payload.uploadId);
  const row = await findBulk(ctx.db, id);
  if (!row || (row.status !== 'QUEUED' && row.status !== 'PROCESSING')) return { skipped: true };
  const file = zipPath(ctx, id);
  const work = path.join(incomingDir(ctx), `bulk-${id}`);
  const fail = async (key: string) => {
    await markBulkFailed(ctx.db, id, key);
    return { failed: key };
  };
  try {
    const site = await findSite(ctx.db, row.site_id);
    if (!site) return await fail('server.not_found');
    await markBulkProcessing(ctx.db, id);
    let zf: ZipFile;
    try {
      zf = await openZip(file);
    } catch {
      return await fail('sites.bulk_bad_zip');
    }
    if (zf.entryCount > BULK.maxEntries) {
      zf.close();
      return await fail('sites.bulk_too_many_entries');
    }
    await fsp.mkdir(work, { recursive: true });
    const total = zf.entryCount;
    await setBulkTotal(ctx.db, id, total);
    const grid = { columns: site.number_horizontal, rows: site.number_vertical };
    const placed: (Placed & { column: number; row: number; mime: string; size: number; width: number | null; height: number | null })[] =
      [];
    const rejected: Rejected[] = [];
    const seen = new Set<string>();
    let processed = 0;
    let declaredTotal = 0;
    const progress = () => setBulkProgress(ctx.db, id, processed, placed, rejected, false);

    await new Promise<void>((resolve, reject) => {
      zf.on('error', reject);
      zf.on('end', resolve);
      zf.on('entry', (entry: Entry) => {
        handle(entry)
          .then(async () => {
            processed++;
            if (processed % 10 === 0) await progress();
            zf.readEntry();
          })
          .catch(reject);
      });
      zf.readEntry();
    });

    async function handle(entry: Entry): Promise<void> {
      const name = entryName(entry);
      const display = name.slice(0, 255);
      if (name.endsWith('/')) return; // a folder: nothing to place
      const base = path.posix.basename(name.replace(/\\/g, '/'));
      if (name.startsWith('__MACOSX/') || base.startsWith('._') || base === '.DS_Store' || base === 'Thumbs.db') return;
      const j = judgeEntry(entry, name, grid);
      if ('reason' in j) {
        rejected.push({ name: display, reason: j.reason, params: j.params });
        return;
      }
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > BULK.totalUncompressed) {
        rejected.push({ name: display, reason: 'sites.bulk_total_too_large' });
        return;
      }
      if (seen.has(j.cell)) {
        rejected.push({ name: display, reason: 'sites.bulk_duplicate_cell', params: { cell: j.cell } });
        return;
      }
      // Stream the entry to a scratch file named by us; the actual bytes may not exceed what was declared.
      const tmp = path.join(work, `${processed}.part`);
      const limit = Math.min(entry.uncompressedSize, BULK.entryBytes);
      let n = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _e, cb) {
          n += chunk.length;
          if (n > limit) cb(new Error('entry larger than declared'));
          else cb(null, chunk);
        },
      });
      try {
        await pipeline(await openEntry(zf, entry), counter, fs.createWriteStream(tmp));
      } catch {
        await fsp.rm(tmp, { force: true });
        rejected.push({ name: display, reason: 'sites.bulk_size_mismatch' });
        return;
      }
      try {
        const verdict = await checkStoredContent('any', n, BULK.entryBytes, (k) => readFileHead(tmp, k), tmp);
        if (!verdict.ok) {
          rejected.push({ name: display, reason: verdict.key, params: { max: 30, ...(verdict.params ?? {}) } });
          return;
        }
        const key = `sites/${site?.id}/${randomUUID()}.${verdict.type.ext}`;
        await ctx.storage.put(key, fs.createReadStream(tmp), verdict.type.mime);
        seen.add(j.cell);
        placed.push({
          cell: j.cell,
          column: j.column,
          row: j.row,
          key,
          kind: verdict.type.kind,
          mime: verdict.type.mime,
          size: n,
          width: verdict.width,
          height: verdict.height,
          name: display,
        });
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    }

    // One transaction: the grid of the working copy, the media rows and their variant jobs, the result.
    await ctx.db.tx(async (q) => {
      if (placed.length > 0) {
        await placeGridMedia(
          q,
          row.site_id,
          placed.map((p) => ({
            col: p.column,
            row: p.row,
            key: p.key,
            mediaType: p.kind === 'video' ? ('VIDEO' as const) : ('IMAGE' as const),
          })),
        );
        const ids = await insertPlacedMedia(q, site.account_id, row.site_id, BULK.entryBytes, placed);
        for (const m of ids) await enqueueJob(q, 'media.variants', { mediaId: m.id }, { dedupeKey: `media:${m.id}` });
      }
      await setBulkProgress(q, id, processed, placed, rejected, true);
    });
    return { placed: placed.length, rejected: rejected.length };
  } catch (err) {
    ctx.log.warn({ err, uploadId: id }, 'bulk upload failed');
    return await fail('sites.bulk_bad_zip');
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
    await fsp.rm(file, { force: true });
  }
}
