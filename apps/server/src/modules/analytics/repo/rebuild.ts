import type { Queryable } from '../../../db/db.js';
import { DWELL_BUCKETS, DWELL_CAP_MS, DWELL_MIN_MS, dwellBucketSql, TAP_GRID_COLS, TAP_GRID_ROWS } from '../store.js';

// Recomputing one site-day's rollups (migrations 0014, 0026) from its raw analytics_events (0013) in one
// statement: the day's events are split into visits once, and every rollup table is written from them.
// Definitions (docs/decisions.md "Analytics visits"; rollup.model.ts writes the same rules in TypeScript):
// - a visitor is a daily visitor id (session_id); events without one (Global Privacy Control) count only in
//   page figures (views, CTA clicks, dwell, taps);
// - a visit is a run of a visitor's events, in (occurred_at, event_id) order, cut after a gap of more than
//   VISIT_GAP_MIN minutes and before a page view whose campaign (utm_source, medium, campaign) differs from the
//   visit's (none is a campaign too: a tagged landing after an untagged one starts a visit, an untagged page
//   view after a tagged one does not); only runs with a page view are visits;
// - a visit's campaign (and term, content) is its first tagged page view's, its referrer host its first page
//   view's; a conversion counts when it falls in a visit, for that visit;
// - a bounce is a visit with one page view and no interaction (INTERACTIONS; taps and leaves are not);
// - dwell: page_leave events of DWELL_MIN_MS or more.

export const VISIT_GAP_MIN = 30;
export const INTERACTIONS = ['click_cta_btn', 'click_popup_cta', 'click_product_item', 'click_product_point', 'slide_page', 'conversion'];

/** One site-day to recompute: the day's instants [start, end) and the site's grid (page id -> col * rows + row). */
export interface SiteDayInput {
  siteId: number;
  day: string;
  start: Date;
  end: Date;
  grid: { pageIds: number[]; index: number[] };
}

const UTM = (k: string) => `coalesce(left(data->>'utm_${k}', 200), '')`;
const HAS_UTM = `(${UTM('source')} <> '' OR ${UTM('medium')} <> '' OR ${UTM('campaign')} <> '')`;
const ORDER = 'occurred_at, event_id COLLATE "C"';
const PV = `(event = 'page_view' AND page_id IS NOT NULL)`;
const IS_CTA = `event IN ('click_cta_btn', 'click_popup_cta')`;
const COL = (k: string) => {
  const l = `substring(data->>'${k}' from '^([A-Za-z]{1,2})[0-9]{1,3}$')`;
  return `CASE WHEN length(${l}) = 1 THEN ascii(upper(${l})) - 65
    ELSE (ascii(upper(substr(${l}, 1, 1))) - 64) * 26 + ascii(upper(substr(${l}, 2, 1))) - 65 END`;
};
const list = (xs: string[]) => xs.map((x) => `'${x}'`).join(', ');

// The day's events ($1 site, [$2, $3)), then the identified ones split into visits: seg counts the gaps,
// sub the campaign changes inside a gap-free run; (visitor, seg, sub) names a visit.
const VISITS = `
ev AS (SELECT event_id, session_id AS visitor, page_id, event, occurred_at, dwell_ms, x, y, data
       FROM analytics_events WHERE site_id = $1 AND occurred_at >= $2 AND occurred_at < $3),
o AS (SELECT ev.*, lag(occurred_at) OVER w AS prev_at,
        CASE WHEN ${PV} AND ${HAS_UTM} THEN ${UTM('source')} || chr(31) || ${UTM('medium')} || chr(31) || ${UTM('campaign')} END AS cmp
      FROM ev WHERE visitor IS NOT NULL WINDOW w AS (PARTITION BY visitor ORDER BY ${ORDER})),
g AS (SELECT o.*, sum(CASE WHEN prev_at IS NULL OR occurred_at - prev_at > interval '${VISIT_GAP_MIN} minutes' THEN 1 ELSE 0 END)
        OVER (PARTITION BY visitor ORDER BY ${ORDER}) AS seg FROM o),
c AS (SELECT g.*, array_agg(cmp) FILTER (WHERE cmp IS NOT NULL)
        OVER (PARTITION BY visitor, seg ORDER BY ${ORDER} ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS seen FROM g),
e AS (SELECT c.*, sum(CASE WHEN cmp IS NOT NULL AND cmp <> coalesce(seen[cardinality(seen)], '') THEN 1 ELSE 0 END)
        OVER (PARTITION BY visitor, seg ORDER BY ${ORDER}) AS sub FROM c),
vs AS (SELECT visitor, seg, sub, min(occurred_at) AS first_at, max(occurred_at) AS last_at,
         count(*) FILTER (WHERE ${PV}) AS page_views,
         count(*) FILTER (WHERE event IN (${list(INTERACTIONS)})) AS interactions,
         count(*) FILTER (WHERE event = 'conversion') AS conversions,
         (array_agg(page_id ORDER BY ${ORDER}) FILTER (WHERE ${PV}))[1] AS entry_page_id,
         (array_agg(page_id ORDER BY occurred_at DESC, event_id COLLATE "C" DESC) FILTER (WHERE ${PV}))[1] AS exit_page_id,
         (array_agg(page_id ORDER BY gr.idx DESC) FILTER (WHERE ${PV} AND gr.idx IS NOT NULL))[1] AS deepest_page_id,
         max(gr.idx) FILTER (WHERE ${PV}) AS deepest_index,
         (array_agg(data ORDER BY ${ORDER}) FILTER (WHERE ${PV}))[1] AS first_data,
         (array_agg(data ORDER BY ${ORDER}) FILTER (WHERE cmp IS NOT NULL))[1] AS utm_data
       FROM e LEFT JOIN unnest($5::bigint[], $6::int[]) AS gr(page_id, idx) USING (page_id)
       GROUP BY visitor, seg, sub HAVING count(*) FILTER (WHERE ${PV}) > 0),
v AS (SELECT vs.*, row_number() OVER (PARTITION BY visitor ORDER BY seg, sub) AS visit_no,
         page_views = 1 AND interactions = 0 AS bounced,
         coalesce(left(utm_data->>'utm_source', 200), '') AS utm_source, coalesce(left(utm_data->>'utm_medium', 200), '') AS utm_medium,
         coalesce(left(utm_data->>'utm_campaign', 200), '') AS utm_campaign, coalesce(left(utm_data->>'utm_term', 200), '') AS utm_term,
         coalesce(left(utm_data->>'utm_content', 200), '') AS utm_content,
         coalesce(left(first_data->>'referrer', 200), '') AS referrer_host
      FROM vs),
cv AS (SELECT e.visitor, e.page_id FROM e JOIN vs USING (visitor, seg, sub) WHERE e.event = 'conversion')`;

