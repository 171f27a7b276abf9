import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, variantKey } from '@swipe/core';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { removeStalePendingUploads } from './cleanup.js';
import { hasFfmpeg, hlsKey, posterKey } from './jobs.js';
import {
  completeUpload,
  makeMp4,
  NO_FFMPEG,
  type Operator,
  operatorWithSite,
  playlistSegments,
  putBytes,
  runJobs,
  savePage,
  signUploads,
  uploadThrough,
} from './testkit.js';
import { stagingKey } from './uploads.js';

// The S3 path against a real S3-compatible server (s3rver, in process, on a free port): presigned PUT
// URLs, the content check reading the bucket, variants written to the bucket, public URLs that point
// at the bucket, and the pending-upload cleanup removing objects. The SDK is not mocked.

const BUCKET = 'media';
let s3: S3rver;
let endpoint = '';
let s: TestServer;
let op: Operator;
let dir = '';
const savedEnv = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-s3-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const addr = await s3.run();
  endpoint = `http://127.0.0.1:${addr.port}`;
  // s3rver's fixed credentials, read by the SDK like any AWS_* credentials
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  s = await startTestServer({ s3: { bucket: BUCKET, region: 'us-east-1', endpoint } });
  op = await operatorWithSite(s, 's3');
});
afterAll(async () => {
  await s?.drop();
  await s3?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.env.AWS_ACCESS_KEY_ID = savedEnv.id;
  process.env.AWS_SECRET_ACCESS_KEY = savedEnv.secret;
});

const jpeg = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 10, g: 160, b: 90 } } })
    .jpeg()
    .toBuffer();
const inBucket = (key: string) => s.ctx.storage.size(key);
const fetchBytes = async (url: string) => {
  const r = await fetch(url);
  return { status: r.status, type: r.headers.get('content-type'), body: Buffer.from(await r.arrayBuffer()) };
};

