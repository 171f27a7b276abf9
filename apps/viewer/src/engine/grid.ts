import type { GridPage } from '@swipe/core';
import type { Allowed, Dir } from './gesture.js';

// Navigation over the grid (viewer.md 4): columns are categories, rows are pages.

export interface Pos {
  col: number;
  row: number;
}

export interface GridLike {
  cols: number;
  rows: number;
  swipeRedirection: boolean;
  categories: { pages: GridPage[] }[];
}

export function pageAt(g: GridLike, p: Pos): GridPage | undefined {
  return g.categories[p.col]?.pages[p.row];
}

/** A page can be entered when it has an image or video, or is members-only (its lock shows). */
export function enterable(page: GridPage | undefined): boolean {
  return Boolean(page && (page.hasMedia || page.locked));
}

/** The first enterable page of a category. */
export function firstEnterable(g: GridLike, col: number): number | null {
  const pages = g.categories[col]?.pages ?? [];
  const i = pages.findIndex(enterable);
  return i < 0 ? null : i;
}

/**
 * Where moving from p in a direction leads, or null when blocked: no neighbour, an empty page,
 * past the first or last category. Changing category lands on the first enterable page with
 * swipeRedirection on, else keeps the row.
 */
export function neighbour(g: GridLike, p: Pos, dir: Dir): Pos | null {
  if (dir === 'up' || dir === 'down') {
    const row = p.row + (dir === 'down' ? 1 : -1);
    if (row < 0 || row >= g.rows) return null;
    const to = { col: p.col, row };
    return enterable(pageAt(g, to)) ? to : null;
  }
  const col = p.col + (dir === 'right' ? 1 : -1);
  if (col < 0 || col >= g.cols) return null;
  if (g.swipeRedirection) {
    const row = firstEnterable(g, col);
    return row === null ? null : { col, row };
  }
  const to = { col, row: p.row };
  return enterable(pageAt(g, to)) ? to : null;
}

export function allowedFrom(g: GridLike, p: Pos): Allowed {
  return {
    up: neighbour(g, p, 'up') !== null,
    down: neighbour(g, p, 'down') !== null,
    left: neighbour(g, p, 'left') !== null,
    right: neighbour(g, p, 'right') !== null,
  };
}

export function samePos(a: Pos, b: Pos): boolean {
  return a.col === b.col && a.row === b.row;
}

/** The page counter: position among the category's pages that have content. */
export function pageCount(g: GridLike, p: Pos): { current: number; total: number } {
  const pages = g.categories[p.col]?.pages ?? [];
  const shown = pages.map((x, i) => ({ x, i })).filter(({ x }) => enterable(x));
  const idx = shown.findIndex(({ i }) => i === p.row);
  return { current: idx < 0 ? p.row + 1 : idx + 1, total: shown.length };
}
