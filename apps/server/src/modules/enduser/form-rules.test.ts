import type { SiteDocumentInput } from '@swipe/core';
import { checkFormValues, type FormFieldSetting } from '@swipe/core/forms.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';

// Visitor-form field rules through real HTTP: the operator's save refuses inconsistent rules (422 naming the
// setting, translated) and stores the good ones; the visitor's contact answer is refused by the
// server exactly where the form's own check (the same core function) refuses it, with 422 field
// errors, and accepted where the form accepts it.

let s: TestServer;
let token = '';
let siteId = 0;

const FIELDS: FormFieldSetting[] = [
  { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail', required: true, orderNum: 0 },
  { fieldKey: 'confirmEmail', typeForm: 'TEXT_BOX', title: 'Confirm e-mail', required: true, orderNum: 1, equalsField: 'email' },
  { fieldKey: 'zip', typeForm: 'TEXT_BOX', title: 'Zip', orderNum: 2, pattern: '\\d{3}-\\d{4}', minLength: 8 },
  { fieldKey: 'start', typeForm: 'DATE', title: 'Start', required: true, orderNum: 3, minDate: '2026-01-01', maxDate: '2027-12-31' },
  { fieldKey: 'end', typeForm: 'DATE', title: 'End', orderNum: 4, afterField: 'start' },
  { fieldKey: 'topics', typeForm: 'SELECT_OPTIONS', title: 'Topics', orderNum: 5, options: ['a', 'b', 'c'], minItems: 2, maxItems: 2 },
];

type Doc = SiteDocumentInput & Record<string, unknown>;
type Answer = { message: string; code: string; fields?: { path: string; message: string }[] };
function doc(fields: unknown[]): Doc {
  const form = { destinationEmails: [], sendConfirmation: false, fields };
  return {
    name: 'Rules',
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'ja',
    languages: ['ja', 'en'],
    categories: [{ pages: [{ imageUrl: 'sites/x/1.jpg' }] }],
    translations: {
      ja: { globalMenu: ['One'], forms: { CONTACT_SETTING: form } },
      en: { globalMenu: ['One'], forms: { CONTACT_SETTING: form } },
    },
  } as Doc;
}
const put = (document: unknown, lang = 'en') =>
  http<Answer>(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, { token, body: { action: 'publish', document }, lang });
const submit = (data: Record<string, unknown>, lang = 'en') =>
  http<Answer & { id?: number }>(s.sitesUrl, 'POST', `/api/v1/end-user/site/${siteId}/contact`, { body: { data, lang }, lang });

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  s.ctx.config.enduserRateMultiplier = 1000;
  const plan = await makePlan(s.ctx, { quantitySwipe: 50, quantitySite: 5 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@rules.test', companyName: 'Platform' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'a@rules.test', companyName: 'A', planId: plan });
  token = (await login(s.adminUrl, 'a@rules.test')).access;
  const created = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token,
    body: { name: 'Rules', number_horizontal: 1, number_vertical: 1, global_menu: ['One'] },
  });
  expect(created.status).toBe(201);
  siteId = created.body.id;
});
afterAll(async () => {
  await s?.drop();
});

