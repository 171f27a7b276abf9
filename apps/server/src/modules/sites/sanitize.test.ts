import { siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { emptyDocument, findSite, invalidateSite, planOf, publishSnapshot, type SiteRow, writeSiteDocument } from './service.js';

// One HTML sanitizer (issue 8): what saving refuses is also stripped when drawn, even when the stored
// document never went through a save (older data, a direct write).

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
  const plan = await makePlan(s.ctx, { quantitySwipe: 10, quantitySite: 3 });
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
