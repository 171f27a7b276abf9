import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { completeUpload, type Operator, operatorWithSite, putBytes, runJobs, signUploads } from './testkit.js';

// Upload formats (docs/decisions.md "Upload formats"): WebP and GIF images and WebM video are
// accepted besides JPEG, PNG, HEIC, MP4, MOV and MPEG; SVG, BMP, AVI, Matroska, FLV, WMV and Ogg are refused.
// Always by the bytes: the file's name and declared type decide nothing.

let s: TestServer;
let op: Operator;

beforeAll(async () => {
  s = await startTestServer();
  op = await operatorWithSite(s, 'formats');
});
afterAll(async () => {
  await s?.drop();
});

const solid = () => sharp({ create: { width: 300, height: 250, channels: 3, background: { r: 10, g: 140, b: 90 } } });
const le32 = (n: number) => Buffer.from([n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255]);
/** The start of a WebM file: an EBML header whose DocType is `docType`, then padding. */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType),
    Buffer.alloc(2000),
  ]);

/** sign (with the given name and declared type) -> PUT -> complete; answers the completion. */
async function upload(name: string, declared: string, kind: 'image' | 'video', body: Buffer) {
  const [u] = await signUploads(s, op, [{ file_name: name, content_type: declared, size_bytes: body.length, kind }]);
  if (!u) throw new Error('no upload URL');
  expect(await putBytes(u, body)).toBe(200);
  return completeUpload(s, op, u.key);
}

describe('accepted by content', () => {
  it('a WebP photo, with its size and webp variants', async () => {
    const r = await upload('phone.webp', 'image/webp', 'image', await solid().webp().toBuffer());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'image', content_type: 'image/webp', width: 300, height: 250 });
    await runJobs(s);
    const row = await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [r.body.key]);
    expect(row.status).toBe('READY');
  });
  it('a GIF', async () => {
    const r = await upload('anim.gif', 'image/gif', 'image', await solid().gif().toBuffer());
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'image', content_type: 'image/gif', width: 300, height: 250 });
  });
  it('a WebM video', async () => {
    const r = await upload('clip.webm', 'video/webm', 'video', ebml('webm'));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ kind: 'video', content_type: 'video/webm' });
  });
  it('a file whose extension lies is taken for what its bytes are', async () => {
    const r = await upload('photo.jpg', 'image/jpeg', 'image', await solid().png().toBuffer());
    expect(r.status).toBe(200);
    expect(r.body.content_type).toBe('image/png');
    const v = await upload('clip.mp4', 'video/mp4', 'video', ebml('webm'));
    expect(v.status).toBe(200);
    expect(v.body.content_type).toBe('video/webm');
  });
});

describe('refused by content, with a translated message and no field path', () => {
  const cases: [string, string, 'image' | 'video', () => Promise<Buffer> | Buffer][] = [
    ['logo.png (an SVG)', 'image/png', 'image', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
    [
      'scan.jpg (a BMP)',
      'image/jpeg',
      'image',
      () => Buffer.concat([Buffer.from('BM'), le32(2000), le32(0), le32(54), Buffer.alloc(2000)]),
    ],
    [
      'movie.mp4 (an AVI)',
      'video/mp4',
      'video',
      () => Buffer.concat([Buffer.from('RIFF'), le32(2000), Buffer.from('AVI LIST'), Buffer.alloc(2000)]),
    ],
    ['movie.webm (a Matroska file)', 'video/webm', 'video', () => ebml('matroska')],
    [
      'movie.mov (an FLV)',
      'video/quicktime',
      'video',
      () => Buffer.concat([Buffer.from('FLV'), Buffer.from([1, 5, 0, 0, 0, 9]), Buffer.alloc(2000)]),
    ],
    ['movie.mpeg (an Ogg)', 'video/mpeg', 'video', () => Buffer.concat([Buffer.from('OggS'), Buffer.alloc(2000)])],
    ['photo.webp (a WebM)', 'image/webp', 'image', () => ebml('webm')],
  ];
  for (const [name, declared, kind, make] of cases)
    it(name, async () => {
      const r = await upload(name, declared, kind, await make());
      expect(r.status).toBe(422);
      const field = (r.body.fields as { path: string; message: string }[])[0];
      expect(field?.message).toBe(
        kind === 'image'
          ? 'Format not supported (images: JPG, JPEG, JFIF, PNG, HEIC, WebP, GIF).'
          : 'Format not supported (videos: MP4, MOV, MPEG, WebM).',
      );
    });
  it('declared types outside the list are refused before any byte is sent', async () => {
    for (const [ct, kind] of [
      ['image/svg+xml', 'image'],
      ['image/bmp', 'image'],
      ['video/x-msvideo', 'video'],
      ['video/x-matroska', 'video'],
      ['video/x-flv', 'video'],
      ['video/x-ms-wmv', 'video'],
      ['video/ogg', 'video'],
    ] as const)
      await expect(signUploads(s, op, [{ file_name: 'x', content_type: ct, size_bytes: 10, kind }]), ct).rejects.toThrow(/422/);
  });
});
