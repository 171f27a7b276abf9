import { type SiteDocumentInput, toCamel } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { emptyDocument, saveHooks } from './service.js';

// The site editor's save rules through real HTTP (back-office.md 5 and 6): every rule at its edge,
// tenant isolation, all-or-nothing saves, plan features, the layout rule, operator code authority and
// its audit log, HTML sanitising, CSV export.

let s: TestServer;
const tok: Record<string, string> = {};
let siteA = 0; // userA's site (2 x 3)
let siteB = 0; // userB's site

type Doc = SiteDocumentInput & Record<string, unknown>;

function baseDoc(over: Partial<Doc> = {}): Doc {
  const d = emptyDocument({
    name: 'Site A',
    numberHorizontal: 2,
    numberVertical: 3,
    defaultLanguage: 'ja',
    languages: ['ja'],
    globalMenu: ['One', 'Two'],
  });
  return { ...d, ...over } as Doc;
}
function filled(d: Doc, n = 6): Doc {
  let k = 0;
  for (const c of d.categories) for (const p of c.pages) if (k++ < n) (p as Record<string, unknown>).imageUrl = `sites/x/${k}.jpg`;
  return d;
}
function lang(d: Doc): Record<string, unknown> {
  return (d.translations as Record<string, Record<string, unknown>>).ja as Record<string, unknown>;
}
const put = (id: number, document: unknown, who = 'A', action = 'save') =>
  http(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, { token: tok[who], body: { action, document }, lang: 'en' });
const get = (id: number, who = 'A') => http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${id}`, { token: tok[who] });

beforeAll(async () => {
  s = await startTestServer();
  const standard = await makePlan(s.ctx, { name: 'Standard', quantitySwipe: 50, quantitySite: 5 });
  const light = await makePlan(s.ctx, { name: 'Light', quantitySwipe: 6, quantitySite: 5, flags: false });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@sites.test', companyName: 'Platform' });
  const a = await makeAccount(s.ctx, {
    parentId: m.id,
    type: 'MASTER_USER',
    email: 'a@sites.test',
    companyName: '=cmd|A',
    planId: standard,
  });
  await makeAccount(s.ctx, {
    parentId: m.id,
    type: 'MASTER_USER',
    email: 'b@sites.test',
    companyName: 'Tenant B',
    planId: standard,
  });
  await makeAccount(s.ctx, { parentId: a.id, type: 'SUB_ADMIN', email: 'view@sites.test', authority: 'VIEW' });
  await makeAccount(s.ctx, { parentId: a.id, type: 'SUB_ADMIN', email: 'edit@sites.test', authority: 'EDIT' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'viewuser@sites.test', authority: 'VIEW', planId: standard });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'light@sites.test', companyName: 'Light Co', planId: light });
  for (const [k, e] of [
    ['M', 'm'],
    ['A', 'a'],
    ['B', 'b'],
    ['VIEW', 'view'],
    ['SUB', 'edit'],
    ['VIEWUSER', 'viewuser'],
    ['LIGHT', 'light'],
  ] as const)
    tok[k] = (await login(s.adminUrl, `${e}@sites.test`)).access;
  const created = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token: tok.A,
    body: { name: 'Site A', number_horizontal: 2, number_vertical: 3, global_menu: ['One', 'Two'] },
  });
  expect(created.status).toBe(201);
  siteA = created.body.id;
  siteB = (
    await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.B,
      body: { name: '+Site B', number_horizontal: 1, number_vertical: 1 },
    })
  ).body.id;
});
afterAll(async () => {
  saveHooks.afterWrite = undefined;
  await s?.drop();
});

describe('tenants', () => {
  it("another tenant's site does not exist (404) for read, change, delete, audit log and CSV", async () => {
    expect((await get(siteB, 'A')).status).toBe(404);
    expect((await put(siteB, baseDoc(), 'A')).status).toBe(404);
    expect((await http(s.adminUrl, 'DELETE', `/api/v1/sites/${siteB}`, { token: tok.A })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${siteB}/audit-log`, { token: tok.A })).status).toBe(404);
    const b = await get(siteB, 'B');
    expect(b.status).toBe(200);
    expect(b.body.name).toBe('+Site B');
    // the sub-admin acts for its parent
    expect((await get(siteA, 'SUB')).status).toBe(200);
    expect((await get(siteB, 'SUB')).status).toBe(404);
  });
});

