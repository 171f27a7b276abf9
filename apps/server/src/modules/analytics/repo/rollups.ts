import type { Db, Queryable } from '../../../db/db.js';
import {
  type AnalyticsStore,
  type CategoryMove,
  type DayRange,
  DWELL_BUCKETS,
  dwellMeanMs,
  histogramMedianMs,
  type PageTotals,
  type ReferrerRow,
  type SiteDay,
  type SiteTotals,
  type TapCell,
  type UtmRow,
  type VisitGroup,
} from '../store.js';

// The analytics rollups' reads (migrations 0014, 0026): the AnalyticsStore on PostgreSQL. Recomputing a
// site-day from the raw events: rebuild.ts. Definitions: docs/decisions.md "Analytics rollups".

export { rebuildSiteDay, type SiteDayInput, sitesWithEvents } from './rebuild.js';

// a histogram merged in SQL: one sum per bucket (cheaper than unnesting the arrays or summing them here)
const HIST_SUMS = Array.from({ length: DWELL_BUCKETS }, (_, i) => `sum(dwell_hist[${i + 1}]) AS b${i}`).join(', ');

const n = (v: unknown): number => Number(v ?? 0);
const shift = (day: string, months: number, days = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d + days)).toISOString().slice(0, 10);
};

/**
 * Where a range's dwell histograms come from: the whole months inside it from analytics_page_months
 * [month from, month to], the days before and after them from analytics_page_days (two day ranges).
 */
export function histSources(r: DayRange): [string, string, string, string, string, string] {
  const first = r.from.endsWith('-01') ? r.from : shift(`${r.from.slice(0, 7)}-01`, 1);
  const last = shift(r.to, 0, 1).endsWith('-01') ? `${r.to.slice(0, 7)}-01` : shift(`${r.to.slice(0, 7)}-01`, -1);
  if (first > last) return [first, last, r.from, r.to, r.to, r.from];
  return [first, last, r.from, shift(first, 0, -1), shift(last, 1), r.to];
}
const SITE_FIGURES = ['visitors', 'page_views', 'cta_clicks', 'conversions', 'visits', 'converting_visitors', 'bounces', 'duration_sum_ms'];
const siteFigures = (x: Record<string, unknown>): SiteTotals => ({
  siteId: n(x.site_id),
  visitors: n(x.visitors),
  pageViews: n(x.page_views),
  ctaClicks: n(x.cta_clicks),
  conversions: n(x.conversions),
  visits: n(x.visits),
  convertingVisitors: n(x.converting_visitors),
  bounces: n(x.bounces),
  durationSumMs: n(x.duration_sum_ms),
});
const GROUP_SUMS =
  'sum(visits) AS visits, sum(visitors) AS visitors, sum(conversions) AS conversions, sum(converting_visitors) AS converting, sum(bounces) AS bounces';
