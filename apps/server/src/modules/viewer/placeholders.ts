import {
  documentPlaceholderSources,
  fillPageDetail,
  type PageDetailResponse,
  type PlaceholderSource,
  type PlaceholderValues,
  placeholderValues,
} from '@swipe/core';
import type { PublishedSite } from '../published/service.js';

// Dynamic text on the server (packages/core/src/placeholders.ts): the first page is rendered with its placeholders
// filled from the address's query, so it is right at first paint, with or without JavaScript. A rendered page of a
// site with placeholders then depends on the values of the sources it names: they are part of its cache key
// (render.ts), and the micro-cache keys on the whole address, query included. A site without placeholders keeps its
// one rendered page per position. The viewer's page calls answer the stored text; the viewer fills it alike.

export interface PlaceholderFill {
  /** the values of the sources the site names, in a fixed order: the rendered page's cache key part */
  key: string;
  values: PlaceholderValues;
}

// the sources a document names, found once per document object (a cached publication, or a variant of it)
const sourcesOf = new WeakMap<object, PlaceholderSource[]>();

/** What fills this site's placeholders for a request (its raw URL: the route's schema keeps no other query key); null without placeholders. */
export function placeholderFill(ps: PublishedSite, url: string | undefined): PlaceholderFill | null {
  let sources = sourcesOf.get(ps.document);
  if (!sources) {
    sources = documentPlaceholderSources(ps.document);
    sourcesOf.set(ps.document, sources);
  }
  if (sources.length === 0) return null;
  const q = url?.indexOf('?') ?? -1;
  const all = q >= 0 ? placeholderValues(new URLSearchParams((url as string).slice(q + 1))) : {};
  const values: PlaceholderValues = {};
  for (const s of sources) if (all[s] !== undefined) values[s] = all[s];
  // a separator no cleaned value holds
  return { key: sources.map((s) => values[s] ?? '').join('\u001f'), values };
}

/** The details with their placeholders filled (in place of the map's entries; the presented objects are new). */
export function fillDetails(details: Record<number, PageDetailResponse>, fill: PlaceholderFill | null): void {
  if (!fill) return;
  for (const id of Object.keys(details)) details[Number(id)] = fillPageDetail(details[Number(id)] as PageDetailResponse, fill.values);
}