describe('section 5: site rules at their edges', () => {
  it('name required, rows and columns not 0, plan creative limit', async () => {
    expect((await put(siteA, baseDoc({ name: '  ' }))).status).toBe(422);
    const zero = await http(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.A,
      body: { name: 'x', number_horizontal: 0, number_vertical: 1 },
    });
    expect(zero.status).toBe(422);
    // Light plan: at most 6 creatives: 2 x 3 is fine, 7 x 1 is one too many.
    const ok = await http(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.LIGHT,
      body: { name: 'L', number_horizontal: 2, number_vertical: 3 },
    });
    expect(ok.status).toBe(201);
    const over = await http<{ message: string[] }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.LIGHT,
      lang: 'en',
      body: { name: 'L', number_horizontal: 7, number_vertical: 1 },
    });
    expect(over.status).toBe(422);
    expect(String(over.body.message)).toContain('(6)');
  });

  it('global menu: required, non-empty, not duplicated', async () => {
    const d1 = baseDoc();
    lang(d1).globalMenu = ['One', ' '];
    expect((await put(siteA, d1)).status).toBe(422);
    const d2 = baseDoc();
    lang(d2).globalMenu = ['One', 'One'];
    const r2 = await put(siteA, d2);
    expect(r2.status).toBe(422);
    expect(JSON.stringify(r2.body)).toContain('Menu items must not repeat');
    const d3 = baseDoc();
    lang(d3).globalMenu = [];
    expect((await put(siteA, d3)).status).toBe(422);
  });

  it('creatives consecutive: a gap in a column is refused, a full prefix is fine', async () => {
    const gap = baseDoc();
    (gap.categories[0]?.pages[1] as Record<string, unknown>).imageUrl = 'sites/x/1.jpg';
    const r = await put(siteA, gap);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('consecutively');
    expect((await put(siteA, filled(baseDoc(), 2))).status).toBe(200);
  });

  const seo = (field: string, value: string) => {
    const d = baseDoc();
    lang(d).seo = { [field]: value };
    return d;
  };
  it.each([
    ['title', 60],
    ['h1', 70],
    ['description', 160],
  ])('SEO %s: %i characters accepted, one more refused', async (field, max) => {
    expect((await put(siteA, seo(field, 'a'.repeat(max)))).status).toBe(200);
    const over = await put(siteA, seo(field, 'a'.repeat(max + 1)));
    expect(over.status).toBe(422);
    expect(JSON.stringify(over.body)).toContain(`at most ${max}`);
  });
  it('SEO characters: letters of any script, digits, hyphen, bar, colon, brackets; no underscore, emoji or other specials', async () => {
    expect((await put(siteA, seo('title', 'Spring Sale 2026 | 春の新作 - [限定]: (A)'))).status).toBe(200);
    for (const bad of ['snake_case', 'Sale 🎉', 'a & b', 'a!', 'a.b', 'a/b', '<b>']) {
      const r = await put(siteA, seo('title', bad));
      expect(r.status, bad).toBe(422);
      expect(JSON.stringify(r.body)).toContain('Only letters');
    }
  });
  it('SEO whitespace: no leading or trailing whitespace', async () => {
    for (const bad of [' Title', 'Title ', '\tTitle', 'Title\n']) {
      const r = await put(siteA, seo('h1', bad));
      expect(r.status, JSON.stringify(bad)).toBe(422);
    }
    expect((await put(siteA, seo('h1', 'Inner  spaces ok'))).status).toBe(200);
  });
  it('body script: only script tags with src and optional defer; no eval, setTimeout, setInterval', async () => {
    for (const ok of [
      '',
      '<script src="https://cdn.example.com/a.js"></script>',
      '<script src="/x.js" defer></script>\n<script src=\'/y.js\'></script>',
    ]) {
      expect((await put(siteA, seo('body', ok))).status, ok).toBe(200);
    }
    const cases: [string, string][] = [
      ['<script>alert(1)</script>', 'Only script tags'],
      ['<script src="/a.js" onload="x()"></script>', 'Only script tags'],
      ['<img src=x onerror=alert(1)>', 'Only script tags'],
      ['<script src="/a.js" async></script>', 'Only script tags'],
      ['<script>eval("1")</script>', 'eval, setTimeout'],
      ['<script src="/a.js?setTimeout"></script>', 'eval, setTimeout'],
      ['<script>setInterval(f, 1)</script>', 'eval, setTimeout'],
    ];
    for (const [bad, msg] of cases) {
      const r = await put(siteA, seo('body', bad));
      expect(r.status, bad).toBe(422);
      expect(JSON.stringify(r.body), bad).toContain(msg);
    }
  });
  it('head tags up to 65535 characters', async () => {
    expect((await put(siteA, seo('headTags', `<meta name="x" content="${'a'.repeat(65535 - 27)}">`))).status).toBe(200);
    expect((await put(siteA, seo('headTags', 'a'.repeat(65536)))).status).toBe(422);
  });

  it('company: URLs checked; contract agreement requires terms of service and privacy policy', async () => {
    const company = (c: Record<string, unknown>) => {
      const d = baseDoc();
      lang(d).company = c;
      return d;
    };
    expect((await put(siteA, company({ companyWebsite: 'not a url' }))).status).toBe(422);
    expect((await put(siteA, company({ companyWebsite: 'javascript:alert(1)' }))).status).toBe(422);
    expect((await put(siteA, company({ companyWebsite: `https://example.com/${'a'.repeat(256 - 20)}` }))).status).toBe(200);
    expect((await put(siteA, company({ companyWebsite: `https://example.com/${'a'.repeat(256 - 19)}` }))).status).toBe(422);
    const need = await put(siteA, company({ contractAgreementRequired: true, termsOfService: 'https://example.com/terms' }));
    expect(need.status).toBe(422);
    expect(JSON.stringify(need.body)).toContain('privacy policy');
    const need2 = await put(siteA, company({ contractAgreementRequired: true, privacyPolicy: 'https://example.com/p' }));
    expect(JSON.stringify(need2.body)).toContain('terms of service');
    expect(
      (
        await put(
          siteA,
          company({ contractAgreementRequired: true, termsOfService: 'https://example.com/t', privacyPolicy: 'https://example.com/p' }),
        )
      ).status,
    ).toBe(200);
  });

  it('form field keys must be unique within a form (422, not a database error)', async () => {
    const d = baseDoc();
    lang(d).forms = {
      CONTACT_SETTING: {
        fields: [
          { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail' },
          { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail again' },
        ],
      },
    };
    const r = await put(siteA, d);
    expect(r.status).toBe(422);
    expect(JSON.stringify(r.body)).toContain('Form field keys must not repeat');
  });
});

