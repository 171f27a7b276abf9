import type { Db, Queryable } from '../../../db/db.js';
import {
  type AnalyticsStore,
  type CategoryMove,
  type DayRange,
  DWELL_BUCKETS,
  DWELL_CAP_MS,
  dwellMeanMs,
  histogramMedianMs,
  type PageTotals,
  type SiteDay,
  type SiteTotals,
  TAP_GRID_COLS,
  TAP_GRID_ROWS,
  type TapCell,
  type UtmRow,
} from '../store.js';

// The analytics rollups' SQL (migration 0014): recomputing one site-day from the raw analytics_events
// (0013), and the AnalyticsStore reads. Definitions: docs/decisions.md "Analytics rollups".

/** One site-day to recompute: the day's instants [start, end) and the site's grid (page id -> col * rows + row). */
export interface SiteDayInput {
  siteId: number;
  day: string;
  start: Date;
  end: Date;
  grid: { pageIds: number[]; index: number[] };
}

// The site-day's events; a page view is a page_view with a page.
const EV = `ev AS (
  SELECT event_id, session_id, page_id, event, occurred_at, dwell_ms, x, y, data
  FROM analytics_events WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3)`;
const PV = `pv AS (SELECT ev.*, g.idx FROM ev LEFT JOIN unnest($5::bigint[], $6::int[]) AS g(page_id, idx) USING (page_id)
  WHERE event = 'page_view' AND page_id IS NOT NULL AND session_id IS NOT NULL)`;
const UTM = (k: string) => `coalesce(left(data->>'utm_${k}', 200), '')`;
const HAS_UTM = `(${UTM('source')} <> '' OR ${UTM('medium')} <> '' OR ${UTM('campaign')} <> '')`;
const ORDER = 'occurred_at, event_id COLLATE "C"';
const COL = (k: string) => {
  const l = `substring(data->>'${k}' from '^([A-Za-z]{1,2})[0-9]{1,3}$')`;
  return `CASE WHEN length(${l}) = 1 THEN ascii(upper(${l})) - 65
    ELSE (ascii(upper(substr(${l}, 1, 1))) - 64) * 26 + ascii(upper(substr(${l}, 2, 1))) - 65 END`;
};

// a histogram merged in SQL: one sum per bucket (cheaper than unnesting the arrays or summing them here)
const HIST_SUMS = Array.from({ length: DWELL_BUCKETS }, (_, i) => `sum(dwell_hist[${i + 1}]) AS b${i}`).join(', ');

