import { randomUUID } from 'node:crypto';
import type { VisitorEvent } from '@swipe/core';
import { VISITOR_ID_PATTERN } from '@swipe/core/experiments.ts';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { ByteCache, perContext } from '../../lib/bytecache.js';
import { hitLimits, type Limit } from '../../lib/ratelimit.js';
import { assertOwnerOpen } from '../accounts/actor.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { applicantCounts, countPopupClicks, findSite } from '../sites/service.js';
import {
  AT_WINDOW_MS,
  asksNoTracking,
  forcedVariation,
  isBot,
  isPreview,
  japanDay,
  leadOf,
  type RowsInput,
  rollupKeysOf,
  rowsOf,
  sendsGpc,
} from './ingest.js';
import { type VariationDay, variationDayRows } from './repo/variations.js';
import { findSiteSettings, insertEvents, upsertSiteSettings } from './repo.js';
import { queueRollups, type RollupKey, rollupWindow } from './rollup.js';
import { saltFor, visitorId } from './visitors.js';

/** The one bot rule and Global Privacy Control, for the viewer's experiments (bots and GPC see the control). */
export { isBot, sendsGpc } from './ingest.js';
export type { EventRow } from './repo.js';
/** Page views per site in [start, end) (instants; callers pass Japan-time month bounds). */
export { countPageViewsBySite } from './repo.js';

// Visitor events of viewer.md 7, sent by the viewer in batches with sendBeacon and stored in the monthly
// partitions of analytics_events (0013): one multi-row INSERT ... ON CONFLICT DO NOTHING per request, so a
// retried event (same id and `at`) counts once, and the rollup refresh of each (site, Japan day) is queued in
// the same transaction. A cookie id (until the end of the Japan day) ties a visitor's events together; only its
// daily salted hash is stored (visitors.ts); no IP is stored.

export const SESSION_COOKIE = 'swipe_sid';

/** A session id: the visitor's cookie when well-formed, else a new one (`fresh`: the caller sets the cookie). */
export function sessionOf(cookie: string | undefined): { sid: string; fresh: boolean } {
  if (cookie && /^[\w-]{16,64}$/.test(cookie)) return { sid: cookie, fresh: false };
  return { sid: randomUUID(), fresh: true };
}

/** What the events endpoint knows of the request (the IP only keys the rate limiter, in memory or kv). */
export interface EventRequest {
  ip: string;
  sid: string;
  /** no valid session cookie came with the request */
  fresh: boolean;
  headers: Record<string, string | string[] | undefined>;
  /** the request's host (a referrer of the site itself is none) */
  host?: string;
  /** the experiments' visitor id cookie (session_user_id): which variation its events were seen in */
  experimentVisitor?: string;
}

/** Where a visitor's events on a site's pages are in a running experiment (by page id), or null for none. */
export type VariationLookup = (
  ctx: AppContext,
  siteId: number,
  visitorId: string,
) => Promise<((pageId: number) => { experimentId: number; variationId: number } | null) | null>;
let variationLookup: VariationLookup | null = null;
/** The experiments module's (it imports analytics for its results, so it registers here: modules/index.ts). */
export function registerVariationLookup(l: VariationLookup): void {
  variationLookup = l;
}

/**
 * The variations a batch's events were seen in: from the visitor's experiments cookie (its variation is hashed
 * from it, as when its page was rendered), never for an anonymous (GPC) visitor or a forced check (`?variationId=`).
 */
async function variationsOf(ctx: AppContext, req: EventRequest, sites: Iterable<number>): Promise<RowsInput['variationOf'] | undefined> {
  const id = req.experimentVisitor;
  const referer = req.headers.referer;
  if (!variationLookup || !id || !VISITOR_ID_PATTERN.test(id) || sendsGpc(req.headers)) return undefined;
  if (forcedVariation(typeof referer === 'string' ? referer : undefined)) return undefined;
  const bySite = new Map<number, (pageId: number) => { experimentId: number; variationId: number } | null>();
  for (const siteId of sites) {
    const f = await variationLookup(ctx, siteId, id);
    if (f) bySite.set(siteId, f);
  }
  return bySite.size ? (siteId, pageId) => bySite.get(siteId)?.(pageId) ?? null : undefined;
}

