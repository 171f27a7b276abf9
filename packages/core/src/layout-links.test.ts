import { describe, expect, it } from 'vitest';
import { clearCreativeBlockLinks } from './layout-links.js';
import { siteDocumentSchema } from './site.js';

// A layout change clears everything that points at a creative block (the editor and the server share
// this one rule), and nothing else.

const link = (ctaType: string, ctaValue: string) => ({ type: 'BUTTON', settings: { text: { ja: 'x' }, ctaType, ctaValue } });

describe('clearCreativeBlockLinks', () => {
  it('clears button links, popup targets, banner links and item CTAs to creative blocks only', () => {
    const doc = siteDocumentSchema.parse({
      name: 'T',
      numberHorizontal: 2,
      numberVertical: 2,
      defaultLanguage: 'ja',
      languages: ['ja'],
      translations: { ja: { globalMenu: ['a', 'b'] } },
      categories: [
        {
          pages: [
            {
              imageUrl: 'k/a.jpg',
              buttons: [
                { buttonType: 'TEXT', buttonText: { ja: 'go' }, buttonLinkType: 'CREATIVE_BLOCK', linkDestinationUrl: 'B2' },
                {
                  buttonType: 'TEXT',
                  buttonText: { ja: 'web' },
                  buttonLinkType: 'EXTERNAL_URL',
                  linkDestinationUrl: 'https://example.com',
                },
              ],
            },
            { imageUrl: 'k/b.jpg' },
          ],
        },
        { pages: [{ imageUrl: 'k/c.jpg' }, { imageUrl: 'k/d.jpg' }] },
      ],
      popupCtas: { timeLimit: { transition: { transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'A2' } } },
      campaign: {
        banners: [
          { mediaUrl: 'k/x.jpg', linkDestinationType: 'CREATIVE_BLOCK', linkDestinationUrl: '3' },
          { mediaUrl: 'k/y.jpg', linkDestinationType: 'EXTERNAL_URL', linkDestinationUrl: 'https://example.com' },
        ],
        buttons: [link('CREATIVE_BLOCK', 'B1'), link('EXTERNAL_URL', 'https://example.com')],
      },
    });
    clearCreativeBlockLinks(doc);
    const [go, web] = doc.categories[0]?.pages[0]?.buttons ?? [];
    expect([go?.buttonLinkType, go?.linkDestinationUrl]).toEqual([null, null]);
    expect([web?.buttonLinkType, web?.linkDestinationUrl]).toEqual(['EXTERNAL_URL', 'https://example.com']);
    expect(doc.popupCtas.timeLimit?.transition.targetCreativeBlock).toBeNull();
    expect(doc.campaign?.banners.map((b) => b.linkDestinationType)).toEqual([null, 'EXTERNAL_URL']);
    expect(doc.campaign?.buttons.map((b) => [b.settings.ctaType, b.settings.ctaValue])).toEqual([
      [null, null],
      ['EXTERNAL_URL', 'https://example.com'],
    ]);
  });
});