describe('all or nothing', () => {
  it('a save that fails midway leaves the site exactly as it was', async () => {
    const good = filled(baseDoc({ name: 'Before' }), 3);
    lang(good).seo = { title: 'Before' };
    expect((await put(siteA, good)).status).toBe(200);
    const before = await get(siteA);
    const auditBefore = await http<{ total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${siteA}/audit-log`, { token: tok.A });
    saveHooks.afterWrite = async () => {
      throw new Error('disk on fire');
    };
    try {
      const changed = filled(baseDoc({ name: 'After', numberVertical: 3 }), 6);
      lang(changed).seo = { title: 'After', headTags: '<meta name="changed">' };
      lang(changed).globalMenu = ['Uno', 'Dos'];
      (changed.categories[0]?.pages[0] as Record<string, unknown>).buttons = [{ buttonType: 'HTML', buttonContentHtml: '<b>new</b>' }];
      const r = await put(siteA, changed, 'A', 'publish');
      expect(r.status).toBe(500);
      expect(JSON.stringify(r.body)).not.toContain('disk on fire');
    } finally {
      saveHooks.afterWrite = undefined;
    }
    const after = await get(siteA);
    expect(after.body).toEqual(before.body);
    const auditAfter = await http<{ total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${siteA}/audit-log`, { token: tok.A });
    expect(auditAfter.body.total).toBe(auditBefore.body.total);
    expect(await getPublishedSite(s.ctx, siteA)).toBeNull();
  });
});

