import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import type { Submission } from '../../lib/submissions.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { japanDay } from './ingest.js';
import { findSiteSettings, insertEvents } from './repo.js';
import { queueRollups } from './rollup.js';

// Conversions (issue 11): every visitor submission (contact and homepage forms, confirmed registrations,
// survey responses; lib/submissions.ts) is one `conversion` event, stored in the submitting transaction and
// attributed to the page and CTA that led there (the viewer's cv_* cookies) when they are of that site.
// The event id names the stored row (`cv-{kind}-{id}`) and the time is the row's, so a replayed submission
// or a second confirmation meets the unique (site_id, event_id, occurred_at) and counts once. No IP is kept.

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
 * transaction, then the rollup of its Japan day queued. Skipped (the submission itself stays) when the request
 * asked not to be tracked and the site honours that. The published site is usually a cache hit; a miss reads
 * through `q` (PGlite has one connection: a read through ctx.db would wait for this transaction).
 */
export async function recordConversion(q: Queryable, ctx: AppContext, s: Submission): Promise<void> {
  if (s.visit.doNotTrack && (await findSiteSettings(q, s.siteId))?.honor_dnt) return;
  const ps = await getPublishedSite(ctx, s.siteId, q).catch(() => null);
  const { pageId, ctaId } = attribution(ps, s.visit);
  const occurredAt = s.occurredAt.toISOString();
  const inserted = await insertEvents(q, [
    {
      eventId: `cv-${s.kind}-${s.id}`,
      siteId: s.siteId,
      pageId,
      event: 'conversion',
      sessionId: s.visit.sessionId,
      lang: s.lang,
      targetId: ctaId,
      data: JSON.stringify({ kind: s.kind, source: pageId || ctaId ? s.visit.source : null }),
      occurredAt,
      dwellMs: null,
      x: null,
      y: null,
    },
  ]);
  if (inserted > 0) await queueRollups(q, [{ siteId: s.siteId, day: japanDay(s.occurredAt.getTime()) }], ctx.config.analyticsRollupDelayMs);
}
