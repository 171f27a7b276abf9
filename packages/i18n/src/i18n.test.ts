import { describe, expect, it } from 'vitest';
import { dictT, LANGS, langFromAcceptLanguage, NAMESPACES, resources, translate } from './index.js';

describe('translations', () => {
  it('every key exists in all four languages, non-empty', () => {
    for (const ns of NAMESPACES) {
      const all = new Set(LANGS.flatMap((l) => Object.keys(resources[l][ns])));
      for (const l of LANGS) for (const k of all) expect(resources[l][ns][k], `${l}/${ns}.${k}`).toBeTruthy();
    }
  });
  it('placeholders match across languages', () => {
    const ph = (s: string) => [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort().join(',');
    // a plural form is held to its message's full form (English `_other`), and may leave the number out only in a
    // `one` form of a language whose `one` is the number 1 alone ("The first row"): Japanese, Korean and Chinese
    // have only `other` (their `_one` is never shown), and no `one` of these four covers another number
    const oneIsOnlyOne = Object.fromEntries(
      LANGS.map((l) => {
        const rule = new Intl.PluralRules({ ja: 'ja', en: 'en', kr: 'ko', cn: 'zh' }[l]);
        return [l, Array.from({ length: 1001 }, (_, n) => n).every((n) => (rule.select(n) === 'one') === (n === 1))];
      }),
    );
    for (const ns of NAMESPACES)
      for (const k of Object.keys(resources.en[ns])) {
        const form = /_(one|other)$/.exec(k)?.[1];
        const full = ph(resources.en[ns][form ? k.replace(/_(one|other)$/, '_other') : k] as string);
        for (const l of LANGS) {
          const got = ph(resources[l][ns][k] as string);
          const spared = form === 'one' && full.split(',').includes('count') && oneIsOnlyOne[l];
          const allowed = spared
            ? [
                full,
                full
                  .split(',')
                  .filter((p) => p !== 'count')
                  .join(','),
              ]
            : [full];
          expect(allowed, `${l}/${ns}.${k}: {${got}}`).toContain(got);
        }
      }
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

// i18next's plural keys (JSON v4): a message shown with a count is kept as `key_one` / `key_other` and chosen by the
// language's CLDR plural rule (Japanese, Korean and Chinese only have "other"), so no screen says "1 accounts".
describe('plurals', () => {
  it('every message shown with a {count} is kept in its plural forms, in all four languages', () => {
    for (const ns of NAMESPACES)
      for (const [k, text] of Object.entries(resources.en[ns])) {
        if (!String(text).includes('{count}')) continue;
        expect(k, `${ns}.${k} shows a count: keep it as ${k}_one / ${k}_other`).toMatch(/_(one|other)$/);
        const base = k.replace(/_(one|other)$/, '');
        for (const l of LANGS)
          for (const form of ['one', 'other']) expect(resources[l][ns][`${base}_${form}`], `${l}/${ns}.${base}_${form}`).toBeTruthy();
      }
  });
  it('chooses the form by the count and the language', () => {
    expect(translate('en', 'admin.import_valid_title', { count: 1 })).toBe('1 account is ready to import');
    expect(translate('en', 'admin.import_valid_title', { count: 2 })).toBe('2 accounts are ready to import');
    expect(translate('en', 'admin.import_valid_title', { count: 0 })).toBe('0 accounts are ready to import');
    expect(translate('en', 'admin.fix_errors_count', { count: 1 })).toBe('1 field needs attention');
    expect(translate('en', 'admin.survey_count', { count: 1 })).toBe('1 survey');
    expect(translate('en', 'admin.survey_responses_n', { count: 1 })).toBe('1 response');
    expect(translate('en', 'server.import_invalid', { count: 1 })).toBe('The file has 1 bad row; nothing was imported.');
    // a count written with separators is still a count
    expect(translate('en', 'admin.an_heatmap_total', { count: '1,234' })).toBe('1,234 taps');
    expect(translate('ja', 'admin.import_valid_title', { count: 1 })).toBe('1 件を登録できます');
    // English's one form may word the number ("The first row"); Japanese has only other, which says it
    expect(translate('en', 'admin.import_preview_title', { count: 1 })).toBe('The first row, as it will be imported');
    expect(translate('en', 'admin.import_preview_title', { count: 2 })).toBe('The first 2 rows, as they will be imported');
    expect(translate('ja', 'admin.import_preview_title', { count: 1 })).toBe('取り込まれる内容(先頭1行)');
    expect(translate('kr', 'viewer.remaining_days', { count: 1 })).toBe('1일 남음');
  });
  it("the viewer's inlined dictionary chooses the same way", () => {
    const en = dictT({ viewer: resources.en.viewer }, 'en');
    expect(en('viewer.remaining_days', { count: 1 })).toBe('1 day left');
    expect(en('viewer.remaining_days', { count: 3 })).toBe('3 days left');
    expect(dictT({ viewer: resources.cn.viewer }, 'cn')('viewer.remaining_slots', { count: 1 })).toBe('剩余1名');
  });
});
