import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import type { Submission } from '../../lib/submissions.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { isBot, japanDay } from './ingest.js';
import { findSiteSettings, insertEvents, visitorSoFar } from './repo.js';
import { japanDayBounds, queueRollups } from './rollup.js';
import { saltFor, visitorId } from './visitors.js';

// Conversions: every visitor submission (contact and homepage forms, confirmed registrations,
// survey responses; lib/submissions.ts) is one `conversion` event, stored in the submitting transaction and
// attributed to the page and CTA that led there (the viewer's cv_* cookies) when they are of that site, inside
// the visit it came from. The owners call the hook once per stored row (a replayed submission or a second
// confirmation stores nothing and calls nothing). No IP is kept.

interface Known {
  pages: ReadonlySet<number>;
  buttons: ReadonlySet<number>;
  popups: ReadonlySet<number>;
}
const knownOf = new WeakMap<PublishedSite, Known>();
function known(ps: PublishedSite): Known {
  let k = knownOf.get(ps);
  if (!k) {
    const d = ps.document;
    const pages = d.categories.flatMap((c) => c.pages);
    const ids = (xs: { id?: number | null }[]) => new Set(xs.flatMap((x) => (x.id ? [Number(x.id)] : [])));
    k = {
      pages: ids(pages),
      buttons: ids([...pages.flatMap((p) => p.buttons), ...(d.campaign?.buttons ?? [])]),
      popups: ids([d.popupCtas.timeLimit, d.popupCtas.applicantLimit].flatMap((x) => (x ? [x] : []))),
    };
    knownOf.set(ps, k);
  }
  return k;
}

/** The page and CTA of a visit when they are the site's (a cookie of another site's page counts for nothing). */
export function attribution(ps: PublishedSite | null, v: Submission['visit']): { pageId: number | null; ctaId: number | null } {
  if (!ps) return { pageId: null, ctaId: null };
  const k = known(ps);
  const pageId = v.pageId && k.pages.has(v.pageId) ? v.pageId : null;
  const ctas = v.source === 'POPUP_CTA_TRANSITION' ? [k.popups] : v.source === 'BUTTON_CTA' ? [k.buttons] : [k.buttons, k.popups];
  const ctaId = v.ctaId && ctas.some((s) => s.has(v.ctaId as number)) ? v.ctaId : null;
  return { pageId, ctaId };
}

/**
 * The submission hook of analytics (registered in modules/index.ts): one conversion event in the caller's
 * transaction, then the rollup of its Japan day queued. Not counted (the submission itself is stored and
 * delivered all the same): a bot's (the ingestion's rule), one that asked not to be tracked where the site
 * honours that, one under Global Privacy Control or without a visitor cookie (no visitor id), and one whose
 * visitor viewed no page of the site that Japan day (no visit to count it in).
 * Privacy: the event has a random id (no key to the submission) and the instant just after the visitor's
 * last event (never the submission's own time), so a stored e-mail joins no browsing; it keeps only the page
 * (the CTA's page when the visitor viewed it that day, else the last page viewed) and the CTA.
 * The published site is usually a cache hit; a miss reads through `q` (PGlite has one connection: a read
 * through ctx.db would wait for this transaction).
 */
export async function recordConversion(q: Queryable, ctx: AppContext, s: Submission): Promise<void> {
  const v = s.visit;
  if (isBot(v.userAgent) || v.gpc || !v.sessionId) return;
  if (v.doNotTrack && (await findSiteSettings(q, s.siteId))?.honor_dnt) return;
  const now = ctx.clock.now();
  const day = japanDay(now.getTime());
  const salt = await saltFor(ctx, day, q);
  if (!salt) return;
  const visitor = visitorId(salt, s.siteId, v.sessionId);
  const ps = await getPublishedSite(ctx, s.siteId, q).catch(() => null);
  const { pageId: ctaPage, ctaId } = attribution(ps, v);
  const seen = await visitorSoFar(q, s.siteId, visitor, japanDayBounds(day).start, now, ctaPage);
  if (!seen.lastAt || seen.lastPageId === null) return;
  const pageId = ctaPage && seen.sawPage ? ctaPage : seen.lastPageId;
  const occurredAt = new Date(Date.parse(seen.lastAt) + 1);
  const inserted = await insertEvents(q, [
    {
      eventId: `cv-${randomBytes(12).toString('base64url')}`,
      siteId: s.siteId,
      pageId,
      event: 'conversion',
      sessionId: visitor,
      lang: s.lang,
      targetId: ctaId,
      data: JSON.stringify({ kind: s.kind, source: ctaPage || ctaId ? v.source : null }),
      occurredAt: occurredAt.toISOString(),
      dwellMs: null,
      x: null,
      y: null,
    },
  ]);
  if (inserted > 0)
    await queueRollups(q, [{ siteId: s.siteId, day: japanDay(occurredAt.getTime()) }], ctx.config.analyticsRollupDelayMs, now.getTime());
}
