import fs from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { IMAGE_WIDTHS, LIMITS, variantKey } from '@swipe/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { Worker } from '../../jobs/worker.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { jobHandlers } from '../index.js';
import { overrideFfmpeg } from './jobs.js';

// Uploads through real HTTP: declared type and size first, then the stored bytes BY CONTENT (magic
// bytes, 50-megapixel header check, HEIC only when decodable), variants by a job, and the bulk ZIP.

let s: TestServer;
let token = '';
let otherToken = '';
let siteId = 0;
let otherSite = 0;

async function runJobs(): Promise<number> {
  const handlers = jobHandlers();
  const w = new Worker(s.ctx, handlers);
  let n = 0;
  while (await w.runOneJob()) n++;
  return n;
}

const jpeg = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .jpeg()
    .toBuffer();
const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
const be32 = (n: number) => Buffer.from([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
/** A PNG whose header declares w x h (no pixel data: nothing must try to decode it). */
const pngHeader = (w: number, h: number) =>
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    be32(13),
    Buffer.from('IHDR'),
    be32(w),
    be32(h),
    Buffer.from([8, 6, 0, 0, 0]),
  ]);
const heicHeader = () => {
  const ftyp = Buffer.concat([be32(24), Buffer.from('ftypheic'), be32(0), Buffer.from('mif1heic')]);
  const ispe = Buffer.concat([be32(20), Buffer.from('ispe'), be32(0), be32(4032), be32(3024)]);
  const meta = Buffer.concat([be32(12 + ispe.length), Buffer.from('meta'), be32(0), ispe]);
  return Buffer.concat([ftyp, meta, Buffer.alloc(200)]);
};
const mp4 = () => Buffer.concat([be32(24), Buffer.from('ftypisom'), be32(512), Buffer.from('isomiso2'), Buffer.alloc(1000)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
const HTML = Buffer.from('<!DOCTYPE html><html><body><script>alert(document.cookie)</script></body></html>');

type Upload = { key: string; upload_url: string; method: string; headers: Record<string, string> };
async function ask(
  files: { file_name: string; content_type: string; size_bytes: number; kind: string }[],
  site = siteId,
  tok = token,
  path_ = 'generate-upload-urls',
) {
  return http<{ uploads: Upload[]; message?: string | string[] }>(s.adminUrl, 'POST', `/api/v1/sites/${path_}`, {
    token: tok,
    lang: 'en',
    body: { site_id: site, files },
  });
}
async function putBytes(u: Upload, body: Buffer) {
  const r = await fetch(u.upload_url, { method: 'PUT', headers: u.headers, body: new Uint8Array(body) });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
}
async function complete(key: string, tok = token) {
  return http<Record<string, unknown>>(s.adminUrl, 'POST', '/api/v1/sites/complete-upload', { token: tok, lang: 'en', body: { key } });
}
/** generate -> PUT -> complete */
async function upload(body: Buffer, declared: string, kind: 'image' | 'video' = 'image') {
  const g = await ask([{ file_name: 'f', content_type: declared, size_bytes: body.length, kind }]);
  expect(g.status).toBe(200);
  const u = g.body.uploads[0] as Upload;
  const p = await putBytes(u, body);
  expect(p.status).toBe(200);
  return { key: u.key, res: await complete(u.key) };
}

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySwipe: 50 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@media.test' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'u@media.test', planId: plan });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'o@media.test', planId: plan });
  token = (await login(s.adminUrl, 'u@media.test')).access;
  otherToken = (await login(s.adminUrl, 'o@media.test')).access;
  const mk = (tok: string) =>
    http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok,
      body: { name: 'Media', number_horizontal: 2, number_vertical: 3 },
    });
  siteId = (await mk(token)).body.id;
  otherSite = (await mk(otherToken)).body.id;
});
afterAll(async () => {
  await s?.drop();
});

