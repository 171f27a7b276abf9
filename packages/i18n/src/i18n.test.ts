import { describe, expect, it } from 'vitest';
import { LANGS, langFromAcceptLanguage, NAMESPACES, resources, translate } from './index.js';

describe('translations', () => {
  it('every key exists in all four languages, non-empty', () => {
    for (const ns of NAMESPACES) {
      const all = new Set(LANGS.flatMap((l) => Object.keys(resources[l][ns])));
      for (const l of LANGS) for (const k of all) expect(resources[l][ns][k], `${l}/${ns}.${k}`).toBeTruthy();
    }
  });
  it('placeholders match across languages', () => {
    const ph = (s: string) =>
      [...s.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join(',');
    for (const ns of NAMESPACES)
      for (const k of Object.keys(resources.en[ns]))
        for (const l of LANGS) expect(ph(resources[l][ns][k] as string), `${l}/${ns}.${k}`).toBe(ph(resources.en[ns][k] as string));
  });
  it('translates with parameters and falls back to the key', () => {
    expect(translate('en', 'validation.max_length', { max: 50 })).toBe('Enter at most 50 characters.');
    expect(translate('ja', 'validation.max_length', { max: 50 })).toContain('50');
    expect(translate('en', 'nope.missing')).toBe('nope.missing');
  });
  it('reads Accept-Language with the spec codes (ja default)', () => {
    expect(langFromAcceptLanguage(undefined)).toBe('ja');
    expect(langFromAcceptLanguage('ko-KR,ko;q=0.9')).toBe('kr');
    expect(langFromAcceptLanguage('fr;q=1, zh-CN;q=0.8')).toBe('cn');
    expect(langFromAcceptLanguage('en-US')).toBe('en');
    expect(langFromAcceptLanguage('de')).toBe('ja');
  });
});