/** Replaces one site-day's rollups with figures recomputed from its raw events (caller's transaction). */
export async function rebuildSiteDay(q: Queryable, d: SiteDayInput): Promise<void> {
  const base = [d.siteId, d.start.toISOString(), d.end.toISOString(), d.day];
  const withGrid = [...base, d.grid.pageIds, d.grid.index];
  // one rollup of a site at a time (the month's merged histograms read the other days' rows)
  await q.query('SELECT pg_advisory_xact_lock(-1000000 - $1::bigint)', [d.siteId]);
  for (const t of ['site_days', 'page_days', 'sessions', 'move_days', 'tap_days', 'utm_days'])
    await q.query(`DELETE FROM analytics_${t} WHERE site_id = $1 AND day = $2`, [d.siteId, d.day]);

  await q.query(
    `INSERT INTO analytics_sessions (site_id, day, session_id, first_at, last_at, page_views, deepest_page_id, deepest_index,
       entry_page_id, exit_page_id, converted, utm_source, utm_medium, utm_campaign)
     WITH ${EV}, ${PV},
     w AS (SELECT pv.*, row_number() OVER (PARTITION BY session_id ORDER BY ${ORDER}) AS rn,
             count(*) OVER (PARTITION BY session_id) AS n FROM pv),
     s AS (SELECT session_id, max(n) AS n, max(idx) AS deepest_index,
             max(page_id) FILTER (WHERE rn = 1) AS entry_page_id, max(page_id) FILTER (WHERE rn = n) AS exit_page_id,
             (array_agg(${UTM('source')} ORDER BY rn) FILTER (WHERE ${HAS_UTM}))[1] AS src,
             (array_agg(${UTM('medium')} ORDER BY rn) FILTER (WHERE ${HAS_UTM}))[1] AS med,
             (array_agg(${UTM('campaign')} ORDER BY rn) FILTER (WHERE ${HAS_UTM}))[1] AS camp
           FROM w GROUP BY session_id),
     a AS (SELECT session_id, min(occurred_at) AS first_at, max(occurred_at) AS last_at, bool_or(event = 'conversion') AS converted
           FROM ev WHERE session_id IN (SELECT session_id FROM s) GROUP BY session_id)
     SELECT $1, $4::date, s.session_id, a.first_at, a.last_at, s.n,
            (SELECT g.page_id FROM unnest($5::bigint[], $6::int[]) AS g(page_id, idx) WHERE g.idx = s.deepest_index LIMIT 1),
            s.deepest_index, s.entry_page_id,
            s.exit_page_id, a.converted, coalesce(s.src, ''), coalesce(s.med, ''), coalesce(s.camp, '')
     FROM s JOIN a USING (session_id)`,
    withGrid,
  );

  await q.query(
    `INSERT INTO analytics_site_days (site_id, day, visitors, page_views, cta_clicks, conversions)
     WITH ${EV}
     SELECT $1, $4::date,
       count(DISTINCT session_id) FILTER (WHERE event = 'page_view' AND page_id IS NOT NULL),
       count(*) FILTER (WHERE event = 'page_view' AND page_id IS NOT NULL),
       count(*) FILTER (WHERE event IN ('click_cta_btn', 'click_popup_cta')),
       count(*) FILTER (WHERE event = 'conversion')
     FROM ev HAVING count(*) > 0`,
    base,
  );

  await q.query(
    `INSERT INTO analytics_page_days (site_id, day, page_id, views, visitors, exits, cta_clicks, conversions, dwell_n, dwell_sum_ms,
       dwell_hist, deepest, entries)
     WITH ${EV},
     p AS (SELECT page_id,
             count(*) FILTER (WHERE event = 'page_view') AS views,
             count(DISTINCT session_id) FILTER (WHERE event = 'page_view') AS visitors,
             count(*) FILTER (WHERE event IN ('click_cta_btn', 'click_popup_cta')) AS cta,
             count(*) FILTER (WHERE event = 'conversion') AS cv,
             count(*) FILTER (WHERE event = 'page_leave' AND dwell_ms >= 0) AS dwell_n,
             coalesce(sum(least(dwell_ms, ${DWELL_CAP_MS})) FILTER (WHERE event = 'page_leave' AND dwell_ms >= 0), 0) AS dwell_sum
           FROM ev WHERE page_id IS NOT NULL GROUP BY page_id),
     sd AS (SELECT * FROM analytics_sessions WHERE site_id = $1 AND day = $4::date),
     x AS (SELECT page_id, count(*) FILTER (WHERE k = 'x') AS exits, count(*) FILTER (WHERE k = 'd') AS deepest,
             count(*) FILTER (WHERE k = 'e') AS entries
           FROM (SELECT exit_page_id AS page_id, 'x' AS k FROM sd UNION ALL SELECT deepest_page_id, 'd' FROM sd
                 UNION ALL SELECT entry_page_id, 'e' FROM sd) sx GROUP BY 1),
     hb AS (SELECT page_id, least(${DWELL_BUCKETS - 1}, dwell_ms / 1000)::int AS b, count(*) AS n
            FROM ev WHERE event = 'page_leave' AND page_id IS NOT NULL AND dwell_ms >= 0 GROUP BY 1, 2),
     h AS (SELECT p.page_id, array_agg(coalesce(hb.n, 0)::int ORDER BY g.b) AS hist
           FROM p CROSS JOIN generate_series(0, ${DWELL_BUCKETS - 1}) AS g(b) LEFT JOIN hb ON hb.page_id = p.page_id AND hb.b = g.b
           GROUP BY p.page_id)
     SELECT $1, $4::date, p.page_id, p.views, p.visitors, coalesce(x.exits, 0), p.cta, p.cv, p.dwell_n, p.dwell_sum, h.hist,
       coalesce(x.deepest, 0), coalesce(x.entries, 0)
     FROM p JOIN h USING (page_id) LEFT JOIN x USING (page_id)`,
    base,
  );

  // the month's merged histograms, from its days' rows
  await q.query(`DELETE FROM analytics_page_months WHERE site_id = $1 AND month = date_trunc('month', $2::date)::date`, [d.siteId, d.day]);
  await q.query(
    `INSERT INTO analytics_page_months (site_id, month, page_id, dwell_hist)
     SELECT $1, date_trunc('month', $2::date)::date, page_id, ARRAY[${HIST_SUMS.replace(/ AS b\d+/g, '')}]::int[]
     FROM analytics_page_days
     WHERE site_id = $1 AND dwell_n > 0 AND day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'
     GROUP BY page_id`,
    [d.siteId, d.day],
  );

  await q.query(
    `INSERT INTO analytics_move_days (site_id, day, from_col, to_col, visitors)
     WITH ${EV},
     m AS (SELECT session_id, ${COL('from')} AS f, ${COL('to')} AS t FROM ev WHERE event = 'slide_page' AND session_id IS NOT NULL)
     SELECT $1, $4::date, f, t, count(DISTINCT session_id) FROM m WHERE f IS NOT NULL AND t IS NOT NULL GROUP BY f, t`,
    base,
  );

  await q.query(
    `INSERT INTO analytics_tap_days (site_id, day, page_id, gx, gy, taps)
     WITH ${EV}
     SELECT $1, $4::date, page_id,
       least(${TAP_GRID_COLS - 1}, greatest(0, floor(x::float8 * ${TAP_GRID_COLS})))::smallint AS gx,
       least(${TAP_GRID_ROWS - 1}, greatest(0, floor(y::float8 * ${TAP_GRID_ROWS})))::smallint AS gy, count(*)
     FROM ev WHERE event = 'tap' AND page_id IS NOT NULL AND x IS NOT NULL AND y IS NOT NULL GROUP BY 3, 4, 5`,
    base,
  );

  await q.query(
    `INSERT INTO analytics_utm_days (site_id, day, source, medium, campaign, visitors, conversions)
     WITH ${EV},
     c AS (SELECT session_id, count(*) AS n FROM ev WHERE event = 'conversion' AND session_id IS NOT NULL GROUP BY 1)
     SELECT $1, $4::date, s.utm_source, s.utm_medium, s.utm_campaign, count(*), coalesce(sum(c.n), 0)
     FROM analytics_sessions s LEFT JOIN c USING (session_id)
     WHERE s.site_id = $1 AND s.day = $4::date GROUP BY 3, 4, 5`,
    base,
  );
}

