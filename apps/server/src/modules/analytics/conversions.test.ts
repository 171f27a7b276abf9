import { type SiteDocumentInput, siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLink, type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { findSite, invalidateSite, planOf, publishSnapshot, readSiteDocument, writeSiteDocument } from '../sites/service.js';
import { setSiteSettings } from './service.js';

// Conversions: each visitor submission is one `conversion` event inside the visit it came from, attributed to
// the page and CTA the viewer's cv_* cookies name when they are of that site and the page was viewed; replays
// and second confirmations count once; a bot's, an untracked or a visit-less submission is stored and
// delivered but never counted. Privacy: no key or instant of the submission is stored with the conversion.

let s: TestServer;
let site: Fixture;
let other: Fixture;
let pageA1 = 0;
let pageA2 = 0;
let otherPage = 0;
let popupId = 0;
let buttonId = 0;
const SID = 'visitor-0123456789abcdef';

const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
type Conv = {
  event_id: string;
  page_id: number | null;
  target_id: number | null;
  session_id: string | null;
  data: Record<string, unknown>;
  occurred_at: string;
};
const conversions = (siteId: number) =>
  s.ctx.db.query<Conv>(
    "SELECT event_id, page_id, target_id, session_id, data, occurred_at FROM analytics_events WHERE site_id = $1 AND event = 'conversion' ORDER BY id",
    [siteId],
  );
let n = 0;
/** A visitor's page view on a site, as the viewer sends it; the stored daily visitor id and the event's instant. */
async function view(siteId: number, pageId: number, sid: string): Promise<{ visitor: string; at: number }> {
  const id = `view-${sid}-${++n}-0123456789`;
  const at = Date.now();
  const r = await http(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
    body: { events: [{ id, event: 'page_view', site_id: siteId, page_id: pageId, at }] },
    headers: { cookie: `swipe_sid=${sid}`, 'user-agent': UA },
  });
  expect(r.status).toBe(202);
  const row = await s.ctx.db.one<{ session_id: string }>('SELECT session_id FROM analytics_events WHERE event_id = $1', [id]);
  return { visitor: row.session_id, at };
}
const cookie = (c: Record<string, string | number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
const contact = (siteId: number, headers: Record<string, string>) =>
  http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${siteId}/contact`, {
    body: { data: { email: 'cv@example.com', company_name: 'Acme', topic: 'Press', message: 'Hi' } },
    headers: { 'user-agent': UA, ...headers },
  });

/** Adds a popup item leading to the contact form and a button on A1, then publishes again. */
async function withCtas(f: Fixture): Promise<void> {
  await s.ctx.db.tx(async (q) => {
    const row = await findSite(q, f.siteId);
    if (!row) throw new Error('no site');
    const doc = (await readSiteDocument(q, row)) as unknown as SiteDocumentInput;
    const first = doc.categories[0]?.pages[0];
    if (first) first.buttons = [{ buttonText: { en: 'Contact' }, buttonLinkType: 'INTERNAL_URL', linkDestinationUrl: 'contact' }];
    doc.popupCtas = {
      timeLimit: {
        effectivePages: [1, 2],
        transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
        text: { en: 'Go' },
      },
    };
    await writeSiteDocument(q, f.siteId, siteDocumentSchema.parse(doc));
    await publishSnapshot(q, f.siteId, await planOf(q, f.accountId));
  });
  await invalidateSite(s.ctx, f.siteId);
}

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  site = await makeVisitorSite(s.ctx);
  other = await makeVisitorSite(s.ctx);
  await withCtas(site);
  const ps = await getPublishedSite(s.ctx, site.siteId);
  const a1 = ps?.document.categories[0]?.pages[0];
  pageA1 = Number(a1?.id);
  pageA2 = Number(ps?.document.categories[0]?.pages[1]?.id);
  otherPage = Number((await getPublishedSite(s.ctx, other.siteId))?.document.categories[0]?.pages[0]?.id);
  buttonId = Number(a1?.buttons[0]?.id);
  popupId = Number(ps?.document.popupCtas.timeLimit?.id);
});
afterAll(async () => {
  await s?.drop();
});

describe('conversions', () => {
  it('a popup CTA click then a contact submission is one conversion in the visit, attributed to that popup; a replay counts once', async () => {
    expect(pageA1).toBeGreaterThan(0);
    expect(popupId).toBeGreaterThan(0);
    const { visitor } = await view(site.siteId, pageA1, SID);
    expect(visitor).not.toBe(SID);
    const clickAt = Date.now();
    const click = await http(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
      body: {
        events: [
          { id: 'click-0123456789abcdef', event: 'click_popup_cta', site_id: site.siteId, page_id: pageA1, popup_id: popupId, at: clickAt },
        ],
      },
      headers: { cookie: `swipe_sid=${SID}`, 'user-agent': UA },
    });
    expect(click.status).toBe(202);
    const headers = {
      cookie: cookie({ swipe_sid: SID, cv_page_id: pageA1, cv_cta_id: popupId, cv_source: 'POPUP_CTA_TRANSITION' }),
      'idempotency-key': 'contact-once-0001',
    };
    const r = await contact(site.siteId, headers);
    expect(r.status).toBe(201);
    const again = await contact(site.siteId, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const rows = await conversions(site.siteId);
    expect(rows).toMatchObject([
      { page_id: pageA1, target_id: popupId, session_id: visitor, data: { kind: 'contact', source: 'POPUP_CTA_TRANSITION' } },
    ]);
    // nothing keys it to the stored submission: a random id, and the instant just after the click, not the submission's
    const sub = await s.ctx.db.one<{ created_at: string }>('SELECT created_at FROM form_submissions WHERE id = $1', [r.body.id]);
    expect(rows[0]?.event_id).toMatch(/^cv-[\w-]{16}$/);
    expect(rows[0]?.event_id).not.toBe(`cv-contact-${r.body.id}`);
    expect(new Date(rows[0]?.occurred_at as string).getTime()).toBe(clickAt + 1);
    expect(new Date(rows[0]?.occurred_at as string).getTime()).not.toBe(new Date(sub.created_at).getTime());
    // the site-day's rollup is queued with it
    const jobs = await s.ctx.db.query<{ payload: { siteId: number } }>("SELECT payload FROM jobs WHERE kind = 'analytics.rollup'");
    expect(jobs.some((j) => Number(j.payload.siteId) === site.siteId)).toBe(true);
  });

  it('a homepage form with a page button counts as BUTTON_CTA; without a visitor cookie (or a malformed one) it is not counted', async () => {
    const sid = 'visitor-homepage-0123456789';
    const { visitor } = await view(site.siteId, pageA1, sid);
    const before = (await conversions(site.siteId)).length;
    const ok = await http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/homepage`, {
      body: { data: { email: 'hp@example.com', company_name: 'Acme', topic: 'Press' } },
      headers: { 'user-agent': UA, cookie: cookie({ swipe_sid: sid, cv_page_id: pageA1, cv_cta_id: buttonId, cv_source: 'BUTTON_CTA' }) },
    });
    expect(ok.status).toBe(201);
    const bad = await http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/homepage`, {
      body: { data: { email: 'hp2@example.com', company_name: 'Acme', topic: 'Press' } },
      headers: { 'user-agent': UA, cookie: cookie({ swipe_sid: 'x', cv_page_id: 'abc', cv_cta_id: '-1', cv_source: 'EVIL' }) },
    });
    expect(bad.status).toBe(201);
    const rows = await conversions(site.siteId);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      page_id: pageA1,
      target_id: buttonId,
      session_id: visitor,
      data: { kind: 'homepage', source: 'BUTTON_CTA' },
    });
  });

  it("cookies naming another site's page and CTA are ignored: the conversion goes to the last page viewed", async () => {
    const { visitor } = await view(other.siteId, otherPage, SID);
    const r = await contact(other.siteId, {
      cookie: cookie({ swipe_sid: SID, cv_page_id: pageA1, cv_cta_id: popupId, cv_source: 'POPUP_CTA_TRANSITION' }),
    });
    expect(r.status).toBe(201);
    expect(await conversions(other.siteId)).toMatchObject([
      { page_id: otherPage, target_id: null, session_id: visitor, data: { kind: 'contact', source: null } },
    ]);
  });

  it("a CTA's page the visitor did not view today gives way to the last page viewed; no page viewed today, no conversion", async () => {
    const sid = 'visitor-lastpage-0123456789';
    await view(site.siteId, pageA2, sid);
    const before = (await conversions(site.siteId)).length;
    await contact(site.siteId, { cookie: cookie({ swipe_sid: sid, cv_page_id: pageA1, cv_cta_id: buttonId, cv_source: 'BUTTON_CTA' }) });
    expect((await conversions(site.siteId)).at(-1)).toMatchObject({ page_id: pageA2, target_id: buttonId });
    // a cookie id that never viewed a page of the site (no visit to count it in)
    await contact(site.siteId, { cookie: cookie({ swipe_sid: 'visitor-never-seen-0123456789', cv_page_id: pageA1 }) });
    expect((await conversions(site.siteId)).length).toBe(before + 1);
  });

  it('a registration counts when confirmed, not when provisional, and once', async () => {
    const sid = 'visitor-register-0123456789';
    const { visitor } = await view(site.siteId, pageA1, sid);
    const email = `cv-member-${Date.now()}@example.com`;
    const headers = {
      'user-agent': UA,
      cookie: cookie({ swipe_sid: sid, cv_page_id: pageA1, cv_cta_id: buttonId, cv_source: 'BUTTON_CTA' }),
    };
    const pw = 'Aa1@aaaa';
    const reg = await http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/register`, {
      body: { email, password: pw, confirm_password: pw },
      headers,
    });
    expect(reg.status).toBe(201);
    const registered = async () => (await conversions(site.siteId)).filter((c) => c.data.kind === 'register');
    expect(await registered()).toEqual([]);
    const link = await confirmationLink(s.ctx, email);
    const ok = await http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, { body: { token: link?.token }, headers });
    expect(ok.status).toBe(200);
    const twice = await http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, { body: { token: link?.token }, headers });
    expect(twice.status).toBe(400);
    expect(await registered()).toMatchObject([
      { page_id: pageA1, target_id: buttonId, session_id: visitor, data: { kind: 'register', source: 'BUTTON_CTA' } },
    ]);
  });

  it('a survey response counts, attributed like the response; a replay counts once', async () => {
    const sid = 'visitor-survey-0123456789';
    const { visitor } = await view(site.siteId, pageA1, sid);
    const [q1] = site.questionIds as [number];
    const post = () =>
      http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
        body: { answers: { [q1]: 'great' }, email: 'survey-cv@example.com' },
        headers: {
          'user-agent': UA,
          cookie: cookie({ swipe_sid: sid, survey_page_id: pageA1, survey_cta_id: buttonId, survey_click_source: 'BUTTON_CTA' }),
          'idempotency-key': 'survey-once-0001',
        },
      });
    const r = await post();
    expect(r.status).toBe(201);
    expect((await post()).status).toBe(201);
    const rows = (await conversions(site.siteId)).filter((c) => c.data.kind === 'survey');
    expect(rows).toMatchObject([
      { page_id: pageA1, target_id: buttonId, session_id: visitor, data: { kind: 'survey', source: 'BUTTON_CTA' } },
    ]);
  });

  it('not counted, the submission stored and its mail queued all the same: a bot, Global Privacy Control, DNT where honoured', async () => {
    const sid = 'visitor-untracked-0123456789';
    await view(site.siteId, pageA1, sid);
    const before = (await conversions(site.siteId)).length;
    const mails = async () =>
      Number((await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE to_addr = 'shop@visitors.test'")).n);
    const mailsBefore = await mails();
    for (const headers of <Record<string, string>[]>[
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36' },
      { 'user-agent': 'python-requests/2.31.0' },
      { 'sec-gpc': '1' },
    ]) {
      const r = await contact(site.siteId, { cookie: cookie({ swipe_sid: sid, cv_page_id: pageA1 }), ...headers });
      expect(r.status).toBe(201);
      expect(await s.ctx.db.maybeOne('SELECT id FROM form_submissions WHERE id = $1', [r.body.id])).toBeTruthy();
    }
    expect((await conversions(site.siteId)).length).toBe(before);
    // each was delivered to the operator (one notification per submission)
    expect(await mails()).toBe(mailsBefore + 4);
    // the same visitor with a browser is counted
    await contact(site.siteId, { cookie: cookie({ swipe_sid: sid, cv_page_id: pageA1 }) });
    expect((await conversions(site.siteId)).length).toBe(before + 1);

    await setSiteSettings(s.ctx, other.siteId, { honorDnt: true });
    const sid2 = 'visitor-dnt-0123456789';
    await view(other.siteId, otherPage, sid2);
    const otherBefore = (await conversions(other.siteId)).length;
    const r = await contact(other.siteId, { dnt: '1', cookie: cookie({ swipe_sid: sid2 }) });
    expect(r.status).toBe(201);
    expect(await s.ctx.db.maybeOne('SELECT id FROM form_submissions WHERE id = $1', [r.body.id])).toBeTruthy();
    expect((await conversions(other.siteId)).length).toBe(otherBefore);
    await contact(other.siteId, { cookie: cookie({ swipe_sid: sid2 }) });
    expect((await conversions(other.siteId)).length).toBe(otherBefore + 1);
    // a site that does not honour DNT counts DNT requests
    await contact(site.siteId, { dnt: '1', cookie: cookie({ swipe_sid: sid }) });
    expect((await conversions(site.siteId)).length).toBe(before + 2);
  });
});