const GROUP = `count(*) AS visits, count(DISTINCT visitor) AS visitors, coalesce(sum(conversions), 0) AS conversions,
  count(DISTINCT visitor) FILTER (WHERE conversions > 0) AS converting, count(*) FILTER (WHERE bounced) AS bounces`;

const WRITES = `
w_visits AS (INSERT INTO analytics_visits (site_id, day, visitor, visit_no, first_at, last_at, page_views, interactions, conversions,
    bounced, entry_page_id, exit_page_id, deepest_page_id, deepest_index, utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    referrer_host)
  SELECT $1, $4::date, visitor, visit_no, first_at, last_at, page_views, interactions, conversions, bounced, entry_page_id,
    exit_page_id, deepest_page_id, deepest_index, utm_source, utm_medium, utm_campaign, utm_term, utm_content, referrer_host FROM v
  RETURNING 1),
w_site AS (INSERT INTO analytics_site_days (site_id, day, visitors, page_views, cta_clicks, conversions, visits, converting_visitors,
    bounces, duration_sum_ms)
  SELECT $1, $4::date, t.visitors, (SELECT count(*) FROM ev WHERE ${PV}), (SELECT count(*) FROM ev WHERE ${IS_CTA}), t.conversions,
    t.visits, t.converting, t.bounces, t.duration
  FROM (SELECT ${GROUP}, coalesce(sum((extract(epoch FROM last_at - first_at) * 1000)::bigint), 0) AS duration FROM v) t
  WHERE EXISTS (SELECT 1 FROM ev)
  RETURNING 1),
p AS (SELECT page_id, count(*) FILTER (WHERE event = 'page_view') AS views,
        count(DISTINCT visitor) FILTER (WHERE event = 'page_view') AS visitors,
        count(*) FILTER (WHERE ${IS_CTA}) AS cta,
        count(*) FILTER (WHERE event = 'page_leave' AND dwell_ms >= ${DWELL_MIN_MS}) AS dwell_n,
        coalesce(sum(least(dwell_ms, ${DWELL_CAP_MS})) FILTER (WHERE event = 'page_leave' AND dwell_ms >= ${DWELL_MIN_MS}), 0) AS dwell_sum
      FROM ev WHERE page_id IS NOT NULL GROUP BY page_id),
px AS (SELECT page_id, count(*) FILTER (WHERE k = 'x') AS exits, count(*) FILTER (WHERE k = 'd') AS deepest,
         count(*) FILTER (WHERE k = 'e') AS entries, count(*) FILTER (WHERE k = 'b') AS bounces
       FROM (SELECT exit_page_id AS page_id, 'x' AS k FROM v UNION ALL SELECT deepest_page_id, 'd' FROM v
             UNION ALL SELECT entry_page_id, 'e' FROM v UNION ALL SELECT entry_page_id, 'b' FROM v WHERE bounced) sx GROUP BY 1),
pc AS (SELECT page_id, count(*) AS cv, count(DISTINCT visitor) AS converting FROM cv GROUP BY 1),
hb AS (SELECT page_id, (${dwellBucketSql('dwell_ms')})::int AS b, count(*) AS n
       FROM ev WHERE event = 'page_leave' AND page_id IS NOT NULL AND dwell_ms >= ${DWELL_MIN_MS} GROUP BY 1, 2),
h AS (SELECT p.page_id, array_agg(coalesce(hb.n, 0)::int ORDER BY gs.b) AS hist
      FROM p CROSS JOIN generate_series(0, ${DWELL_BUCKETS - 1}) AS gs(b) LEFT JOIN hb ON hb.page_id = p.page_id AND hb.b = gs.b
      GROUP BY p.page_id),
w_pages AS (INSERT INTO analytics_page_days (site_id, day, page_id, views, visitors, exits, cta_clicks, conversions, converting_visitors,
    dwell_n, dwell_sum_ms, dwell_hist, deepest, entries, bounces)
  SELECT $1, $4::date, p.page_id, p.views, p.visitors, coalesce(px.exits, 0), p.cta, coalesce(pc.cv, 0), coalesce(pc.converting, 0),
    p.dwell_n, p.dwell_sum, h.hist, coalesce(px.deepest, 0), coalesce(px.entries, 0), coalesce(px.bounces, 0)
  FROM p JOIN h USING (page_id) LEFT JOIN px USING (page_id) LEFT JOIN pc USING (page_id)
  RETURNING 1),
w_moves AS (INSERT INTO analytics_move_days (site_id, day, from_col, to_col, visitors)
  SELECT $1, $4::date, f, t, count(DISTINCT visitor)
  FROM (SELECT visitor, ${COL('from')} AS f, ${COL('to')} AS t FROM ev WHERE event = 'slide_page' AND visitor IS NOT NULL) m
  WHERE f IS NOT NULL AND t IS NOT NULL GROUP BY f, t
  RETURNING 1),
w_taps AS (INSERT INTO analytics_tap_days (site_id, day, page_id, gx, gy, taps)
  SELECT $1, $4::date, page_id,
    least(${TAP_GRID_COLS - 1}, greatest(0, floor(x::float8 * ${TAP_GRID_COLS})))::smallint,
    least(${TAP_GRID_ROWS - 1}, greatest(0, floor(y::float8 * ${TAP_GRID_ROWS})))::smallint, count(*)
  FROM ev WHERE event = 'tap' AND page_id IS NOT NULL AND x IS NOT NULL AND y IS NOT NULL GROUP BY 3, 4, 5
  RETURNING 1),
w_utm AS (INSERT INTO analytics_utm_days (site_id, day, source, medium, campaign, term, content, visits, visitors, conversions,
    converting_visitors, bounces)
  SELECT $1, $4::date, utm_source, utm_medium, utm_campaign, utm_term, utm_content, ${GROUP} FROM v GROUP BY 3, 4, 5, 6, 7
  RETURNING 1),
w_ref AS (INSERT INTO analytics_referrer_days (site_id, day, host, visits, visitors, conversions, converting_visitors, bounces)
  SELECT $1, $4::date, referrer_host, ${GROUP} FROM v GROUP BY 3
  RETURNING 1)`;

