import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { CLEANUP_JOB, PENDING_MAX_AGE_MS, removeStalePendingUploads } from './cleanup.js';
import { incomingDir } from './storage.js';
import { completeUpload, type Operator, operatorWithSite, putBytes, runJobs, signUploads, type Upload } from './testkit.js';

// Uploads granted a signed URL but never completed are removed with their bytes after a day; completed
// media is never touched. The job is scheduled when URLs are signed and reschedules itself.

let s: TestServer;
let op: Operator;

beforeAll(async () => {
  s = await startTestServer();
  op = await operatorWithSite(s, 'cleanup');
});
afterAll(async () => {
  await s?.drop();
});

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#c30' } })
    .png()
    .toBuffer();
const sign = async (n: number) =>
  signUploads(
    s,
    op,
    Array.from({ length: n }, (_, i) => ({ file_name: `f${i}.png`, content_type: 'image/png', size_bytes: 1000, kind: 'image' as const })),
  );
const idOf = async (u: Upload) => (await s.ctx.db.one<{ id: number }>('SELECT id FROM media WHERE storage_key = $1', [u.key])).id;
const statusOf = async (u: Upload) =>
  (await s.ctx.db.maybeOne<{ status: string }>('SELECT status FROM media WHERE storage_key = $1', [u.key]))?.status ?? null;
const age = (uploads: Upload[], hours: number) =>
  s.ctx.db.query(`UPDATE media SET created_at = now() - interval '${hours} hours' WHERE storage_key = ANY($1)`, [
    uploads.map((u) => u.key),
  ]);
const cleanupJobs = () =>
  s.ctx.db.query<{ status: string; run_at: string | Date; result: unknown }>(
    'SELECT status, run_at, result FROM jobs WHERE kind = $1 ORDER BY id',
    [CLEANUP_JOB],
  );
// due on the app's clock, which the worker reads (the database's now() has microseconds the clock has not yet reached)
const makeDue = () => s.ctx.db.query("UPDATE jobs SET run_at = $2 WHERE kind = $1 AND status = 'QUEUED'", [CLEANUP_JOB, s.ctx.clock.now()]);

