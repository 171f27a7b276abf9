import { describe, expect, it } from 'vitest';
import { formatYen } from './money.js';

describe('formatYen', () => {
  it('reads in 万円 and 億円 in Japanese, two decimals under 10 and one above', () => {
    expect(formatYen(357_600, 'ja')).toBe('35.8万円');
    expect(formatYen(39_600, 'ja')).toBe('3.96万円');
    expect(formatYen(4_291_200, 'ja')).toBe('429.1万円');
    expect(formatYen(10_000, 'ja')).toBe('1万円');
    expect(formatYen(123_456_789, 'ja')).toBe('1.23億円');
    expect(formatYen(2_345_678_901, 'ja')).toBe('23.5億円');
    expect(formatYen(9_800, 'ja')).toBe('9,800円');
    expect(formatYen(0, 'ja')).toBe('0円');
  });

  it('keeps the yen sign and separators in the other languages', () => {
    for (const lang of ['en', 'kr', 'cn']) expect(formatYen(357_600, lang)).toBe('¥357,600');
    expect(formatYen(4_291_200, 'en')).toBe('¥4,291,200');
    expect(formatYen(-1_500, 'en')).toBe('-¥1,500');
    expect(formatYen(0, 'en')).toBe('¥0');
  });
});
