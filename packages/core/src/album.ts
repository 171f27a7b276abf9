import { VIEWER } from './constants.js';

/** Album columns (viewer.md 9): max(1, floor((width - 20) / (item size * 1.25))). */
export function albumColumns(width: number, isPc: boolean): number {
  const item = isPc ? VIEWER.albumCellPc : VIEWER.albumCellMobile;
  return Math.max(1, Math.floor((width - 20) / (item * 1.25)));
}

/** The narrowest album column that still shows its thumbnails (3 of them fit a 390 px phone's dialog). */
export const ALBUM_MIN_CELL = 96;

/**
 * The columns the album shows side by side: the spec's count, or every category when that many fit at
 * ALBUM_MIN_CELL (docs/decisions.md, "album on a phone"): at 390 px the spec's count is 1, which left a
 * three-category site's third column off-screen. Categories beyond it scroll sideways.
 */
export function albumVisibleColumns(width: number, isPc: boolean, categories: number): number {
  const fit = Math.floor((width - 20 + 10) / (ALBUM_MIN_CELL + 10));
  return Math.max(albumColumns(width, isPc), Math.min(categories, fit));
}

/** Random colour text is black or white by brightness threshold 128. */
export function textColorFor(hex: string): '#000000' | '#ffffff' {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const r = Number.parseInt(full.slice(0, 2), 16);
  const g = Number.parseInt(full.slice(2, 4), 16);
  const b = Number.parseInt(full.slice(4, 6), 16);
  return (r * 299 + g * 587 + b * 114) / 1000 >= 128 ? '#000000' : '#ffffff';
}