describe('plan features', () => {
  let light = 0;
  beforeAll(async () => {
    light = (
      await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
        token: tok.LIGHT,
        body: { name: 'L2', number_horizontal: 1, number_vertical: 2 },
      })
    ).body.id;
  });
  const lightDoc = () =>
    emptyDocument({ name: 'L2', numberHorizontal: 1, numberVertical: 2, defaultLanguage: 'ja', languages: ['ja'] }) as Doc;
  it('SEO tags, popup CTA, extra languages and custom domain need their plan flag (403, translated)', async () => {
    expect((await put(light, lightDoc(), 'LIGHT')).status).toBe(200);
    const seoDoc = lightDoc();
    lang(seoDoc).seo = { headTags: '<meta name="a">' };
    const r1 = await put(light, seoDoc, 'LIGHT');
    expect(r1.status).toBe(403);
    expect(r1.body).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED', message: 'Your plan does not include SEO and tag settings.' });
    const popup = lightDoc();
    popup.popupCtas = { timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com' } } };
    expect((await put(light, popup, 'LIGHT')).body).toMatchObject({ message: 'Your plan does not include popup CTAs.' });
    const multi = lightDoc();
    multi.languages = ['ja', 'en'];
    (multi.translations as Record<string, unknown>).en = { globalMenu: ['Cat'] };
    expect((await put(light, multi, 'LIGHT')).body).toMatchObject({ message: 'Your plan does not include multiple languages.' });
    const dom = lightDoc();
    dom.customDomain = 'shop.example.com';
    expect((await put(light, dom, 'LIGHT')).status).toBe(403);
    expect(
      (await http(s.adminUrl, 'PUT', `/api/v1/sites/${light}/domain`, { token: tok.LIGHT, body: { domain: 'shop.example.com' } })).status,
    ).toBe(403);
    // Japanese by default
    const ja = await http<{ message: string }>(s.adminUrl, 'PUT', `/api/v1/sites/${light}`, {
      token: tok.LIGHT,
      body: { action: 'save', document: seoDoc },
    });
    expect(ja.body.message).toBe('ご利用のプランではSEO・タグ設定は使えません。');
  });
});