describe('generate-upload-urls: declared type and size first', () => {
  it('signs PUT URLs on the admin origin with keys sites/{siteId}/{uuid}.{ext}', async () => {
    const r = await ask([
      { file_name: 'a.png', content_type: 'image/png', size_bytes: 100, kind: 'image' },
      { file_name: 'b.mov', content_type: 'video/quicktime', size_bytes: 100, kind: 'video' },
    ]);
    expect(r.status).toBe(200);
    const [a, b] = r.body.uploads as [Upload, Upload];
    expect(a.key).toMatch(new RegExp(`^sites/${siteId}/[0-9a-f-]{36}\\.png$`));
    expect(b.key).toMatch(/\.mov$/);
    expect(a.method).toBe('PUT');
    expect(a.upload_url.startsWith(`${s.ctx.config.adminUrl}/api/v1/uploads/`)).toBe(true);
    expect(a.headers['content-type']).toBe('image/png');
    const row = await s.ctx.db.one<{ status: string; kind: string }>('SELECT status, kind FROM media WHERE storage_key = $1', [a.key]);
    expect(row).toEqual({ status: 'PENDING', kind: 'IMAGE' });
  });
  it('refuses SVG, HTML, BMP and unknown types, and sizes past 30 MB (edge: exactly 30 MB is fine)', async () => {
    for (const ct of ['image/svg+xml', 'text/html', 'image/bmp', 'application/octet-stream']) {
      const r = await ask([{ file_name: 'x', content_type: ct, size_bytes: 10, kind: 'image' }]);
      expect(r.status, ct).toBe(422);
      expect(String(r.body.message)).toContain('Format not supported');
    }
    expect((await ask([{ file_name: 'v', content_type: 'text/html', size_bytes: 10, kind: 'video' }])).status).toBe(422);
    expect((await ask([{ file_name: 'x', content_type: 'image/jpeg', size_bytes: LIMITS.uploadBytes, kind: 'image' }])).status).toBe(200);
    const over = await ask([{ file_name: 'x', content_type: 'image/jpeg', size_bytes: LIMITS.uploadBytes + 1, kind: 'image' }]);
    expect(over.status).toBe(422);
    expect(String(over.body.message)).toContain('exceeds 30 MB');
    expect((await ask([{ file_name: 'v', content_type: 'video/mp4', size_bytes: LIMITS.videoBytes, kind: 'video' }])).status).toBe(200);
    expect((await ask([{ file_name: 'v', content_type: 'video/mp4', size_bytes: LIMITS.videoBytes + 1, kind: 'video' }])).status).toBe(422);
  });
  it("another tenant's site is 404", async () => {
    expect((await ask([{ file_name: 'a', content_type: 'image/png', size_bytes: 10, kind: 'image' }], otherSite)).status).toBe(404);
  });
  it('logo and favicon: images only, at most 2 MB', async () => {
    const ok = await ask(
      [{ file_name: 'logo.png', content_type: 'image/png', size_bytes: 2 * 1024 * 1024, kind: 'image' }],
      siteId,
      token,
      'generate-logo-url',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.uploads[0]?.key).toMatch(new RegExp(`^sites/${siteId}/logo/`));
    const big = await ask(
      [{ file_name: 'logo.png', content_type: 'image/png', size_bytes: 2 * 1024 * 1024 + 1, kind: 'image' }],
      siteId,
      token,
      'generate-logo-url',
    );
    expect(big.status).toBe(422);
    expect(String(big.body.message)).toContain('exceeds 2 MB');
    const vid = await ask(
      [{ file_name: 'l.mp4', content_type: 'video/mp4', size_bytes: 10, kind: 'video' }],
      siteId,
      token,
      'generate-logo-url',
    );
    expect(vid.status).toBe(422);
    // the single-file form answers with the upload itself
    const single = await http<Record<string, unknown>>(s.adminUrl, 'POST', '/api/v1/sites/generate-logo-url', {
      token,
      body: { site_id: siteId, file_name: 'f.png', content_type: 'image/png', size_bytes: 1000 },
    });
    expect(single.status).toBe(200);
    expect(single.body.upload_url).toBeTypeOf('string');
    // a logo is checked with the 2 MB limit on the bytes too
    const u = single.body as unknown as Upload;
    const put = await putBytes(u, Buffer.concat([await png(), Buffer.alloc(2 * 1024 * 1024)]));
    expect(put.status).toBe(413);
  });
});

