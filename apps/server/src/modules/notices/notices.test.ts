import { type AccountType, noticeStatusAt } from '@swipe/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { runJobs } from '../../test/jobs.js';
import { type AccountRow, type Actor, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/repo.js';
import { createSite } from '../sites/service.js';
import { createNews, listOwnNews, newsFeed, refreshJob, updateNews } from './service.js';

// Latest information and system notifications: scheduled publish and expiry at their
// boundaries, who writes for whom along the tree, receivers by role, mark_as_read idempotent and scoped to
// the caller, validation, and the tenant matrix of every by-id route.

let s: TestServer;
const acc: Record<string, AccountRow> = {};
const tok: Record<string, string> = {};
const siteOf: Record<string, number> = {};

async function make(name: string, type: AccountType, parent: string | null, plan: number | null) {
  acc[name] = await makeAccount(s.ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@notices.test`,
    companyName: `${name} Inc`,
    planId: plan,
  });
}
const actor = async (name: string): Promise<Actor> =>
  actorFromRow((await findAccountById(s.ctx.db, (acc[name] as AccountRow).id)) as AccountRow);

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySite: 10 });
  await make('M', 'MASTER', null, plan);
  await make('O1', 'OEM_MASTER', 'M', plan);
  await make('O2', 'OEM_MASTER', 'M', plan);
  await make('A1', 'OEM_ADMIN', 'O1', plan);
  await make('U1', 'USER', 'A1', plan);
  await make('U2', 'USER', 'A1', plan);
  await make('MU1', 'MASTER_USER', 'M', plan);
  await make('S1', 'SUB_ADMIN', 'U1', null);
  await make('OS', 'SUB_ADMIN', 'O1', null);
  for (const name of ['U1', 'U2']) {
    const site = await createSite(s.ctx, await actor(name), {
      name: `${name} site`,
      numberHorizontal: 1,
      numberVertical: 1,
      defaultLanguage: 'ja',
      languages: ['ja'],
    });
    siteOf[name] = site.id;
  }
  for (const name of Object.keys(acc)) tok[name] = (await login(s.adminUrl, `${name.toLowerCase()}@notices.test`)).access;
});
afterAll(async () => {
  await s?.drop();
});

const call = <T = Record<string, unknown>>(who: string, method: string, url: string, body?: unknown, lang = 'en') =>
  http<T>(s.adminUrl, method, `/api/v1${url}`, { token: tok[who], body, lang });

type News = { id: number; title: string; status: string; scheduled: boolean; author_name: string; own: boolean };
type List<T> = { items: T[]; total: number };
type Noti = { id: number; title: string; read: boolean; status: string };
type Inbox = List<Noti> & { unread: number };

const titles = (l: { items: { title: string }[] }) => l.items.map((i) => i.title).sort();

describe('status at the boundaries', () => {
  it('is shown from the start (inclusive) until the end (exclusive)', () => {
    const n = { intent: 'PUBLIC' as const, startDate: '2030-01-01T00:00:00.000Z', endDate: '2030-01-02T00:00:00.000Z' };
    expect(noticeStatusAt(n, new Date(Date.parse(n.startDate) - 1))).toBe('UNPUBLIC');
    expect(noticeStatusAt(n, new Date(n.startDate))).toBe('PUBLIC');
    expect(noticeStatusAt(n, new Date(Date.parse(n.endDate) - 1))).toBe('PUBLIC');
    expect(noticeStatusAt(n, new Date(n.endDate))).toBe('EXPIRED');
    expect(noticeStatusAt({ ...n, intent: 'DRAFT' }, new Date(n.startDate))).toBe('DRAFT');
  });

  it('a scheduled news item is published exactly at its start and expires exactly at its end, by jobs queued at both', async () => {
    const start = new Date(Date.now() + 3_600_000);
    start.setMilliseconds(0);
    const end = new Date(start.getTime() + 3_600_000);
    const m = await actor('M');
    const n = await createNews(s.ctx, m, {
      title: 'Maintenance window',
      body: 'Tonight',
      publishType: 'SCHEDULED',
      intent: 'PUBLIC',
      startDate: start.toISOString(),
      endDate: end.toISOString(),
    });
    expect(n).toMatchObject({ status: 'UNPUBLIC', scheduled: true });
    const jobs = await s.ctx.db.query<{ run_at: Date }>(
      "SELECT run_at FROM jobs WHERE kind = 'notices.refresh' AND payload->>'id' = $1 ORDER BY run_at",
      [String(n.id)],
    );
    expect(jobs.map((j) => new Date(j.run_at).getTime())).toEqual([start.getTime(), end.getTime()]);

    const u1 = await actor('U1');
    const feedAt = async (t: number) => titles(await newsFeed(s.ctx, u1, { page: 1, pageSize: 50 }, new Date(t)));
    expect(await feedAt(start.getTime() - 1)).not.toContain('Maintenance window');
    expect(await feedAt(start.getTime())).toContain('Maintenance window');
    expect(await feedAt(end.getTime() - 1)).toContain('Maintenance window');
    expect(await feedAt(end.getTime())).not.toContain('Maintenance window');
    const own = (t: number, status: 'all' | 'expired' | 'published') =>
      listOwnNews(s.ctx, m, { page: 1, pageSize: 50, status, sort: 'created', order: 'desc' }, new Date(t));
    expect((await own(end.getTime(), 'expired')).items.map((i) => i.id)).toContain(n.id);
    expect((await own(end.getTime() - 1, 'published')).items.map((i) => i.id)).toContain(n.id);

    // the job at the start stores PUBLIC, the one at the end EXPIRED (the clock brought to each boundary)
    const stored = async () => (await s.ctx.db.one<{ status: string }>('SELECT status FROM news WHERE id = $1', [n.id])).status;
    expect(await stored()).toBe('UNPUBLIC');
    // the boundaries and their jobs moved to this moment of the app's clock (milliseconds, as the worker and the job
    // read it: the database's now() has microseconds, and within the same millisecond the job would not be due yet)
    await s.ctx.db.query("UPDATE news SET start_date = $2, end_date = $2::timestamptz + interval '1 hour' WHERE id = $1", [
      n.id,
      s.ctx.clock.now(),
    ]);
    await s.ctx.db.query("UPDATE jobs SET run_at = $3 WHERE kind = 'notices.refresh' AND payload->>'id' = $1 AND run_at = $2", [
      String(n.id),
      start,
      s.ctx.clock.now(),
    ]);
    await runJobs(s);
    expect(await stored()).toBe('PUBLIC');
    await s.ctx.db.query('UPDATE news SET end_date = $2 WHERE id = $1', [n.id, s.ctx.clock.now()]);
    await s.ctx.db.query("UPDATE jobs SET run_at = $2 WHERE kind = 'notices.refresh' AND payload->>'id' = $1 AND status = 'QUEUED'", [
      String(n.id),
      s.ctx.clock.now(),
    ]);
    await runJobs(s);
    expect(await stored()).toBe('EXPIRED');
  });

  it('changing the dates queues jobs at the new boundaries; a stale job changes nothing', async () => {
    const m = await actor('M');
    const base = Math.floor(Date.now() / 1000) * 1000;
    const at = (h: number) => new Date(base + h * 3_600_000).toISOString();
    const body = { title: 'Moved', body: '', publishType: 'SCHEDULED' as const, intent: 'PUBLIC' as const };
    const n = await createNews(s.ctx, m, { ...body, startDate: at(1), endDate: at(2) });
    await updateNews(s.ctx, m, n.id, { ...body, startDate: at(3), endDate: at(4) });
    const runs = await s.ctx.db.query<{ run_at: Date }>(
      "SELECT run_at FROM jobs WHERE kind = 'notices.refresh' AND payload->>'id' = $1 ORDER BY run_at",
      [String(n.id)],
    );
    expect(runs.map((r) => new Date(r.run_at).toISOString())).toEqual([at(1), at(2), at(3), at(4)]);
    // the old start's job runs (now): still before the new start, so nothing is shown
    await s.ctx.db.query("UPDATE jobs SET run_at = $3 WHERE kind = 'notices.refresh' AND payload->>'id' = $1 AND run_at = $2", [
      String(n.id),
      at(1),
      s.ctx.clock.now(),
    ]);
    await runJobs(s);
    expect((await s.ctx.db.one<{ status: string }>('SELECT status FROM news WHERE id = $1', [n.id])).status).toBe('UNPUBLIC');
  });
});

describe('latest information along the tree', () => {
  const post = (who: string, body: Record<string, unknown>) =>
    call<News>(who, 'POST', '/news', { publish_type: 'INSTANT', intent: 'PUBLIC', body: '', ...body });

  it('the master writes for everyone, an OEM for its subtree; readers see their ancestors', async () => {
    expect((await post('M', { title: 'From the platform' })).status).toBe(201);
    expect((await post('O1', { title: 'From O1' })).status).toBe(201);
    expect((await post('A1', { title: 'From A1' })).status).toBe(201);
    expect((await post('O2', { title: 'From O2' })).status).toBe(201);
    expect((await post('O1', { title: 'O1 draft', intent: 'DRAFT' })).status).toBe(201);
    expect((await post('OS', { title: 'By O1 staff' })).status).toBe(201);
    const feed = async (who: string) => {
      const r = await call<List<News>>(who, 'GET', '/news/feed?page_size=100');
      if (r.status !== 200) throw new Error(`${who}: ${r.status} ${JSON.stringify(r.body)}`);
      return titles(r.body);
    };
    expect(await feed('U1')).toEqual(expect.arrayContaining(['From the platform', 'From O1', 'From A1', 'By O1 staff']));
    expect(await feed('U1')).not.toContain('From O2');
    expect(await feed('U1')).not.toContain('O1 draft');
    expect(await feed('S1')).toEqual(await feed('U1'));
    expect(await feed('MU1')).toContain('From the platform');
    expect(await feed('MU1')).not.toContain('From O1');
    expect(await feed('A1')).not.toContain('From A1');
    expect(await feed('O2')).not.toContain('From O1');
    // the writer's own list has every status; staff write for their owner
    expect((await call<List<News>>('O1', 'GET', '/news?sort=title&order=asc')).body.total).toBeGreaterThanOrEqual(3);
    const own = (await call<List<News>>('O1', 'GET', '/news?status=draft')).body;
    expect(titles(own)).toEqual(['O1 draft']);
    const found = await call<List<News>>('O1', 'GET', '/news?search=staff');
    if (found.status !== 200) throw new Error(JSON.stringify(found.body));
    expect(titles(found.body)).toEqual(['By O1 staff']);
  });

  it('a distribution site addresses the news to that site operators only', async () => {
    const r = await post('O1', { title: 'For U1 only', distribution_site_id: siteOf.U1 });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ distribution_site_name: 'U1 site' });
    const feed = async (who: string) => titles((await call<List<News>>(who, 'GET', '/news/feed?page_size=100')).body);
    expect(await feed('U1')).toContain('For U1 only');
    expect(await feed('U2')).not.toContain('For U1 only');
    expect(await feed('A1')).not.toContain('For U1 only');
    expect((await call('U2', 'GET', `/news/${r.body.id}`)).status).toBe(404);
    expect((await call('U1', 'GET', `/news/${r.body.id}`)).status).toBe(200);
    // a site outside the writer's subtree: refused as a field
    expect((await post('O2', { title: 'x', distribution_site_id: siteOf.U1 })).status).toBe(422);
  });

  it('an image is a completed upload of the writer own (media, no site); anything else is 422', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const signed = await call<{ uploads: { key: string; upload_url: string; method: string; headers: Record<string, string> }[] }>(
      'O1',
      'POST',
      '/sites/generate-upload-urls',
      { files: [{ file_name: 'n.png', content_type: 'image/png', size_bytes: png.length, kind: 'image' }] },
    );
    expect(signed.status).toBe(200);
    const u = signed.body.uploads[0] as { key: string; upload_url: string; method: string; headers: Record<string, string> };
    const put = await fetch(u.upload_url, { method: u.method, headers: u.headers, body: new Uint8Array(png) });
    expect(put.status).toBe(200);
    const done = await call<{ url: string }>('O1', 'POST', '/sites/complete-upload', { key: u.key });
    expect(done.status).toBe(200);
    const r = await post('O1', { title: 'With image', image_url: done.body.url });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ image_url: done.body.url });
    // another writer cannot use it
    expect((await post('O2', { title: 'Borrowed', image_url: done.body.url })).status).toBe(422);
  });

  it('leaves and view-only staff do not write (403)', async () => {
    expect((await post('U1', { title: 'nope' })).status).toBe(403);
    expect((await post('MU1', { title: 'nope' })).status).toBe(403);
    expect((await call('U1', 'GET', '/news')).status).toBe(403);
  });

  it('bad input is 422 with translated messages, malformed input 400', async () => {
    const bad = await call<{ fields: { path: string; message: string }[] }>('O1', 'POST', '/news', {
      title: 'x'.repeat(51),
      url: 'not a url',
      body: 'y'.repeat(121),
      publish_type: 'SCHEDULED',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields.map((f) => f.path).sort()).toEqual(['body', 'startDate', 'title', 'url'].sort());
    const ja = await call<{ message: string }>('O1', 'POST', '/news', { title: '' }, 'ja');
    expect(ja.status).toBe(422);
    expect(String(ja.body.message)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    const range = await call('O1', 'POST', '/news', {
      title: 'x',
      publish_type: 'SCHEDULED',
      start_date: '2031-01-02T00:00:00Z',
      end_date: '2031-01-01T00:00:00Z',
    });
    expect(range.status).toBe(422);
    const image = await call('O1', 'POST', '/news', { title: 'x', image_url: 'https://evil.example/a.png' });
    expect(image.status).toBe(422);
    const raw = await http(s.adminUrl, 'POST', '/api/v1/news', {
      token: tok.O1,
      raw: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
  });
});

describe('system notifications', () => {
  let forOem = 0;
  let forMasterUsers = 0;
  let draft = 0;
  const create = (body: Record<string, unknown>) =>
    call<Noti>('M', 'POST', '/system_noti', { publish_type: 'INSTANT', intent: 'PUBLIC', body: 'b', ...body });

  beforeAll(async () => {
    forOem = (await create({ title: 'OEM masters', receiver_roles: ['OEM_MASTER'] })).body.id;
    forMasterUsers = (await create({ title: 'Master users', receiver_roles: ['MASTER_USER'] })).body.id;
    draft = (await create({ title: 'Draft', receiver_roles: ['OEM_ADMIN', 'USER', 'OEM_MASTER', 'MASTER_USER'], intent: 'DRAFT' })).body.id;
    await create({ title: 'Users', receiver_roles: ['USER'] });
  });

  it('only the platform master writes; receivers are chosen by role', async () => {
    expect((await call('O1', 'POST', '/system_noti', { title: 'x', receiver_roles: ['USER'] })).status).toBe(403);
    expect((await call('M', 'POST', '/system_noti', { title: 'x', receiver_roles: [] })).status).toBe(422);
    expect((await call('M', 'POST', '/system_noti', { title: 'x', receiver_roles: ['MASTER'] })).status).toBe(422);
    expect((await call<List<Noti>>('M', 'GET', '/system_noti?search=users')).body.total).toBe(2);
    const list = (await call<List<Noti>>('M', 'GET', '/system_noti?status=draft')).body;
    expect(titles(list)).toEqual(['Draft']);
  });

  it('an OEM admin never sees a notification meant for master users', async () => {
    const inbox = (await call<Inbox>('A1', 'GET', '/system_noti/show')).body;
    expect(inbox.items).toEqual([]);
    expect(inbox.unread).toBe(0);
    expect((await call('A1', 'GET', `/system_noti/${forMasterUsers}`)).status).toBe(404);
    expect((await call<{ unread: number }>('A1', 'PUT', '/system_noti/mark_as_read', { noti_ids: [forMasterUsers] })).status).toBe(200);
    expect((await s.ctx.db.query('SELECT 1 FROM system_notification_reads WHERE account_id = $1', [acc.A1?.id])).length).toBe(0);
    expect(titles((await call<Inbox>('MU1', 'GET', '/system_noti/show')).body)).toEqual(['Master users']);
  });

  it('mark_as_read is idempotent and scoped to the caller', async () => {
    const before = (await call<{ unread: number }>('O1', 'GET', '/system_noti/unread')).body.unread;
    expect(before).toBe(1);
    for (let i = 0; i < 2; i++) {
      const r = await call<{ unread: number }>('O1', 'PUT', '/system_noti/mark_as_read', {
        noti_ids: [forOem, forOem, forMasterUsers, draft, 999999],
      });
      expect(r.status).toBe(200);
      expect(r.body.unread).toBe(0);
    }
    const reads = await s.ctx.db.query<{ notification_id: number }>(
      'SELECT notification_id FROM system_notification_reads WHERE account_id = $1',
      [acc.O1?.id],
    );
    expect(reads.map((r) => Number(r.notification_id))).toEqual([forOem]);
    expect((await call<Inbox>('O1', 'GET', '/system_noti/show')).body.items[0]).toMatchObject({ id: forOem, read: true });
    // O1's staff reads as an OEM master, with its own marks
    expect((await call<{ unread: number }>('OS', 'GET', '/system_noti/unread')).body.unread).toBe(1);
    expect((await call<{ unread: number }>('O2', 'GET', '/system_noti/unread')).body.unread).toBe(1);
    // U1's staff reads as a user
    expect(titles((await call<Inbox>('S1', 'GET', '/system_noti/show')).body)).toEqual(['Users']);
    expect((await call('O1', 'PUT', '/system_noti/mark_as_read', { noti_ids: [] })).status).toBe(422);
    expect((await call('O1', 'PUT', '/system_noti/mark_as_read', { noti_ids: 'x' })).status).toBe(400);
  });
});

describe('tenant matrix: notices by id (another tenant id -> 404, nothing changes)', () => {
  let o1News = 0;
  let o1Draft = 0;
  let mNoti = 0;
  beforeAll(async () => {
    o1News = (await call<News>('O1', 'POST', '/news', { title: 'Matrix O1', publish_type: 'INSTANT', intent: 'PUBLIC' })).body.id;
    o1Draft = (await call<News>('O1', 'POST', '/news', { title: 'Matrix draft', intent: 'DRAFT' })).body.id;
    mNoti = (await call<Noti>('M', 'POST', '/system_noti', { title: 'Matrix MU', receiver_roles: ['MASTER_USER'] })).body.id;
  });
  const newsTitle = async (id: number) => (await s.ctx.db.maybeOne<{ title: string }>('SELECT title FROM news WHERE id = $1', [id]))?.title;
  const notiTitle = async (id: number) =>
    (await s.ctx.db.maybeOne<{ title: string }>('SELECT title FROM system_notifications WHERE id = $1', [id]))?.title;

  for (const who of ['O2', 'MU1', 'A1', 'U1', 'M']) {
    it(`${who}: GET, PUT, DELETE /news/{id} of O1 (not its own) -> 404`, async () => {
      if (who !== 'A1' && who !== 'U1') expect((await call(who, 'GET', `/news/${o1News}`)).status).toBe(404);
      expect((await call(who, 'GET', `/news/${o1Draft}`)).status).toBe(404);
      const put = await call(who, 'PUT', `/news/${o1News}`, { title: 'hijacked' });
      expect([403, 404]).toContain(put.status);
      if (['O2', 'A1', 'M'].includes(who)) expect(put.status).toBe(404);
      const del = await call(who, 'DELETE', `/news/${o1News}`);
      expect([403, 404]).toContain(del.status);
      if (['O2', 'A1', 'M'].includes(who)) expect(del.status).toBe(404);
      expect(await newsTitle(o1News)).toBe('Matrix O1');
    });
  }

  for (const who of ['O1', 'A1', 'U1', 'S1']) {
    it(`${who}: GET /system_noti/{id} not addressed to it -> 404; PUT and DELETE refused, nothing changes`, async () => {
      expect((await call(who, 'GET', `/system_noti/${mNoti}`)).status).toBe(404);
      expect([403, 404]).toContain((await call(who, 'PUT', `/system_noti/${mNoti}`, { title: 'x', receiver_roles: ['USER'] })).status);
      expect([403, 404]).toContain((await call(who, 'DELETE', `/system_noti/${mNoti}`)).status);
      expect(await notiTitle(mNoti)).toBe('Matrix MU');
    });
  }

  it('the master: a notification id that does not exist -> 404 on every by-id route', async () => {
    expect((await call('M', 'GET', '/system_noti/987654')).status).toBe(404);
    expect((await call('M', 'PUT', '/system_noti/987654', { title: 'x', receiver_roles: ['USER'] })).status).toBe(404);
    expect((await call('M', 'DELETE', '/system_noti/987654')).status).toBe(404);
  });

  it('the owner can still change and delete its own', async () => {
    expect((await call('O1', 'PUT', `/news/${o1Draft}`, { title: 'Matrix draft 2', intent: 'DRAFT' })).status).toBe(200);
    expect((await call('O1', 'DELETE', `/news/${o1Draft}`)).status).toBe(200);
    expect(await newsTitle(o1Draft)).toBeUndefined();
    expect((await call('M', 'DELETE', `/system_noti/${mNoti}`)).status).toBe(200);
  });
});

describe('business time (ctx.clock)', () => {
  it('scheduled news reaches the feed when the app clock passes its start, and leaves it at its end; the boundary job reads the clock', async () => {
    const start = Date.parse('2031-03-01T09:00:00+09:00');
    const r = await call<News>('O1', 'POST', '/news', {
      title: 'Clock news',
      body: '',
      publish_type: 'SCHEDULED',
      intent: 'PUBLIC',
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + 86_400_000).toISOString(),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: 'UNPUBLIC', scheduled: true });
    const inFeed = async () => titles((await call<List<News>>('A1', 'GET', '/news/feed?page_size=100')).body).includes('Clock news');
    const stored = async () => (await s.ctx.db.one<{ status: string }>('SELECT status FROM news WHERE id = $1', [r.body.id])).status;
    try {
      expect(await inFeed()).toBe(false);
      s.ctx.clock.set(new Date(start + 3_600_000), { frozen: true });
      expect(await inFeed()).toBe(true);
      // the job queued for the start runs once that moment has passed on the app's clock, and stores it
      await refreshJob(s.ctx, { table: 'news', id: r.body.id });
      expect(await stored()).toBe('PUBLIC');
      s.ctx.clock.set(new Date(start + 2 * 86_400_000), { frozen: true });
      expect(await inFeed()).toBe(false);
      await refreshJob(s.ctx, { table: 'news', id: r.body.id });
      expect(await stored()).toBe('EXPIRED');
    } finally {
      s.ctx.clock.reset();
    }
  });
});