describe('layout changes', () => {
  let site = 0;
  beforeAll(async () => {
    site = (
      await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
        token: tok.A,
        body: { name: 'Layout', number_horizontal: 1, number_vertical: 2, global_menu: ['Only'] },
      })
    ).body.id;
  });
  const doc = (h: number, v: number, n: number) => {
    const d = emptyDocument({
      name: 'Layout',
      numberHorizontal: h,
      numberVertical: v,
      defaultLanguage: 'ja',
      languages: ['ja'],
      globalMenu: Array.from({ length: h }, (_, i) => `C${i}`),
    }) as Doc;
    return filled(d, n);
  };
  it('is refused while some creatives are empty, allowed when all are filled, and clears creative-block settings', async () => {
    expect((await put(site, doc(1, 2, 1))).status).toBe(200);
    const refused = await put(site, doc(1, 3, 1));
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain('only when all creatives are filled');
    // fill both, with creative-block links everywhere
    const full = doc(1, 2, 2);
    (full.categories[0]?.pages[0] as Record<string, unknown>).buttons = [
      { buttonText: { ja: 'go' }, buttonLinkType: 'CREATIVE_BLOCK', linkDestinationUrl: '2' },
      { buttonText: { ja: 'web' }, buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'https://example.com' },
    ];
    full.popupCtas = { timeLimit: { transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' } } };
    full.campaign = { banners: [{ mediaUrl: 'sites/x/b.png', linkDestinationType: 'CREATIVE_BLOCK', linkDestinationUrl: '2' }] };
    expect((await put(site, full)).status).toBe(200);
    const bigger = doc(1, 3, 2);
    bigger.categories[0]!.pages[0] = full.categories[0]!.pages[0]!;
    bigger.popupCtas = full.popupCtas;
    bigger.campaign = full.campaign;
    expect((await put(site, bigger)).status).toBe(200);
    const after = (await get(site)).body as Record<string, unknown>;
    const cats = after.categories as { pages: { buttons: Record<string, unknown>[] }[] }[];
    expect(cats[0]?.pages.length).toBe(3);
    const buttons = cats[0]?.pages[0]?.buttons ?? [];
    expect(buttons.find((b) => b.link_destination_url === 'https://example.com')?.button_link_type).toBe('EXTERNAL_URL');
    expect(buttons.filter((b) => b.button_link_type === 'CREATIVE_BLOCK')).toHaveLength(0);
    const popup = (after.popup_ctas as Record<string, { transition: Record<string, unknown> }>).time_limit;
    expect(popup?.transition.target_creative_block ?? null).toBeNull();
    const banner = (after.campaign as { banners: Record<string, unknown>[] }).banners[0];
    expect(banner?.link_destination_type ?? null).toBeNull();
  });
});

