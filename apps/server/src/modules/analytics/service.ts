import { randomUUID } from 'node:crypto';
import type { VisitorEvent } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import { hitLimits } from '../../lib/ratelimit.js';
import { getPublishedSite } from '../published/service.js';
import { applicantCounts, countPopupClicks } from '../sites/service.js';
import { type EventRow, insertEvents } from './repo.js';

/** Page views per site in [start, end) (instants; callers pass Japan-time month bounds). */
export { countPageViewsBySite } from './repo.js';

// Visitor events of viewer.md 7, sent by the viewer in batches with sendBeacon and stored for the
// analytics screens. A session id cookie (3650 days) ties a visitor's events together.

export const SESSION_COOKIE = 'swipe_sid';

/** A session id: the visitor's cookie when well-formed, else a new one (`fresh`: the caller sets the cookie). */
export function sessionOf(cookie: string | undefined): { sid: string; fresh: boolean } {
  if (cookie && /^[\w-]{16,64}$/.test(cookie)) return { sid: cookie, fresh: false };
  return { sid: randomUUID(), fresh: true };
}

/** Stores the events of published sites, on pages of that site; popup clicks count their applicants. One transaction. */
export async function recordEvents(ctx: AppContext, ip: string, sid: string, events: VisitorEvent[]): Promise<{ accepted: number }> {
  await hitLimits(ctx.kv, [{ key: `events:${ip}`, limit: { max: 240, windowSeconds: 60 } }]);
  const rows: EventRow[] = [];
  const popupClicks: { siteId: number; popupId: number }[] = [];
  const sites = new Map<number, Set<number> | null>();
  for (const e of events) {
    if (!sites.has(e.siteId)) {
      const ps = await getPublishedSite(ctx, e.siteId);
      sites.set(e.siteId, ps ? new Set(ps.document.categories.flatMap((c) => c.pages.map((p) => Number(p.id)))) : null);
    }
    const pages = sites.get(e.siteId);
    if (!pages) continue;
    if (e.pageId && !pages.has(e.pageId)) continue;
    const at = e.at && Math.abs(Date.now() - e.at) < 24 * 3600_000 ? new Date(e.at) : new Date();
    rows.push({
      site_id: e.siteId,
      page_id: e.pageId ?? null,
      event: e.event,
      session_id: sid,
      lang: e.lang ?? null,
      target_id: e.targetId ?? e.popupId ?? null,
      data: JSON.stringify({ ...(e.data ?? {}), ...(e.popupId ? { popupId: e.popupId } : {}) }),
      occurred_at: at.toISOString(),
    });
    if (e.event === 'click_popup_cta' && e.popupId) popupClicks.push({ siteId: e.siteId, popupId: e.popupId });
  }
  if (rows.length > 0)
    await ctx.db.tx(async (q) => {
      await insertEvents(q, rows);
      // The applicant-limit item counts its applicants, never past the limit.
      await countPopupClicks(q, popupClicks);
    });
  return { accepted: rows.length };
}

/** Live applicant counts of a published site's popup items (the snapshot holds them as of publishing). */
export async function popupCounts(ctx: AppContext, siteId: number) {
  const ps = await getPublishedSite(ctx, siteId);
  if (!ps) throw notFound();
  // the owner's plan has no popup CTAs (any more): there is nothing to count for visitors
  if (!ps.planFlags.settingPopupCta) return { items: [] };
  return { items: await applicantCounts(ctx.db, siteId) };
}