describe('S3 storage (s3rver)', () => {
  it('the storage is the bucket, and visitors are sent to the bucket', () => {
    expect(s.ctx.storage.kind).toBe('s3');
    expect(s.ctx.storage.publicBase()).toBe(`${endpoint}/${BUCKET}`);
  });

  it('presigned PUT straight to the bucket, content check on complete, variants written to the bucket, public URLs', async () => {
    const body = await jpeg(1400, 700);
    const [u] = await signUploads(s, op, [{ file_name: 'a.jpg', content_type: 'image/jpeg', size_bytes: body.length, kind: 'image' }]);
    if (!u) throw new Error('no upload');
    expect(u.key).toMatch(new RegExp(`^sites/${op.siteId}/[0-9a-f-]{36}\\.jpg$`));
    const url = new URL(u.upload_url);
    // the browser writes a staging object; only the server writes the served key, with the bytes it checked
    expect(`${url.origin}${url.pathname}`).toBe(`${endpoint}/${BUCKET}/${stagingKey(u.key)}`);
    // type and length are signed; no checksum of an empty body rides along (S3 would refuse the file)
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect([...url.searchParams.keys()].filter((k) => k.toLowerCase().includes('checksum'))).toEqual([]);
    expect(u.headers['content-type']).toBe('image/jpeg');

    expect(await inBucket(u.key)).toBeNull();
    expect(await putBytes(u, body)).toBe(200);
    expect(await inBucket(stagingKey(u.key))).toBe(body.length);
    expect(await inBucket(u.key)).toBeNull();

    const done = await completeUpload(s, op, u.key);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ key: u.key, kind: 'image', width: 1400, height: 700, status: 'UPLOADED' });
    expect(await inBucket(stagingKey(u.key))).toBeNull();
    // a later PUT to the same URL changes nothing visitors get
    await putBytes(u, await jpeg(10, 10));
    expect((await fetchBytes(`${endpoint}/${BUCKET}/${u.key}`)).body.equals(body)).toBe(true);
    expect(done.body.url).toBe(`${endpoint}/${BUCKET}/${u.key}`);
    const original = await fetchBytes(String(done.body.url));
    expect(original.status).toBe(200);
    expect(original.body.equals(body)).toBe(true);

    expect(await runJobs(s)).toBeGreaterThan(0);
    expect((await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [u.key])).status).toBe('READY');
    for (const w of IMAGE_WIDTHS) {
      const v = await fetchBytes(`${endpoint}/${BUCKET}/${variantKey(u.key, w)}`);
      expect(v.status, `w${w}`).toBe(200);
      const meta = await sharp(v.body).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(w, 1400));
    }

    // what visitors get: the media base is the bucket, and the page's image is there
    await savePage(s, op, { mediaType: 'IMAGE', imageUrl: u.key }, 'publish');
    const grid = await http<{ media_base: string; categories: { pages: { image_url: string }[] }[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${op.siteId}`,
    );
    expect(grid.status).toBe(200);
    expect(grid.body.media_base).toBe(`${endpoint}/${BUCKET}`);
    const img = grid.body.categories[0]?.pages[0]?.image_url as string;
    expect(img).toBe(u.key);
    const served = await fetchBytes(`${grid.body.media_base}/${img}`);
    expect(served.status).toBe(200);
    expect(served.body.equals(body)).toBe(true);
    const w400 = await fetchBytes(`${grid.body.media_base}/${variantKey(img, 400)}`);
    expect(w400.type).toBe('image/webp');
    // the sites origin does not serve media itself with S3
    expect((await fetch(`${s.sitesUrl}/media/${u.key}`)).status).toBe(404);
  });

  it('disguised files are refused by their bytes and removed from the bucket', async () => {
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    for (const [bytes, declared, kind] of [
      [html, 'image/png', 'image'],
      [svg, 'image/jpeg', 'image'],
      [html, 'video/mp4', 'video'],
      [await jpeg(20, 20), 'video/mp4', 'video'],
    ] as const) {
      const { key, res } = await uploadThrough(s, op, bytes, declared, kind);
      expect(res.status, declared).toBe(422);
      expect(String(res.body.message)).toContain('Format not supported');
      expect(await inBucket(key)).toBeNull();
      expect((await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [key])).status).toBe('REJECTED');
    }
  });

  it('completing before the bytes are in the bucket, or with an empty object, is refused cleanly', async () => {
    const [early, empty] = await signUploads(s, op, [
      { file_name: 'a.png', content_type: 'image/png', size_bytes: 100, kind: 'image' },
      { file_name: 'b.png', content_type: 'image/png', size_bytes: 100, kind: 'image' },
    ]);
    if (!early || !empty) throw new Error('no upload');
    const r = await completeUpload(s, op, early.key);
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toContain('has not been uploaded');
    expect(await putBytes(empty, Buffer.alloc(0))).toBe(200);
    const e = await completeUpload(s, op, empty.key);
    expect(e.status).toBe(422);
    expect(String(e.body.message)).toContain('The file is empty');
    expect(await inBucket(empty.key)).toBeNull();
  });

  it('a video gets its poster and HLS segments in the bucket as clean bytes', async () => {
    if (!hasFfmpeg()) throw new Error(NO_FFMPEG);
    const { key, res } = await uploadThrough(s, op, makeMp4(2), 'video/mp4', 'video');
    expect(res.status).toBe(200);
    await runJobs(s);
    const row = await s.ctx.db.one<{ status: string; poster_key: string; hls_key: string }>(
      'SELECT status, poster_key, hls_key FROM media WHERE storage_key = $1',
      [key],
    );
    expect(row).toEqual({ status: 'READY', poster_key: posterKey(key), hls_key: hlsKey(key) });
    const base = s.ctx.storage.publicBase();
    const poster = await fetchBytes(`${base}/${row.poster_key}`);
    expect(poster.status).toBe(200);
    expect((await sharp(poster.body).metadata()).format).toBe('jpeg');
    const playlistUrl = `${base}/${row.hls_key}`;
    const pl = await fetchBytes(playlistUrl);
    expect(pl.status).toBe(200);
    // streamed uploads arrive as the file itself (no aws-chunked framing stored in the object)
    const text = pl.body.toString('utf8');
    expect(text.startsWith('#EXTM3U')).toBe(true);
    const segs = playlistSegments(text);
    expect(segs.length).toBeGreaterThan(0);
    for (const seg of segs) {
      const b = await fetchBytes(new URL(seg, playlistUrl).toString());
      expect(b.status, seg).toBe(200);
      expect(b.body[0], seg).toBe(0x47);
      expect(b.body.length % 188, seg).toBe(0);
    }
  });

  it('the pending-upload cleanup removes objects a browser PUT but never completed', async () => {
    const [u, kept] = await signUploads(s, op, [
      { file_name: 'a.jpg', content_type: 'image/jpeg', size_bytes: 1000, kind: 'image' },
      { file_name: 'b.jpg', content_type: 'image/jpeg', size_bytes: 1000, kind: 'image' },
    ]);
    if (!u || !kept) throw new Error('no upload');
    expect(await putBytes(u, await jpeg(10, 10))).toBe(200);
    expect(await putBytes(kept, await jpeg(10, 10))).toBe(200);
    expect((await completeUpload(s, op, kept.key)).status).toBe(200);
    await s.ctx.db.query("UPDATE media SET created_at = now() - interval '25 hours' WHERE storage_key = ANY($1)", [[u.key, kept.key]]);
    expect(await removeStalePendingUploads(s.ctx)).toBe(1);
    expect(await inBucket(u.key)).toBeNull();
    expect(await inBucket(stagingKey(u.key))).toBeNull();
    expect(await s.ctx.db.maybeOne('SELECT id FROM media WHERE storage_key = $1', [u.key])).toBeUndefined();
    expect(await inBucket(kept.key)).not.toBeNull();
  });
});