describe('operator code: edit authority only, audited', () => {
  it('a view-authority sub-admin and a view-authority user get 403 and nothing changes', async () => {
    const before = await get(siteA);
    const d = filled(baseDoc(), 3);
    lang(d).seo = { body: '<script src="/evil.js"></script>' };
    const r = await put(siteA, d, 'VIEW');
    expect(r.status).toBe(403);
    const site = (
      await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
        token: tok.VIEWUSER,
        body: { name: 'v', number_horizontal: 1, number_vertical: 1 },
      })
    ).status;
    expect(site).toBe(403);
    expect((await get(siteA)).body).toEqual(before.body);
  });

  it('every change to scripts, chatbot scripts, script buttons and HTML buttons writes an audit row with who, when, field and hashes', async () => {
    const d = filled(baseDoc(), 3);
    lang(d).seo = { headTags: '<meta name="a">', body: '<script src="/a.js"></script>' };
    lang(d).scripts = { contactScript: 'console.log(1)' };
    const page = d.categories[0]?.pages[0] as Record<string, unknown>;
    page.chatbotScript = '<script src="/bot.js"></script>';
    page.buttons = [
      {
        buttonType: 'HTML',
        buttonContentHtml:
          '<b onclick="x()">Hi</b><script>alert(1)</script><a href="javascript:alert(1)">a</a><span style="color: red; background: url(x)">s</span>',
      },
      { buttonType: 'TEXT', buttonText: { ja: 'run' }, buttonLinkType: 'SCRIPT', linkDestinationUrl: 'console.log("hi")' },
    ];
    const r = await put(siteA, d, 'SUB');
    expect(r.status).toBe(200);
    const log = await http<{ items: Record<string, unknown>[]; total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${siteA}/audit-log`, {
      token: tok.A,
    });
    expect(log.status).toBe(200);
    const fields = log.body.items.map((i) => i.field);
    for (const f of [
      'translations.ja.seo.headTags',
      'translations.ja.seo.body',
      'translations.ja.scripts.contactScript',
      'pages.A1.chatbotScript',
      'pages.A1.buttons.html',
      'pages.A1.buttons.script',
    ])
      expect(fields).toContain(f);
    const row = log.body.items.find((i) => i.field === 'translations.ja.seo.body') as Record<string, unknown>;
    expect(row.account_email).toBe('edit@sites.test');
    expect(row.old_hash).toBeNull();
    expect(String(row.new_hash)).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.now() - new Date(String(row.created_at)).getTime()).toBeLessThan(60_000);

    // HTML was sanitised on save
    const saved = (await get(siteA)).body as Record<string, unknown>;
    const html = String(
      ((saved.categories as { pages: { buttons: { button_content_html: string | null }[] }[] }[])[0]?.pages[0]?.buttons ?? [])
        .map((b) => b.button_content_html ?? '')
        .join(''),
    );
    expect(html).toContain('<b>Hi</b>');
    expect(html).not.toMatch(/onclick|<script|javascript:|url\(/i);
    expect(html).toContain('color:red');

    // saving the same code again adds nothing; changing one field adds exactly one row with old and new hashes
    const again = structuredClone(d);
    expect((await put(siteA, again, 'A')).status).toBe(200);
    const log2 = await http<{ total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${siteA}/audit-log`, { token: tok.A });
    expect(log2.body.total).toBe(log.body.total);
    lang(again).seo = { headTags: '<meta name="b">', body: '<script src="/a.js"></script>' };
    expect((await put(siteA, again, 'A')).status).toBe(200);
    const log3 = await http<{ items: Record<string, unknown>[]; total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${siteA}/audit-log`, {
      token: tok.A,
    });
    expect(log3.body.total).toBe(log.body.total + 1);
    const changed = log3.body.items[0] as Record<string, unknown>;
    expect(changed.field).toBe('translations.ja.seo.headTags');
    expect(changed.old_hash).toBe(
      row === undefined ? null : (log.body.items.find((i) => i.field === 'translations.ja.seo.headTags')?.new_hash ?? null),
    );
    expect(changed.account_email).toBe('a@sites.test');
  });
});

describe('publishing', () => {
  it('publish makes the site visible at once; save keeps the working copy only; private hides it at once', async () => {
    const d = filled(baseDoc({ name: 'Live one' }), 3);
    expect((await put(siteA, d, 'A', 'publish')).status).toBe(200);
    expect((await getPublishedSite(s.ctx, siteA))?.document.name).toBe('Live one');
    // save on a published site: the working copy changes, visitors keep the live copy, the site stays published
    const saved = await put(siteA, { ...d, name: 'Live two' }, 'A', 'save');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Live two', status: 'PUBLISH' });
    expect((await getPublishedSite(s.ctx, siteA))?.document.name).toBe('Live one');
    expect((await get(siteA)).body.name).toBe('Live two');
    expect((await put(siteA, { ...d, name: 'Live two' }, 'A', 'publish')).status).toBe(200);
    expect((await getPublishedSite(s.ctx, siteA))?.document.name).toBe('Live two');
    expect((await put(siteA, { ...d, name: 'Draft three' }, 'A', 'draft')).status).toBe(200);
    expect((await getPublishedSite(s.ctx, siteA))?.document.name).toBe('Live two');
    expect((await put(siteA, d, 'A', 'private')).status).toBe(200);
    expect(await getPublishedSite(s.ctx, siteA)).toBeNull();
  });
});

describe('round trip', () => {
  it('what GET returns can be PUT back unchanged (the editor saves what it loaded)', async () => {
    const d = filled(baseDoc({ name: 'Round trip' }), 6);
    lang(d).seo = { title: 'Round trip', h1: 'H1', description: 'Desc' };
    lang(d).sns = [{ snsType: 'instagram', snsUrl: 'https://instagram.com/x' }];
    lang(d).forms = {
      CONTACT_SETTING: {
        destinationEmails: ['ops@example.com'],
        fields: [
          { fieldKey: 'email', typeForm: 'TEXT_BOX', title: 'E-mail', required: true },
          { fieldKey: 'companyName', typeForm: 'TEXT_BOX', title: 'Company', orderNum: 1 },
        ],
      },
    };
    const page = d.categories[0]?.pages[0] as Record<string, unknown>;
    page.buttons = [
      { buttonText: { ja: 'go' }, buttonAnimation: 'BOUNCE', buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'https://example.com' },
    ];
    page.products = [{ productName: { ja: 'bag' }, price: 100 }];
    d.popupCtas = {
      applicantLimit: {
        startDate: '2026-01-01T00:00:00.000Z',
        endDate: '2027-01-01T00:00:00.000Z',
        effectivePages: [1, 2],
        limit: 10,
        transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
      },
    };
    d.campaign = { translations: { ja: { name: 'sale' } }, banners: [{ mediaUrl: 'sites/x/b.png', side: 'right' }] };
    expect((await put(siteA, d)).status).toBe(200);
    // visitors' clicks happen between saves: they survive the editor's saves
    await s.ctx.db.query('UPDATE buttons SET click_count = 7 WHERE page_id IN (SELECT id FROM pages WHERE site_id = $1)', [siteA]);
    await s.ctx.db.query('UPDATE campaign_banners SET click_count = 5 WHERE campaign_id IN (SELECT id FROM campaigns WHERE site_id = $1)', [
      siteA,
    ]);
    const first = await get(siteA);
    const again = await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteA}`, { token: tok.A, body: { action: 'save', document: first.body } });
    expect(again.status).toBe(200);
    const second = await get(siteA);
    expect({ ...second.body, updated_at: null }).toEqual({ ...first.body, updated_at: null });
    // record keys travel snake_cased like every key; the client's camelCase conversion restores them
    const camel = toCamel<{ translations: Record<string, { forms: Record<string, { fields: { fieldKey: string }[] }> }> }>(second.body);
    const fields = camel.translations.ja?.forms.CONTACT_SETTING?.fields.map((f) => ({ field_key: f.fieldKey }));
    expect(fields?.map((f) => f.field_key)).toEqual(['email', 'companyName']);
    const cats = second.body.categories as { pages: { buttons: { click_count: number }[] }[] }[];
    expect(cats[0]?.pages[0]?.buttons[0]?.click_count).toBe(7);
    expect((second.body.campaign as { banners: { click_count: number }[] }).banners[0]?.click_count).toBe(5);
  });
});

