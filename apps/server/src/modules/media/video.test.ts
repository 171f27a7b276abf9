import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { hasFfmpeg, hlsKey, posterKey } from './jobs.js';
import {
  completeUpload,
  makeMp4,
  NO_FFMPEG,
  type Operator,
  operatorWithSite,
  playlistSegments,
  runJobs,
  savePage,
  uploadThrough,
} from './testkit.js';

// Videos with ffmpeg installed (.ci/run installs it): a real MP4 goes through the signed upload, the
// job makes a poster and an HLS rendition, and visitors get both; a corrupt video ends REJECTED.
// Without ffmpeg these tests FAIL on purpose (media.test.ts covers the "no ffmpeg" behaviour).

let s: TestServer;
let op: Operator;

beforeAll(async () => {
  if (!hasFfmpeg()) throw new Error(NO_FFMPEG);
  s = await startTestServer();
  op = await operatorWithSite(s, 'video');
});
afterAll(async () => {
  await s?.drop();
});

const inMedia = (key: string) => path.join(s.ctx.config.mediaDir, key);

describe('video renditions by ffmpeg', () => {
  it('a real MP4 gets a poster and an HLS rendition, stored and served to visitors', async () => {
    const mp4 = makeMp4(2);
    const { key, res } = await uploadThrough(s, op, mp4, 'video/mp4', 'video');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key, kind: 'video', content_type: 'video/mp4', status: 'UPLOADED' });
    // the operator places it on the page, then the job runs
    await savePage(s, op, { mediaType: 'VIDEO', imageUrl: key }, 'draft');
    expect(await runJobs(s)).toBeGreaterThan(0);

    const row = await s.ctx.db.one<{ status: string; poster_key: string; hls_key: string; error: string | null }>(
      'SELECT status, poster_key, hls_key, error FROM media WHERE storage_key = $1',
      [key],
    );
    expect(row).toEqual({ status: 'READY', poster_key: posterKey(key), hls_key: hlsKey(key), error: null });

    // poster: a JPEG frame of the video's size
    const poster = await sharp(inMedia(row.poster_key)).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    // HLS: a VOD playlist whose segments all exist and are MPEG-TS (sync byte 0x47)
    const m3u8 = fs.readFileSync(inMedia(row.hls_key), 'utf8');
    expect(m3u8.startsWith('#EXTM3U')).toBe(true);
    expect(m3u8).toContain('#EXT-X-ENDLIST');
    const segments = playlistSegments(m3u8);
    expect(segments.length).toBeGreaterThan(0);
    for (const seg of segments) {
      const bytes = fs.readFileSync(path.join(path.dirname(inMedia(row.hls_key)), seg));
      expect(bytes[0], seg).toBe(0x47);
      expect(bytes.length % 188, seg).toBe(0);
    }

    // the working copy now carries the rendition; the editor saves it back and publishes
    const site = await http<{ categories: { pages: { image_url: string; hls_path: string | null; thumbnail: string | null }[] }[] }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${op.siteId}`,
      { token: op.token },
    );
    const page = site.body.categories[0]?.pages[0];
    expect(page).toMatchObject({ image_url: key, hls_path: row.hls_key, thumbnail: row.poster_key });
    await savePage(s, op, { mediaType: 'VIDEO', imageUrl: key, hlsPath: page?.hls_path, thumbnail: page?.thumbnail }, 'publish');

    // what visitors get: the grid (poster) and the page detail (HLS), both fetchable from the media base
    const grid = await http<{ media_base: string; categories: { pages: { id: number; media_type: string; thumbnail: string }[] }[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${op.siteId}`,
    );
    expect(grid.status).toBe(200);
    const gp = grid.body.categories[0]?.pages[0];
    expect(gp).toMatchObject({ media_type: 'VIDEO', thumbnail: row.poster_key });
    const detail = await http<{ page_detail: { image_url: string; hls_path: string; thumbnail: string } }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${op.siteId}/page/${gp?.id}/public`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.page_detail).toMatchObject({ image_url: key, hls_path: row.hls_key, thumbnail: row.poster_key });

    const base = grid.body.media_base;
    const playlistUrl = `${base}/${detail.body.page_detail.hls_path}`;
    const pl = await fetch(playlistUrl);
    expect(pl.status).toBe(200);
    expect(await pl.text()).toBe(m3u8);
    const seg = await fetch(new URL(segments[0] as string, playlistUrl));
    expect(seg.status).toBe(200);
    expect(new Uint8Array(await seg.arrayBuffer())[0]).toBe(0x47);
    const img = await fetch(`${base}/${detail.body.page_detail.thumbnail}`);
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  it('a save takes the rendition from the media row: a job done before the save, a replaced video', async () => {
    type Wire = { categories: { pages: { hls_path: string | null; thumbnail: string | null }[] }[] };
    const working = async () =>
      (await http<Wire>(s.adminUrl, 'GET', `/api/v1/sites/${op.siteId}`, { token: op.token })).body.categories[0]?.pages[0];
    const first = await uploadThrough(s, op, makeMp4(1), 'video/mp4', 'video');
    await runJobs(s); // the job finishes before the operator places the video (the usual order)
    // the editor sends only the key, as it does
    await savePage(s, op, { mediaType: 'VIDEO', imageUrl: first.key }, 'draft');
    expect(await working()).toEqual(expect.objectContaining({ hls_path: hlsKey(first.key), thumbnail: posterKey(first.key) }));
    // another video replaces it, sent with the old rendition: the old one must not stick
    const second = await uploadThrough(s, op, makeMp4(1), 'video/mp4', 'video');
    await savePage(
      s,
      op,
      { mediaType: 'VIDEO', imageUrl: second.key, hlsPath: hlsKey(first.key), thumbnail: posterKey(first.key) },
      'draft',
    );
    expect(await working()).toEqual(expect.objectContaining({ hls_path: null, thumbnail: null }));
    await runJobs(s);
    expect(await working()).toEqual(expect.objectContaining({ hls_path: hlsKey(second.key), thumbnail: posterKey(second.key) }));
  });

  it('a site published before its video was processed gets the rendition when the job ends', async () => {
    const v = await uploadThrough(s, op, makeMp4(1), 'video/mp4', 'video');
    await savePage(s, op, { mediaType: 'VIDEO', imageUrl: v.key }, 'publish');
    type Grid = { categories: { pages: { id: number }[] }[] };
    const grid = await http<Grid>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${op.siteId}`);
    const pageId = grid.body.categories[0]?.pages[0]?.id;
    const detail = () =>
      http<{ page_detail: { hls_path: string | null; thumbnail: string | null } }>(
        s.sitesUrl,
        'GET',
        `/api/v1/end-user/site/${op.siteId}/page/${pageId}/public`,
      );
    expect((await detail()).body.page_detail).toMatchObject({ hls_path: null });
    await runJobs(s);
    expect((await detail()).body.page_detail).toMatchObject({ hls_path: hlsKey(v.key), thumbnail: posterKey(v.key) });
  });

  it('a clip shorter than half a second still gets a poster (its first frame)', async () => {
    const { key, res } = await uploadThrough(s, op, makeMp4(0.2), 'video/mp4', 'video');
    expect(res.status).toBe(200);
    await runJobs(s);
    const row = await s.ctx.db.one<{ status: string; poster_key: string | null }>(
      'SELECT status, poster_key FROM media WHERE storage_key = $1',
      [key],
    );
    expect(row.status).toBe('READY');
    expect(fs.existsSync(inMedia(posterKey(key)))).toBe(true);
  });

  it('a corrupt video passes the header check but ends REJECTED with a message; the worker carries on', async () => {
    // a real MP4 cut after its first 3 KB: right magic bytes, unreadable contents
    const broken = makeMp4(2).subarray(0, 3000);
    const { key, res } = await uploadThrough(s, op, Buffer.from(broken), 'video/mp4', 'video');
    expect(res.status).toBe(200);
    const image = await uploadThrough(
      s,
      op,
      await sharp({ create: { width: 80, height: 60, channels: 3, background: '#08f' } })
        .png()
        .toBuffer(),
      'image/png',
      'image',
    );
    expect(await runJobs(s)).toBe(2); // both jobs ran: the broken video did not stop the image

    const row = await s.ctx.db.one<{ id: number; status: string; error: string; poster_key: string | null; hls_key: string | null }>(
      'SELECT id, status, error, poster_key, hls_key FROM media WHERE storage_key = $1',
      [key],
    );
    expect(row).toMatchObject({ status: 'REJECTED', error: 'validation.upload_format_video', poster_key: null, hls_key: null });
    const job = await s.ctx.db.one<{ status: string; attempts: number; result: unknown }>(
      "SELECT status, attempts, result FROM jobs WHERE kind = 'media.variants' AND payload->>'mediaId' = $1",
      [String(row.id)],
    );
    expect(job).toEqual({ status: 'DONE', attempts: 1, result: { rejected: true } }); // refused for good, not retried
    expect(fs.existsSync(inMedia(posterKey(key)))).toBe(false);
    expect(fs.existsSync(inMedia(hlsKey(key)))).toBe(false);
    // the operator asking again gets the reason
    const again = await completeUpload(s, op, key);
    expect(again.status).toBe(422);
    expect(String(again.body.message)).toContain('Format not supported (videos');
    expect((await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [image.key])).status).toBe('READY');
  });
});
