import { siteDocumentSchema } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS, type PlanLimits } from '../plans/service.js';
import { gateDocument, planKey, siteServed } from './gating.js';

const doc = {
  id: 1,
  ...siteDocumentSchema.parse({
    name: 'G',
    numberHorizontal: 3,
    numberVertical: 2,
    defaultLanguage: 'en',
    languages: ['en', 'ja'],
    translations: {
      en: { globalMenu: ['a', 'b', 'c'], seo: { title: 'T', headTags: '<meta name="x">' } },
      ja: { globalMenu: ['あ', 'い', 'う'] },
    },
    categories: [0, 1, 2].map(() => ({ pages: [{}, {}] })),
    customDomain: 'lp.example.test',
    popupCtas: { timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' } } },
  }),
};
const all: PlanLimits = { ...PLATFORM_LIMITS, quantitySwipe: 100, quantitySite: 3 };
const without = (flag: string, over: Partial<PlanLimits> = {}): PlanLimits => ({ ...all, ...over, flags: { ...all.flags, [flag]: false } });

describe('gateDocument', () => {
  it('a plan with everything leaves the document as it is (the same object)', () => {
    expect(gateDocument(doc, all)).toBe(doc);
  });
  it('each missing flag cuts its part only, never the input', () => {
    expect(gateDocument(doc, without('settingPopupCta'))?.popupCtas).toEqual({});
    expect(gateDocument(doc, without('settingTagSeo'))?.translations.en?.seo).toMatchObject({ title: '', headTags: '' });
    const one = gateDocument(doc, without('multiLanguage'));
    expect(one?.languages).toEqual(['en']);
    expect(Object.keys(one?.translations ?? {})).toEqual(['en']);
    expect(gateDocument(doc, without('privateDomain'))?.customDomain).toBeNull();
    const noSwipe = gateDocument(doc, without('swipe'));
    expect(noSwipe?.numberHorizontal).toBe(1);
    expect(noSwipe?.categories.length).toBe(1);
    expect(noSwipe?.translations.ja?.globalMenu).toEqual(['あ']);
    expect(doc.numberHorizontal).toBe(3);
    expect(doc.popupCtas.timeLimit).toBeTruthy();
  });
  it('quantitySwipe keeps whole categories up to the count, or the first pages of one', () => {
    const five = gateDocument(doc, { ...all, quantitySwipe: 5 });
    expect([five?.numberHorizontal, five?.numberVertical]).toEqual([2, 2]);
    const one = gateDocument(doc, { ...all, quantitySwipe: 1 });
    expect([one?.numberHorizontal, one?.numberVertical, one?.categories[0]?.pages.length]).toEqual([1, 1, 1]);
    expect(gateDocument(doc, { ...all, quantitySwipe: 0 })).toBeNull();
  });
  it('quantitySite serves the oldest sites up to the count; the key changes with any limit', () => {
    expect(siteServed(all, 3)).toBe(true);
    expect(siteServed(all, 4)).toBe(false);
    expect(planKey(all)).not.toBe(planKey(without('swipe')));
    expect(planKey(all)).not.toBe(planKey({ ...all, quantitySite: 2 }));
  });
});