describe('CSV export', () => {
  it('has a BOM, the six columns, neutralised formula cells, and only the caller subtree', async () => {
    const r = await fetch(`${s.adminUrl}/api/v1/sites/export-csv`, {
      headers: { authorization: `Bearer ${tok.A}`, 'accept-language': 'en' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const buf = Buffer.from(await r.arrayBuffer());
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = buf.toString('utf8').slice(1);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Parent account,Title,URL,Status,Published date,Created date');
    expect(text).toContain("'=cmd|A"); // company name of A starts with =
    expect(text).not.toContain('+Site B'); // B's site is not in A's subtree
    const m = await fetch(`${s.adminUrl}/api/v1/sites/export-csv?search=Site%20B`, { headers: { authorization: `Bearer ${tok.M}` } });
    const mt = Buffer.from(await m.arrayBuffer()).toString('utf8');
    expect(mt).toContain("'+Site B");
    expect(mt.split('\r\n')[0]).toContain('親アカウント');
  });
  it('writes its times in Japan time with the zone named (the screens do the same)', async () => {
    await s.ctx.db.query("UPDATE sites SET created_at = '2026-11-27T04:01:00Z', published_at = '2026-12-31T15:00:00Z' WHERE id = $1", [
      siteB,
    ]);
    const m = await fetch(`${s.adminUrl}/api/v1/sites/export-csv?search=Site%20B`, { headers: { authorization: `Bearer ${tok.M}` } });
    const row =
      Buffer.from(await m.arrayBuffer())
        .toString('utf8')
        .split('\r\n')[1] ?? '';
    // 04:01 UTC is 13:01 in Japan; 15:00 UTC on New Year's Eve is already 1 January there
    expect(row.endsWith(',2027-01-01 00:00 JST,2026-11-27 13:01 JST')).toBe(true);
  });
  it('neutralises every formula starter', async () => {
    const { csvCell } = await import('../../lib/csv.js');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('plain')).toBe('plain');
  });
});
