import { toCamel } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { loadPublication } from './repo/publication.js';
import { documentReads } from './repo/read.js';
import { countCampaignClick, countPopupClicks, findSite, readSiteDocument, type SiteRow } from './service.js';

// "Publishing reads once": a save reads the document once (before writing, for the layout
// rule and the code audit); the answer and the publication snapshot are assembled from the rows the
// writers return. What the PUT answers must be what a fresh GET returns, and the snapshot what a fresh
// read of the working copy gives, for saves that create rows (new ids) and saves that delete and reorder.

let s: TestServer;
let token = '';
let siteId = 0;

type Doc = Record<string, unknown> & {
  categories: { id?: number; pages: Record<string, unknown>[] }[];
  translations: Record<string, Record<string, unknown>>;
};

const page = (k: number, extra: Record<string, unknown> = {}) => ({ imageUrl: `sites/x/${k}.jpg`, ...extra });

/** A 2 x 2 document in two languages with every kind of row the writers create. */
function richDoc(): Doc {
  const lang = (menu: string[]) => ({
    globalMenu: menu,
    seo: { title: 'Title', h1: 'H1', description: 'About', headTags: '<meta name="x" content="y">', body: '' },
    sns: [
      { snsType: 'instagram', snsUrl: 'https://instagram.com/x' },
      { snsType: 'phone_number', snsUrl: '03-1234-5678' },
    ],
    forms: {
      CONTACT_SETTING: {
        destinationEmails: ['a@once.test'],
        sendConfirmation: true,
        fields: [
          { fieldKey: 'company', typeForm: 'TEXT_BOX', title: 'Company', orderNum: 2, maxLength: 80 },
          { fieldKey: 'age', typeForm: 'NUMBER', title: 'Age', orderNum: 1, minValue: 0.5, maxValue: 120 },
          { fieldKey: 'plan', typeForm: 'SELECT', title: 'Plan', orderNum: 1, options: ['A', 'B'], defaultValue: 'A' },
        ],
      },
    },
  });
  return {
    name: 'Once',
    numberHorizontal: 2,
    numberVertical: 2,
    defaultLanguage: 'ja',
    languages: ['ja', 'en'],
    globalMenuTextColor: '#ffffff',
    translations: { ja: lang(['一', '二']), en: lang(['One', 'Two']) },
    categories: [
      {
        pages: [
          page(1, {
            mainText: { ja: 'こんにちは' },
            mainTextX: 33.333333333333336,
            buttons: [
              { buttonText: { ja: 'A' }, zIndex: 2, buttonPositionX: 12.345, buttonLinkType: 'LINK_TO_PAGE', linkDestinationUrl: 'B1' },
              { buttonType: 'HTML', buttonContentHtml: '<b>ok</b><script>x()</script>', zIndex: 1 },
              { buttonText: { en: 'C' }, zIndex: 2, buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'https://x.test/' },
            ],
            products: [
              { productName: { ja: 'P2' }, order: 1, price: 1200, coordinateX: 10.5 },
              { productName: { ja: 'P1' }, order: 0, linkButtonUrl: 'https://shop.test/1' },
            ],
          }),
          page(2, { mediaType: 'VIDEO', imageUrl: 'sites/x/v.mp4', thumbnail: 'sites/x/v.jpg', hlsPath: 'sites/x/v.m3u8' }),
        ],
      },
      { pages: [page(3, { price: 990, timeSetting: 5 }), page(4, { buttons: [{ buttonText: { ja: 'D' } }] })] },
    ],
    popupCtas: {
      timeLimit: {
        startDate: '2026-01-01',
        endDate: '2026-12-31T10:00:00.123+09:00',
        effectivePages: [1, 2],
        transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' },
        text: { ja: 'あと少し' },
      },
      applicantLimit: {
        limit: 5,
        transition: { transitionType: 'INTERNAL_URL', internalLinkType: 'contact' },
        style: { textSize: 16, width: 80.5 },
      },
    },
    campaign: {
      translations: { ja: { name: 'Camp' } },
      isOnClickCount: true,
      backgroundOpacity: 0.45,
      positionLp: 'left',
      banners: [
        { mediaUrl: 'sites/x/b1.jpg', side: 'left', width: 120.5 },
        { mediaUrl: 'sites/x/b2.jpg', side: 'right', linkDestinationType: 'EXTERNAL_URL', linkDestinationUrl: 'https://b.test/' },
      ],
      buttons: [
        { type: 'BUTTON', settings: { text: { ja: 'Go' }, ctaType: 'EXTERNAL_URL', ctaValue: 'https://go.test/' } },
        { type: 'IMAGE', imageUrl: 'sites/x/i.jpg', pos: { left: 40, top: 12.5 } },
        { type: 'HTML_BUTTON', side: 'right', settings: { html: '<i>h</i>' } },
      ],
    },
  };
}