const group = (x: Record<string, unknown>): VisitGroup => ({
  visits: n(x.visits),
  visitors: n(x.visitors),
  conversions: n(x.conversions),
  convertingVisitors: n(x.converting),
  bounces: n(x.bounces),
});
const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The AnalyticsStore on the PostgreSQL rollups (store.ts). */
export function pgStore(db: Db | Queryable): AnalyticsStore {
  return {
    async siteDays(siteIds: number[], r: DayRange): Promise<SiteDay[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT site_id, day::text AS day, ${SITE_FIGURES.join(', ')} FROM analytics_site_days
         WHERE site_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date ORDER BY site_id, day`,
        [siteIds, r.from, r.to],
      );
      return rows.map((x) => ({ ...siteFigures(x), day: dayText(x.day) }));
    },

    async siteTotals(siteIds: number[], r: DayRange): Promise<SiteTotals[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT site_id, ${SITE_FIGURES.map((f) => `sum(${f}) AS ${f}`).join(', ')}
         FROM analytics_site_days WHERE site_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date
         GROUP BY site_id ORDER BY site_id`,
        [siteIds, r.from, r.to],
      );
      return rows.map(siteFigures);
    },

    async pageTotals(siteId: number, r: DayRange): Promise<PageTotals[]> {
      const args = [siteId, r.from, r.to];
      const [pages, hists] = await Promise.all([
        db.query<Record<string, unknown>>(
          `SELECT page_id, sum(views) AS views, sum(visitors) AS visitors, sum(exits) AS exits, sum(cta_clicks) AS cta,
                  sum(conversions) AS cv, sum(converting_visitors) AS converting, sum(dwell_n) AS dwell_n,
                  sum(dwell_sum_ms) AS dwell_sum, sum(deepest) AS deepest, sum(entries) AS entries, sum(bounces) AS bounces
           FROM analytics_page_days WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY page_id ORDER BY page_id`,
          args,
        ),
        // merged histograms: whole months inside the range from analytics_page_months, the other days from their rows
        db.query<Record<string, unknown>>(
          `SELECT page_id, ${HIST_SUMS} FROM (
             SELECT page_id, dwell_hist FROM analytics_page_months WHERE site_id = $1 AND month BETWEEN $2::date AND $3::date
             UNION ALL
             SELECT page_id, dwell_hist FROM analytics_page_days
             WHERE site_id = $1 AND dwell_n > 0 AND (day BETWEEN $4::date AND $5::date OR day BETWEEN $6::date AND $7::date)) s
           GROUP BY page_id`,
          [siteId, ...histSources(r)],
        ),
      ]);
      const hist = new Map<number, number[]>();
      for (const h of hists)
        hist.set(
          n(h.page_id),
          Array.from({ length: DWELL_BUCKETS }, (_, i) => n(h[`b${i}`])),
        );
      return pages.map((x) => {
        const id = n(x.page_id);
        return {
          pageId: id,
          views: n(x.views),
          visitors: n(x.visitors),
          exits: n(x.exits),
          ctaClicks: n(x.cta),
          conversions: n(x.cv),
          convertingVisitors: n(x.converting),
          dwellCount: n(x.dwell_n),
          dwellMedianMs: histogramMedianMs(hist.get(id) ?? []),
          dwellMeanMs: dwellMeanMs(n(x.dwell_sum), n(x.dwell_n)),
          deepestSessions: n(x.deepest),
          entries: n(x.entries),
          bounces: n(x.bounces),
        };
      });
    },

    async categoryMoves(siteId: number, r: DayRange): Promise<CategoryMove[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT from_col, to_col, sum(visitors) AS visitors FROM analytics_move_days
         WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1, 2 ORDER BY 1, 2`,
        [siteId, r.from, r.to],
      );
      return rows.map((x) => ({ fromCol: n(x.from_col), toCol: n(x.to_col), visitors: n(x.visitors) }));
    },

    async taps(siteId: number, pageId: number, r: DayRange): Promise<TapCell[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT gx, gy, sum(taps) AS taps FROM analytics_tap_days
         WHERE site_id = $1 AND day BETWEEN $3::date AND $4::date AND page_id = $2 GROUP BY 1, 2 ORDER BY 2, 1`,
        [siteId, pageId, r.from, r.to],
      );
      return rows.map((x) => ({ gx: n(x.gx), gy: n(x.gy), taps: n(x.taps) }));
    },

    async utm(siteId: number, r: DayRange): Promise<UtmRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT source, medium, campaign, term, content, ${GROUP_SUMS} FROM analytics_utm_days
         WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1, 2, 3, 4, 5 ORDER BY visits DESC, 1, 2, 3, 4, 5`,
        [siteId, r.from, r.to],
      );
      return rows.map((x) => ({
        source: String(x.source),
        medium: String(x.medium),
        campaign: String(x.campaign),
        term: String(x.term),
        content: String(x.content),
        ...group(x),
      }));
    },

    async referrers(siteId: number, r: DayRange): Promise<ReferrerRow[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT host, ${GROUP_SUMS} FROM analytics_referrer_days
         WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1 ORDER BY visits DESC, 1`,
        [siteId, r.from, r.to],
      );
      return rows.map((x) => ({ host: String(x.host), ...group(x) }));
    },
  };
}