describe('the operator sets rules', () => {
  it('refuses inconsistent settings with 422 naming the setting, translated, and stores nothing', async () => {
    const bad: [string, Partial<FormFieldSetting>, string][] = [
      ['risky pattern', { fieldKey: 'zip', pattern: '(a+)+' }, 'zip.pattern'],
      ['broken pattern', { fieldKey: 'zip', pattern: '[' }, 'zip.pattern'],
      ['min over max date', { fieldKey: 'start', minDate: '2028-01-01' }, 'start.minDate'],
      ['more than the options', { fieldKey: 'topics', maxItems: 4 }, 'topics.maxItems'],
      ['a rule naming no field', { fieldKey: 'end', afterField: 'nothing' }, 'end.afterField'],
    ];
    for (const [what, patch, where] of bad) {
      const fields = FIELDS.map((f) => (f.fieldKey === patch.fieldKey ? { ...f, ...patch } : f));
      const i = fields.findIndex((f) => f.fieldKey === patch.fieldKey);
      const [en, ja] = [await put(doc(fields)), await put(doc(fields), 'ja')];
      expect(en.status, what).toBe(422);
      const path = `translations.ja.forms.CONTACT_SETTING.fields.${i}.${where.split('.')[1]}`;
      const msg = en.body.fields?.find((f) => f.path === path)?.message;
      expect(msg, `${what}: ${JSON.stringify(en.body.fields)}`).toBeTruthy();
      expect(msg).not.toMatch(/^validation\./);
      expect(ja.body.fields?.find((f) => f.path === path)?.message).not.toBe(msg);
    }
    const published = await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${siteId}/contact-setting?lang=en`);
    expect(published.status).toBe(404);
  });

  it('stores and publishes good rules as set', async () => {
    expect((await put(doc(FIELDS))).status).toBe(200);
    const r = await http<{ fields: Record<string, unknown>[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${siteId}/contact-setting?lang=en`,
    );
    expect(r.status).toBe(200);
    expect(r.body.fields.find((f) => f.field_key === 'zip')).toMatchObject({ pattern: '\\d{3}-\\d{4}', min_length: 8 });
    expect(r.body.fields.find((f) => f.field_key === 'start')).toMatchObject({
      type_form: 'DATE',
      min_date: '2026-01-01',
      max_date: '2027-12-31',
    });
    expect(r.body.fields.find((f) => f.field_key === 'end')).toMatchObject({ after_field: 'start' });
    expect(r.body.fields.find((f) => f.field_key === 'confirmEmail')).toMatchObject({ equals_field: 'email' });
    expect(r.body.fields.find((f) => f.field_key === 'topics')).toMatchObject({ min_items: 2, max_items: 2 });
  });
});

describe('the server refuses what the form refuses', () => {
  const ok = {
    email: 'v@rules.test',
    confirmEmail: 'v@rules.test',
    zip: '123-4567',
    start: '2026-05-01',
    end: '2026-05-02',
    topics: ['a', 'b'],
  };
  const cases: [string, Record<string, unknown>, string | null][] = [
    ['all rules hold', ok, null],
    ['confirm e-mail differs', { ...ok, confirmEmail: 'w@rules.test' }, 'confirmEmail'],
    ['zip off the pattern', { ...ok, zip: '1234-567' }, 'zip'],
    ['zip too short', { ...ok, zip: '12-45' }, 'zip'],
    ['start before the min date', { ...ok, start: '2025-12-31' }, 'start'],
    ['start after the max date', { ...ok, start: '2028-01-01', end: '2028-01-02' }, 'start'],
    ['no such day', { ...ok, start: '2026-02-30' }, 'start'],
    ['start missing', { ...ok, start: '' }, 'start'],
    ['end not after start', { ...ok, end: '2026-05-01' }, 'end'],
    ['one topic of two', { ...ok, topics: ['a'] }, 'topics'],
    ['three topics of two', { ...ok, topics: ['a', 'b', 'c'] }, 'topics'],
  ];
  it.each(cases)('%s', async (_what, data, refused) => {
    const local = checkFormValues(FIELDS, data).issues.map((i) => i.path);
    expect(local).toEqual(refused ? [refused] : []);
    const r = await submit(data);
    if (!refused) {
      expect(r.status).toBe(201);
      return;
    }
    expect(r.status).toBe(422);
    expect((r.body.fields ?? []).map((f) => f.path.replace(/^data\./, ''))).toEqual(local);
    expect(r.body.fields?.[0]?.message).not.toMatch(/^validation\./);
    const ja = await submit(data, 'ja');
    expect(ja.body.fields?.[0]?.message).not.toBe(r.body.fields?.[0]?.message);
  });
});
