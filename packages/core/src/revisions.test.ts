import { describe, expect, it } from 'vitest';
import { diffSites, noChanges } from './revisions.js';
import { type SiteDocument, type SiteDocumentInput, siteDocumentSchema } from './site.js';

/** A 2x2 site: A1 (id 11) with a button (101) and a product (201), A2 (12) with an image, B1 (13) empty, B2 (14) with an image. */
function base(): SiteDocumentInput {
  return {
    name: 'Shop',
    numberHorizontal: 2,
    numberVertical: 2,
    defaultLanguage: 'en',
    languages: ['en', 'ja'],
    translations: { en: { globalMenu: ['One', 'Two'] }, ja: { globalMenu: ['一', '二'] } },
    categories: [
      {
        id: 1,
        pages: [
          {
            id: 11,
            imageUrl: 'a1.jpg',
            mainText: { en: 'Hello' },
            buttons: [{ id: 101, buttonText: { en: 'Buy now', ja: '購入' } }],
            products: [{ id: 201, productName: { en: 'Sock' } }],
          },
          { id: 12, imageUrl: 'a2.jpg' },
        ],
      },
      { id: 2, pages: [{ id: 13 }, { id: 14, imageUrl: 'b2.jpg' }] },
    ],
  };
}
const parse = (d: SiteDocumentInput): SiteDocument => siteDocumentSchema.parse(d);
const clone = (d: SiteDocumentInput): SiteDocumentInput => structuredClone(d);

describe('what changed between two revisions', () => {
  it('the same document is no change, click counts aside', () => {
    const a = parse(base());
    const b = parse(base());
    (b.categories[0]?.pages[0]?.buttons[0] as unknown as { clickCount: number }).clickCount = 42;
    const c = diffSites(a, b);
    expect(noChanges(c)).toBe(true);
  });

  it('pages and items added, removed and edited, by hand', () => {
    const next = clone(base());
    const [c0, c1] = next.categories as [SiteDocumentInput['categories'][number], SiteDocumentInput['categories'][number]];
    const a1 = c0.pages[0] as NonNullable<(typeof c0.pages)[number]>;
    // A1: its text changes (page edited), its button's label changes (item edited), a new button (item added),
    // its product goes (item removed)
    a1.mainText = { en: 'Hello again' };
    a1.buttons = [{ id: 101, buttonText: { en: 'Buy today', ja: '購入' } }, { buttonText: { en: 'Call us' } }];
    a1.products = [];
    // A2 loses its image (removed: an empty cell shows nothing); B1 gets one (added); B2 is untouched
    c0.pages[1] = { id: 12 };
    c1.pages[0] = { id: 13, imageUrl: 'b1.jpg' };
    // a site-wide setting and the popup
    next.name = 'Shop 2';
    next.popupCtas = {
      timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' }, text: { en: 'Hurry' } },
    };
    const c = diffSites(parse(base()), parse(next));
    expect(c).toEqual({
      pages: { added: [{ id: 13, cell: 'B1' }], removed: [{ id: 12, cell: 'A2' }], edited: [{ id: 11, cell: 'A1' }] },
      items: {
        added: [{ kind: 'button', id: null, cell: 'A1', label: 'Call us' }],
        removed: [{ kind: 'product', id: 201, cell: 'A1', label: 'Sock' }],
        edited: [{ kind: 'button', id: 101, cell: 'A1', label: 'Buy today' }],
      },
      site: ['settings', 'popup'],
    });
    expect(noChanges(c)).toBe(false);
  });

  it('a page moved to another cell is edited; a language text is a texts change', () => {
    const next = clone(base());
    const [c0, c1] = next.categories as [SiteDocumentInput['categories'][number], SiteDocumentInput['categories'][number]];
    // B2 and the empty B1 swap places: page 14 now sits in B1
    c1.pages = [c1.pages[1] as (typeof c1.pages)[number], c1.pages[0] as (typeof c1.pages)[number]];
    (next.translations.ja as { globalMenu: string[] }).globalMenu = ['一', '弐'];
    expect(c0.pages).toHaveLength(2);
    const c = diffSites(parse(base()), parse(next));
    expect(c.pages).toEqual({ added: [], removed: [], edited: [{ id: 14, cell: 'B1' }] });
    expect(c.site).toEqual(['texts']);
  });
});
