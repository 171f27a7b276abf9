import { randomBytes } from 'node:crypto';
import { JST_OFFSET_MS, snakeKey, type VisitorEvent } from '@swipe/core';
import { isbot } from 'isbot';
import type { EventRow } from './repo.js';

// The pure part of ingestion (POST /api/v1/end-user/events): which requests count at all (bots, preview,
// Do Not Track, Global Privacy Control) and which events of a batch are stored, as rows. No I/O here;
// service.ts does the rest.

/**
 * The one bot rule, for page events and conversions alike: crawlers, link-preview fetchers, headless browsers
 * (HeadlessChrome, Lighthouse: an audit is not a person) and HTTP libraries (curl, python-requests, axios,
 * node-fetch, undici, Go, Java...), by the maintained `isbot` list; an empty User-Agent too.
 */
export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent?.trim() || isbot(userAgent) || NAMED.test(userAgent);
}
/** Named here as well, whatever the list's version says: the ones this product's own checks rely on. */
const NAMED = /headless|lighthouse|slurp|whatsapp|facebookexternalhit|python-requests|axios|node-fetch|undici|curl\/|wget\//i;

/** The preview viewer (modules/preview) is served under /site/{id}/preview...: its calls carry that Referer path. */
const PREVIEW_PATH = /^\/site\/\d{1,15}\/preview(?=[/?#]|$)/;
export function isPreview(referer: string | undefined): boolean {
  if (!referer) return false;
  try {
    return PREVIEW_PATH.test(new URL(referer).pathname);
  } catch {
    return false;
  }
}

/** DNT: 1 or Sec-GPC: 1 (nothing stored where the site's analytics setting honours it). */
export function asksNoTracking(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || sendsGpc(headers);
}

/** Global Privacy Control, honoured everywhere: page counts only, no visitor id (no cookie, no visits). */
export function sendsGpc(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['sec-gpc'] === '1';
}

/**
 * The host of the page that linked to the landing (the viewer sends document.referrer on a load's first page
 * view): the host only, never the path or query (they can carry ids); none for the site's own host.
 */
export function referrerHost(referrer: unknown, ownHost: string | undefined): string | null {
  if (typeof referrer !== 'string' || !referrer) return null;
  try {
    const u = new URL(referrer);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    const host = u.hostname.toLowerCase().replace(/^www\./, '');
    const own = ownHost
      ?.toLowerCase()
      .replace(/:\d+$/, '')
      .replace(/^www\./, '');
    return host && host !== own ? host.slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** How far `at` may be from the server's clock (a retry resends the same `at`). */
export const AT_WINDOW_MS = 24 * 3600_000;

/**
 * How far a batch is stamped ahead of the server's clock (0 when it is not): a phone whose clock runs fast stamps
 * its events after the server's "now", where a conversion (stamped by the server) would not find them and go to
 * an earlier page or be dropped. Such a batch is moved back by this much as a whole: no event is stored after the
 * moment its batch arrived, and the batch keeps its order and gaps (clamping each event to "now" would give a
 * page's leave and the next page's view one instant). Events past the 24 h window are left out (they are dropped).
 */
export function leadOf(events: readonly { at?: number }[], now: number): number {
  let lead = 0;
  for (const e of events) if (e.at !== undefined && e.at - now <= AT_WINDOW_MS) lead = Math.max(lead, e.at - now);
  return lead;
}

/** The Japan day (YYYY-MM-DD) of an instant: the rollups' key. */
export function japanDay(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The rows to store for a batch. Dropped: kinds a visitor may not send (conversion), events of sites that are
 * not published (`pagesOf` null) or on pages not in the published site, events whose `at` is more than 24 h
 * from now, events with an id but no `at` (a retry could not be recognised). An event without an id (an old
 * cached viewer) gets one made here (no dedupe) and, without `at`, the server's time; a batch stamped ahead of
 * the server's clock is moved back to it (leadOf). Kind-specific facts are kept only on their kind (dwell on
 * page_leave, x/y on tap, both coordinates or neither).
 */
/**
 * `data` as stored: snake_case keys, as the viewer sent them (the request's keys were made camelCase at the
 * edge; the rollups read data->>'utm_source', 'from', 'to', 'view', 'referrer'); a referrer as its host only.
 */
function storedData(data: Record<string, unknown>, ownHost: string | undefined): string {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    // the variation is the server's to say (below), never the client's
    if (VARIATION_KEYS.has(snakeKey(k))) continue;
    if (k !== 'referrer') out[snakeKey(k)] = v;
    else {
      const host = referrerHost(v, ownHost);
      if (host) out.referrer = host;
    }
  }
  return JSON.stringify(out);
}

const VARIATION_KEYS = new Set(['experiment_id', 'variation_id']);

/** What the rows of a batch need besides its events. */
export interface RowsInput {
  /** the visitor's daily id for an event of this site at this instant (null: none, e.g. Global Privacy Control) */
  visitor: (siteId: number, atMs: number) => string | null;
  /** the published page ids of a site, null when it is not published or not tracked */
  pagesOf: (siteId: number) => ReadonlySet<number> | null;
  /** business time (ctx.clock) */
  now: number;
  /** the request's host: a referrer of the site itself is none */
  host?: string;
  /** the experiment and variation the visitor sees a page of a site in (its cookie's assignment), if any */
  variationOf?: (siteId: number, pageId: number) => { experimentId: number; variationId: number } | null;
}

export function rowsOf(events: VisitorEvent[], input: RowsInput): EventRow[] {
  const { pagesOf, now } = input;
  const lead = leadOf(events, now);
  const rows: EventRow[] = [];
  for (const e of events) {
    if (e.event === 'conversion') continue;
    const pages = pagesOf(e.siteId);
    if (!pages) continue;
    if (e.pageId && !pages.has(e.pageId)) continue;
    const at = e.at === undefined ? now : e.at - lead;
    if (e.at === undefined ? e.id !== undefined : Math.abs(now - at) > AT_WINDOW_MS) continue;
    const tap = e.event === 'tap' && typeof e.x === 'number' && typeof e.y === 'number';
    if (e.event === 'tap' && !tap) continue;
    if (e.event === 'page_leave' && typeof e.dwellMs !== 'number') continue;
    rows.push({
      eventId: e.id ?? `srv-${randomBytes(12).toString('base64url')}`,
      siteId: e.siteId,
      pageId: e.pageId ?? null,
      event: e.event,
      sessionId: input.visitor(e.siteId, at),
      lang: e.lang ?? null,
      targetId: e.targetId ?? e.popupId ?? null,
      data: withVariation(
        storedData(e.popupId ? { ...(e.data ?? {}), popupId: e.popupId } : (e.data ?? {}), input.host),
        e.pageId ? (input.variationOf?.(e.siteId, e.pageId) ?? null) : null,
      ),
      occurredAt: new Date(at).toISOString(),
      dwellMs: e.event === 'page_leave' ? (e.dwellMs ?? null) : null,
      x: tap ? (e.x ?? null) : null,
      y: tap ? (e.y ?? null) : null,
      retimed: lead > 0,
    });
  }
  return rows;
}

/** Stored data with the experiment and variation the event was seen in (the rollup's analytics_variation_days). */
function withVariation(data: string, v: { experimentId: number; variationId: number } | null): string {
  if (!v) return data;
  return `${data.slice(0, -1)}${data === '{}' ? '' : ','}"experiment_id":${v.experimentId},"variation_id":${v.variationId}}`;
}

/** Whether the page the events came from was asked for in a forced variation (`?variationId=`): a check, not a visit. */
export function forcedVariation(referer: string | undefined): boolean {
  if (!referer) return false;
  try {
    const q = new URL(referer).searchParams;
    return q.has('variationId') || q.has('variation_id');
  } catch {
    return false;
  }
}

/** The distinct (site, Japan day) pairs of stored rows, for the rollup queue. */
export function rollupKeysOf(rows: EventRow[]): { siteId: number; day: string }[] {
  const seen = new Map<string, { siteId: number; day: string }>();
  for (const r of rows) {
    const day = japanDay(Date.parse(r.occurredAt));
    seen.set(`${r.siteId}:${day}`, { siteId: r.siteId, day });
  }
  return [...seen.values()];
}
