import { columnToLetters, lettersToColumn } from './cell.js';
import { DEFAULT_POSITION, type Language } from './constants.js';
import { type FormPageName, formPageName, parseSlug } from './slug.js';

// Viewer addresses (viewer.md 2). One grammar for every mode:
//   [/sites/{siteId}] [/{custom path prefix}] [/{lang}] [/{position}] [/{rest}]
// The site segment is absent for the default site and in custom-domain mode; the language segment
// is absent for the site's default language. Pure: no I/O, shared by the server and the viewer.

export type AddressMode = 'default' | 'path' | 'custom-domain';

export interface ParsedAddress {
  /** the `{siteId}` of `/sites/{siteId}/...`, when present */
  siteSegment: string | null;
  /** pieces between the site segment and the first language or position segment */
  prefix: string[];
  lang: Language | null;
  /** upper-cased position code such as `B3` */
  position: string | null;
  rest: string[];
  /** a form-type page (register, contact, login, ...) named by the last path piece */
  formPage: FormPageName | null;
}

/** Reads a URL path (query and hash ignored). */
export function parseAddress(pathname: string): ParsedAddress {
  const clean = pathname.split(/[?#]/)[0] ?? '';
  const parts = clean
    .split('/')
    .filter((s) => s.length > 0)
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  let siteSegment: string | null = null;
  let segs = parts;
  if (parts[0] === 'sites' && parts.length >= 2) {
    siteSegment = parts[1] as string;
    segs = parts.slice(2);
  }
  // The last piece names a form-type screen: read the address without it.
  const formPage = segs.length > 0 ? formPageName(segs[segs.length - 1] as string) : null;
  const slug = parseSlug(formPage ? segs.slice(0, -1) : segs);
  return { siteSegment, prefix: slug.pagePath, lang: slug.lang, position: slug.position, rest: slug.restPath, formPage };
}

export interface AddressTarget {
  mode: AddressMode;
  siteId: number;
  /** the site's custom path prefix, if any */
  pathPrefix?: string | null;
  lang: Language;
  defaultLanguage: Language;
  /** position code; null for the site root */
  position?: string | null;
  /** a trailing screen, e.g. `contact` */
  rest?: string | null;
}

/** The root of a site's viewer for a language: `/`, `/en`, `/sites/3`, `/sites/3/shop/kr`. No trailing slash except `/`. */
export function basePath(t: Omit<AddressTarget, 'position' | 'rest'>): string {
  const segs: string[] = [];
  if (t.mode === 'path') segs.push('sites', String(t.siteId));
  if (t.pathPrefix) segs.push(t.pathPrefix);
  if (t.lang !== t.defaultLanguage) segs.push(t.lang);
  return `/${segs.join('/')}`;
}

/** The canonical address of a position (or screen) of a site, dropping default segments. */
export function buildAddress(t: AddressTarget): string {
  const base = basePath(t);
  const tail = [t.position ? t.position.toUpperCase() : null, t.rest || null].filter(Boolean).join('/');
  if (!tail) return base;
  return base === '/' ? `/${tail}` : `${base}/${tail}`;
}

export interface GridPosition {
  /** 0-based category (column) */
  col: number;
  /** 0-based page (row) */
  row: number;
}

const POSITION_CODE = /^([A-Za-z]{1,2})([0-9]{1,3})$/;

/** `B3` -> { col: 1, row: 2 }; null when malformed or outside the grid. */
export function parsePosition(code: string | null | undefined, cols: number, rows: number): GridPosition | null {
  const m = POSITION_CODE.exec((code ?? '').trim());
  if (!m) return null;
  const col = lettersToColumn(m[1] as string) - 1;
  const row = Number(m[2]) - 1;
  if (col < 0 || row < 0 || col >= cols || row >= rows) return null;
  return { col, row };
}

export function positionCode(p: GridPosition): string {
  return `${columnToLetters(p.col + 1)}${p.row + 1}`;
}

export const DEFAULT_GRID_POSITION: GridPosition = { col: 0, row: 0 };
export { DEFAULT_POSITION };

/**
 * Page order numbers (popup effectivePages, creative-block links): pages counted category by category,
 * starting at 1: with 4 pages per category, A1 = 1, A4 = 4, B1 = 5.
 */
export function pageOrder(p: GridPosition, rows: number): number {
  return p.col * rows + p.row + 1;
}

export function positionOfOrder(order: number, cols: number, rows: number): GridPosition | null {
  if (!Number.isInteger(order) || order < 1 || order > cols * rows) return null;
  return { col: Math.floor((order - 1) / rows), row: (order - 1) % rows };
}

/** A creative-block destination: a page order number (`5`) or a position code (`B1`). */
export function parseCreativeBlock(value: string | null | undefined, cols: number, rows: number): GridPosition | null {
  const v = (value ?? '').trim();
  if (/^\d+$/.test(v)) return positionOfOrder(Number(v), cols, rows);
  return parsePosition(v, cols, rows);
}

/** A creative-block destination as the cell it names (`5` -> `B1` on a 4-row grid); unusable values stay as they are. */
export function creativeBlockCell(value: string | null | undefined, cols: number, rows: number): string | null {
  if (!value) return null;
  const at = parseCreativeBlock(value, cols, rows);
  return at ? positionCode(at) : value;
}

/** Does a parsed address belong to the site? The prefix is empty or the site's own; nothing unknown follows. */
export function addressMatchesSite(a: ParsedAddress, pathPrefix: string | null | undefined): boolean {
  const prefix = a.prefix.join('/');
  if (prefix && prefix !== (pathPrefix ?? '')) return false;
  return a.rest.length === 0;
}