describe('a phone whose clock runs fast', () => {
  it('its batches are moved back to the server clock on arrival, in order, so its conversion goes to the page it was on; a retry counts once', async () => {
    // the server's business time, frozen at each step; the phone's clock is 90 s ahead of it
    const T = Date.parse('2026-11-15T12:00:00+09:00');
    const sid = 'visitor-fastclock-0123456789';
    const send = (events: Record<string, unknown>[]) =>
      http(s.sitesUrl, 'POST', '/api/v1/end-user/events', { body: { events }, headers: { cookie: `swipe_sid=${sid}`, 'user-agent': UA } });
    const stored = async (ids: string[]) =>
      (
        await s.ctx.db.query<{ event_id: string; event: string; page_id: number; occurred_at: string }>(
          'SELECT event_id, event, page_id, occurred_at FROM analytics_events WHERE site_id = $1 AND event_id = ANY($2::text[]) ORDER BY occurred_at, event_id',
          [site.siteId, ids],
        )
      ).map((r) => ({ id: r.event_id, event: r.event, page: Number(r.page_id), at: new Date(r.occurred_at).toISOString() }));
    try {
      // 12:00:00 on the server: A1 shown at the phone's 12:01:30
      s.ctx.clock.set(new Date(T), { frozen: true });
      const first = [{ id: 'fastclock-0123456789-0', event: 'page_view', site_id: site.siteId, page_id: pageA1, at: T + 90_000 }];
      expect((await send(first)).status).toBe(202);
      // 12:02:00 on the server: A1 left at the phone's 12:03:20 (110 s shown) and A2 shown at its 12:03:30, one batch
      s.ctx.clock.set(new Date(T + 120_000), { frozen: true });
      const second = [
        { id: 'fastclock-0123456789-1', event: 'page_leave', site_id: site.siteId, page_id: pageA1, dwell_ms: 110_000, at: T + 200_000 },
        { id: 'fastclock-0123456789-2', event: 'page_view', site_id: site.siteId, page_id: pageA2, at: T + 210_000 },
      ];
      expect((await send(second)).status).toBe(202);
      // 12:02:05: the same batch sent again (a retry), 85 s ahead now: still stored once
      s.ctx.clock.set(new Date(T + 125_000), { frozen: true });
      expect((await send(second)).status).toBe(202);
      // each batch moved back by its 90 s lead (03:00 UTC is 12:00 in Japan): none after its arrival, order and gaps kept
      expect(await stored(['fastclock-0123456789-0', 'fastclock-0123456789-1', 'fastclock-0123456789-2'])).toEqual([
        { id: 'fastclock-0123456789-0', event: 'page_view', page: pageA1, at: '2026-11-15T03:00:00.000Z' },
        { id: 'fastclock-0123456789-1', event: 'page_leave', page: pageA1, at: '2026-11-15T03:01:50.000Z' },
        { id: 'fastclock-0123456789-2', event: 'page_view', page: pageA2, at: '2026-11-15T03:02:00.000Z' },
      ]);
      // the form sent at 12:02:05: the conversion is on A2, the page shown, just after its view (stamped 12:03:30 by
      // the phone, it was after the server's now and A1 took the conversion)
      const before = (await conversions(site.siteId)).length;
      expect((await contact(site.siteId, { cookie: cookie({ swipe_sid: sid }) })).status).toBe(201);
      const rows = await conversions(site.siteId);
      expect(rows.length).toBe(before + 1);
      expect(Number(rows.at(-1)?.page_id)).toBe(pageA2);
      expect(new Date(rows.at(-1)?.occurred_at as string).toISOString()).toBe('2026-11-15T03:02:00.001Z');
    } finally {
      s.ctx.clock.reset();
    }
  });
});