// A visitor's batches (a few per minute, at most one every second or so) are never near these; a cookie-less
// flood is held per address; the per-address total is generous for carrier-grade NAT and offices.
const PER_VISITOR: Limit = { max: 240, windowSeconds: 60 };
const PER_ADDRESS: Limit = { max: 3000, windowSeconds: 60 };
const scaled = (ctx: AppContext, l: Limit): Limit => ({
  max: Math.ceil(l.max * ctx.config.enduserRateMultiplier),
  windowSeconds: l.windowSeconds,
});

// The page ids of a published snapshot, computed once per snapshot object (the published cache keeps it).
const pageSets = new WeakMap<PublishedSite, ReadonlySet<number>>();
function pagesOfSnapshot(ps: PublishedSite): ReadonlySet<number> {
  let s = pageSets.get(ps);
  if (!s) {
    s = new Set(ps.document.categories.flatMap((c) => c.pages.map((p) => Number(p.id))));
    pageSets.set(ps, s);
  }
  return s;
}

// honor_dnt per site, read only for requests that ask not to be tracked, kept briefly in this process.
const SETTINGS_TTL_MS = 30_000;
const dntCacheOf = perContext(() => new ByteCache<boolean>('analytics dnt settings', 1024 * 1024, () => 8, SETTINGS_TTL_MS));
async function honoursDnt(ctx: AppContext, siteId: number): Promise<boolean> {
  const cache = dntCacheOf(ctx);
  const hit = cache.get(String(siteId));
  if (hit !== undefined) return hit;
  const honor = (await findSiteSettings(ctx.db, siteId))?.honor_dnt ?? false;
  cache.set(String(siteId), honor);
  return honor;
}

// The rollup refresh of a (site, day) is one job per delay window (rollup.ts dedupes it in the jobs table).
// A batch queues it after its events commit, with the window of that moment: the window's run is due only after
// the window ends, so a run it joins has not started yet and reads these events (read before the commit, a slow
// insert could land after the run it joined had read the day, and stay out of the figures until the next batch).
// This process remembers the keys it queued in the current window, so under load the batches of a busy site
// do not all contend for the same jobs row: only the first batch of a window queues it.
const queuedKeysOf = perContext(() => new ByteCache<number>('analytics queued rollups', 2 * 1024 * 1024, () => 8));
async function queueCommitted(ctx: AppContext, keys: RollupKey[]): Promise<void> {
  const memo = queuedKeysOf(ctx);
  const now = ctx.clock.nowMs();
  const window = rollupWindow(now, ctx.config.analyticsRollupDelayMs);
  const due = keys.filter((k) => memo.get(`${k.siteId}:${k.day}`) !== window);
  if (due.length === 0) return;
  // each key its own insert, deduped on its own: no transaction needed around them
  await queueRollups(ctx.db, due, ctx.config.analyticsRollupDelayMs, now);
  for (const k of due) memo.set(`${k.siteId}:${k.day}`, window);
}

/**
 * Stores the events of published sites, on pages of that site (with their popup clicks' applicant counts, in one
 * transaction), then queues their rollup. Nothing is stored for bots, preview traffic, or (where the site
 * honours it) DNT / GPC; applicant counts still count for DNT visitors (they hold no identity). Under Global
 * Privacy Control the events are stored without a visitor id (page counts only). `identified`: a visitor id
 * was stored (the caller then keeps the cookie).
 */
