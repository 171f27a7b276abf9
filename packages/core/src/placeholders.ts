import type { PageDetailResponse } from './api/viewer.js';

// Dynamic text (docs/decisions.md "Dynamic text"): a page's main text, its link button and its buttons' labels and
// microcopy may hold placeholders `{{source|fallback}}`, filled from the visitor's address query when the page is
// drawn: on the server for the first page (no flash, right without JavaScript) and in the viewer for pages loaded
// later. The sources are a short allow-list of query parameters (the UTM five and the keyword parameters ad tools
// fill in); a value is cleaned to letters, digits, spaces and a little punctuation, at most PLACEHOLDER_VALUE_MAX
// characters, and is always text (the viewer draws it escaped, never as HTML). A missing or empty value shows the
// fallback (which may be empty). An unknown source is refused when the document is saved.

/** The query parameters a placeholder may name. */
export const PLACEHOLDER_SOURCES = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content', 'keyword', 'kw'] as const;
export type PlaceholderSource = (typeof PLACEHOLDER_SOURCES)[number];
/** Characters of a filled value (longer values are cut). */
export const PLACEHOLDER_VALUE_MAX = 60;
/** Characters of a fallback. */
export const PLACEHOLDER_FALLBACK_MAX = 60;

/** `{{ name }}` or `{{ name | fallback }}`; a brace inside ends it (so `{{a{{b}}` is text then a placeholder). */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]{1,40})\s*(?:\|([^{}]*))?\}\}/g;
/** What a value keeps: letters, marks, digits, spaces and - . , ! ? ' & + # % / ( ) : (anything else is a space). */
const NOT_KEPT = /[^\p{L}\p{M}\p{N} \-.,!?'&+#%/():]/gu;

export type PlaceholderValues = Partial<Record<PlaceholderSource, string>>;

const isSource = (s: string): s is PlaceholderSource => (PLACEHOLDER_SOURCES as readonly string[]).includes(s);

/** A raw query value as it may be shown: restricted characters, spaces collapsed, at most PLACEHOLDER_VALUE_MAX. */
export function cleanPlaceholderValue(raw: string): string {
  const s = raw.normalize('NFC').replace(NOT_KEPT, ' ').replace(/\s+/g, ' ').trim();
  return Array.from(s).slice(0, PLACEHOLDER_VALUE_MAX).join('').trim();
}

/**
 * The values of the allowed sources in an address query (a URLSearchParams, or a parsed query object whose
 * repeated parameters are arrays: the first one counts). Empty values are left out (the fallback shows).
 */
export function placeholderValues(query: URLSearchParams | Record<string, unknown> | null | undefined): PlaceholderValues {
  const out: PlaceholderValues = {};
  if (!query) return out;
  for (const k of PLACEHOLDER_SOURCES) {
    let v: unknown = query instanceof URLSearchParams ? query.get(k) : query[k];
    if (Array.isArray(v)) v = v[0];
    if (typeof v !== 'string' || v.length > 2000) continue;
    const clean = cleanPlaceholderValue(v);
    if (clean) out[k] = clean;
  }
  return out;
}

/** The text with its placeholders filled: the source's value, else the fallback (an unknown source: its fallback). */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (_, name: string, fallback: string | undefined) => {
    const v = isSource(name) ? values[name] : undefined;
    return v ?? (fallback ?? '').trim();
  });
}

/** The sources a text's placeholders name (known ones only). */
export function placeholderSources(text: string): PlaceholderSource[] {
  if (!text.includes('{{')) return [];
  const out: PlaceholderSource[] = [];
  for (const m of text.matchAll(PLACEHOLDER))
    if (isSource(m[1] as string) && !out.includes(m[1] as PlaceholderSource)) out.push(m[1] as PlaceholderSource);
  return out;
}

/** What is wrong with a text's placeholders (an i18n key), or null. */
export function placeholderProblem(text: string): string | null {
  if (!text.includes('{{')) return null;
  for (const m of text.matchAll(PLACEHOLDER)) {
    if (!isSource(m[1] as string)) return 'validation.placeholder_source';
    if ((m[2] ?? '').trim().length > PLACEHOLDER_FALLBACK_MAX) return 'validation.placeholder_fallback';
  }
  return null;
}

/** A page detail as the viewer gets it, with the placeholders of its texts and button labels filled. */
export function fillPageDetail(r: PageDetailResponse, values: PlaceholderValues): PageDetailResponse {
  const f = (s: string) => fillPlaceholders(s, values);
  const d = r.pageDetail;
  return {
    ...r,
    pageDetail: {
      ...d,
      mainText: f(d.mainText),
      linkButtonText: f(d.linkButtonText),
      buttons: d.buttons.map((b) => ({ ...b, buttonText: f(b.buttonText), microcopyText: f(b.microcopyText) })),
    },
  };
}

/** The viewer's call: a page detail filled from an address's query string (`location.search`). */
export const fillFromSearch = (r: PageDetailResponse, search: string): PageDetailResponse =>
  fillPageDetail(r, placeholderValues(new URLSearchParams(search)));

/** Texts of a site document's pages that may hold placeholders (for a cache to know what a page depends on). */
interface PlaceholderDoc {
  categories: {
    pages: {
      mainText: Record<string, string | undefined>;
      linkButtonText: Record<string, string | undefined>;
      buttons: { buttonText: Record<string, string | undefined>; microcopyText: Record<string, string | undefined> }[];
    }[];
  }[];
}

/** Every source a document's placeholders name, in PLACEHOLDER_SOURCES order (empty: no page depends on the query). */
export function documentPlaceholderSources(doc: PlaceholderDoc): PlaceholderSource[] {
  const found = new Set<PlaceholderSource>();
  const scan = (r: Record<string, string | undefined>) => {
    for (const v of Object.values(r)) if (v) for (const s of placeholderSources(v)) found.add(s);
  };
  for (const c of doc.categories)
    for (const p of c.pages) {
      scan(p.mainText);
      scan(p.linkButtonText);
      for (const b of p.buttons) {
        scan(b.buttonText);
        scan(b.microcopyText);
      }
    }
  return PLACEHOLDER_SOURCES.filter((s) => found.has(s));
}
