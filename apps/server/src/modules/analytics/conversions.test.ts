import { type SiteDocumentInput, siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLink, type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { findSite, invalidateSite, planOf, publishSnapshot, readSiteDocument, writeSiteDocument } from '../sites/service.js';
import { setSiteSettings } from './service.js';

// Conversions (issue 11): each visitor submission is one `conversion` event attributed to the page and CTA
// the viewer's cv_* cookies name, when they are of that site; replays and second confirmations count once.

let s: TestServer;
let site: Fixture;
let other: Fixture;
let pageA1 = 0;
let popupId = 0;
let buttonId = 0;
const SID = 'visitor-0123456789abcdef';

type Conv = {
  event_id: string;
  page_id: number | null;
  target_id: number | null;
  session_id: string | null;
  data: Record<string, unknown>;
};
const conversions = (siteId: number) =>
  s.ctx.db.query<Conv>(
    "SELECT event_id, page_id, target_id, session_id, data FROM analytics_events WHERE site_id = $1 AND event = 'conversion' ORDER BY id",
    [siteId],
  );
const cookie = (c: Record<string, string | number>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
const contact = (siteId: number, headers: Record<string, string>) =>
  http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${siteId}/contact`, {
    body: { data: { email: 'cv@example.com', company_name: 'Acme', topic: 'Press', message: 'Hi' } },
    headers,
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
  buttonId = Number(a1?.buttons[0]?.id);
  popupId = Number(ps?.document.popupCtas.timeLimit?.id);
});
afterAll(async () => {
  await s?.drop();
});

describe('conversions', () => {
  it('a popup CTA click then a contact submission is one conversion attributed to that popup; a replay counts once', async () => {
    expect(pageA1).toBeGreaterThan(0);
    expect(popupId).toBeGreaterThan(0);
    const click = await http(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
      body: {
        events: [
          {
            id: 'click-0123456789abcdef',
            event: 'click_popup_cta',
            site_id: site.siteId,
            page_id: pageA1,
            popup_id: popupId,
            at: Date.now(),
          },
        ],
      },
      headers: { cookie: `swipe_sid=${SID}`, 'user-agent': 'Mozilla/5.0 (iPhone) Safari' },
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
    expect(await conversions(site.siteId)).toEqual([
      {
        event_id: `cv-contact-${r.body.id}`,
        page_id: pageA1,
        target_id: popupId,
        session_id: SID,
        data: { kind: 'contact', source: 'POPUP_CTA_TRANSITION' },
      },
    ]);
    // the site-day's rollup is queued with it
    const jobs = await s.ctx.db.query<{ payload: { siteId: number } }>("SELECT payload FROM jobs WHERE kind = 'analytics.rollup'");
    expect(jobs.some((j) => Number(j.payload.siteId) === site.siteId)).toBe(true);
  });

  it('a homepage form with a page button counts as BUTTON_CTA; malformed cookies are unknown, never an error', async () => {
    const ok = await http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/homepage`, {
      body: { data: { email: 'hp@example.com', company_name: 'Acme', topic: 'Press' } },
      headers: { cookie: cookie({ cv_page_id: pageA1, cv_cta_id: buttonId, cv_source: 'BUTTON_CTA' }) },
    });
    expect(ok.status).toBe(201);
    const bad = await http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/homepage`, {
      body: { data: { email: 'hp2@example.com', company_name: 'Acme', topic: 'Press' } },
      headers: { cookie: cookie({ swipe_sid: 'x', cv_page_id: 'abc', cv_cta_id: '-1', cv_source: 'EVIL' }) },
    });
    expect(bad.status).toBe(201);
    const rows = await conversions(site.siteId);
    expect(rows.find((c) => c.event_id === `cv-homepage-${ok.body.id}`)).toMatchObject({
      page_id: pageA1,
      target_id: buttonId,
      session_id: null,
      data: { kind: 'homepage', source: 'BUTTON_CTA' },
    });
    expect(rows.find((c) => c.event_id === `cv-homepage-${bad.body.id}`)).toMatchObject({
      page_id: null,
      target_id: null,
      session_id: null,
      data: { kind: 'homepage', source: null },
    });
  });

  it("cookies naming another site's page and CTA are ignored", async () => {
    const r = await contact(other.siteId, {
      cookie: cookie({ swipe_sid: SID, cv_page_id: pageA1, cv_cta_id: popupId, cv_source: 'POPUP_CTA_TRANSITION' }),
    });
    expect(r.status).toBe(201);
    expect(await conversions(other.siteId)).toEqual([
      { event_id: `cv-contact-${r.body.id}`, page_id: null, target_id: null, session_id: SID, data: { kind: 'contact', source: null } },
    ]);
  });

  it('a registration counts when confirmed, not when provisional, and once', async () => {
    const email = `cv-member-${Date.now()}@example.com`;
    const headers = { cookie: cookie({ swipe_sid: SID, cv_page_id: pageA1, cv_cta_id: buttonId, cv_source: 'BUTTON_CTA' }) };
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
    const member = await s.ctx.db.one<{ id: number }>('SELECT id FROM site_members WHERE site_id = $1 AND email = $2', [
      site.siteId,
      email,
    ]);
    expect(await registered()).toEqual([
      {
        event_id: `cv-register-${member.id}`,
        page_id: pageA1,
        target_id: buttonId,
        session_id: SID,
        data: { kind: 'register', source: 'BUTTON_CTA' },
      },
    ]);
  });

  it('a survey response counts, attributed like the response; a replay counts once', async () => {
    const [q1] = site.questionIds as [number];
    const post = () =>
      http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
        body: { answers: { [q1]: 'great' }, email: 'survey-cv@example.com' },
        headers: {
          cookie: cookie({ swipe_sid: SID, survey_page_id: pageA1, survey_cta_id: buttonId, survey_click_source: 'BUTTON_CTA' }),
          'idempotency-key': 'survey-once-0001',
        },
      });
    const r = await post();
    expect(r.status).toBe(201);
    expect((await post()).status).toBe(201);
    const rows = (await conversions(site.siteId)).filter((c) => c.data.kind === 'survey');
    expect(rows).toEqual([
      {
        event_id: `cv-survey-${r.body.id}`,
        page_id: pageA1,
        target_id: buttonId,
        session_id: SID,
        data: { kind: 'survey', source: 'BUTTON_CTA' },
      },
    ]);
  });

  it('a site that honours Do Not Track keeps the submission and records no conversion for DNT requests', async () => {
    await setSiteSettings(s.ctx, other.siteId, { honorDnt: true });
    const before = (await conversions(other.siteId)).length;
    const r = await contact(other.siteId, { dnt: '1', cookie: cookie({ swipe_sid: SID }) });
    expect(r.status).toBe(201);
    expect(await s.ctx.db.maybeOne('SELECT id FROM form_submissions WHERE id = $1', [r.body.id])).toBeTruthy();
    expect((await conversions(other.siteId)).length).toBe(before);
    const tracked = await contact(other.siteId, { cookie: cookie({ swipe_sid: SID }) });
    expect(tracked.status).toBe(201);
    expect((await conversions(other.siteId)).length).toBe(before + 1);
    // a site that does not honour it counts DNT requests
    const counted = await contact(site.siteId, { dnt: '1' });
    expect(counted.status).toBe(201);
    expect((await conversions(site.siteId)).some((c) => c.event_id === `cv-contact-${counted.body.id}`)).toBe(true);
  });
});
