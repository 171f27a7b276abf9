import { columnToLetters } from './cell.js';
import type { SiteDocument } from './site.js';

// What changed between two published revisions of a site (docs/decisions.md "Site revisions"), from their documents
// alone. A page counts when it shows something (an image or video: the viewer never lands on an empty cell); pages are
// matched by id (a page keeps its id across saves), so a page moved to another cell is edited, not removed and added.
// Buttons and products ("items") are matched by id too and listed for pages on both sides (a page added or removed
// brings its items with it). Counters visitors move (click counts, applicants) are no change.

export interface RevisionPageRef {
  id: number | null;
  /** the page's cell (A1), where it is after the change (before it, for a removed page) */
  cell: string;
}
export interface RevisionItemRef {
  kind: 'button' | 'product';
  id: number | null;
  cell: string;
  /** the button's text or the product's name in the site's default language ('' when none) */
  label: string;
}
/** Site-wide parts: settings (name, grid, languages, look, domain), texts per language (SEO, menu, company,
 *  SNS, forms, scripts), the popup CTAs and the campaign. */
export const REVISION_SITE_PARTS = ['settings', 'texts', 'popup', 'campaign'] as const;
export type RevisionSitePart = (typeof REVISION_SITE_PARTS)[number];

export interface RevisionChanges {
  pages: { added: RevisionPageRef[]; removed: RevisionPageRef[]; edited: RevisionPageRef[] };
  items: { added: RevisionItemRef[]; removed: RevisionItemRef[]; edited: RevisionItemRef[] };
  site: RevisionSitePart[];
}

type Doc = Pick<SiteDocument, 'defaultLanguage' | 'categories' | 'translations' | 'popupCtas' | 'campaign'> & Record<string, unknown>;
type AnyPage = SiteDocument['categories'][number]['pages'][number];

const VOLATILE = new Set(['clickCount', 'numberClicks']);
const SITE_OWN_SKIP = new Set(['id', 'extras', 'translations', 'categories', 'popupCtas', 'campaign']);

/** A value as comparable text: keys sorted, counters and absent values left out (null and undefined alike). */
function canon(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (typeof v === 'object') {
    const keys = Object.keys(v as object)
      .filter((k) => !VOLATILE.has(k) && (v as Record<string, unknown>)[k] !== undefined && (v as Record<string, unknown>)[k] !== null)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

interface Placed {
  key: string;
  id: number | null;
  cell: string;
  page: AnyPage;
}

/** The pages that show something, by identity (id, or the cell when a page has none). */
function shownPages(doc: Doc): Map<string, Placed> {
  const out = new Map<string, Placed>();
  doc.categories.forEach((c, col) => {
    c.pages.forEach((page, row) => {
      if (!page.imageUrl) return;
      const cell = `${columnToLetters(col + 1)}${row + 1}`;
      const id = page.id ?? null;
      const key = id !== null ? `#${id}` : `@${cell}`;
      out.set(key, { key, id, cell, page });
    });
  });
  return out;
}

function pageOwn(p: Placed): string {
  const { id: _id, buttons: _b, products: _p, ...own } = p.page;
  return `${p.cell}|${canon(own)}`;
}

function labelOf(r: Record<string, string | undefined> | undefined, lang: string): string {
  if (!r) return '';
  const v = r[lang] ?? Object.values(r).find((x) => x);
  return (v ?? '').slice(0, 60);
}

function diffItems(before: Placed, after: Placed, lang: string, into: RevisionChanges['items']): void {
  const lists = [
    {
      kind: 'button' as const,
      a: before.page.buttons,
      b: after.page.buttons,
      label: (x: AnyPage['buttons'][number]) => labelOf(x.buttonText, lang),
    },
    {
      kind: 'product' as const,
      a: before.page.products,
      b: after.page.products,
      label: (x: AnyPage['products'][number]) => labelOf(x.productName, lang),
    },
  ];
  for (const l of lists) {
    // items without ids (never the case in stored revisions) are matched by their place in the list
    const keyed = <T extends { id?: number }>(xs: T[]) => new Map(xs.map((x, i) => [x.id ? `#${x.id}` : `@${i}`, x]));
    const was = keyed(l.a as { id?: number }[]);
    const now = keyed(l.b as { id?: number }[]);
    const ref = (x: { id?: number }, cell: string) => ({ kind: l.kind, id: x.id ?? null, cell, label: l.label(x as never) });
    for (const [k, x] of now) {
      const old = was.get(k);
      if (!old) into.added.push(ref(x, after.cell));
      else if (canon({ ...old, id: undefined }) !== canon({ ...x, id: undefined })) into.edited.push(ref(x, after.cell));
    }
    for (const [k, x] of was) if (!now.has(k)) into.removed.push(ref(x, before.cell));
  }
}

/** What changed from one revision's document to the next (see above). */
export function diffSites(before: Doc, after: Doc): RevisionChanges {
  const out: RevisionChanges = { pages: { added: [], removed: [], edited: [] }, items: { added: [], removed: [], edited: [] }, site: [] };
  const was = shownPages(before);
  const now = shownPages(after);
  const lang = after.defaultLanguage;
  for (const [k, p] of now) {
    const old = was.get(k);
    if (!old) {
      out.pages.added.push({ id: p.id, cell: p.cell });
      continue;
    }
    if (pageOwn(old) !== pageOwn(p)) out.pages.edited.push({ id: p.id, cell: p.cell });
    diffItems(old, p, lang, out.items);
  }
  for (const [k, p] of was) if (!now.has(k)) out.pages.removed.push({ id: p.id, cell: p.cell });
  const own = (d: Doc) => canon(Object.fromEntries(Object.entries(d).filter(([k]) => !SITE_OWN_SKIP.has(k))));
  if (own(before) !== own(after)) out.site.push('settings');
  if (canon(before.translations) !== canon(after.translations)) out.site.push('texts');
  if (canon(before.popupCtas) !== canon(after.popupCtas)) out.site.push('popup');
  if (canon(before.campaign) !== canon(after.campaign)) out.site.push('campaign');
  const byCell = (a: { cell: string }, b: { cell: string }) => cellOrder(a.cell) - cellOrder(b.cell);
  for (const l of [out.pages.added, out.pages.removed, out.pages.edited, out.items.added, out.items.removed, out.items.edited])
    l.sort(byCell);
  return out;
}

/** A1 < A2 < B1: column first, then row (for a stable, readable order). */
function cellOrder(cell: string): number {
  const m = /^([A-Z]+)(\d+)$/.exec(cell);
  if (!m) return 0;
  let col = 0;
  for (const ch of m[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  return col * 10_000 + Number(m[2]);
}

/** True when nothing changed (a publish of the same document). */
export function noChanges(c: RevisionChanges): boolean {
  return (
    c.site.length === 0 &&
    [c.pages.added, c.pages.removed, c.pages.edited, c.items.added, c.items.removed, c.items.edited].every((l) => l.length === 0)
  );
}
