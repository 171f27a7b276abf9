import { randomBytes } from 'node:crypto';
import { JST_OFFSET_MS, snakeKey, type VisitorEvent } from '@swipe/core';
import type { EventRow } from './repo.js';

// The pure part of ingestion (POST /api/v1/end-user/events): which requests count at all (bots, preview,
// Do Not Track) and which events of a batch are stored, as rows. No I/O here; service.ts does the rest.

/** Obvious bots, crawlers, link-preview fetchers, headless browsers and HTTP libraries (an empty UA too). */
const BOT_UA =
  /bot|crawl|spider|slurp|headless|lighthouse|preview|facebookexternalhit|facebookcatalog|mediapartners|google-inspectiontool|pingdom|uptime|phantomjs|selenium|puppeteer|playwright|scrapy|python-requests|python-urllib|go-http-client|okhttp|java\/|curl\/|wget\/|libwww|httpclient|axios\/|embedly|whatsapp|ahrefs|semrush|yeti\//i;

export function isBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_UA.test(userAgent);
}

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

/** DNT: 1 or Sec-GPC: 1 (honoured only where the site's analytics setting says so). */
export function asksNoTracking(headers: Record<string, string | string[] | undefined>): boolean {
  return headers.dnt === '1' || headers['sec-gpc'] === '1';
}

/** How far `at` may be from the server's clock (a retry resends the same `at`; nothing is re-timed). */
export const AT_WINDOW_MS = 24 * 3600_000;

/** The Japan day (YYYY-MM-DD) of an instant: the rollups' key. */
export function japanDay(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The rows to store for a batch. Dropped: kinds a visitor may not send (conversion), events of sites that are
 * not published (`pagesOf` null) or on pages not in the published site, events whose `at` is more than 24 h
 * from now, events with an id but no `at` (a retry could not be recognised). An event without an id (an old
 * cached viewer) gets one made here (no dedupe) and, without `at`, the server's time. Kind-specific facts
 * are kept only on their kind (dwell on page_leave, x/y on tap, both coordinates or neither).
 */
/**
 * `data` as stored: snake_case keys, as the viewer sent them (the request's keys were made camelCase at the
 * edge; the rollups read data->>'utm_source', 'from', 'to', 'view').
 */
function storedData(data: Record<string, unknown>): string {
  return JSON.stringify(Object.fromEntries(Object.entries(data).map(([k, v]) => [snakeKey(k), v])));
}

export function rowsOf(
  events: VisitorEvent[],
  sid: string,
  pagesOf: (siteId: number) => ReadonlySet<number> | null,
  now = Date.now(),
): EventRow[] {
  const rows: EventRow[] = [];
  for (const e of events) {
    if (e.event === 'conversion') continue;
    const pages = pagesOf(e.siteId);
    if (!pages) continue;
    if (e.pageId && !pages.has(e.pageId)) continue;
    if (e.at === undefined ? e.id !== undefined : Math.abs(now - e.at) > AT_WINDOW_MS) continue;
    const tap = e.event === 'tap' && typeof e.x === 'number' && typeof e.y === 'number';
    if (e.event === 'tap' && !tap) continue;
    if (e.event === 'page_leave' && typeof e.dwellMs !== 'number') continue;
    rows.push({
      eventId: e.id ?? `srv-${randomBytes(12).toString('base64url')}`,
      siteId: e.siteId,
      pageId: e.pageId ?? null,
      event: e.event,
      sessionId: sid,
      lang: e.lang ?? null,
      targetId: e.targetId ?? e.popupId ?? null,
      data: storedData(e.popupId ? { ...(e.data ?? {}), popupId: e.popupId } : (e.data ?? {})),
      occurredAt: new Date(e.at ?? now).toISOString(),
      dwellMs: e.event === 'page_leave' ? (e.dwellMs ?? null) : null,
      x: tap ? (e.x ?? null) : null,
      y: tap ? (e.y ?? null) : null,
    });
  }
  return rows;
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
