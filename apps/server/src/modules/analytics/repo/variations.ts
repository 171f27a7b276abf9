import type { Queryable } from '../../../db/db.js';
import { DWELL_CAP_MS, DWELL_MIN_MS } from '../store.js';
import type { SiteDayInput } from './rebuild.js';

// Each experiment variation's figures of a site-day (analytics_variation_days, migration 0030), from the events that
// carry a variation (the ingestion adds experiment_id and variation_id to the data of events on pages under a running
// experiment, from the visitor's cookie: service.ts). Definitions (docs/decisions.md "Experiments"):
// - visitors: daily visitor ids with a page view in the variation (the first variation of the day, should a cookie
//   change mid-day); events without a visitor id (Global Privacy Control) count only in page views, clicks and dwell;
// - conversions: those visitors with a conversion that day at or after their first page view in the variation;
// - CTA clicks (click_cta_btn + click_popup_cta), page views and dwell (page_leave of DWELL_MIN_MS or more, each
//   capped at DWELL_CAP_MS) of the events carrying the variation.

const ID = `'^[0-9]{1,15}$'`;

/** Replaces a site-day's variation figures with ones recomputed from its raw events (caller's transaction). */
export async function rebuildVariationDays(q: Queryable, d: Pick<SiteDayInput, 'siteId' | 'day' | 'start' | 'end'>): Promise<void> {
  await q.query('DELETE FROM analytics_variation_days WHERE site_id = $1 AND day = $2', [d.siteId, d.day]);
  await q.query(
    `WITH ev AS (SELECT session_id AS visitor, event, occurred_at, dwell_ms, data FROM analytics_events
                 WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3),
     xv AS (SELECT visitor, (data->>'experiment_id')::bigint AS experiment_id, (data->>'variation_id')::bigint AS variation_id,
              event, occurred_at, dwell_ms
            FROM ev WHERE data->>'variation_id' ~ ${ID} AND data->>'experiment_id' ~ ${ID}),
     expo AS (SELECT DISTINCT ON (visitor, experiment_id) visitor, experiment_id, variation_id, occurred_at AS first_at
              FROM xv WHERE event = 'page_view' AND visitor IS NOT NULL ORDER BY visitor, experiment_id, occurred_at),
     cv AS (SELECT visitor, max(occurred_at) AS last_at FROM ev WHERE event = 'conversion' AND visitor IS NOT NULL GROUP BY visitor),
     per AS (SELECT experiment_id, variation_id, count(*) AS visitors, count(*) FILTER (WHERE cv.last_at >= expo.first_at) AS conversions
             FROM expo LEFT JOIN cv USING (visitor) GROUP BY 1, 2),
     figs AS (SELECT experiment_id, variation_id, count(*) FILTER (WHERE event = 'page_view') AS page_views,
                count(*) FILTER (WHERE event IN ('click_cta_btn', 'click_popup_cta')) AS cta,
                count(*) FILTER (WHERE event = 'page_leave' AND dwell_ms >= ${DWELL_MIN_MS}) AS dwell_n,
                coalesce(sum(least(dwell_ms, ${DWELL_CAP_MS})) FILTER (WHERE event = 'page_leave' AND dwell_ms >= ${DWELL_MIN_MS}), 0) AS dwell_sum
              FROM xv GROUP BY 1, 2)
     INSERT INTO analytics_variation_days (site_id, day, experiment_id, variation_id, visitors, conversions, page_views, cta_clicks,
       dwell_n, dwell_sum_ms)
     SELECT $1, $4::date, k.experiment_id, k.variation_id, coalesce(per.visitors, 0), coalesce(per.conversions, 0),
       coalesce(figs.page_views, 0), coalesce(figs.cta, 0), coalesce(figs.dwell_n, 0), coalesce(figs.dwell_sum, 0)
     FROM (SELECT experiment_id, variation_id FROM per UNION SELECT experiment_id, variation_id FROM figs) k
       LEFT JOIN per USING (experiment_id, variation_id) LEFT JOIN figs USING (experiment_id, variation_id)`,
    [d.siteId, d.start.toISOString(), d.end.toISOString(), d.day],
  );
}

export interface VariationDay {
  day: string;
  variationId: number;
  visitors: number;
  conversions: number;
  pageViews: number;
  ctaClicks: number;
  dwellCount: number;
  dwellSumMs: number;
}

/** An experiment's figures per variation and Japan day, oldest first. */
export async function variationDayRows(q: Queryable, experimentId: number): Promise<VariationDay[]> {
  const rows = await q.query<Record<string, unknown>>(
    `SELECT day::text AS day, variation_id, visitors, conversions, page_views, cta_clicks, dwell_n, dwell_sum_ms
     FROM analytics_variation_days WHERE experiment_id = $1 ORDER BY day, variation_id`,
    [experimentId],
  );
  return rows.map((r) => ({
    day: String(r.day).slice(0, 10),
    variationId: Number(r.variation_id),
    visitors: Number(r.visitors),
    conversions: Number(r.conversions),
    pageViews: Number(r.page_views),
    ctaClicks: Number(r.cta_clicks),
    dwellCount: Number(r.dwell_n),
    dwellSumMs: Number(r.dwell_sum_ms),
  }));
}
