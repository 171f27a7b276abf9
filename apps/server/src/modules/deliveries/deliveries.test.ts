import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { dropDeliveries } from './service.js';

// Notification delivery: an operator's banner notifications of one site through real HTTP;
// a change reaches the viewer's banner API at once (no restart); another tenant gets 404 and changes nothing.

let s: TestServer;
let a: Fixture;
let b: Fixture;
const tok: Record<string, string> = {};
type View = { id: number; title: string; state: string; lang: string | null; status: string };
type Banner = { items: { id: number; title: string; content: string; image_url: string | null; news_url: string | null }[] };
const day = 86_400_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

beforeAll(async () => {
  s = await startTestServer();
  a = await makeVisitorSite(s.ctx, { email: 'a@deliveries.test' });
  b = await makeVisitorSite(s.ctx, { email: 'b@deliveries.test' });
  tok.a = (await login(s.adminUrl, 'a@deliveries.test')).access;
  tok.b = (await login(s.adminUrl, 'b@deliveries.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

const banner = async (siteId: number, lang = 'ja') =>
  (await http<Banner>(s.sitesUrl, 'GET', `/api/v1/end-user/noti_delivery?site_id=${siteId}&lang=${lang}`)).body.items;
const create = (siteId: number, body: Record<string, unknown>, token = tok.a) =>
  http<View & { message?: string; fields?: { path: string; message: string }[] }>(
    s.adminUrl,
    'POST',
    `/api/v1/sites/${siteId}/notification-deliveries`,
    { token, body, lang: 'en' },
  );

describe('notification delivery', () => {
  it('creates, lists, updates and deletes, and the banner follows each change at once', async () => {
    expect(await banner(a.siteId)).toEqual([]);
    // the banner API was asked (and cached) before the change: the next request still shows the new one
    const r = await create(a.siteId, {
      title: 'Spring sale',
      content: 'Everything 20% off',
      news_url: 'https://example.com/sale',
      image_url: 'sites/1/banner.png',
      start_date: at(-day),
      end_date: at(day),
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ title: 'Spring sale', state: 'live', lang: null, status: 'PUBLIC' });
    const shown = await banner(a.siteId);
    expect(shown).toEqual([expect.objectContaining({ id: r.body.id, title: 'Spring sale', news_url: 'https://example.com/sale' })]);
    expect(shown[0]?.image_url).toMatch(/\/media\/sites\/1\/banner\.png$/);
    expect(await banner(a.siteId, 'en')).toHaveLength(1);

    const id = r.body.id;
    const upd = await http<View>(s.adminUrl, 'PUT', `/api/v1/notification-deliveries/${id}`, {
      token: tok.a,
      body: { title: 'Summer sale', content: 'x', lang: 'en', start_date: at(-day), end_date: at(day) },
    });
    expect(upd.status).toBe(200);
    expect(await banner(a.siteId, 'ja')).toEqual([]);
    expect((await banner(a.siteId, 'en')).map((n) => n.title)).toEqual(['Summer sale']);

    // hidden and scheduled ones are not shown; the list filters by state and searches
    await create(a.siteId, { title: 'Later', start_date: at(day), end_date: at(2 * day) });
    await create(a.siteId, { title: 'Draft', status: 'DRAFT' });
    expect((await banner(a.siteId, 'en')).map((n) => n.title)).toEqual(['Summer sale']);
    const list = await http<{ items: View[]; total: number; site: { languages: string[] } }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${a.siteId}/notification-deliveries?state=scheduled`,
      { token: tok.a },
    );
    expect(list.body.items.map((x) => x.title)).toEqual(['Later']);
    expect(list.body.site.languages).toEqual(['ja', 'en']);
    const found = await http<{ items: View[] }>(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}/notification-deliveries?search=summer`, {
      token: tok.a,
    });
    expect(found.body.items.map((x) => x.id)).toEqual([id]);
    expect((await http<View>(s.adminUrl, 'GET', `/api/v1/notification-deliveries/${id}`, { token: tok.a })).body.title).toBe('Summer sale');

    const del = await http(s.adminUrl, 'DELETE', `/api/v1/notification-deliveries/${id}`, { token: tok.a });
    expect(del.status).toBe(200);
    expect(await banner(a.siteId, 'en')).toEqual([]);
  });

  it('refuses bad input with translated field messages, storing nothing', async () => {
    const before = (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notification_deliveries')).n;
    const cases: [string, Record<string, unknown>, string][] = [
      ['no title', { title: ' ' }, 'title'],
      ['long content', { title: 't', content: 'x'.repeat(121) }, 'content'],
      ['bad url', { title: 't', news_url: 'javascript:alert(1)' }, 'newsUrl'],
      ['long url', { title: 't', news_url: `https://e.com/${'x'.repeat(250)}` }, 'newsUrl'],
      ['end before start', { title: 't', start_date: at(day), end_date: at(-day) }, 'endDate'],
      ['start without end', { title: 't', start_date: at(day) }, 'endDate'],
      ['language of no site', { title: 't', lang: 'kr' }, 'lang'],
      ['bad image', { title: 't', image_url: 'javascript:alert(1)' }, 'imageUrl'],
    ];
    for (const [name, body, field] of cases) {
      const r = await create(a.siteId, body);
      expect(r.status, name).toBe(422);
      expect(
        r.body.fields?.map((f) => f.path),
        name,
      ).toContain(field);
    }
    const ja = await http<{ fields: { message: string }[] }>(s.adminUrl, 'POST', `/api/v1/sites/${a.siteId}/notification-deliveries`, {
      token: tok.a,
      lang: 'ja',
      body: { title: 't', content: 'x'.repeat(121) },
    });
    const en = await create(a.siteId, { title: 't', content: 'x'.repeat(121) });
    expect(ja.body.fields[0]?.message).not.toBe(en.body.fields?.[0]?.message);
    expect((await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM notification_deliveries')).n).toBe(before);
  });

  it("answers 404 for another tenant's site and delivery, and changes nothing", async () => {
    const mine = await create(a.siteId, { title: 'Mine' });
    const id = mine.body.id;
    expect((await create(a.siteId, { title: 'x' }, tok.b)).status).toBe(404);
    for (const [method, path, body] of [
      ['GET', `/api/v1/sites/${a.siteId}/notification-deliveries`, undefined],
      ['GET', `/api/v1/notification-deliveries/${id}`, undefined],
      ['PUT', `/api/v1/notification-deliveries/${id}`, { title: 'Hijacked' }],
      ['DELETE', `/api/v1/notification-deliveries/${id}`, undefined],
    ] as const) {
      const r = await http(s.adminUrl, method, path, { token: tok.b, body });
      expect(r.status, `${method} ${path}`).toBe(404);
    }
    expect((await http(s.adminUrl, 'GET', '/api/v1/notification-deliveries/999999999', { token: tok.a })).status).toBe(404);
    expect((await http<View>(s.adminUrl, 'GET', `/api/v1/notification-deliveries/${id}`, { token: tok.a })).body.title).toBe('Mine');
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${b.siteId}/notification-deliveries`, { token: tok.b })).status).toBe(200);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}/notification-deliveries`)).status).toBe(401);
  });
});

describe('business time (ctx.clock)', () => {
  it('a delivery is scheduled, live and ended as the app clock moves, in the operator list and the banner', async () => {
    const start = Date.parse('2031-05-01T00:00:00+09:00');
    const r = await create(a.siteId, {
      title: 'Golden week',
      content: 'Open every day',
      start_date: new Date(start).toISOString(),
      end_date: new Date(start + 7 * day).toISOString(),
    });
    expect(r.status).toBe(201);
    const state = async () =>
      (
        await http<{ items: View[] }>(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}/notification-deliveries?page_size=100`, {
          token: tok.a,
        })
      ).body.items.find((x) => x.id === r.body.id)?.state;
    const shown = async () => (await banner(a.siteId)).some((x) => x.id === r.body.id);
    try {
      expect(await state()).toBe('scheduled');
      s.ctx.clock.set(new Date(start + day), { frozen: true });
      expect(await state()).toBe('live');
      // the banner's cache holds a window for a short while (real time): dropped here, as a change would
      await dropDeliveries(s.ctx, a.siteId);
      expect(await shown()).toBe(true);
      s.ctx.clock.set(new Date(start + 8 * day), { frozen: true });
      expect(await state()).toBe('ended');
      // the banner's cache holds a window for a short while (real time): dropped here, as a change would
      await dropDeliveries(s.ctx, a.siteId);
      expect(await shown()).toBe(false);
    } finally {
      s.ctx.clock.reset();
    }
  });
});
