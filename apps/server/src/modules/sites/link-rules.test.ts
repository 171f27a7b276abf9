import type { SiteDocumentInput } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { emptyDocument } from './service.js';

// The one URL rule through real HTTP: the save refuses a link that is not a URL (422, the field named, a translated
// message) for every kind of link, and nothing of the refused document is stored or published.

let s: TestServer;
let token = '';
let siteId = 0;

type Doc = SiteDocumentInput & Record<string, unknown>;
function doc(over: (d: Doc) => void = () => {}): Doc {
  const d = emptyDocument({
    name: 'Links',
    numberHorizontal: 1,
    numberVertical: 2,
    defaultLanguage: 'ja',
    languages: ['ja'],
    globalMenu: ['One'],
  }) as Doc;
  for (const c of d.categories) for (const p of c.pages) (p as Record<string, unknown>).imageUrl = 'sites/x/1.jpg';
  over(d);
  return d;
}
const page = (d: Doc) => (d.categories as { pages: Record<string, unknown>[] }[])[0]?.pages[0] as Record<string, unknown>;
const put = (document: unknown, action = 'publish', lang = 'en') =>
  http<{ message: string; code: string; fields?: { path: string; message: string }[] }>(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, {
    token,
    body: { action, document },
    lang,
  });

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { name: 'Standard', quantitySwipe: 50, quantitySite: 5 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@links.test', companyName: 'Platform' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'a@links.test', companyName: 'A', planId: plan });
  token = (await login(s.adminUrl, 'a@links.test')).access;
  const created = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token,
    body: { name: 'Links', number_horizontal: 1, number_vertical: 2, global_menu: ['One'] },
  });
  expect(created.status).toBe(201);
  siteId = created.body.id;
  expect(
    (
      await put(
        doc((d) => {
          d.name = 'Good links';
        }),
      )
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await s?.drop();
});

describe('link fields on save', () => {
  const cases: [string, (d: Doc) => void, string][] = [
    [
      'a button',
      (d) => {
        page(d).buttons = [{ buttonText: { ja: 'go' }, buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'not a url' }];
      },
      'categories.0.pages.0.buttons.0.linkDestinationUrl',
    ],
    [
      'the page link',
      (d) => {
        page(d).linkDestinationUrl = 'not a url';
      },
      'categories.0.pages.0.linkDestinationUrl',
    ],
    [
      'a product',
      (d) => {
        page(d).products = [{ linkButtonUrl: 'not a url' }];
      },
      'categories.0.pages.0.products.0.linkButtonUrl',
    ],
    [
      'a popup',
      (d) => {
        d.popupCtas = { timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'not a url' } } };
      },
      'popupCtas.timeLimit.transition.externalLinkUrl',
    ],
    [
      'a campaign banner',
      (d) => {
        d.campaign = { banners: [{ mediaUrl: 'b.jpg', linkDestinationType: 'EXTERNAL_URL', linkDestinationUrl: 'not a url' }] };
      },
      'campaign.banners.0.linkDestinationUrl',
    ],
    [
      'a campaign item',
      (d) => {
        d.campaign = { buttons: [{ settings: { ctaType: 'EXTERNAL_URL', ctaValue: 'not a url' } }] };
      },
      'campaign.buttons.0.settings.ctaValue',
    ],
  ];
  for (const [what, change, field] of cases)
    it(`${what} with "not a url" is refused with 422 naming the field, and nothing is published`, async () => {
      const r = await put(
        doc((d) => {
          d.name = 'Bad links';
          change(d);
        }),
      );
      expect(r.status).toBe(422);
      expect(r.body.fields).toContainEqual({ path: field, message: 'Enter a valid URL.' });
      expect((await getPublishedSite(s.ctx, siteId))?.document.name).toBe('Good links');
    });

  it('the message follows the language, and an external link without a URL is refused too', async () => {
    const ja = await put(
      doc((d) => {
        page(d).buttons = [{ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'not a url' }];
      }),
      'save',
      'ja',
    );
    expect(ja.status).toBe(422);
    expect(JSON.stringify(ja.body)).toContain('URLの形式が正しくありません');
    const empty = await put(
      doc((d) => {
        page(d).buttons = [{ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: '' }];
      }),
    );
    expect(empty.status).toBe(422);
    expect(JSON.stringify(empty.body)).toContain('Enter the link URL');
  });

  it('a valid URL saves', async () => {
    const ok = await put(
      doc((d) => {
        page(d).buttons = [{ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'https://example.com/sale' }];
        page(d).linkDestinationUrl = 'https://example.com/';
      }),
    );
    expect(ok.status).toBe(200);
  });
});
