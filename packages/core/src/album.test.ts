import { describe, expect, it } from 'vitest';
import { albumColumns, albumVisibleColumns } from './album.js';

// Worked out by hand: the album dialog on a 390 px phone is 358 px wide inside its padding.
describe('album columns', () => {
  it("keeps the spec's count where it already shows every category", () => {
    // (1440 - 20) / (350 * 1.25) = 3.2
    expect(albumColumns(1440, true)).toBe(3);
    expect(albumVisibleColumns(1440, true, 3)).toBe(3);
    // (500 - 20) / 187.5 = 2.56 on a desk's 500 px dialog, but three 96 px columns fit: (500 - 10) / 106 = 4.6
    expect(albumVisibleColumns(500, false, 3)).toBe(3);
  });
  it('fits three categories on a 390 px phone, where the spec alone shows one', () => {
    // (358 - 20) / 187.5 = 1.8
    expect(albumColumns(358, false)).toBe(1);
    // (358 - 10) / 106 = 3.28
    expect(albumVisibleColumns(358, false, 3)).toBe(3);
    // more categories than fit: three in view, the rest scroll
    expect(albumVisibleColumns(358, false, 6)).toBe(3);
    expect(albumVisibleColumns(358, false, 2)).toBe(2);
  });
});
