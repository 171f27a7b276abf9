import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { http, login, makeAccount, makePlan, type TestServer } from '../../test/helpers.js';
import { emptyDocument } from '../sites/service.js';
import { hasFfmpeg } from './jobs.js';

// Shared by the media tests (not a test itself): an operator with a site, the signed-upload round trip
// through real HTTP (sign, PUT, complete), the worker, and small real videos made by ffmpeg.

export interface Operator {
  token: string;
  siteId: number;
}

/** A master, one of its users on a plan, and a 1 x 1 site of that user. */
export async function operatorWithSite(s: TestServer, tag: string): Promise<Operator> {
  const plan = await makePlan(s.ctx, { quantitySwipe: 50 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: `m@${tag}.test` });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: `u@${tag}.test`, planId: plan });
  const token = (await login(s.adminUrl, `u@${tag}.test`)).access;
  const site = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token,
    body: { name: 'Media', number_horizontal: 1, number_vertical: 1 },
  });
  if (site.status !== 201) throw new Error(`site not created: ${site.status}`);
  return { token, siteId: site.body.id };
}

export type Upload = { key: string; upload_url: string; method: string; headers: Record<string, string> };

export async function signUploads(
  s: TestServer,
  op: Operator,
  files: { file_name: string; content_type: string; size_bytes: number; kind: 'image' | 'video' }[],
): Promise<Upload[]> {
  const r = await http<{ uploads: Upload[] }>(s.adminUrl, 'POST', '/api/v1/sites/generate-upload-urls', {
    token: op.token,
    lang: 'en',
    body: { site_id: op.siteId, files },
  });
  if (r.status !== 200) throw new Error(`generate-upload-urls: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.uploads;
}

export async function putBytes(u: Upload, body: Buffer): Promise<number> {
  const r = await fetch(u.upload_url, { method: u.method, headers: u.headers, body: new Uint8Array(body) });
  await r.arrayBuffer();
  return r.status;
}

export function completeUpload(s: TestServer, op: Operator, key: string) {
  return http<Record<string, unknown>>(s.adminUrl, 'POST', '/api/v1/sites/complete-upload', {
    token: op.token,
    lang: 'en',
    body: { key },
  });
}

/** sign -> PUT -> complete, as the editor does */
export async function uploadThrough(s: TestServer, op: Operator, body: Buffer, declared: string, kind: 'image' | 'video') {
  const [u] = await signUploads(s, op, [{ file_name: `f.${kind}`, content_type: declared, size_bytes: body.length, kind }]);
  if (!u) throw new Error('no upload URL');
  const put = await putBytes(u, body);
  if (put !== 200) throw new Error(`PUT to the signed URL: ${put}`);
  return { key: u.key, res: await completeUpload(s, op, u.key) };
}

/** Runs every due job with the real handlers (shared test helper, moved to test/jobs.ts). */
export { runJobs } from '../../test/jobs.js';

/** Saves the 1 x 1 site with its one page set as given (draft or publish). */
export async function savePage(s: TestServer, op: Operator, page: Record<string, unknown>, action: 'draft' | 'publish') {
  const doc = emptyDocument({ name: 'Media', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'ja', languages: ['ja'] });
  doc.categories = [{ pages: [page] }];
  const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${op.siteId}`, { token: op.token, body: { action, document: doc } });
  if (r.status !== 200) throw new Error(`save site: ${r.status} ${JSON.stringify(r.body)}`);
}

export const NO_FFMPEG = 'ffmpeg is not installed: these tests need it (apt-get install -y ffmpeg; .ci/run installs it when missing)';

/** A small real MP4 (H.264 test pattern with an AAC tone) made by ffmpeg itself. */
export function makeMp4(seconds: number, size = '320x240'): Buffer {
  if (!hasFfmpeg()) throw new Error(NO_FFMPEG);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-mp4-'));
  const out = path.join(dir, 'x.mp4');
  try {
    const r = spawnSync(
      'ffmpeg',
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${size}:rate=10`,
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        String(seconds),
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-c:a',
        'aac',
        '-movflags',
        '+faststart',
        out,
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (r.status !== 0) throw new Error(`ffmpeg could not make the test video: ${r.stderr}`);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The segment names a VOD playlist lists. */
export function playlistSegments(m3u8: string): string[] {
  return m3u8
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}
