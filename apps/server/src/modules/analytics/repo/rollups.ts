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

const n = (v: unknown): number => Number(v ?? 0);
const shift = (day: string, months: number, days = 0): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 + months, d + days)).toISOString().slice(0, 10);
};

/**
 * Where a range's merged dwell histograms come from, reading as few rows as it can: each month the range touches
 * is either its days inside the range (analytics_page_days), or its month row (analytics_page_months, the sum of
 * its days) less its days outside the range, whichever names fewer days. A 30-day range ending today reads a
 * few days and one month row a page instead of 30 day rows; a year, about 16 rows a page.
 */
export function histPlan(r: DayRange): { months: string[]; plus: string[]; minus: string[] } {
  const out = { months: [] as string[], plus: [] as string[], minus: [] as string[] };
  for (let m = `${r.from.slice(0, 7)}-01`; m <= r.to; m = shift(m, 1)) {
    const last = shift(shift(m, 1), 0, -1);
    const inside: string[] = [];
    const outside: string[] = [];
    for (let d = m; d <= last; d = shift(d, 0, 1)) (d >= r.from && d <= r.to ? inside : outside).push(d);
    if (inside.length <= outside.length) out.plus.push(...inside);
    else {
      out.months.push(m);
      out.minus.push(...outside);
    }
  }
  return out;
}
// one plain sum per bucket: a weight inside them (w * dwell_hist[i]) made planning four times dearer than running
const HIST_SUMS = Array.from({ length: DWELL_BUCKETS }, (_, i) => `sum(dwell_hist[${i + 1}]) AS b${i}`).join(', ');

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

    async pageTotals(siteId: number, r: DayRange, opts: { medians?: boolean } = {}): Promise<PageTotals[]> {
      const args = [siteId, r.from, r.to];
      const plan = histPlan(r);
      const [pages, hists] = await Promise.all([
        db.query<Record<string, unknown>>(
          `SELECT page_id, sum(views) AS views, sum(visitors) AS visitors, sum(exits) AS exits, sum(cta_clicks) AS cta,
                  sum(conversions) AS cv, sum(converting_visitors) AS converting, sum(dwell_n) AS dwell_n,
                  sum(dwell_sum_ms) AS dwell_sum, sum(deepest) AS deepest, sum(entries) AS entries, sum(bounces) AS bounces
           FROM analytics_page_days WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY page_id ORDER BY page_id`,
          args,
        ),
        // merged histograms (one sum per bucket in SQL), only for the callers that show medians
        opts.medians === false
          ? Promise.resolve([])
          : db.query<Record<string, unknown>>(
              `SELECT page_id, ${HIST_SUMS} FROM (
                 SELECT page_id, dwell_hist FROM analytics_page_months WHERE site_id = $1 AND month = ANY($2::date[])
                 UNION ALL
                 SELECT page_id, dwell_hist FROM analytics_page_days WHERE site_id = $1 AND dwell_n > 0 AND day = ANY($3::date[])
                 UNION ALL
                 SELECT page_id, ARRAY(SELECT -c FROM unnest(dwell_hist) WITH ORDINALITY AS u(c, i) ORDER BY i)
                 FROM analytics_page_days WHERE site_id = $1 AND dwell_n > 0 AND day = ANY($4::date[])) s
               GROUP BY page_id`,
              [siteId, plan.months, plan.plus, plan.minus],
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