describe('complete-upload: checked by content, not by name', () => {
  it('a JPEG is accepted, variants 50..1200 are made by the job, and it is served on the sites origin', async () => {
    const { key, res } = await upload(await jpeg(1600, 900), 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key, kind: 'image', width: 1600, height: 900, status: 'UPLOADED' });
    expect(String(res.body.url)).toBe(`${s.sitesUrl}/media/${key}`);
    expect(await runJobs()).toBeGreaterThan(0);
    const row = await s.ctx.db.one<{ status: string; variants: number[] }>('SELECT status, variants FROM media WHERE storage_key = $1', [
      key,
    ]);
    expect(row.status).toBe('READY');
    expect(row.variants).toEqual([...IMAGE_WIDTHS]);
    for (const w of IMAGE_WIDTHS) {
      const meta = await sharp(path.join(s.ctx.config.mediaDir, variantKey(key, w))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Math.min(w, 1600));
    }
    const served = await fetch(`${s.sitesUrl}/media/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-security-policy')).toContain('sandbox');
    // completing again is idempotent
    expect((await complete(key)).status).toBe(200);
  });
  it('a PNG declared as JPEG is a PNG (the content decides)', async () => {
    const { res } = await upload(await png(), 'image/jpeg');
    expect(res.status).toBe(200);
    expect(res.body.content_type).toBe('image/png');
  });
  it('SVG and HTML bytes are refused whatever they were declared as, and removed', async () => {
    for (const [bytes, declared, kind] of [
      [SVG, 'image/png', 'image'],
      [HTML, 'image/jpeg', 'image'],
      [HTML, 'video/mp4', 'video'],
    ] as const) {
      const { key, res } = await upload(bytes, declared, kind);
      expect(res.status, declared).toBe(422);
      expect(String(res.body.message)).toContain('Format not supported');
      expect(fs.existsSync(path.join(s.ctx.config.mediaDir, key))).toBe(false);
      const row = await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [key]);
      expect(row.status).toBe('REJECTED');
    }
  });
  it('a video declared as an image is refused; a real MP4 header is a video', async () => {
    expect((await upload(mp4(), 'image/png')).res.status).toBe(422);
    const v = await upload(mp4(), 'video/mp4', 'video');
    expect(v.res.status).toBe(200);
    expect(v.res.body).toMatchObject({ kind: 'video', status: 'UPLOADED' });
    // a machine without ffmpeg: the video is ready without renditions, and nothing fails
    // (with ffmpeg, video.test.ts makes the renditions, and refuses this header-only "video")
    overrideFfmpeg(false);
    try {
      await runJobs();
    } finally {
      overrideFfmpeg(undefined);
    }
    const row = await s.ctx.db.one<{ status: string; poster_key: string | null; hls_key: string | null }>(
      'SELECT status, poster_key, hls_key FROM media WHERE storage_key = $1',
      [v.key],
    );
    expect(row).toEqual({ status: 'READY', poster_key: null, hls_key: null });
  });
  it('an image whose header declares more than 50 megapixels is refused before decoding', async () => {
    const over = await upload(pngHeader(10_000, 5_001), 'image/png');
    expect(over.res.status).toBe(422);
    expect(String(over.res.body.message)).toContain('50 megapixels');
    const jpegOver = await upload(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8]), Buffer.from([0x1f, 0x40, 0x1f, 0x40]), Buffer.alloc(100)]),
      'image/jpeg',
    ); // 8000 x 8000
    expect(jpegOver.res.status).toBe(422);
    expect(String(jpegOver.res.body.message)).toContain('50 megapixels');
  });
  it('HEIC that this server cannot decode gets the clear HEIC message', async () => {
    const r = await upload(heicHeader(), 'image/heic');
    expect(r.res.status).toBe(422);
    expect(String(r.res.body.message)).toContain('HEIC/HEIF images cannot be decoded');
  });
  it('bytes up to 30 MB are accepted; one byte more is refused while streaming (413) and nothing is kept', async () => {
    const body = Buffer.concat([await png(8, 8)]);
    const full = Buffer.concat([body, Buffer.alloc(LIMITS.uploadBytes - body.length)]);
    const g = await ask([{ file_name: 'big.png', content_type: 'image/png', size_bytes: full.length, kind: 'image' }]);
    const u = g.body.uploads[0] as Upload;
    expect((await putBytes(u, full)).status).toBe(200);
    expect((await complete(u.key)).status).toBe(200);
    const g2 = await ask([{ file_name: 'big.png', content_type: 'image/png', size_bytes: LIMITS.uploadBytes, kind: 'image' }]);
    const u2 = g2.body.uploads[0] as Upload;
    const over = await putBytes(u2, Buffer.concat([full, Buffer.from([0])]));
    expect(over.status).toBe(413);
    expect((await complete(u2.key)).status).toBe(422); // nothing was stored
  });
  it('a chunked body (no length declared) is cut off at 30 MB while streaming and nothing is kept', async () => {
    const g = await ask([{ file_name: 'big.png', content_type: 'image/png', size_bytes: LIMITS.uploadBytes, kind: 'image' }]);
    const u = g.body.uploads[0] as Upload;
    const url = new URL(u.upload_url);
    const head = await png(8, 8);
    const outcome = await new Promise<number | 'reset'>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'PUT', headers: { 'transfer-encoding': 'chunked' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', () => resolve('reset'));
      req.write(head);
      const chunk = Buffer.alloc(1024 * 1024);
      let sent = head.length;
      const pump = () => {
        while (sent <= LIMITS.uploadBytes + chunk.length) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        req.end();
      };
      pump();
    });
    // the refused connection does not hold up a graceful shutdown
    expect([413, 'reset']).toContain(outcome);
    const r = await complete(u.key);
    expect(r.status).toBe(422);
    expect(String(r.body.message)).toContain('has not been uploaded');
    expect(walk(path.join(s.ctx.config.dataDir, 'incoming')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });
  it('unknown or spent upload URLs are 404; another tenant cannot complete my upload', async () => {
    const r = await fetch(`${s.adminUrl}/api/v1/uploads/${'x'.repeat(43)}`, { method: 'PUT', body: 'abc' });
    expect(r.status).toBe(404);
    const bytes = await png();
    const g = await ask([{ file_name: 'a.png', content_type: 'image/png', size_bytes: bytes.length, kind: 'image' }]);
    const u = g.body.uploads[0] as Upload;
    await putBytes(u, bytes);
    expect((await complete(u.key, otherToken)).status).toBe(404);
    expect((await complete(u.key)).status).toBe(200);
    expect((await putBytes(u, await png())).status).toBe(404); // the URL is spent
  });
});

function zipOf(entries: { name: string; data: Buffer; compress?: boolean }[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const e of entries) z.addBuffer(e.data, e.name, { compress: e.compress ?? false });
    z.end();
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    z.outputStream.on('error', reject);
  });
}
function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

describe('bulk upload (ZIP)', () => {
  it('places good images by cell reference, lists the bad ones, writes nothing outside the media folder', async () => {
    let zip = await zipOf([
      { name: 'A1.jpg', data: await jpeg(300, 250) },
      { name: 'photos/a1.png', data: await png(10, 10) }, // a second file for A1
      { name: 'photos/A2.PNG', data: await png(300, 250) },
      { name: 'b1.jpeg', data: await jpeg(300, 250) },
      { name: 'B2.jpg', data: HTML }, // bad file: HTML named as a JPEG
      { name: 'zz/evil.jpg', data: await jpeg(10, 10) }, // renamed to ../evil.jpg below
      { name: 'A3.jpg', data: Buffer.alloc(LIMITS.uploadBytes + 1), compress: true }, // oversize entry
      { name: 'C1.jpg', data: await jpeg(10, 10) }, // outside the 2 x 3 grid
      { name: 'readme.txt', data: Buffer.from('hello') }, // not a cell reference
      { name: 'B3.svg', data: SVG },
    ]);
    // yazl refuses to write a ../ name; patch it in (same length; names are not covered by the CRC).
    zip = Buffer.from(zip.toString('latin1').replaceAll('zz/evil.jpg', '../evil.jpg'), 'latin1');
    expect(zip.includes(Buffer.from('../evil.jpg'))).toBe(true);

    const start = await http<{ upload_id: string; upload_url: string }>(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/start`, {
      token,
    });
    expect(start.status).toBe(200);
    const { upload_id, upload_url } = start.body;
    expect(upload_url.startsWith(s.ctx.config.adminUrl)).toBe(true);
    // complete before the ZIP arrives: refused
    expect((await http(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/complete`, { token, body: { upload_id } })).status).toBe(
      409,
    );
    const put = await fetch(upload_url, { method: 'PUT', headers: { 'content-type': 'application/zip' }, body: new Uint8Array(zip) });
    expect(put.status).toBe(200);
    const done = await http<{ status: string }>(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/complete`, {
      token,
      body: { upload_id },
    });
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('QUEUED');
    // another tenant cannot see it
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${otherSite}/bulk-upload/${upload_id}`, { token: otherToken })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${siteId}/bulk-upload/${upload_id}`, { token: otherToken })).status).toBe(404);

    await runJobs();
    const st = await http<{
      status: string;
      processed: number;
      total: number;
      placed: { cell: string; key: string; url: string }[];
      rejected: { name: string; reason: string }[];
    }>(s.adminUrl, 'GET', `/api/v1/sites/${siteId}/bulk-upload/${upload_id}`, { token, lang: 'en' });
    expect(st.status).toBe(200);
    expect(st.body.status).toBe('DONE');
    expect(st.body.processed).toBe(st.body.total);
    expect(st.body.placed.map((p) => p.cell).sort()).toEqual(['A1', 'A2', 'B1']);
    for (const p of st.body.placed) {
      expect(p.key).toMatch(new RegExp(`^sites/${siteId}/[0-9a-f-]{36}\\.(jpg|png)$`));
      expect(p.url).toBe(`${s.sitesUrl}/media/${p.key}`);
    }
    const reasons = Object.fromEntries(st.body.rejected.map((r) => [r.name, r.reason]));
    expect(Object.keys(reasons).sort()).toEqual(
      ['../evil.jpg', 'A3.jpg', 'B2.jpg', 'B3.svg', 'C1.jpg', 'photos/a1.png', 'readme.txt'].sort(),
    );
    expect(reasons['photos/a1.png']).toContain('More than one file for cell A1');
    expect(reasons['../evil.jpg']).toContain('Unsafe path');
    expect(reasons['A3.jpg']).toContain('exceeds 30 MB');
    expect(reasons['B2.jpg']).toContain('Format not supported');
    expect(reasons['B3.svg']).toContain('Format not supported');
    expect(reasons['C1.jpg']).toContain('outside the layout');
    expect(reasons['readme.txt']).toContain('not a cell reference');

    // the grid of the working copy: column = category, row = page
    const site = await http<{ categories: { pages: { image_url: string | null }[] }[] }>(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, {
      token,
    });
    const grid = site.body.categories.map((c) => c.pages.map((p) => p.image_url));
    const keyOf = (cell: string) => st.body.placed.find((p) => p.cell === cell)?.key;
    expect(grid[0]?.[0]).toBe(keyOf('A1'));
    expect(grid[0]?.[1]).toBe(keyOf('A2'));
    expect(grid[1]?.[0]).toBe(keyOf('B1'));
    expect(grid[0]?.[2]).toBeNull();

    // nothing outside the media folder; nothing left in the scratch area; no evil.jpg anywhere
    const all = walk(s.ctx.config.dataDir);
    expect(all.filter((f) => f.includes('evil'))).toEqual([]);
    const outside = all.filter((f) => !f.startsWith(s.ctx.config.mediaDir + path.sep));
    expect(outside).toEqual([]);
    // variants are made for the placed images
    await runJobs();
    for (const p of st.body.placed) expect(fs.existsSync(path.join(s.ctx.config.mediaDir, variantKey(p.key, 400)))).toBe(true);
  });

  it('a ZIP declared larger than 1 GB is refused before any byte is stored', async () => {
    const start = await http<{ upload_url: string }>(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/start`, { token });
    const url = new URL(start.body.upload_url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'PUT',
          headers: { 'content-length': String(LIMITS.zipBytes + 1) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write(Buffer.alloc(1024));
      // never send the rest: the server must answer from the declared length
    });
    expect(status).toBe(413);
  });

  it('a file that is not a ZIP fails cleanly with a message', async () => {
    const start = await http<{ upload_id: string; upload_url: string }>(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/start`, {
      token,
    });
    await fetch(start.body.upload_url, { method: 'PUT', body: new Uint8Array(HTML) });
    await http(s.adminUrl, 'POST', `/api/v1/sites/${siteId}/bulk-upload/complete`, { token, body: { upload_id: start.body.upload_id } });
    await runJobs();
    const st = await http<{ status: string; error: string }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${siteId}/bulk-upload/${start.body.upload_id}`,
      {
        token,
        lang: 'en',
      },
    );
    expect(st.body.status).toBe('FAILED');
    expect(st.body.error).toContain('cannot be read');
  });
});
