import { describe, expect, it } from 'vitest';
import {
  addressMatchesSite,
  basePath,
  buildAddress,
  creativeBlockCell,
  pageOrder,
  parseAddress,
  parseCreativeBlock,
  parsePosition,
  positionCode,
  positionOfOrder,
} from './address.js';

describe('parseAddress', () => {
  it('reads the default site root', () => {
    expect(parseAddress('/')).toEqual({ siteSegment: null, prefix: [], lang: null, position: null, rest: [], formPage: null });
  });
  it('reads a deep link on the default site and language', () => {
    const a = parseAddress('/B3');
    expect(a.position).toBe('B3');
    expect(a.lang).toBeNull();
    expect(a.siteSegment).toBeNull();
  });
  it('reads site, language and position', () => {
    const a = parseAddress('/sites/12/en/c4?x=1#h');
    expect(a).toMatchObject({ siteSegment: '12', lang: 'en', position: 'C4', prefix: [], rest: [] });
  });
  it('reads a custom path prefix before the language', () => {
    expect(parseAddress('/shop/kr/A2')).toMatchObject({ prefix: ['shop'], lang: 'kr', position: 'A2' });
    expect(parseAddress('/sites/3/shop/A2')).toMatchObject({ siteSegment: '3', prefix: ['shop'], lang: null, position: 'A2' });
  });
  it('two-letter positions and language-only paths', () => {
    expect(parseAddress('/AB12').position).toBe('AB12');
    expect(parseAddress('/cn')).toMatchObject({ lang: 'cn', position: null });
    // three letters are not a position: read as a prefix
    expect(parseAddress('/ABC1')).toMatchObject({ prefix: ['ABC1'], position: null });
  });
  it('detects form-type pages by the last piece', () => {
    expect(parseAddress('/sites/3/en/register-success').formPage).toBe('register-success');
    expect(parseAddress('/contact')).toMatchObject({ formPage: 'contact', prefix: [], lang: null });
    expect(parseAddress('/en/contact-success')).toMatchObject({ formPage: 'contact-success', lang: 'en' });
    expect(parseAddress('/sites/3/survey').formPage).toBe('survey');
    expect(parseAddress('/sites/3/en/B2').formPage).toBeNull();
  });
  it('keeps unknown text after the position as rest', () => {
    expect(parseAddress('/en/B2/extra').rest).toEqual(['extra']);
  });
});

describe('addressMatchesSite', () => {
  it('accepts no prefix or the site prefix only', () => {
    expect(addressMatchesSite(parseAddress('/en/B2'), null)).toBe(true);
    expect(addressMatchesSite(parseAddress('/shop/en/B2'), 'shop')).toBe(true);
    expect(addressMatchesSite(parseAddress('/en/B2'), 'shop')).toBe(true);
    expect(addressMatchesSite(parseAddress('/other/en/B2'), 'shop')).toBe(false);
    expect(addressMatchesSite(parseAddress('/nope'), null)).toBe(false);
    expect(addressMatchesSite(parseAddress('/en/B2/extra'), null)).toBe(false);
  });
});

describe('buildAddress', () => {
  const base = { siteId: 7, defaultLanguage: 'ja' as const };
  it('drops the site segment for the default site and the language for the default language', () => {
    expect(buildAddress({ ...base, mode: 'default', lang: 'ja', position: 'B3' })).toBe('/B3');
    expect(buildAddress({ ...base, mode: 'default', lang: 'ja' })).toBe('/');
    expect(buildAddress({ ...base, mode: 'default', lang: 'en', position: 'b3' })).toBe('/en/B3');
  });
  it('keeps the site segment in path mode', () => {
    expect(buildAddress({ ...base, mode: 'path', lang: 'ja', position: 'A1' })).toBe('/sites/7/A1');
    expect(buildAddress({ ...base, mode: 'path', lang: 'kr', position: 'C2' })).toBe('/sites/7/kr/C2');
    expect(basePath({ ...base, mode: 'path', lang: 'ja' })).toBe('/sites/7');
  });
  it('custom-domain mode omits the site segment and keeps the prefix', () => {
    expect(buildAddress({ ...base, mode: 'custom-domain', pathPrefix: 'shop', lang: 'cn', position: 'A2' })).toBe('/shop/cn/A2');
    expect(buildAddress({ ...base, mode: 'custom-domain', lang: 'ja', rest: 'contact' })).toBe('/contact');
  });
  it('round-trips through parseAddress', () => {
    for (const mode of ['default', 'path', 'custom-domain'] as const)
      for (const lang of ['ja', 'en'] as const) {
        const path = buildAddress({ ...base, mode, lang, pathPrefix: 'lp', position: 'B4' });
        const a = parseAddress(path);
        expect(a.position).toBe('B4');
        expect(a.lang ?? 'ja').toBe(lang);
        expect(a.prefix).toEqual(['lp']);
        expect(a.siteSegment).toBe(mode === 'path' ? '7' : null);
      }
  });
});

describe('positions', () => {
  it('parses and formats position codes inside the grid', () => {
    expect(parsePosition('B3', 3, 4)).toEqual({ col: 1, row: 2 });
    expect(parsePosition('d1', 3, 4)).toBeNull();
    expect(parsePosition('A5', 3, 4)).toBeNull();
    expect(parsePosition('A0', 3, 4)).toBeNull();
    expect(parsePosition('', 3, 4)).toBeNull();
    expect(positionCode({ col: 2, row: 3 })).toBe('C4');
    expect(positionCode({ col: 26, row: 0 })).toBe('AA1');
  });
  it('numbers pages category by category', () => {
    expect(pageOrder({ col: 1, row: 0 }, 4)).toBe(5);
    expect(positionOfOrder(5, 3, 4)).toEqual({ col: 1, row: 0 });
    expect(positionOfOrder(13, 3, 4)).toBeNull();
    expect(parseCreativeBlock('5', 3, 4)).toEqual({ col: 1, row: 0 });
    expect(parseCreativeBlock('C2', 3, 4)).toEqual({ col: 2, row: 1 });
    expect(parseCreativeBlock('x', 3, 4)).toBeNull();
    expect(creativeBlockCell('5', 3, 4)).toBe('B1');
    expect(creativeBlockCell('C2', 3, 4)).toBe('C2');
    expect(creativeBlockCell('13', 3, 4)).toBe('13');
    expect(creativeBlockCell(null, 3, 4)).toBeNull();
  });
});
