import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, variantKey } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { invalidateSite, setVideoRendition } from '../sites/service.js';
import { bulkJob } from './bulk.js';
import { CLEANUP_JOB, cleanupPendingJob } from './cleanup.js';
import { findMediaById, markImageReady, markVideoReady, rejectMedia } from './repo.js';
import { makeImageVariants } from './variants.js';

// Job 'media.variants' {mediaId}: webp variants 50..1200 for images; for videos a poster and HLS,
// only when ffmpeg is installed (checked at run time, never required). A video ffmpeg cannot read ends
// REJECTED with a message, like an image sharp cannot decode: no retry can help it.

let ffmpegChecked: boolean | undefined;
let ffmpegOverride: boolean | undefined;
/**
 * Whether an `ffmpeg` executable is on PATH. It is looked for, not run: running `ffmpeg -version` took over
 * the 5 s allowed on a loaded 2-core machine (its hundred libraries loaded cold) and made an installed
 * ffmpeg count as missing for the rest of the process.
 */
export function hasFfmpeg(): boolean {
  if (ffmpegOverride !== undefined) return ffmpegOverride;
  ffmpegChecked ??= (process.env.PATH ?? '').split(path.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      fs.accessSync(path.join(dir, 'ffmpeg'), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  return ffmpegChecked;
}
/** Test seam: behave as if ffmpeg were (not) installed; `undefined` goes back to the real check. */
export function overrideFfmpeg(available: boolean | undefined): void {
  ffmpegOverride = available;
}

/** ffmpeg ran and refused the input (or ran out of time): the file itself is the problem. */
export class FfmpegFailed extends Error {}

function run(cmd: string, args: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    const t = setTimeout(() => p.kill('SIGKILL'), timeoutMs);
    p.on('error', reject);
    p.on('close', (code, signal) => {
      clearTimeout(t);
      if (code === 0) resolve();
      else reject(new FfmpegFailed(`${cmd} exited with ${code ?? signal}: ${err}`));
    });
  });
}

const base = (key: string) => key.replace(/\.[A-Za-z0-9]+$/, '');
export const posterKey = (key: string) => `${base(key)}_poster.jpg`;
export const hlsKey = (key: string) => `${base(key)}_hls/index.m3u8`;

/** Poster frame and an HLS rendition of a stored video (ffmpeg required). */
async function videoRenditions(ctx: AppContext, key: string): Promise<{ poster: string; hls: string }> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'swipe-video-'));
  try {
    const input = path.join(dir, 'input');
    await fsp.writeFile(input, await ctx.storage.get(key));
    const posterFile = path.join(dir, 'poster.jpg');
    const poster1 = (seek: string[]) =>
      run('ffmpeg', ['-nostdin', '-y', ...seek, '-i', input, '-frames:v', '1', '-vf', 'scale=min(1200\\,iw):-2', posterFile], 60_000);
    await poster1(['-ss', '0.5']).catch((err: unknown) => {
      if (!(err instanceof FfmpegFailed)) throw err;
    });
    // A clip shorter than half a second has no frame there: take the first one (this one must work).
    if (!fs.existsSync(posterFile)) await poster1([]);
    if (!fs.existsSync(posterFile)) throw new FfmpegFailed('ffmpeg found no video frame');
    const hlsDir = path.join(dir, 'hls');
    await fsp.mkdir(hlsDir);
    await run(
      'ffmpeg',
      [
        '-nostdin',
        '-y',
        '-i',
        input,
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-vf',
        'scale=min(1080\\,iw):-2',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
        '-hls_time',
        '4',
        '-hls_playlist_type',
        'vod',
        '-hls_segment_filename',
        path.join(hlsDir, 'seg_%03d.ts'),
        path.join(hlsDir, 'index.m3u8'),
      ],
      10 * 60_000,
    );
    if (!fs.existsSync(path.join(hlsDir, 'index.m3u8'))) throw new FfmpegFailed('ffmpeg wrote no playlist');
    const poster = posterKey(key);
    await ctx.storage.put(poster, await fsp.readFile(posterFile), 'image/jpeg');
    const hls = hlsKey(key);
    const hlsBase = path.posix.dirname(hls);
    for (const f of await fsp.readdir(hlsDir)) {
      if (!/^(index\.m3u8|seg_\d{3}\.ts)$/.test(f)) continue;
      await ctx.storage.put(
        `${hlsBase}/${f}`,
        fs.createReadStream(path.join(hlsDir, f)),
        f.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
      );
    }
    return { poster, hls };
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Refused after upload (the variants job could not decode it): marked REJECTED, then its bytes and any
 * variants are removed, so a rejected object is never served.
 */
async function rejectStored(ctx: AppContext, id: number, key: string, errorKey: string): Promise<void> {
  await rejectMedia(ctx.db, id, errorKey);
  await Promise.all([key, ...IMAGE_WIDTHS.map((w) => variantKey(key, w))].map((k) => ctx.storage.remove(k).catch(() => {})));
}

export async function mediaVariantsJob(ctx: AppContext, payload: Record<string, unknown>): Promise<unknown> {
  const id = Number(payload.mediaId);
  const m = await findMediaById(ctx.db, id);
  if (!m || (m.status !== 'UPLOADED' && m.status !== 'READY')) return { skipped: true };
  if (m.kind === 'IMAGE') {
    try {
      const r = await makeImageVariants(ctx.storage, m.storage_key);
      await markImageReady(ctx.db, id, r);
      return { variants: r.variants.length };
    } catch (err) {
      // Passed the header checks but cannot be decoded: refuse it for good (no retry can help).
      await rejectStored(ctx, id, m.storage_key, 'validation.upload_format_image');
      ctx.log.warn({ mediaId: id, err }, 'image variants failed');
      return { rejected: true };
    }
  }
  if (!hasFfmpeg()) {
    await markVideoReady(ctx.db, id);
    return { ffmpeg: false };
  }
  let r: { poster: string; hls: string };
  try {
    r = await videoRenditions(ctx, m.storage_key);
  } catch (err) {
    if (!(err instanceof FfmpegFailed)) throw err; // storage or machine trouble: the worker retries later
    await rejectStored(ctx, id, m.storage_key, 'validation.upload_format_video');
    ctx.log.warn({ mediaId: id, err: err.message.slice(0, 500) }, 'video renditions failed');
    return { rejected: true };
  }
  let patched = false;
  await ctx.db.tx(async (q) => {
    await markVideoReady(q, id, r);
    // Pages showing this video (and the live publication) pick up the streaming rendition and the poster.
    if (m.site_id) patched = await setVideoRendition(q, m.site_id, m.storage_key, r);
  });
  if (patched && m.site_id) await invalidateSite(ctx, m.site_id);
  return { poster: r.poster, hls: r.hls };
}

/** Job handlers of the media module: variants, bulk ZIPs, the pending-upload cleanup. */
export const mediaJobs = {
  'media.variants': mediaVariantsJob,
  'media.bulk': bulkJob,
  [CLEANUP_JOB]: (ctx: AppContext, payload: Record<string, unknown>) => cleanupPendingJob(ctx, payload),
};
