import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { invalidateSite } from '../sites/service.js';
import { makeImageVariants } from './variants.js';

// Job 'media.variants' {mediaId}: webp variants 50..1200 for images; for videos a poster and HLS,
// only when ffmpeg is installed (checked at run time, never required). A video ffmpeg cannot read ends
// REJECTED with a message, like an image sharp cannot decode: no retry can help it.

let ffmpegChecked: boolean | undefined;
let ffmpegOverride: boolean | undefined;
export function hasFfmpeg(): boolean {
  if (ffmpegOverride !== undefined) return ffmpegOverride;
  if (ffmpegChecked === undefined) {
    try {
      ffmpegChecked = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore', timeout: 5000 }).status === 0;
    } catch {
      ffmpegChecked = false;
    }
  }
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

export async function mediaVariantsJob(ctx: AppContext, payload: Record<string, unknown>): Promise<unknown> {
  const id = Number(payload.mediaId);
  const m = await ctx.db.maybeOne<{ id: number; storage_key: string; kind: string; status: string; site_id: number | null }>(
    'SELECT id, storage_key, kind, status, site_id FROM media WHERE id = $1',
    [id],
  );
  if (!m || (m.status !== 'UPLOADED' && m.status !== 'READY')) return { skipped: true };
  if (m.kind === 'IMAGE') {
    try {
      const r = await makeImageVariants(ctx.storage, m.storage_key);
      await ctx.db.query("UPDATE media SET status = 'READY', variants = $2, width = $3, height = $4, updated_at = now() WHERE id = $1", [
        id,
        JSON.stringify(r.variants),
        r.width,
        r.height,
      ]);
      return { variants: r.variants.length };
    } catch (err) {
      // Passed the header checks but cannot be decoded: refuse it for good (no retry can help).
      await ctx.db.query(
        "UPDATE media SET status = 'REJECTED', error = 'validation.upload_format_image', updated_at = now() WHERE id = $1",
        [id],
      );
      ctx.log.warn({ mediaId: id, err }, 'image variants failed');
      return { rejected: true };
    }
  }
  if (!hasFfmpeg()) {
    await ctx.db.query("UPDATE media SET status = 'READY', updated_at = now() WHERE id = $1", [id]);
    return { ffmpeg: false };
  }
  let r: { poster: string; hls: string };
  try {
    r = await videoRenditions(ctx, m.storage_key);
  } catch (err) {
    if (!(err instanceof FfmpegFailed)) throw err; // storage or machine trouble: the worker retries later
    await ctx.db.query("UPDATE media SET status = 'REJECTED', error = 'validation.upload_format_video', updated_at = now() WHERE id = $1", [
      id,
    ]);
    ctx.log.warn({ mediaId: id, err: err.message.slice(0, 500) }, 'video renditions failed');
    return { rejected: true };
  }
  let patched = false;
  await ctx.db.tx(async (q) => {
    await q.query("UPDATE media SET status = 'READY', poster_key = $2, hls_key = $3, updated_at = now() WHERE id = $1", [
      id,
      r.poster,
      r.hls,
    ]);
    // Pages showing this video pick up the streaming rendition and the poster.
    if (m.site_id)
      await q.query('UPDATE pages SET hls_path = $3, thumbnail = $4 WHERE site_id = $1 AND image_url = $2', [
        m.site_id,
        m.storage_key,
        r.hls,
        r.poster,
      ]);
    // A site published before the rendition was ready gets it too: it is derived from the same file, not
    // operator content, so the live publication is completed in place rather than waiting for a republish.
    if (m.site_id) patched = await patchPublication(q, m.site_id, m.storage_key, r);
  });
  if (patched && m.site_id) await invalidateSite(ctx, m.site_id);
  return { poster: r.poster, hls: r.hls };
}

/** Sets the rendition on the pages of the live publication that show this video; true when any did. */
async function patchPublication(q: Queryable, siteId: number, key: string, r: { poster: string; hls: string }): Promise<boolean> {
  type Doc = {
    categories?: { pages?: { mediaType?: string; imageUrl?: string | null; hlsPath?: string | null; thumbnail?: string | null }[] }[];
  };
  const pub = await q.maybeOne<{ document: Doc }>('SELECT document FROM site_publications WHERE site_id = $1 FOR UPDATE', [siteId]);
  if (!pub) return false;
  let changed = false;
  for (const c of pub.document.categories ?? [])
    for (const p of c.pages ?? [])
      if (p.imageUrl === key && p.mediaType === 'VIDEO' && p.hlsPath !== r.hls) {
        p.hlsPath = r.hls;
        p.thumbnail = r.poster;
        changed = true;
      }
  // a new version: payloads cached per publication version are built again
  if (changed)
    await q.query('UPDATE site_publications SET document = $2, version = version + 1 WHERE site_id = $1', [
      siteId,
      JSON.stringify(pub.document),
    ]);
  return changed;
}
