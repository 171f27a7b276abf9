import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';

// The caller's own account: the profile image through media's signed upload (content checked, 2 MB,
// JPG/JPEG/JFIF/PNG), shown in user-info. Deleting one's own account is contracts/own-account.test.ts.

let s: TestServer;
let base: string;
let masterId: number;
let plan: number;

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  plan = await makePlan(s.ctx);
  masterId = (await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@profile.test' })).id;
});
afterAll(async () => {
  await s?.drop();
});

const call = <T = Record<string, unknown>>(method: string, url: string, token: string, body?: unknown) =>
  http<T>(base, method, `/api/v1${url}`, { token, body, lang: 'en' });

type Signed = { uploads: { key: string; upload_url: string; method: string; headers: Record<string, string> }[] };

async function sign(token: string, file: { name: string; type: string; size: number }) {
  return call<Signed & { fields?: { path: string; message: string }[]; message?: string | string[] }>(
    'POST',
    '/sites/generate-upload-urls',
    token,
    {
      purpose: 'profile',
      files: [{ file_name: file.name, content_type: file.type, size_bytes: file.size, kind: 'image' }],
    },
  );
}

/** sign -> PUT -> complete, as the profile screen does. */
async function upload(token: string, bytes: Buffer, name: string, type: string) {
  const signed = await sign(token, { name, type, size: bytes.length });
  expect(signed.status).toBe(200);
  const u = signed.body.uploads[0] as Signed['uploads'][number];
  const put = await fetch(u.upload_url, { method: u.method, headers: u.headers, body: new Uint8Array(bytes) });
  expect(put.status).toBe(200);
  return call<{ url: string; content_type: string; message?: string | string[]; code?: string }>('POST', '/sites/complete-upload', token, {
    key: u.key,
  });
}

const png = (size = 250) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#3355aa' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 250, height: 250, channels: 3, background: '#aa5533' } })
    .jpeg()
    .toBuffer();

async function user(email: string, extra: { authority?: 'VIEW' | 'EDIT'; parentId?: number } = {}) {
  const row = await makeAccount(s.ctx, { parentId: extra.parentId ?? masterId, type: 'MASTER_USER', email, planId: plan, ...extra });
  return { id: row.id, access: (await login(base, email)).access };
}

describe('profile image', () => {
  it('a good image is checked, stored on the account and shown; removing it clears it', async () => {
    const u = await user('pic@profile.test', { authority: 'VIEW' });
    const done = await upload(u.access, await png(), 'me.png', 'image/png');
    expect(done.status).toBe(200);
    expect(done.body.content_type).toBe('image/png');
    const info = await call<{ profile_image_url: string }>('GET', '/auth/user-info', u.access);
    expect(info.body.profile_image_url).toBe(done.body.url);
    expect(info.body.profile_image_url).toContain(`/accounts/${u.id}/profile/`);
    const served = await fetch(info.body.profile_image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // a JPEG replaces it
    const second = await upload(u.access, await jpeg(), 'me.jfif', 'image/jpeg');
    expect(second.status).toBe(200);
    expect((await call<{ profile_image_url: string }>('GET', '/auth/user-info', u.access)).body.profile_image_url).toBe(second.body.url);
    const removed = await call<{ profile_image_url: string | null }>('DELETE', '/profile-image', u.access);
    expect(removed.status).toBe(200);
    expect(removed.body.profile_image_url).toBeNull();
    expect((await call<{ profile_image_url: string | null }>('GET', '/auth/user-info', u.access)).body.profile_image_url).toBeNull();
  });

  it('is decided by content: a renamed file with the wrong bytes is refused, a PNG named .jpg is a PNG', async () => {
    const u = await user('fake@profile.test');
    const text = await upload(u.access, Buffer.from('this is not an image at all, only text renamed to .jpg'), 'me.jpg', 'image/jpeg');
    expect(text.status).toBe(422);
    expect(String(text.body.message)).toContain('Format not supported (images: JPG, JPEG, JFIF, PNG).');
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(200, 1)]);
    expect((await upload(u.access, gif, 'me.jpg', 'image/jpeg')).status).toBe(422);
    expect((await call<{ profile_image_url: string | null }>('GET', '/auth/user-info', u.access)).body.profile_image_url).toBeNull();
    const renamed = await upload(u.access, await png(), 'me.jpg', 'image/jpeg');
    expect(renamed.status).toBe(200);
    expect(renamed.body.content_type).toBe('image/png');
  });

  it('refuses over 2 MB (declared or sent), other declared types, several files, and a site', async () => {
    const u = await user('big@profile.test');
    const over = await sign(u.access, { name: 'big.png', type: 'image/png', size: 2 * 1024 * 1024 + 1 });
    expect(over.status).toBe(422);
    expect(String(over.body.message)).toContain('The file size exceeds 2 MB.');
    expect((await sign(u.access, { name: 'x.heic', type: 'image/heic', size: 1000 })).status).toBe(422);
    expect((await sign(u.access, { name: 'x.mp4', type: 'video/mp4', size: 1000 })).status).toBe(422);
    // declared small, sent large: the signed URL takes no more than declared
    const small = await sign(u.access, { name: 'x.png', type: 'image/png', size: 1000 });
    const target = small.body.uploads[0] as Signed['uploads'][number];
    const put = await fetch(target.upload_url, { method: 'PUT', headers: target.headers, body: new Uint8Array(3 * 1024 * 1024) });
    expect(put.status).toBe(413);
    const two = await call('POST', '/sites/generate-upload-urls', u.access, {
      purpose: 'profile',
      files: [1, 2].map((i) => ({ file_name: `${i}.png`, content_type: 'image/png', size_bytes: 100, kind: 'image' })),
    });
    expect(two.status).toBe(422);
  });

  it("another account cannot complete someone's profile upload", async () => {
    const a = await user('a@profile.test');
    const b = await user('b@profile.test');
    const bytes = await png();
    const signed = await sign(a.access, { name: 'a.png', type: 'image/png', size: bytes.length });
    const u = signed.body.uploads[0] as Signed['uploads'][number];
    await fetch(u.upload_url, { method: u.method, headers: u.headers, body: new Uint8Array(bytes) });
    expect((await call('POST', '/sites/complete-upload', b.access, { key: u.key })).status).toBe(404);
    expect((await call<{ profile_image_url: string | null }>('GET', '/auth/user-info', b.access)).body.profile_image_url).toBeNull();
  });
});
