import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { completeUpload, type Operator, operatorWithSite, putBytes, runJobs, signUploads, type Upload } from './testkit.js';

// A pending upload URL takes ONE body; what is checked is what is stored; a REJECTED
// object is never served; local uploads refuse a body larger than the size declared when signing.

let s: TestServer;
let op: Operator;

const jpeg = (w: number, h: number, r = 200) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r, g: 30, b: 90 } } })
    .jpeg()
    .toBuffer();
const sign = async (size: number) => {
  const [u] = await signUploads(s, op, [{ file_name: 'a.jpg', content_type: 'image/jpeg', size_bytes: size, kind: 'image' }]);
  return u as Upload;
};
const served = async (key: string) => {
  const r = await fetch(`${s.sitesUrl}/media/${key}`);
  return { status: r.status, body: Buffer.from(await r.arrayBuffer()) };
};

beforeAll(async () => {
  s = await startTestServer();
  op = await operatorWithSite(s, 'race');
});
afterAll(async () => {
  await s?.drop();
});

describe('signed upload URLs', () => {
  it('take one body: a second PUT is 404 and the first body is what is checked and stored', async () => {
    const good = await jpeg(64, 48);
    const other = await jpeg(64, 48, 10);
    const u = await sign(good.length);
    expect(await putBytes(u, good)).toBe(200);
    expect(await putBytes(u, other)).toBe(404);
    const c = await completeUpload(s, op, u.key);
    expect(c.status).toBe(200);
    expect((await served(u.key)).body.equals(good)).toBe(true);
  });
  it('two PUTs at once: exactly one body is taken', async () => {
    const a = await jpeg(64, 48);
    const u = await sign(a.length);
    const codes = (await Promise.all([putBytes(u, a), putBytes(u, a), putBytes(u, a)])).sort();
    expect(codes).toEqual([200, 404, 404]);
  });
  it('a body larger than the declared size is refused (413) and nothing is kept', async () => {
    const u = await sign(10);
    expect(await putBytes(u, Buffer.alloc(5 * 1024 * 1024, 1))).toBe(413);
    const c = await completeUpload(s, op, u.key);
    expect(c.status).toBe(422);
    expect((await served(u.key)).status).toBe(404);
  });
  it('completing twice at once: one call takes and checks the bytes, the other sees its outcome or 409', async () => {
    const a = await jpeg(80, 60);
    const u = await sign(a.length);
    expect(await putBytes(u, a)).toBe(200);
    const [x, y] = await Promise.all([completeUpload(s, op, u.key), completeUpload(s, op, u.key)]);
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual([x.status, y.status].sort());
    expect((await completeUpload(s, op, u.key)).status).toBe(200);
    expect((await served(u.key)).body.equals(a)).toBe(true);
  });
  it('an object the variants job rejects is no longer served', async () => {
    const a = await jpeg(64, 48);
    const u = await sign(a.length);
    expect(await putBytes(u, a)).toBe(200);
    expect((await completeUpload(s, op, u.key)).status).toBe(200);
    // the stored object turns out undecodable (what the job may find): it is refused for good
    await s.ctx.storage.put(u.key, Buffer.concat([a.subarray(0, 200), Buffer.alloc(400, 7)]), 'image/jpeg');
    await runJobs(s);
    const row = await s.ctx.db.one<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [u.key]);
    expect(row.status).toBe('REJECTED');
    expect((await served(u.key)).status).toBe(404);
  });
});