type Saved = Doc & {
  popupCtas: { timeLimit: { id: number } | null; applicantLimit: { id: number } | null };
  campaign: { id: number; buttons: (Record<string, unknown> & { id?: number; clickCount?: number })[] } | null;
};

/** PUT, then GET: both answers must be equal; after a publish the snapshot must equal a fresh read. */
async function saveAndCheck(document: unknown, action = 'publish'): Promise<Saved> {
  const put = await http<Record<string, unknown>>(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, {
    token,
    body: { action, document },
    lang: 'en',
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  const { message, ...saved } = put.body;
  expect(message).toBeTruthy();
  const get = await http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, { token });
  expect(saved).toEqual(get.body);
  const fresh = await readSiteDocument(s.ctx.db, (await findSite(s.ctx.db, siteId)) as SiteRow);
  const pub = await loadPublication(s.ctx.db, siteId);
  if (action === 'publish') expect(JSON.parse(String(pub?.document))).toEqual(JSON.parse(JSON.stringify(fresh)));
  return toCamel(saved) as Saved;
}

const ids = (d: Saved) =>
  d.categories.map((c) => ({
    id: c.id,
    pages: c.pages.map((p) => ({
      id: p.id,
      buttons: (p.buttons as { id: number }[]).map((b) => b.id),
      products: (p.products as { id: number }[]).map((x) => x.id),
    })),
  }));

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySwipe: 100, quantitySite: 3 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@once.test' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'a@once.test', planId: plan });
  token = (await login(s.adminUrl, 'a@once.test')).access;
  const c = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token,
    body: { name: 'Once', number_horizontal: 2, number_vertical: 2, global_menu: ['One', 'Two'] },
  });
  siteId = c.body.id;
});
afterAll(async () => {
  await s?.drop();
});

