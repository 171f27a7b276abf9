import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// Surveys (viewer.md 3, 5, 7): list, questions, answers keyed by question id, all required answered,
// valid e-mail; points and score stored; page, CTA and click source carried from body or cookies.

let s: TestServer;
let site: Fixture;
let draft: Fixture;
type Body = { message: string | string[]; code: string; fields?: { path: string; message: string }[] };
const first = (b: Body) => (Array.isArray(b.message) ? b.message[0] : b.message) ?? '';

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  site = await makeVisitorSite(s.ctx);
  draft = await makeVisitorSite(s.ctx, { publish: false });
});
afterAll(async () => {
  await s?.drop();
});

const count = async () => (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM survey_responses')).n;

describe('surveys', () => {
  it('lists the surveys of a published site and their questions without points', async () => {
    const list = await http<{ items: { id: number; title: string }[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/survey?site_id=${site.siteId}&lang=en`,
    );
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([expect.objectContaining({ id: site.surveyId, title: 'Survey' })]);
    const qs = await http<{ list_questions: { id: number; type: string; options: Record<string, unknown>[] }[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/survey/${site.surveyId}/questions?lang=en`,
    );
    expect(qs.status).toBe(200);
    expect(qs.body.list_questions.map((q) => q.type)).toEqual(['SINGLE', 'MULTIPLE', 'TEXT']);
    expect(qs.body.list_questions[0]?.options).toEqual([
      { value: 'great', label: 'Great' },
      { value: 'ok', label: 'OK' },
    ]);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/survey?site_id=${draft.siteId}`)).status).toBe(404);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/survey/${draft.surveyId}/questions`)).status).toBe(404);
    expect((await http(s.sitesUrl, 'GET', '/api/v1/end-user/survey')).status).toBe(400);
  });

  it('stores answers with points and score, and the page, CTA and click source', async () => {
    const [q1, q2, q3] = site.questionIds as [number, number, number];
    const r = await http<{ id: number; score: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
      body: {
        answers: { [q1]: 'great', [q2]: ['shoes', 'bags'], [q3]: ' fine ' },
        email: 'sv@example.com',
        page_id: 12,
        cta_id: 34,
        click_source: 'BUTTON_CTA',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.score).toBe(10);
    const row = await s.ctx.db.one<Record<string, unknown>>('SELECT * FROM survey_responses WHERE id = $1', [r.body.id]);
    expect(row).toMatchObject({
      email: 'sv@example.com',
      score: 10,
      page_id: 12,
      cta_id: 34,
      click_source: 'BUTTON_CTA',
      site_id: site.siteId,
    });
    expect(row.points).toEqual({ [q1]: 3, [q2]: 7 });
    expect(row.answers).toEqual({ [q1]: 'great', [q2]: ['bags', 'shoes'], [q3]: 'fine' });

    // from the cookies a popup CTA transition sets
    const c = await http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
      body: { answers: { [q1]: 'ok' }, email: 'sv2@example.com' },
      headers: { cookie: 'survey_page_id=56; survey_cta_id=78; survey_click_source=POPUP_CTA_TRANSITION' },
    });
    const row2 = await s.ctx.db.one<Record<string, unknown>>('SELECT * FROM survey_responses WHERE id = $1', [c.body.id]);
    expect(row2).toMatchObject({ page_id: 56, cta_id: 78, click_source: 'POPUP_CTA_TRANSITION', score: 1 });
  });

  it('refuses missing required answers, bad e-mail, unknown options and wrong types, storing nothing', async () => {
    const [q1, q2] = site.questionIds as [number, number, number];
    const before = await count();
    const cases: [string, unknown, number][] = [
      ['required missing', { answers: { [q2]: ['bags'] }, email: 'a@example.com' }, 422],
      ['no answers', { email: 'a@example.com' }, 422],
      ['bad e-mail', { answers: { [q1]: 'ok' }, email: 'a@b' }, 422],
      ['missing e-mail', { answers: { [q1]: 'ok' } }, 422],
      ['unknown option', { answers: { [q1]: 'meh' }, email: 'a@example.com' }, 422],
      ['unknown question', { answers: { [q1]: 'ok', 999999: 'x' }, email: 'a@example.com' }, 422],
      ['single as list', { answers: { [q1]: ['ok'] }, email: 'a@example.com' }, 400],
      ['answers as list', { answers: ['ok'], email: 'a@example.com' }, 400],
      ['bad click source', { answers: { [q1]: 'ok' }, email: 'a@example.com', click_source: 'EMAIL' }, 422],
    ];
    for (const [name, body, status] of cases) {
      const en = await http<Body>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, { body, lang: 'en' });
      const ja = await http<Body>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, { body, lang: 'ja' });
      expect(en.status, name).toBe(status);
      expect(first(ja.body), name).not.toEqual(first(en.body));
    }
    const missing = await http<Body>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
      body: { answers: {}, email: 'a@example.com' },
      lang: 'en',
    });
    expect(first(missing.body)).toContain('Answer all required questions.');
    const junk = await http(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
      raw: randomBytes(40),
      headers: { 'content-type': 'application/json' },
    });
    expect(junk.status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('stores a retried response once', async () => {
    const [q1] = site.questionIds as [number];
    const key = `sv-${randomBytes(6).toString('hex')}`;
    const before = await count();
    const send = () =>
      http<{ id: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${site.surveyId}/response`, {
        body: { answers: { [q1]: 'ok' }, email: 'once@example.com' },
        headers: { 'idempotency-key': key },
      });
    const [a, b] = await Promise.all([send(), send()]);
    expect(b.body.id).toBe(a.body.id);
    expect((await send()).body.id).toBe(a.body.id);
    expect(await count()).toBe(before + 1);
  });

  it('renders the survey screen with the context of the transition', async () => {
    const html = await fetch(
      `${s.sitesUrl}/sites/${site.siteId}/en/survey?survey_id=${site.surveyId}&page_id=5&cta_id=6&click_source=BUTTON_CTA`,
    ).then((r) => r.text());
    expect(html).toContain('How is it?');
    expect(html).toContain('"surveyContext":{"pageId":5,"ctaId":6,"clickSource":"BUTTON_CTA"}');
    const viaCookie = await fetch(`${s.sitesUrl}/sites/${site.siteId}/en/survey`, {
      headers: { cookie: 'survey_page_id=7; survey_cta_id=8; survey_click_source=POPUP_CTA_TRANSITION' },
    }).then((r) => r.text());
    expect(viaCookie).toContain('"surveyContext":{"pageId":7,"ctaId":8,"clickSource":"POPUP_CTA_TRANSITION"}');
  });
});