/** Sites with raw events in [start, end) (the daily re-roll). */
export async function sitesWithEvents(q: Queryable, start: Date, end: Date): Promise<number[]> {
  const rows = await q.query<{ site_id: number }>(
    'SELECT DISTINCT site_id FROM analytics_events WHERE occurred_at >= $1 AND occurred_at < $2',
    [start.toISOString(), end.toISOString()],
  );
  return rows.map((r) => Number(r.site_id));
}

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
const dayText = (v: unknown): string => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The AnalyticsStore on the PostgreSQL rollups (store.ts). */
export function pgStore(db: Db | Queryable): AnalyticsStore {
  return {
    async siteDays(siteIds: number[], r: DayRange): Promise<SiteDay[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT site_id, day::text AS day, visitors, page_views, cta_clicks, conversions FROM analytics_site_days
         WHERE site_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date ORDER BY site_id, day`,
        [siteIds, r.from, r.to],
      );
      return rows.map((x) => ({
        siteId: n(x.site_id),
        day: dayText(x.day),
        visitors: n(x.visitors),
        pageViews: n(x.page_views),
        ctaClicks: n(x.cta_clicks),
        conversions: n(x.conversions),
      }));
    },

    async siteTotals(siteIds: number[], r: DayRange): Promise<SiteTotals[]> {
      const rows = await db.query<Record<string, unknown>>(
        `SELECT site_id, sum(visitors) AS visitors, sum(page_views) AS page_views, sum(cta_clicks) AS cta_clicks,
                sum(conversions) AS conversions
         FROM analytics_site_days WHERE site_id = ANY($1::bigint[]) AND day BETWEEN $2::date AND $3::date
         GROUP BY site_id ORDER BY site_id`,
        [siteIds, r.from, r.to],
      );
      return rows.map((x) => ({
        siteId: n(x.site_id),
        visitors: n(x.visitors),
        pageViews: n(x.page_views),
        ctaClicks: n(x.cta_clicks),
        conversions: n(x.conversions),
      }));
    },

    async pageTotals(siteId: number, r: DayRange): Promise<PageTotals[]> {
      const args = [siteId, r.from, r.to];
      const [pages, hists] = await Promise.all([
        db.query<Record<string, unknown>>(
          `SELECT page_id, sum(views) AS views, sum(visitors) AS visitors, sum(exits) AS exits, sum(cta_clicks) AS cta,
                  sum(conversions) AS cv, sum(dwell_n) AS dwell_n, sum(dwell_sum_ms) AS dwell_sum, sum(deepest) AS deepest,
                  sum(entries) AS entries
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
          dwellCount: n(x.dwell_n),
          dwellMedianMs: histogramMedianMs(hist.get(id) ?? []),
          dwellMeanMs: dwellMeanMs(n(x.dwell_sum), n(x.dwell_n)),
          deepestSessions: n(x.deepest),
          entries: n(x.entries),
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
        `SELECT source, medium, campaign, sum(visitors) AS visitors, sum(conversions) AS conversions FROM analytics_utm_days
         WHERE site_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY 1, 2, 3 ORDER BY 4 DESC, 1, 2, 3`,
        [siteId, r.from, r.to],
      );
      return rows.map((x) => ({
        source: String(x.source),
        medium: String(x.medium),
        campaign: String(x.campaign),
        visitors: n(x.visitors),
        conversions: n(x.conversions),
      }));
    },
  };
}
