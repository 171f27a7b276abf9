import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { emptyDocument } from '../sites/service.js';

// Dynamic text through real HTTP: the first page is rendered with its placeholders filled from the address's query
// (what a browser without JavaScript shows), each visitor's value stays its own through the micro-cache and the
// rendered-page cache, values are cleaned and cut, and a site without placeholders keeps one rendered page.

let s: TestServer;
let token = '';
let dynamic = 0;
let plain = 0;

function doc(name: string, mainText: string, buttonText: string) {
  const d = emptyDocument({ name, numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'en', languages: ['en'], globalMenu: ['One'] });
  d.categories = [{ pages: [{ imageUrl: 'demo/a1.jpg', mainText: { en: mainText }, buttons: [{ buttonText: { en: buttonText } }] }] }];
  return d;
}

async function site(name: string, mainText: string, buttonText: string): Promise<number> {
  const id = (
    await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', { token, body: { name, number_horizontal: 1, number_vertical: 1 } })
  ).body.id;
  const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, {
    token,
    body: { action: 'publish', document: doc(name, mainText, buttonText) },
  });
  expect(r.status).toBe(200);
  return id;
}

beforeAll(async () => {
  // a long micro-cache lifetime: a repeated address is answered from it for the whole file
  s = await startTestServer({ microcacheTtlMs: 60_000 });
  const plan = await makePlan(s.ctx, { quantitySite: 5 });
  await makeAccount(s.ctx, { parentId: null, type: 'MASTER_USER', email: 'op@dyn.test', planId: plan });
  token = (await login(s.adminUrl, 'op@dyn.test')).access;
  dynamic = await site('Dynamic', 'Best {{utm_term|running shoes}} in town', 'Shop {{utm_source|now}}');
  plain = await site('Plain', 'Best shoes in town', 'Shop now');
});
afterAll(async () => {
  await s?.drop();
});

/** The first page as a browser without JavaScript gets it. */
async function page(id: number, query = '') {
  const r = await fetch(`${s.sitesUrl}/sites/${id}/en/A1${query}`);
  expect(r.status).toBe(200);
  return { html: await r.text(), etag: r.headers.get('etag') };
}
/** The main text and the button label as drawn (the paragraph and the button's text span). */
function drawn(html: string) {
  return {
    main: /<p [^>]*class="sp-main-text"[^>]*>([^<]*)<\/p>/.exec(html)?.[1],
    button: /<span [^>]*class="sp-btn-text"[^>]*>([^<]*)<\/span>/.exec(html)?.[1],
  };
}

describe('dynamic text on the first page', () => {
  it('shows the query value at first paint, and the fallback without it', async () => {
    expect(drawn((await page(dynamic, '?utm_term=trail+shoes&utm_source=mail')).html)).toEqual({
      main: 'Best trail shoes in town',
      button: 'Shop mail',
    });
    expect(drawn((await page(dynamic)).html)).toEqual({ main: 'Best running shoes in town', button: 'Shop now' });
    // an empty value, or only parameters outside the allow-list: the fallback
    expect(drawn((await page(dynamic, '?utm_term=&name=Eve')).html)).toEqual({ main: 'Best running shoes in town', button: 'Shop now' });
  });

  it("keeps each visitor's value its own, from the cache too", async () => {
    for (let round = 0; round < 2; round++) {
      const a = await page(dynamic, '?utm_term=boots');
      const b = await page(dynamic, '?utm_term=sandals');
      const none = await page(dynamic);
      expect(drawn(a.html).main).toBe('Best boots in town');
      expect(drawn(b.html).main).toBe('Best sandals in town');
      expect(drawn(none.html).main).toBe('Best running shoes in town');
      expect(a.html).not.toContain('sandals');
      expect(b.html).not.toContain('boots');
      // the same address, the same page (the second round comes from the caches)
      expect(new Set([a.etag, b.etag, none.etag]).size).toBe(3);
    }
    // a parameter the site does not use does not split its rendered page
    const other = await page(dynamic, '?utm_term=boots&utm_medium=cpc');
    expect(other.etag).toBe((await page(dynamic, '?utm_term=boots')).etag);
  });

  it('never lets a value be markup, and cuts it at 60 characters', async () => {
    const hostile = encodeURIComponent('<img src=x onerror=alert(1)>"\'{{utm_source}}');
    const { html } = await page(dynamic, `?utm_term=${hostile}`);
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('onerror=alert(1)>');
    expect(drawn(html).main).toBe("Best img src x onerror alert(1) ' utm source in town");
    const long = await page(dynamic, `?utm_term=${'x'.repeat(100)}`);
    expect(drawn(long.html).main).toBe(`Best ${'x'.repeat(60)} in town`);
  });

  it('a site without placeholders keeps one rendered page whatever the query', async () => {
    const a = await page(plain, '?utm_term=boots');
    const b = await page(plain, '?utm_term=sandals');
    expect(drawn(a.html).main).toBe('Best shoes in town');
    expect(a.etag).toBe(b.etag);
    expect(a.etag).toBe((await page(plain)).etag);
  });

  it('the page call answers the stored text (the viewer fills it from its own address)', async () => {
    const site = await http<{ categories: { pages: { id: number }[] }[] }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${dynamic}?lang=en`);
    const pageId = site.body.categories[0]?.pages[0]?.id;
    const r = await http<{ page_detail: { main_text: string } }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${dynamic}/page/${pageId}/public?lang=en`,
    );
    expect(r.status).toBe(200);
    expect(r.body.page_detail.main_text).toBe('Best {{utm_term|running shoes}} in town');
  });

  it('refuses an unknown source on save, with the field and a translated message', async () => {
    const r = await http<{ fields: { path: string; message: string }[] }>(s.adminUrl, 'PUT', `/api/v1/sites/${dynamic}`, {
      token,
      body: { action: 'save', document: doc('Dynamic', 'Hello {{city|Tokyo}}', 'Shop') },
      lang: 'en',
    });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual([
      {
        path: 'categories.0.pages.0.mainText.en',
        message:
          'Unknown placeholder. Use utm_source, utm_medium, utm_campaign, utm_term, utm_content, keyword or kw, as in {{utm_term|fallback text}}.',
      },
    ]);
  });
});