describe('a save answers with what a fresh GET returns', () => {
  let first: Saved;
  it('creating categories, pages, buttons, products, popups, campaign rows and form fields (new ids)', async () => {
    first = await saveAndCheck(richDoc());
    const grid = ids(first);
    const pages = grid.flatMap((c) => c.pages);
    for (const kind of [grid.map((c) => c.id), pages.map((p) => p.id), pages.flatMap((p) => p.buttons), pages.flatMap((p) => p.products)]) {
      expect(kind.every((id) => typeof id === 'number' && id > 0)).toBe(true);
      expect(new Set(kind).size).toBe(kind.length);
    }
    expect(grid[0]?.pages[0]?.buttons).toHaveLength(3);
    expect(first.popupCtas.timeLimit?.id).toBeGreaterThan(0);
    expect(first.popupCtas.applicantLimit?.id).toBeGreaterThan(0);
    expect(first.campaign?.buttons.every((b) => (b.id ?? 0) > 0)).toBe(true);
    // the same document again keeps every id
    const again = await saveAndCheck(first, 'save');
    expect(ids(again)).toEqual(ids(first));
  });

  it('keeps the counts visitors made, and deletes and reorders rows', async () => {
    const camp = first.campaign as NonNullable<Saved['campaign']>;
    const banner = (await readSiteDocument(s.ctx.db, (await findSite(s.ctx.db, siteId)) as SiteRow)).campaign?.banners[1] as unknown as {
      id: number;
    };
    await countCampaignClick(s.ctx, { campaignId: camp.id, bannerId: banner.id, itemId: camp.buttons[2]?.id });
    await s.ctx.db.tx((q: Queryable) => countPopupClicks(q, [{ popupId: first.popupCtas.applicantLimit?.id as number, siteId }]));
    const d = structuredClone(first) as Saved & { campaign: NonNullable<Saved['campaign']> };
    const [c0, c1] = d.categories as [Doc['categories'][number], Doc['categories'][number]];
    d.categories = [c1, c0]; // categories swap (with their menu names)
    for (const l of ['ja', 'en']) (d.translations[l] as { globalMenu: string[] }).globalMenu.reverse();
    c0.pages.reverse(); // pages swap inside a category
    const p = c0.pages[1] as { buttons: Record<string, unknown>[]; products: unknown[] };
    p.buttons = [p.buttons[2] as Record<string, unknown>, { ...p.buttons[0], zIndex: 9 }]; // one deleted, order by z-index turned
    p.products = p.products.slice(1); // one deleted
    d.popupCtas.applicantLimit = null; // deleted
    d.campaign.buttons = [d.campaign.buttons[2] ?? {}, { type: 'BUTTON' }]; // one kept (counted), one new
    const ja = d.translations.ja as { forms: { CONTACT_SETTING: { fields: unknown[] } }; sns: unknown[] };
    ja.forms.CONTACT_SETTING.fields.reverse().pop();
    ja.sns.reverse();
    const second = await saveAndCheck(d);
    expect(ids(second)[0]?.id).toBe(ids(first)[1]?.id);
    expect(ids(second)[1]?.pages.map((x) => x.id)).toEqual(
      ids(first)[0]
        ?.pages.map((x) => x.id)
        .reverse(),
    );
    expect(second.popupCtas.applicantLimit).toBeNull();
    const items = second.campaign?.buttons ?? [];
    expect(items.find((b) => b.id === camp.buttons[2]?.id)?.clickCount).toBe(1);
    // layout 2 x 2 -> 1 x 2 (every creative filled): a category and its rows go, creative-block links are cleared
    const one = structuredClone(second);
    one.numberHorizontal = 1;
    one.categories = one.categories.slice(0, 1);
    for (const l of ['ja', 'en']) (one.translations[l] as { globalMenu: string[] }).globalMenu.splice(1);
    one.campaign = null;
    const third = await saveAndCheck(one);
    expect(third.categories).toHaveLength(1);
    expect(third.campaign).toBeNull();
    await saveAndCheck(third, 'draft');
  });
});

describe('a save reads the document once', () => {
  it('for a draft, a save of the live copy and a publish: one read of the working copy, before writing', async () => {
    const db = s.ctx.db;
    const original = db.tx;
    const tx = db.tx.bind(db);
    const log: string[] = [];
    const seen = (sql: string) => {
      log.push(sql);
      return sql;
    };
    const logged = (q: Queryable): Queryable => ({
      query: (sql, p) => q.query(seen(sql), p),
      one: (sql, p) => q.one(seen(sql), p),
      maybeOne: (sql, p) => q.maybeOne(seen(sql), p),
      exec: (sql) => q.exec(seen(sql)),
    });
    db.tx = <T>(fn: (q: Queryable) => Promise<T>): Promise<T> => tx<T>((q) => fn(logged(q)));
    try {
      for (const action of ['draft', 'save', 'publish']) {
        log.length = 0;
        const before = documentReads.count;
        const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, { token, body: { action, document: richDoc() } });
        expect(r.status).toBe(200);
        expect(documentReads.count - before, action).toBe(1);
        // independent of the counter: the statements that load the per-language rows (only the document read does)
        expect(log.filter((sql) => /^\s*SELECT[\s\S]*\bFROM\s+site_languages\b/i.test(sql)).length, action).toBe(1);
      }
    } finally {
      db.tx = original;
    }
  });
});