describe('pending uploads cleanup', () => {
  it('signing URLs schedules one cleanup for when they come of age (24 h)', async () => {
    const before = Date.now();
    await sign(1);
    await sign(2);
    const jobs = await cleanupJobs();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.status).toBe('QUEUED');
    const at = new Date(jobs[0]?.run_at as string).getTime();
    expect(at).toBeGreaterThanOrEqual(before + PENDING_MAX_AGE_MS);
    expect(at).toBeLessThan(Date.now() + PENDING_MAX_AGE_MS + 5 * 60_000);
  });

  it('removes day-old pending uploads and their bytes, keeps completed and recent ones, and comes back later', async () => {
    await s.ctx.db.query("DELETE FROM media WHERE status = 'PENDING'");
    const [putOnly, never, done, fresh] = (await sign(4)) as [Upload, Upload, Upload, Upload];
    // bytes arrived but the upload was never completed; a broken stream left a part file too
    expect(await putBytes(putOnly, await png())).toBe(200);
    const incoming = incomingDir(s.ctx);
    const putFile = path.join(incoming, `media-${await idOf(putOnly)}`);
    expect(fs.existsSync(putFile)).toBe(true);
    const partFile = path.join(incoming, `media-${await idOf(never)}.abc.part`);
    fs.writeFileSync(partFile, 'partial');
    // a completed upload of the same age must survive with its bytes
    expect(await putBytes(done, await png())).toBe(200);
    expect((await completeUpload(s, op, done.key)).status).toBe(200);
    await runJobs(s); // its variants
    expect(await statusOf(done)).toBe('READY');
    const stored = path.join(s.ctx.config.mediaDir, done.key);
    expect(fs.existsSync(stored)).toBe(true);

    await age([putOnly, never, done], 25);
    await age([fresh], 23);
    // past the age, completing is no longer possible (the upload is as good as gone)
    const late = await completeUpload(s, op, putOnly.key);
    expect(late.status).toBe(404);

    await makeDue();
    expect(await runJobs(s)).toBe(1);
    expect(await statusOf(putOnly)).toBeNull();
    expect(await statusOf(never)).toBeNull();
    expect(fs.existsSync(putFile)).toBe(false);
    expect(fs.existsSync(partFile)).toBe(false);
    expect(await statusOf(done)).toBe('READY');
    expect(fs.existsSync(stored)).toBe(true);
    expect(await statusOf(fresh)).toBe('PENDING');
    // the next run is when the recent one is a day old (in about an hour), not before
    const [job] = await cleanupJobs();
    expect(job?.status).toBe('QUEUED');
    const next = new Date(job?.run_at as string).getTime();
    expect(next).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(next).toBeLessThan(Date.now() + 70 * 60_000);

    // once nothing is pending the job ends; signing the next URL schedules it again
    await age([fresh], 25);
    await makeDue();
    expect(await runJobs(s)).toBe(1);
    expect(await statusOf(fresh)).toBeNull();
    expect((await cleanupJobs()).map((j) => j.status)).toEqual(['DONE']);
    expect((await cleanupJobs())[0]?.result).toEqual({ removed: 1 });
    await sign(1);
    expect((await cleanupJobs()).map((j) => j.status)).toEqual(['DONE', 'QUEUED']);
  });

  it('rows and bytes go together: when removing bytes fails, every row of the batch stays', async () => {
    await s.ctx.db.query("DELETE FROM media WHERE status = 'PENDING'");
    const ups = await sign(3);
    await age(ups, 30);
    const storage = s.ctx.storage;
    const remove = storage.remove.bind(storage);
    const failing = ups[1]?.key;
    storage.remove = async (key: string) => {
      if (key === failing) throw new Error('store unavailable');
      return remove(key);
    };
    try {
      await expect(removeStalePendingUploads(s.ctx)).rejects.toThrow('store unavailable');
    } finally {
      storage.remove = remove;
    }
    for (const u of ups) expect(await statusOf(u)).toBe('PENDING');
    expect(await removeStalePendingUploads(s.ctx)).toBe(3);
    for (const u of ups) expect(await statusOf(u)).toBeNull();
  });

  it('a bulk ZIP upload never processed goes with its ZIP after a day; one being processed stays', async () => {
    const start = async () => {
      const r = await http<{ upload_id: string; upload_url: string }>(s.adminUrl, 'POST', `/api/v1/sites/${op.siteId}/bulk-upload/start`, {
        token: op.token,
      });
      expect(r.status).toBe(200);
      return r.body;
    };
    const stale = await start();
    const put = await fetch(stale.upload_url, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: Buffer.from('PK\x05\x06' + '\0'.repeat(18), 'latin1'),
    });
    expect(put.status).toBeLessThan(300);
    const zip = path.join(incomingDir(s.ctx), `bulk-${stale.upload_id}.zip`);
    expect(fs.existsSync(zip)).toBe(true);
    const fresh = await start();
    const busy = await start();
    await s.ctx.db.query("UPDATE bulk_uploads SET created_at = now() - interval '30 hours' WHERE id = ANY($1)", [
      [stale.upload_id, busy.upload_id],
    ]);
    await s.ctx.db.query("UPDATE bulk_uploads SET status = 'PROCESSING' WHERE id = $1", [busy.upload_id]);
    await s.ctx.db.query("DELETE FROM media WHERE status = 'PENDING'");
    expect(await removeStalePendingUploads(s.ctx)).toBe(1);
    const left = await s.ctx.db.query<{ id: string }>('SELECT id FROM bulk_uploads ORDER BY created_at');
    expect(left.map((r) => r.id).sort()).toEqual([fresh.upload_id, busy.upload_id].sort());
    expect(fs.existsSync(zip)).toBe(false);
  });
});
