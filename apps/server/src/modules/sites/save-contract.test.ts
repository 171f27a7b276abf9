import { MAX_COLUMNS, siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { emptyDocument, findSite, invalidateSite, planOf, publishSnapshot, type SiteRow, writeSiteDocument } from './service.js';

// What a save promises: one HTML sanitizer, so what saving refuses is also stripped
// when drawn (even from a stored document that never went through a save); the PUT answers with the
// saved document; SNS links take only the schemes their type needs; one column limit (MAX_COLUMNS).

let s: TestServer;
let token = '';
let siteId = 0;
const HOSTILE = '<b>ok</b><font color="red">f</font><center>c</center><div style="position:fixed;color:red">d</div><script>x()</script>';

function docWith(html: string) {
  const d = emptyDocument({
    name: 'San',
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'ja',
    languages: ['ja'],
    globalMenu: ['One'],
  });
  const page = d.categories[0]?.pages[0] as Record<string, unknown>;
  page.imageUrl = 'sites/x/1.jpg';
  page.buttons = [{ buttonType: 'HTML', buttonContentHtml: html }];
  return d;
}
function expectClean(html: string) {
  expect(html).toContain('<b>ok</b>');
  expect(html).not.toMatch(/<font|<center|position|<script/);
  expect(html).toContain('color:red');
}

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySwipe: 1000, quantitySite: 5 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@san.test' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'a@san.test', planId: plan });
  token = (await login(s.adminUrl, 'a@san.test')).access;
  const c = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token,
    body: { name: 'San', number_horizontal: 1, number_vertical: 1, global_menu: ['One'] },
  });
  siteId = c.body.id;
});
afterAll(async () => {
  await s?.drop();
});

describe('HTML buttons: one sanitizer for save and render', () => {
  it('save strips <font>, <center>, unknown inline styles and scripts', async () => {
    const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, { token, body: { action: 'publish', document: docWith(HOSTILE) } });
    expect(r.status).toBe(200);
    const g = await http<{ categories: { pages: { buttons: { button_content_html: string }[] }[] }[] }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${siteId}`,
      { token },
    );
    expectClean(g.body.categories[0]?.pages[0]?.buttons[0]?.button_content_html ?? '');
  });
  it('render strips the same markup from a stored document that never went through save', async () => {
    const doc = siteDocumentSchema.parse(docWith(HOSTILE));
    const site = (await findSite(s.ctx.db, siteId)) as SiteRow;
    await s.ctx.db.tx(async (q) => {
      await writeSiteDocument(q, siteId, doc);
      await publishSnapshot(q, siteId, await planOf(q, site.account_id));
    });
    await invalidateSite(s.ctx, siteId);
    const shell = await http<{ categories: { pages: { id: number }[] }[] }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${siteId}`);
    const pageId = shell.body.categories[0]?.pages[0]?.id;
    const b = await http<{ buttons: { button_content_html: string }[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${siteId}/page/${pageId}/button/public`,
    );
    expect(b.status).toBe(200);
    expectClean(b.body.buttons[0]?.button_content_html ?? '');
  });
});

describe('PUT /sites/{id}', () => {
  it('answers with the saved document (new ids included), the same shape GET returns', async () => {
    const put = await http<Record<string, unknown>>(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, {
      token,
      body: { action: 'save', document: docWith('<b>ok</b>') },
      lang: 'en',
    });
    expect(put.status).toBe(200);
    const get = await http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, { token });
    const { message, ...saved } = put.body;
    expect(message).toBeTruthy();
    expect(saved).toEqual(get.body);
    const ids = (saved as { categories: { id: number; pages: { id: number; buttons: { id: number }[] }[] }[] }).categories[0];
    expect(ids?.id).toBeGreaterThan(0);
    expect(ids?.pages[0]?.buttons[0]?.id).toBeGreaterThan(0);
  });
});

describe('SNS links', () => {
  const withSns = (sns: { snsType: string; snsUrl: string }[]) => {
    const d = docWith('<b>ok</b>') as ReturnType<typeof docWith> & { translations: Record<string, Record<string, unknown>> };
    (d.translations.ja as Record<string, unknown>).sns = sns;
    return d;
  };
  const save = (sns: { snsType: string; snsUrl: string }[]) =>
    http<{ fields?: { path: string; message: string }[] }>(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, {
      token,
      body: { action: 'save', document: withSns(sns) },
      lang: 'en',
    });
  it('refuses javascript:, data: and other schemes (422, translated)', async () => {
    for (const snsUrl of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:x',
      'ftp://x.test/',
    ]) {
      const r = await save([{ snsType: 'instagram', snsUrl }]);
      expect(r.status, snsUrl).toBe(422);
      expect(r.body.fields?.[0]?.message).toBe('Enter a valid URL.');
    }
    const phone = await save([{ snsType: 'phone_number', snsUrl: 'javascript:alert(1)' }]);
    expect(phone.status).toBe(422);
    expect(phone.body.fields?.[0]?.message).toBe('Enter a valid phone number.');
  });
  it('takes https links and phone numbers (plain or tel:)', async () => {
    const r = await save([
      { snsType: 'instagram', snsUrl: 'https://instagram.com/x' },
      { snsType: 'phone_number', snsUrl: '03-1234-5678' },
      { snsType: 'phone_number', snsUrl: 'tel:+81312345678' },
    ]);
    expect(r.status).toBe(200);
  });
});

describe('column limit', () => {
  it('is MAX_COLUMNS (ZZ) on create: 27 columns (AA) are fine, one more than ZZ is refused', async () => {
    const mk = (n: number) =>
      http(s.adminUrl, 'POST', '/api/v1/sites', { token, body: { name: 'Wide', number_horizontal: n, number_vertical: 1 }, lang: 'en' });
    expect(MAX_COLUMNS).toBe(702);
    expect((await mk(27)).status).toBe(201);
    expect((await mk(MAX_COLUMNS + 1)).status).toBe(422);
  });
});
