import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { enqueueJob } from '../../jobs/queue.js';
import { RetryLater } from '../../jobs/worker.js';
import { oldestPending, takeStaleBulk, takeStaleMedia } from './repo/cleanup.js';
import { incomingDir } from './storage.js';

// Uploads that were granted a signed URL but never completed (the editor closed, the PUT failed, the
// browser went away) are removed with their bytes once they are older than PENDING_MAX_AGE_MS (docs/
// decisions.md). The signed URL itself lives 15 minutes, so nothing can still arrive for such a row.
// The job is scheduled when URLs are signed and runs again only while pending uploads remain: when
// the oldest of them comes of age. Completed media (UPLOADED, READY) and refused ones are never touched.

export const CLEANUP_JOB = 'media.cleanup_pending';
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** rows removed per transaction; a fuller batch runs again at once */
export const CLEANUP_BATCH = 200;
/** each run counts as an attempt of the same recurring job (RetryLater): enough for years */
const MAX_RUNS = 1_000_000;

/** In the caller's transaction (signing URLs): makes sure a cleanup runs when these URLs come of age. */
export async function scheduleCleanup(q: Queryable, runAt: Date): Promise<void> {
  await enqueueJob(q, CLEANUP_JOB, {}, { runAt, dedupeKey: CLEANUP_JOB, maxAttempts: MAX_RUNS });
}

/** Removes pending uploads (and bulk ZIP uploads never processed) older than the age, with their bytes. */
export async function removeStalePendingUploads(ctx: AppContext, maxAgeMs = PENDING_MAX_AGE_MS): Promise<number> {
  const cutoff = new Date(Date.now() - maxAgeMs);
  return (await removeStaleMedia(ctx, cutoff)) + (await removeStaleBulk(ctx, cutoff));
}

/** Bulk ZIP uploads that were started (or received) but never queued: the row, the ZIP, any work folder. */
async function removeStaleBulk(ctx: AppContext, cutoff: Date): Promise<number> {
  return ctx.db.tx(async (q) => {
    const ids = await takeStaleBulk(q, cutoff, CLEANUP_BATCH);
    const incoming = incomingDir(ctx);
    for (const id of ids) {
      await fsp.rm(path.join(incoming, `bulk-${id}.zip`), { force: true });
      await fsp.rm(path.join(incoming, `bulk-${id}`), { force: true, recursive: true });
    }
    return ids.length;
  });
}

async function removeStaleMedia(ctx: AppContext, cutoff: Date): Promise<number> {
  return ctx.db.tx(async (q) => {
    const rows = await takeStaleMedia(q, cutoff, CLEANUP_BATCH);
    if (rows.length === 0) return 0;
    // Bytes go inside the transaction: if one removal fails, every row of the batch stays and the next
    // run tries again (removal is idempotent, so bytes already gone are no trouble then).
    const incoming = incomingDir(ctx);
    const leftovers = await fsp.readdir(incoming).catch(() => [] as string[]);
    for (const r of rows) {
      // local storage: the streamed body (and any part file of a broken stream) in the scratch area
      const own = `media-${r.id}`;
      for (const f of leftovers) if (f === own || f.startsWith(`${own}.`)) await fsp.rm(path.join(incoming, f), { force: true });
      // S3: the browser may have PUT the bytes straight to the bucket (its staging key) without completing
      await ctx.storage.remove(r.storage_key);
      if (ctx.storage.presignPut) await ctx.storage.remove(`incoming/${r.storage_key}`);
    }
    return rows.length;
  });
}

/** Job 'media.cleanup_pending' {}: one batch, then again when the next pending upload comes of age. */
export async function cleanupPendingJob(
  ctx: AppContext,
  _payload: Record<string, unknown>,
  now: () => number = Date.now,
): Promise<unknown> {
  const removed = await removeStalePendingUploads(ctx);
  if (removed > 0) ctx.log.info({ removed }, 'stale pending uploads removed');
  if (removed >= CLEANUP_BATCH) throw new RetryLater(new Date(now()));
  const oldest = await oldestPending(ctx.db);
  if (!oldest) return { removed }; // nothing pending: signing the next URL schedules the next run
  const due = oldest.getTime() + PENDING_MAX_AGE_MS + 60_000;
  throw new RetryLater(new Date(Math.max(due, now() + 60_000)));
}