const TABLES = ['site_days', 'page_days', 'visits', 'move_days', 'tap_days', 'utm_days', 'referrer_days'];

/** Replaces one site-day's rollups with figures recomputed from its raw events (caller's transaction). */
export async function rebuildSiteDay(q: Queryable, d: SiteDayInput): Promise<void> {
  // one rollup of a site at a time (the month's merged histograms read the other days' rows)
  await q.query('SELECT pg_advisory_xact_lock(-1000000 - $1::bigint)', [d.siteId]);
  for (const t of TABLES) await q.query(`DELETE FROM analytics_${t} WHERE site_id = $1 AND day = $2`, [d.siteId, d.day]);
  await q.query(`WITH ${VISITS}, ${WRITES} SELECT (SELECT count(*) FROM w_visits) AS visits`, [
    d.siteId,
    d.start.toISOString(),
    d.end.toISOString(),
    d.day,
    d.grid.pageIds,
    d.grid.index,
  ]);
  // the month's merged histograms, from its days' rows
  await q.query(`DELETE FROM analytics_page_months WHERE site_id = $1 AND month = date_trunc('month', $2::date)::date`, [d.siteId, d.day]);
  const sums = Array.from({ length: DWELL_BUCKETS }, (_, i) => `sum(dwell_hist[${i + 1}])`).join(', ');
  await q.query(
    `INSERT INTO analytics_page_months (site_id, month, page_id, dwell_hist)
     SELECT $1, date_trunc('month', $2::date)::date, page_id, ARRAY[${sums}]::int[]
     FROM analytics_page_days
     WHERE site_id = $1 AND dwell_n > 0 AND day >= date_trunc('month', $2::date) AND day < date_trunc('month', $2::date) + interval '1 month'
     GROUP BY page_id`,
    [d.siteId, d.day],
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
