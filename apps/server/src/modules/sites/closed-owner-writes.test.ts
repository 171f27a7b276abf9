import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/repo.js';
import { createSite, emptyDocument } from './service.js';

// A terminated (or deleted) customer's data is read-only for everyone, its parent OEM admin and the platform master
// included: every write on its site and what hangs on it answers 403 ACCOUNT_TERMINATED, as the contract screens
// do, while reads still answer. Each write is first shown to work on a live sibling, so a refusal is the rule's.

let s: TestServer;
let master: string;
let oem: string;
let plan: number;
let n = 0;

interface Customer {
  account: AccountRow;
  siteId: number;
  surveyId: number;
  deliveryId: number;
}

beforeAll(async () => {
  s = await startTestServer();
  const root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@closed-writes.test' });
  master = (await login(s.adminUrl, root.email)).access;
  plan = await makePlan(s.ctx, { quantitySite: 5 });
  const o = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'oem@closed-writes.test', planId: plan });
  oem = (await login(s.adminUrl, o.email)).access;
  oemRow = o;
});
afterAll(async () => {
  await s?.drop();
});
let oemRow: AccountRow;

const survey = (siteId: number) => ({
  title: { en: 'Fit check' },
  description: { en: 'One question' },
  site_id: siteId,
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
  ],
});
const delivery = { title: 'Spring sale', content: 'Everything 20% off', news_url: 'https://example.com/sale' };
const doc = (name: string) =>
  emptyDocument({ name, numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'], globalMenu: ['One'] });

/** A customer of the OEM with a site, a survey and a notification delivery on it (made by the OEM admin). */
async function customer(): Promise<Customer> {
  n++;
  const account = await makeAccount(s.ctx, { parentId: oemRow.id, type: 'USER', email: `c${n}@closed-writes.test`, planId: plan });
  const site = await createSite(s.ctx, actorFromRow((await findAccountById(s.ctx.db, account.id)) as AccountRow), {
    name: `Site ${n}`,
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'en',
    languages: ['en'],
  });
  const sv = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/surveys', { token: oem, body: survey(site.id) });
  expect(sv.status).toBe(201);
  const d = await http<{ id: number }>(s.adminUrl, 'POST', `/api/v1/sites/${site.id}/notification-deliveries`, {
    token: oem,
    body: delivery,
  });
  expect(d.status).toBe(201);
  return { account, siteId: site.id, surveyId: sv.body.id, deliveryId: d.body.id };
}

type Write = [name: string, method: string, path: (c: Customer) => string, body?: (c: Customer) => unknown];
/** Every write an owner above may make on a customer's data; the last ones remove what the earlier ones use. */
const WRITES: Write[] = [
  ['save the site as a draft', 'PUT', (c) => `/api/v1/sites/${c.siteId}`, (c) => ({ action: 'draft', document: doc(`Draft ${c.siteId}`) })],
  ['save the site', 'PUT', (c) => `/api/v1/sites/${c.siteId}`, (c) => ({ action: 'save', document: doc(`Saved ${c.siteId}`) })],
  ['publish the site', 'PUT', (c) => `/api/v1/sites/${c.siteId}`, (c) => ({ action: 'publish', document: doc(`Live ${c.siteId}`) })],
  ['set a custom domain', 'PUT', (c) => `/api/v1/sites/${c.siteId}/domain`, (c) => ({ domain: `shop${c.siteId}.example.com` })],
  ['remove the custom domain', 'DELETE', (c) => `/api/v1/sites/${c.siteId}/domain`],
  [
    'ask for upload URLs',
    'POST',
    () => '/api/v1/sites/generate-upload-urls',
    (c) => ({ site_id: c.siteId, files: [{ file_name: 'a.jpg', content_type: 'image/jpeg', size_bytes: 1000, kind: 'image' }] }),
  ],
  ['start a bulk upload', 'POST', (c) => `/api/v1/sites/${c.siteId}/bulk-upload/start`],
  ['add a notification', 'POST', (c) => `/api/v1/sites/${c.siteId}/notification-deliveries`, () => delivery],
  ['edit a notification', 'PUT', (c) => `/api/v1/notification-deliveries/${c.deliveryId}`, () => ({ ...delivery, title: 'Summer sale' })],
  ['add a survey', 'POST', () => '/api/v1/surveys', (c) => survey(c.siteId)],
  ['edit a survey', 'PUT', (c) => `/api/v1/surveys/${c.surveyId}`, (c) => ({ ...survey(c.siteId), title: { en: 'Changed' } })],
  ['invite a previewer', 'POST', (c) => `/api/v1/preview/site/${c.siteId}/share`, () => ({ emails: ['p@closed-writes.test'] })],
  [
    'set the preview passcode',
    'POST',
    (c) => `/api/v1/preview/site/${c.siteId}/share/set-password`,
    () => ({ password: 'Preview-Code-1', preview_security: true }),
  ],
  ['revoke a previewer', 'PUT', (c) => `/api/v1/preview/site/${c.siteId}/share/revoke`, () => ({ emails: ['p@closed-writes.test'] })],
  ['change the analytics settings', 'PUT', (c) => `/api/v1/analysis/site/${c.siteId}/settings`, () => ({ honor_dnt: true })],
  ['delete a notification', 'DELETE', (c) => `/api/v1/notification-deliveries/${c.deliveryId}`],
  ['delete a survey', 'DELETE', (c) => `/api/v1/surveys/${c.surveyId}`],
  ['delete the site', 'DELETE', (c) => `/api/v1/sites/${c.siteId}`],
];

const call = (token: string, w: Write, c: Customer) =>
  http<{ code?: string; message?: string }>(s.adminUrl, w[1], w[2](c), { token, body: w[3]?.(c), lang: 'en' });

describe("a terminated customer's data", () => {
  it('refuses every write from its OEM admin and from the platform master (403 ACCOUNT_TERMINATED); reads still answer', async () => {
    const live = await customer();
    const gone = await customer();
    // each write works on a live customer's data, as the OEM admin
    for (const w of WRITES) {
      const r = await call(oem, w, live);
      expect(r.status, `${w[0]}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
    }
    const terminated = await http(s.adminUrl, 'PUT', `/api/v1/user/${gone.account.id}/contract`, {
      token: master,
      body: { action: 'terminate', override: true },
    });
    expect(terminated.status).toBe(200);
    for (const token of [oem, master])
      for (const w of WRITES) {
        const r = await call(token, w, gone);
        expect(r.status, w[0]).toBe(403);
        expect(r.body.code, w[0]).toBe('ACCOUNT_TERMINATED');
      }
    const en = await call(oem, WRITES[0] as Write, gone);
    expect(en.body.message).toBe(
      (
        await http<{ message: string }>(s.adminUrl, 'PUT', `/api/v1/user/${gone.account.id}`, {
          token: master,
          body: { company_name: 'x' },
          lang: 'en',
        })
      ).body.message,
    );
    // nothing changed, and everything still reads
    const site = await http<{ name: string }>(s.adminUrl, 'GET', `/api/v1/sites/${gone.siteId}`, { token: oem });
    expect(site.status).toBe(200);
    expect(site.body.name).toBe(`Site ${n}`);
    expect((await http(s.adminUrl, 'GET', `/api/v1/surveys/${gone.surveyId}`, { token: oem })).status).toBe(200);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${gone.siteId}/notification-deliveries`, { token: master })).status).toBe(200);
  });

  it("an OEM's termination makes its customers' data read-only too", async () => {
    const c = await customer();
    const w = WRITES[0] as Write;
    expect((await call(master, w, c)).status).toBe(200);
    const before = await s.ctx.db.one<{ status: string }>('SELECT contract_status AS status FROM accounts WHERE id = $1', [oemRow.id]);
    expect(before.status).toBe('ACTIVE');
    expect(
      (
        await http(s.adminUrl, 'PUT', `/api/v1/user/${oemRow.id}/contract`, {
          token: master,
          body: { action: 'terminate', override: true },
        })
      ).status,
    ).toBe(200);
    const r = await call(master, w, c);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('ACCOUNT_TERMINATED');
  });
});
