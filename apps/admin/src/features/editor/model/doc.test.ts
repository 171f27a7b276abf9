import { siteDocumentSchema } from '@swipe/core/site.ts';
import { resources } from '@swipe/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { provideMessages } from '../../../lib/i18n';
import {
  addLanguage,
  allFilled,
  changeDefaultLanguage,
  changeLayout,
  type Doc,
  newButton,
  newProduct,
  noneFilled,
  removeLanguage,
  toDoc,
  validateDoc,
} from './doc';

// The browser loads the interface language's table before the first render; here it is handed over.
beforeAll(() => provideMessages('en', resources.en));

function doc(cols = 2, rows = 2, filled = true): Doc {
  return siteDocumentSchema.parse({
    name: 'Test',
    numberHorizontal: cols,
    numberVertical: rows,
    defaultLanguage: 'ja',
    languages: ['ja'],
    translations: { ja: { globalMenu: Array.from({ length: cols }, (_, i) => `M${i}`) } },
    categories: Array.from({ length: cols }, (_, c) => ({
      pages: Array.from({ length: rows }, (_, r) => ({ imageUrl: filled ? `k/${c}${r}.jpg` : null })),
    })),
  });
}

describe('editor document model', () => {
  it('takes the document part of GET /sites/{id} and drops summary fields', () => {
    const d = toDoc({ ...doc(), id: 9, status: 'PUBLISH', url: 'http://x', extras: { a: 1 } } as Record<string, unknown>);
    expect(d).not.toHaveProperty('status');
    expect(d).not.toHaveProperty('url');
    expect(d.name).toBe('Test');
  });

  it('validates with the core rules, the plan limit and the consecutive rule', () => {
    const d = doc(2, 2);
    expect(validateDoc(d, 'en', 50)).toEqual({});
    expect(validateDoc(d, 'en', 3).numberVertical).toContain('3');
    d.categories[0]!.pages[0]!.imageUrl = null;
    expect(validateDoc(d, 'en', 50).categories).toBeTruthy();
    const e = doc();
    e.translations.ja!.seo.title = ' x';
    expect(validateDoc(e, 'en', 50)['translations.ja.seo.title']).toBe('No leading or trailing spaces.');
    e.translations.ja!.globalMenu[1] = 'M0';
    expect(validateDoc(e, 'en', 50)['translations.ja.globalMenu.1']).toBe('Menu items must not repeat.');
  });

  it('changing the layout keeps cells that fit, clears creative-block links, resizes menus', () => {
    const d = doc(2, 2);
    const b = newButton('TEXT', 'ja', 'Go', 1);
    b.buttonLinkType = 'CREATIVE_BLOCK';
    b.linkDestinationUrl = 'B2';
    d.categories[0]!.pages[0]!.buttons.push(b);
    const n = changeLayout(d, 3, 1);
    expect(n.categories).toHaveLength(3);
    expect(n.categories.every((c) => c.pages.length === 1)).toBe(true);
    expect(n.categories[0]!.pages[0]!.imageUrl).toBe('k/00.jpg');
    expect(n.categories[2]!.pages[0]!.imageUrl).toBeFalsy();
    expect(n.categories[0]!.pages[0]!.buttons[0]!.buttonLinkType).toBeNull();
    expect(n.translations.ja!.globalMenu).toEqual(['M0', 'M1', '']);
    expect(d.categories).toHaveLength(2); // the input is untouched
  });

  it('knows when every creative, or none, is filled', () => {
    expect(allFilled(doc(2, 2, true))).toBe(true);
    expect(noneFilled(doc(2, 2, false))).toBe(true);
    const d = doc(2, 2, true);
    d.categories[1]!.pages[1]!.imageUrl = null;
    expect(allFilled(d) || noneFilled(d)).toBe(false);
  });

  it('adds and removes languages with their texts; a new default language resets per-language content', () => {
    const d = doc();
    d.categories[0]!.pages[0]!.buttons.push(newButton('TEXT', 'ja', 'Go', 1));
    d.categories[0]!.pages[0]!.products.push(newProduct('ja', 'Bag', 0));
    const withEn = addLanguage(d, 'en');
    expect(withEn.languages).toEqual(['ja', 'en']);
    expect(withEn.translations.en!.globalMenu).toEqual(['M0', 'M1']);
    withEn.categories[0]!.pages[0]!.buttons[0]!.buttonText.en = 'Go (en)';
    const back = removeLanguage(withEn, 'en');
    expect(back.languages).toEqual(['ja']);
    expect(back.translations.en).toBeUndefined();
    expect(back.categories[0]!.pages[0]!.buttons[0]!.buttonText).toEqual({ ja: 'Go' });
    const reset = changeDefaultLanguage(withEn, 'en');
    expect(reset.defaultLanguage).toBe('en');
    expect(reset.categories[0]!.pages[0]!.buttons[0]!.buttonText).toEqual({});
    expect(reset.categories[0]!.pages[0]!.imageUrl).toBe('k/00.jpg');
    expect(validateDoc(reset, 'en', 50)).toEqual({});
  });
});
