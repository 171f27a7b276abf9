import { describe, expect, it } from 'vitest';
import { formatPrice } from './util.js';

describe('formatPrice', () => {
  it('writes yen with the language’s grouping, the same as toLocaleString', () => {
    expect(formatPrice(1234567, 'ja')).toBe(`¥${(1234567).toLocaleString('ja-JP')}`);
    expect(formatPrice(1234567, 'en')).toBe('¥1,234,567');
    expect(formatPrice(0, 'kr')).toBe('¥0');
    expect(formatPrice(9800, 'cn')).toBe(`¥${(9800).toLocaleString('zh-CN')}`);
  });

  it('keeps one format per locale, so a second language is not written with the first one’s', () => {
    expect(formatPrice(1000, 'ja')).toBe(`¥${(1000).toLocaleString('ja-JP')}`);
    expect(formatPrice(1000, 'en')).toBe('¥1,000');
  });
});
