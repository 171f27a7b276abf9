import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './util.js';

const LOCALES = { ja: 'ja-JP', en: 'en-US', kr: 'ko-KR', cn: 'zh-CN' } as const;

describe('formatPrice', () => {
  it('writes yen with the language’s grouping', () => {
    expect(formatPrice(1234567, 'ja')).toBe('¥1,234,567');
    expect(formatPrice(1234567, 'en')).toBe('¥1,234,567');
    expect(formatPrice(0, 'kr')).toBe('¥0');
    expect(formatPrice(999, 'cn')).toBe('¥999');
    expect(formatPrice(1000, 'cn')).toBe('¥1,000');
    expect(formatPrice(1_000_000_000, 'ja')).toBe('¥1,000,000,000');
  });

  it('is what toLocaleString writes, in every viewer language, for every price a document may hold', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(...(Object.keys(LOCALES) as (keyof typeof LOCALES)[])),
        (price, lang) => {
          expect(formatPrice(price, lang)).toBe(`¥${price.toLocaleString(LOCALES[lang])}`);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