export async function recordEvents(
  ctx: AppContext,
  req: EventRequest,
  events: VisitorEvent[],
): Promise<{ accepted: number; identified: boolean }> {
  await hitLimits(ctx.kv, [
    { key: req.fresh ? `events:${req.ip}` : `events:${req.ip}:${req.sid}`, limit: scaled(ctx, PER_VISITOR) },
    { key: `events-ip:${req.ip}`, limit: scaled(ctx, PER_ADDRESS) },
  ]);
  const ua = req.headers['user-agent'];
  const referer = req.headers.referer;
  if (isBot(typeof ua === 'string' ? ua : undefined) || isPreview(typeof referer === 'string' ? referer : undefined))
    return { accepted: 0, identified: false };

  const published = new Map<number, ReadonlySet<number> | null>();
  for (const e of events) {
    if (published.has(e.siteId)) continue;
    const ps = await getPublishedSite(ctx, e.siteId);
    published.set(e.siteId, ps ? pagesOfSnapshot(ps) : null);
  }
  const tracked = new Map(published);
  if (asksNoTracking(req.headers))
    for (const [siteId, pages] of published) if (pages && (await honoursDnt(ctx, siteId))) tracked.set(siteId, null);

  const now = ctx.clock.nowMs();
  const anonymous = sendsGpc(req.headers);
  // the salts of the batch's days (at most yesterday, today and tomorrow: `at` is within 24 h), at the instants
  // rowsOf stores (a batch stamped ahead of the server's clock is moved back to it)
  const lead = leadOf(events, now);
  const salts = new Map<string, string | null>();
  if (!anonymous)
    for (const e of events) {
      const at = e.at === undefined ? now : e.at - lead;
      const day = japanDay(at);
      if (Math.abs(now - at) <= AT_WINDOW_MS && !salts.has(day)) salts.set(day, await saltFor(ctx, day));
    }
  const visitor = (siteId: number, at: number) => {
    const salt = anonymous ? null : salts.get(japanDay(at));
    return salt ? visitorId(salt, siteId, req.sid) : null;
  };
  const tracking = [...tracked].flatMap(([id, pages]) => (pages ? [id] : []));
  const variationOf = await variationsOf(ctx, req, tracking);
  const rows = rowsOf(events, { visitor, pagesOf: (id) => tracked.get(id) ?? null, now, host: req.host, variationOf });
  const identified = rows.some((r) => r.sessionId !== null);
  // applicant counting stays as it was (DNT visitors too: a count holds no identity), on published pages only
  const popupClicks = events
    .filter(
      (e) => e.event === 'click_popup_cta' && e.popupId && (!e.pageId || published.get(e.siteId)?.has(e.pageId)) && published.get(e.siteId),
    )
    .map((e) => ({ siteId: e.siteId, popupId: e.popupId as number }));
  if (rows.length === 0 && popupClicks.length === 0) return { accepted: 0, identified: false };
  if (popupClicks.length === 0) {
    // the common case under load: one statement, atomic on its own (no BEGIN/COMMIT round trips)
    await insertEvents(ctx.db, rows);
  } else {
    await ctx.db.tx(async (q) => {
      if (rows.length > 0) await insertEvents(q, rows);
      // The applicant-limit item counts its applicants, never past the limit.
      await countPopupClicks(q, popupClicks);
    });
  }
  // after the commit (above): a crash in between leaves the day to its next batch or the daily re-roll
  if (rows.length > 0) await queueCommitted(ctx, rollupKeysOf(rows));
  return { accepted: rows.length, identified };
}

/** Live applicant counts of a published site's popup items (the snapshot holds them as of publishing). */
export async function popupCounts(ctx: AppContext, siteId: number) {
  const ps = await getPublishedSite(ctx, siteId);
  if (!ps) throw notFound();
  // the owner's plan has no popup CTAs (any more): there is nothing to count for visitors
  if (!ps.planFlags.settingPopupCta) return { items: [] };
  return { items: await applicantCounts(ctx.db, siteId) };
}

export interface SiteSettings {
  honorDnt: boolean;
  updatedAt: string | null;
}

/** An experiment's figures per variation and Japan day (analytics_variation_days). The caller scopes the experiment. */
export function variationDays(ctx: AppContext, experimentId: number): Promise<VariationDay[]> {
  return variationDayRows(ctx.db, experimentId);
}
export type { VariationDay };

/** The site's analytics settings (defaults when never saved). The caller scopes the site (actor.ts). */
export async function getSiteSettings(ctx: AppContext, siteId: number): Promise<SiteSettings> {
  const r = await findSiteSettings(ctx.db, siteId);
  return { honorDnt: r?.honor_dnt ?? false, updatedAt: r?.updated_at ? new Date(r.updated_at).toISOString() : null };
}

/**
 * Saves the site's analytics settings (one statement); this process sees the change at once. The caller scopes the
 * site; a change of its data needs its owner's contract open (actor.ts assertOwnerOpen).
 */
export async function setSiteSettings(ctx: AppContext, siteId: number, s: { honorDnt: boolean }): Promise<SiteSettings> {
  const r = await ctx.db.tx(async (q) => {
    const site = await findSite(q, siteId);
    if (site) await assertOwnerOpen(q, Number(site.account_id));
    return upsertSiteSettings(q, siteId, s.honorDnt);
  });
  dntCacheOf(ctx).delete(String(siteId));
  return { honorDnt: r.honor_dnt, updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null };
}
