import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { saltDays } from './repo/salts.js';
import { refreshRollups } from './rollup.js';
import { forgetOldSalts, saltFor } from './visitors.js';

// Visits end to end, through the visitors' HTTP endpoints and the analysis API, on business time that the test
// moves: a phone landing from a campaign that converts twice, a deep link that bounces, reloads, a campaign
// change inside 30 minutes, a return after 31 minutes (the clock moved), Japan midnight, Global Privacy Control
// and a bot that sends a form. Every figure is compared with a count written here by hand.
// Then privacy: no column of any table holds a cookie id, an unsalted hash of it or of the address, and the
// salt of the day before yesterday is gone.

const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const DAY1 = '2026-11-15';
const DAY2 = '2026-11-16';
const T = (hms: string, day = DAY1) => Date.parse(`${day}T${hms}+09:00`);

let s: TestServer;
let clock: Clock;
let siteId = 0;
let token = '';
let a1 = 0;
let a2 = 0;
let b1 = 0;
const SIDS = {
  P: 'phone-visitor-0123456789abcdef',
  D: 'desk-visitor-0123456789abcdef',
  R: 'reload-visitor-0123456789abcdef',
  C: 'campaign-visitor-0123456789abcdef',
  Q: 'quiet-visitor-0123456789abcdef',
  M: 'midnight-visitor-0123456789abcdef',
  G: 'gpc-visitor-0123456789abcdef',
  B: 'bot-visitor-0123456789abcdef',
};
let seq = 0;
type Ev = Record<string, unknown>;
const pv = (page: number, at: number, data: Ev = {}): Ev => ({ event: 'page_view', page_id: page, at, data });

