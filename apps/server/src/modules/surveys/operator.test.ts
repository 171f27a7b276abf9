import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, login, startTestServer, type TestServer } from '../../test/helpers.js';

// Operator surveys: the editor's calls, scores of visitors' responses, CSV with a BOM, the
// picker's choices, the site save refusing a survey its owner does not own, and tenant 404s.

let s: TestServer;
let a: Fixture;
let b: Fixture;
const tok: Record<string, string> = {};
type Detail = { id: number; questions: { id: number; type: string }[]; max_score: number; response_count: number };
type Fields = { fields?: { path: string; message: string }[] };

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  a = await makeVisitorSite(s.ctx, { email: 'a@surveys-op.test' });
  b = await makeVisitorSite(s.ctx, { email: 'b@surveys-op.test' });
  tok.a = (await login(s.adminUrl, 'a@surveys-op.test')).access;
  tok.b = (await login(s.adminUrl, 'b@surveys-op.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

const survey = (over: Record<string, unknown> = {}) => ({
  title: { en: 'Fit check', ja: '相性チェック' },
  description: { en: 'Three questions' },
  site_id: a.siteId,
  questions: [
    {
      question: { en: 'Budget?' },
      type: 'SINGLE',
      required: true,
      options: [
        { value: 'low', label: { en: 'Low' }, points: 1 },
        { value: 'high', label: { en: 'High' }, points: 5 },
      ],
    },
    {
      question: { en: 'Interests?' },
      type: 'MULTIPLE',
      required: false,
      options: [
        { value: 'shoes', label: { en: 'Shoes' }, points: 2 },
        { value: 'bags', label: { en: 'Bags' }, points: 3 },
      ],
    },
    { question: { en: 'Comments' }, type: 'TEXT', required: false },
  ],
  ...over,
});

describe('operator surveys', () => {
  it('writes a survey that visitors answer, scored; lists responses with their score and exports CSV', async () => {
    const c = await http<Detail>(s.adminUrl, 'POST', '/api/v1/surveys', { token: tok.a, body: survey() });
    expect(c.status).toBe(201);
    expect(c.body.questions.map((q) => q.type)).toEqual(['SINGLE', 'MULTIPLE', 'TEXT']);
    expect(c.body.max_score).toBe(10);
    const [q1, q2, q3] = c.body.questions.map((q) => q.id) as [number, number, number];
    const answer = (answers: Record<string, unknown>, email: string) =>
      http<{ score: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/survey/${c.body.id}/response`, { body: { answers, email } });
    expect((await answer({ [q1]: 'high', [q2]: ['shoes', 'bags'], [q3]: 'Nice' }, 'v1@x.test')).body.score).toBe(10);
    expect((await answer({ [q1]: 'low' }, 'v2@x.test')).body.score).toBe(1);

    const list = await http<{
      items: { email: string; score: number; answers: { answer: string[]; points: number | null }[] }[];
      average_score: number;
      total: number;
    }>(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}/survey-responses?survey_id=${c.body.id}`, { token: tok.a });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.average_score).toBe(5.5);
    const v1 = list.body.items.find((r) => r.email === 'v1@x.test');
    expect(v1?.score).toBe(10);
    expect(v1?.answers.map((x) => x.answer)).toEqual([['High'], ['Shoes', 'Bags'], ['Nice']]);
    expect(v1?.answers.map((x) => x.points)).toEqual([5, 5, null]);

    const csv = await fetch(`${s.adminUrl}/api/v1/sites/${a.siteId}/survey-responses/export-csv?survey_id=${c.body.id}`, {
      headers: { authorization: `Bearer ${tok.a}`, 'accept-language': 'en' },
    });
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Score');
    expect(text).toContain('v1@x.test,10,');
    expect(text).toContain('Budget?: High (5)');

    // editing keeps a question's id (responses stay keyed by it); a removed question goes
    const upd = await http<Detail>(s.adminUrl, 'PUT', `/api/v1/surveys/${c.body.id}`, {
      token: tok.a,
      body: survey({
        questions: [
          {
            id: q1,
            question: { en: 'Budget now?' },
            type: 'SINGLE',
            options: [
              { value: 'low', label: { en: 'Low' }, points: 2 },
              { value: 'high', label: { en: 'High' }, points: 4 },
            ],
          },
        ],
      }),
    });
    expect(upd.status).toBe(200);
    expect(upd.body.questions.map((q) => q.id)).toEqual([q1]);
    expect(upd.body.max_score).toBe(4);
    expect(upd.body.response_count).toBe(2);
  });

  it('refuses bad surveys with field messages', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['no title', survey({ title: {} }), 'title'],
      ['no question', survey({ questions: [] }), 'questions'],
      [
        'one option',
        survey({ questions: [{ question: { en: 'Q' }, type: 'SINGLE', options: [{ value: 'x', label: { en: 'X' } }] }] }),
        'questions.0.options',
      ],
      ['another tenant site', survey({ site_id: b.siteId }), 'siteId'],
    ];
    for (const [name, body, field] of cases) {
      const r = await http<Fields>(s.adminUrl, 'POST', '/api/v1/surveys', { token: tok.a, body, lang: 'en' });
      expect(r.status, name).toBe(422);
      expect(
        r.body.fields?.map((f) => f.path),
        name,
      ).toContain(field);
    }
  });

  it("the site save refuses a survey its owner does not own (422) and takes its own; the picker lists the owner's", async () => {
    const own = await http<Detail>(s.adminUrl, 'POST', '/api/v1/surveys', { token: tok.a, body: survey({ site_id: null }) });
    const foreign = await http<Detail>(s.adminUrl, 'POST', '/api/v1/surveys', { token: tok.b, body: survey({ site_id: null }) });
    const choices = await http<{ items: { id: number }[] }>(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}/surveys`, { token: tok.a });
    expect(choices.body.items.map((x) => x.id)).toContain(own.body.id);
    expect(choices.body.items.map((x) => x.id)).not.toContain(foreign.body.id);

    const doc = (await http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${a.siteId}`, { token: tok.a })).body;
    const withSurvey = (id: number) => {
      const d = structuredClone(doc) as { categories: { pages: { buttons: Record<string, unknown>[] }[] }[] };
      const page = d.categories[0]?.pages[0];
      if (!page) throw new Error('no page');
      page.buttons = [{ button_type: 'TEXT', button_text: { ja: 'Go', en: 'Go' }, button_link_type: 'SURVEY', linked_survey_id: id }];
      return d;
    };
    const bad = await http<Fields>(s.adminUrl, 'PUT', `/api/v1/sites/${a.siteId}`, {
      token: tok.a,
      lang: 'en',
      body: { action: 'draft', document: withSurvey(foreign.body.id) },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields?.[0]).toMatchObject({
      path: 'categories.0.pages.0.buttons.0.linkedSurveyId',
      message: "Choose a survey of this site's owner.",
    });
    const good = await http(s.adminUrl, 'PUT', `/api/v1/sites/${a.siteId}`, {
      token: tok.a,
      body: { action: 'draft', document: withSurvey(own.body.id) },
    });
    expect(good.status).toBe(200);
  });

  it("answers 404 for another tenant's survey and site, and changes nothing", async () => {
    const mine = await http<Detail>(s.adminUrl, 'POST', '/api/v1/surveys', { token: tok.a, body: survey() });
    const id = mine.body.id;
    for (const [method, path, body] of [
      ['GET', `/api/v1/surveys/${id}`, undefined],
      ['PUT', `/api/v1/surveys/${id}`, survey({ site_id: null })],
      ['DELETE', `/api/v1/surveys/${id}`, undefined],
      ['GET', `/api/v1/sites/${a.siteId}/surveys`, undefined],
      ['GET', `/api/v1/sites/${a.siteId}/survey-responses`, undefined],
      ['GET', `/api/v1/sites/${a.siteId}/survey-responses/export-csv`, undefined],
      ['GET', `/api/v1/surveys?site_id=${a.siteId}`, undefined],
    ] as const) {
      expect((await http(s.adminUrl, method, path, { token: tok.b, body })).status, `${method} ${path}`).toBe(404);
    }
    const list = await http<{ items: { id: number }[] }>(s.adminUrl, 'GET', '/api/v1/surveys', { token: tok.b });
    expect(list.body.items.map((x) => x.id)).not.toContain(id);
    expect(
      (await http<{ title: Record<string, string> }>(s.adminUrl, 'GET', `/api/v1/surveys/${id}`, { token: tok.a })).body.title.en,
    ).toBe('Fit check');
    expect((await http(s.adminUrl, 'DELETE', `/api/v1/surveys/${id}`, { token: tok.a })).status).toBe(200);
    expect((await http(s.adminUrl, 'GET', `/api/v1/surveys/${id}`, { token: tok.a })).status).toBe(404);
  });
});