async function send(sid: string | null, events: Ev[], headers: Record<string, string> = {}) {
  const r = await http<{ accepted: number }>(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
    body: { events: events.map((e) => ({ id: `ev-${++seq}-0123456789abcdef`, site_id: siteId, ...e })) },
    headers: { 'user-agent': UA, ...(sid ? { cookie: `swipe_sid=${sid}` } : {}), ...headers },
  });
  expect(r.status).toBe(202);
  return r;
}
const contact = (sid: string, headers: Record<string, string> = {}) =>
  http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${siteId}/contact`, {
    body: { data: { email: 'buyer@example.com', company_name: 'Acme', topic: 'Press', message: 'Hi' } },
    headers: { 'user-agent': UA, cookie: `swipe_sid=${sid}; cv_page_id=${a2}`, ...headers },
  });
const get = (path: string) => http(s.adminUrl, 'GET', `/api/v1/analysis/site/${siteId}${path}`, { token });

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  clock = new Clock().set(`${DAY1}T12:00:00+09:00`);
  // webhooks on (to an address nobody answers: the message stays stored), so the privacy scan reads their bodies too
  s = await startTestServer({ webhookAllowPrivate: true }, { clock });
  const f = await makeVisitorSite(s.ctx, { email: 'visits-owner@visitors.test' });
  siteId = f.siteId;
  const ps = await getPublishedSite(s.ctx, siteId);
  const cats = ps?.document.categories ?? [];
  [a1, a2, b1] = [cats[0]?.pages[0]?.id, cats[0]?.pages[1]?.id, cats[1]?.pages[0]?.id].map(Number) as [number, number, number];
  token = (await login(s.adminUrl, 'visits-owner@visitors.test')).access;
  const hook = await http(s.adminUrl, 'PUT', '/api/v1/integrations/settings', {
    token,
    body: { enabled: true, auth_method: 'API_KEY', webhook_url: 'http://127.0.0.1:9/hook' },
  });
  expect(hook.status).toBe(200);

  const { P, D, R, C, Q, M, G, B } = SIDS;
  // (the clock starts at 12:00: the explicit times below are before it, as a browser's queued events are; later
  // ones are sent once the clock has reached them, as a browser sends them: one stamped ahead would be moved back)
  // P: a phone from a Google ad (with term, content and referrer): A1 5 s, A2 1.74 s, a CTA tap, two contact forms
  await send(P, [
    pv(a1, T('11:50:00'), {
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'nov',
      utm_term: 'shoes',
      utm_content: 'ad1',
      referrer: 'https://www.google.com/search?q=private',
    }),
    { event: 'page_leave', page_id: a1, at: T('11:50:05'), dwell_ms: 5000 },
    pv(a2, T('11:50:05') + 1),
    { event: 'page_leave', page_id: a2, at: T('11:50:06') + 741, dwell_ms: 1740 },
    { event: 'click_cta_btn', page_id: a2, at: T('11:50:06') + 800 },
  ]);
  expect((await contact(P)).status).toBe(201);
  expect((await contact(P)).status).toBe(201);
  // D: a desktop deep link to B1, left after half a second (a view, not a dwell): a bounce
  await send(D, [pv(b1, T('11:51:00')), { event: 'page_leave', page_id: b1, at: T('11:51:00') + 500, dwell_ms: 500 }], {
    'user-agent': DESKTOP,
  });
  // R: A1 and a reload 10 s later: two page views, no bounce
  await send(R, [pv(a1, T('11:52:00')), pv(a1, T('11:52:10'))]);
  // C: Google, then 5 minutes later a LINE campaign: two visits, both bounces
  await send(C, [pv(a1, T('11:53:00'), { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'nov' })]);
  await send(C, [pv(a1, T('11:58:00'), { utm_source: 'line', utm_medium: 'social', utm_campaign: 'nov' })]);
  // G: Global Privacy Control: a page view without a visitor
  const gpc = await send(G, [pv(a1, T('11:55:00'))], { 'sec-gpc': '1' });
  expect(gpc.headers.get('set-cookie')).toBeNull();
  // B: a bot views A1 and sends the contact form: nothing counted (its submission is stored)
  await send(B, [pv(a1, T('11:56:00'))], { 'user-agent': BOT });
  expect((await contact(B, { 'user-agent': BOT })).status).toBe(201);
  // Q: now, then 31 minutes later on the moved clock: two visits
  await send(Q, [pv(a1, clock.nowMs())]);
  clock.advance(31 * 60_000);
  await send(Q, [pv(a1, clock.nowMs())]);
  // P comes back at 12:40 from a mail campaign: another visit (a bounce), its conversions stay with the first
  clock.set(new Date(T('12:40:00')));
  await send(P, [pv(a1, T('12:40:00'), { utm_source: 'mail', utm_medium: 'email', utm_campaign: 'nov2' })]);
  // M: one page just before Japan midnight, one just after: a visit on each day, another visitor id each day
  clock.set(new Date(T('23:59:30')));
  await send(M, [pv(a1, T('23:59:30'))]);
  clock.set(new Date(T('00:00:30', DAY2)));
  await send(M, [pv(a1, T('00:00:30', DAY2))]);
  await refreshRollups(s.ctx, siteId, DAY1);
  await refreshRollups(s.ctx, siteId, DAY2);
}, 120_000);
afterAll(async () => {
  await s?.drop();
});

describe('visits', () => {
  it('day 1: visitors, visits, bounces, conversions and CV rate as counted by hand', async () => {
    // visitors P D R C Q M (G has no id, B is a bot); visits P 2, D, R, C 2, Q 2, M; page views P 3, D, R 2, C 2,
    // Q 2, G, M; bounces P's second, D, C 2, Q 2, M; conversions 2 by one visitor (P): CV rate 1 / 6
    const r = await get(`/lp?from=${DAY1}&to=${DAY1}`);
    expect(r.status).toBe(200);
    expect(r.body.totals).toEqual({
      visitors: 6,
      page_views: 12,
      conversions: 2,
      cta_clicks: 1,
      cv_rate: 1 / 6,
      visits: 9,
      converting_visitors: 1,
      bounces: 7,
      bounce_rate: 7 / 9,
      // P's first visit 6.802 s (to its second conversion), D 0.5 s, R 10 s: 17.302 s / 9 visits
      visit_duration: 1.9,
    });
    // the period: M counts on both days
    const both = await get(`/lp?from=${DAY1}&to=${DAY2}`);
    expect(both.body.totals).toMatchObject({ visitors: 7, visits: 10, bounces: 8, conversions: 2, converting_visitors: 1 });
  });

  it('campaigns and referrers: each visit in one row, so their conversions add up to the site’s', async () => {
    const u = await get(`/utm?from=${DAY1}&to=${DAY1}`);
    const row = (visits: number, visitors: number, conversions: number, converting: number, bounces: number) => ({
      visits,
      visitors,
      conversions,
      converting_visitors: converting,
      bounces,
      cv_rate: converting / visitors,
      bounce_rate: bounces / visits,
    });
    const key = (source: string, medium: string, campaign: string, term = '', content = '') => ({
      source,
      medium,
      campaign,
      term,
      content,
    });
    expect(u.body.items).toEqual([
      { ...key('', '', ''), ...row(5, 4, 0, 0, 4) },
      { ...key('google', 'cpc', 'nov'), ...row(1, 1, 0, 0, 1) },
      { ...key('google', 'cpc', 'nov', 'shoes', 'ad1'), ...row(1, 1, 2, 1, 0) },
      { ...key('line', 'social', 'nov'), ...row(1, 1, 0, 0, 1) },
      { ...key('mail', 'email', 'nov2'), ...row(1, 1, 0, 0, 1) },
    ]);
    const ref = await get(`/referrers?from=${DAY1}&to=${DAY1}`);
    expect(ref.body.items).toEqual([
      { host: '', ...row(8, 6, 0, 0, 7) },
      { host: 'google.com', ...row(1, 1, 2, 1, 0) },
    ]);
  });

  it('pages: entries, exits, bounces, dwell to 0.1 s with its n (views under 1 s left out), conversions', async () => {
    const r = await get(`/pages?from=${DAY1}&to=${DAY1}`);
    const by = new Map((r.body.items as Record<string, unknown>[]).map((p) => [p.page_id, p]));
    expect(by.get(a1)).toMatchObject({
      views: 10,
      visitors: 5,
      entries: 8,
      exits: 7,
      bounces: 6,
      bounce_rate: 6 / 8,
      median_dwell: 5,
      mean_dwell: 5,
      dwell_count: 1,
      conversions: 0,
    });
    expect(by.get(a2)).toMatchObject({
      views: 1,
      visitors: 1,
      entries: 0,
      exits: 1,
      median_dwell: 1.7,
      mean_dwell: 1.7,
      dwell_count: 1,
      cta_clicks: 1,
      conversions: 2,
      converting_visitors: 1,
    });
    expect(by.get(b1)).toMatchObject({ views: 1, entries: 1, exits: 1, bounces: 1, median_dwell: null, dwell_count: 0 });
    const ranking = (await get(`/lp?from=${DAY1}&to=${DAY1}`)).body.totals as { conversions: number };
    const sum = (xs: Record<string, unknown>[]) => xs.reduce((t, x) => t + Number(x.conversions), 0);
    expect(sum(r.body.items as Record<string, unknown>[])).toBe(ranking.conversions);
  });

  it('the visitor cookie lives until Japan midnight and is set only once an id is stored', async () => {
    // business time back to 12:31 on day 1 (the visits above are stored and rolled up)
    clock.set(new Date(T('12:31:00')));
    const fresh = await send(null, [pv(a1, clock.nowMs())]);
    const cookie = fresh.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^swipe_sid=[\w-]{16,64};/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    // the clock stands a little after 12:31 in Japan: 11 h 29 min to midnight, less the test's own seconds
    expect(maxAge).toBeLessThanOrEqual(11 * 3600 + 29 * 60);
    expect(maxAge).toBeGreaterThan(11 * 3600);
    const bot = await send(null, [pv(a1, clock.nowMs())], { 'user-agent': BOT });
    expect(bot.headers.get('set-cookie')).toBeNull();
  });
});

describe('privacy', () => {
  const hex = (alg: string, v: string) => createHash(alg).update(v).digest('hex');
  const b64 = (alg: string, v: string) => createHash(alg).update(v).digest('base64');

  it('no column of any table holds a cookie id, an unsalted hash of one, or an unsalted hash of the address', async () => {
    const needles: string[] = [];
    for (const sid of Object.values(SIDS)) {
      needles.push(sid);
      for (const alg of ['md5', 'sha1', 'sha256']) needles.push(hex(alg, sid), b64(alg, sid));
      needles.push(hex('sha256', `${siteId}:${sid}`));
    }
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) needles.push(hex('sha256', `ip:${ip}`).slice(0, 32), hex('sha256', ip));
    const cols = await s.ctx.db.query<{ table_name: string; column_name: string }>(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
        WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'analytics\\_events\\_%'
        ORDER BY 1, 2`,
    );
    expect(cols.some((c) => c.table_name === 'analytics_visits')).toBe(true);
    expect(cols.some((c) => c.table_name === 'form_submissions' && c.column_name === 'ip_hash')).toBe(true);
    // every needle as a case-insensitive pattern (base64's + / = as any character)
    const pattern = needles.map((x) => x.replace(/[^\w-]/g, '.')).join('|');
    const found: string[] = [];
    for (const c of cols) {
      const hit = await s.ctx.db.maybeOne<{ v: string }>(
        `SELECT "${c.column_name}"::text AS v FROM "${c.table_name}" WHERE "${c.column_name}"::text ~* $1 LIMIT 1`,
        [pattern],
      );
      if (hit) found.push(`${c.table_name}.${c.column_name}: ${hit.v.slice(0, 80)}`);
    }
    expect(found).toEqual([]);
    // the webhook messages were there to be read: one a submission
    const hooks = await s.ctx.db.query<{ body: string }>('SELECT body FROM webhook_messages WHERE site_id = $1', [siteId]);
    expect(hooks.length).toBe(3);
    expect(JSON.parse(hooks[0]?.body ?? '{}').visit).toEqual({ page_id: a2, cta_id: null, source: null });
    // the submissions' address digests are there, keyed (none is a plain hash: checked above)
    const subs = await s.ctx.db.query<{ ip_hash: string | null }>('SELECT ip_hash FROM form_submissions WHERE site_id = $1', [siteId]);
    expect(subs.length).toBe(3);
    for (const x of subs) expect(x.ip_hash).toMatch(/^[0-9a-f]{32}$/);
    // and the stored daily ids of the day are there: the search would have found a raw id
    const ids = await s.ctx.db.query<{ v: string }>(
      'SELECT DISTINCT session_id AS v FROM analytics_events WHERE site_id = $1 AND session_id IS NOT NULL AND occurred_at < $2',
      [siteId, new Date(T('00:00:00', DAY2)).toISOString()],
    );
    expect(ids.length).toBeGreaterThanOrEqual(6);
  });

  it('a visitor gets another id each Japan day; the salt of the day before yesterday is deleted and never made again', async () => {
    const m = await s.ctx.db.query<{ v: string }>(
      "SELECT DISTINCT session_id AS v FROM analytics_events WHERE site_id = $1 AND event = 'page_view' AND occurred_at >= $2",
      [siteId, new Date(T('23:59:00')).toISOString()],
    );
    expect(m.length).toBe(2);
    expect(await saltDays(s.ctx.db)).toEqual([DAY1, DAY2]);
    // two days on, the daily job at 00:01 (business time) deletes day 1's salt; day 2 (yesterday) stays
    clock.set(`2026-11-17T00:05:00+09:00`);
    expect(await forgetOldSalts(s.ctx)).toEqual({ deleted: 1 });
    expect(await saltDays(s.ctx.db)).toEqual([DAY2]);
    expect(await saltFor(s.ctx, DAY1)).toBeNull();
    // a batch of today makes today's salt; an event of the day before yesterday can no longer be tied to anyone
    await send(SIDS.M, [pv(a1, clock.nowMs())]);
    expect(await saltDays(s.ctx.db)).toEqual([DAY2, '2026-11-17']);
  });
});
