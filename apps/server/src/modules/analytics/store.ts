// The analytics read side: every figure the analytics screens, the API and the CSV exports show comes
// through this interface, never from SQL elsewhere. Days are Japan days 'YYYY-MM-DD'; a range
// [from, to] includes both ends. The screens never see raw events: only rolled-up figures.
//
// Today the one implementation is `pgStore(db)` (rollups.repo.ts): it reads the rollup tables of
// migration 0014, which the `analytics.rollup` job refreshes from the raw events (rollup.ts).
//
// A column store at scale (ClickHouse; docs/operations.md "Analytics at scale"): write a second
// implementation of this interface, e.g. `clickhouseStore(client)`, that answers the same methods from
// ClickHouse tables (raw events in a MergeTree partitioned by month, the same per-day figures as
// AggregatingMergeTree materialized views: uniqState for visitors, quantilesTDigest or the same
// 121-bucket histogram for dwell). The ingestion then writes events to ClickHouse (or through Kafka),
// the rollup job is no longer needed, and the module picks the store from configuration. Nothing above
// this interface (service, routes, screens, exports) changes: that is why no caller may reach the
// tables directly and why every method takes a site (or sites) and a day range only.

/** A Japan day, YYYY-MM-DD. */
export type Day = string;

export interface DayRange {
  /** first day, included */
  from: Day;
  /** last day, included */
  to: Day;
}

/** One site's figures of one day (analytics_site_days). */
export interface SiteDay {
  siteId: number;
  day: Day;
  /** distinct visitors (swipe_sid) who viewed a page that day */
  visitors: number;
  pageViews: number;
  /** click_cta_btn + click_popup_cta */
  ctaClicks: number;
  conversions: number;
}

/** One site's figures over a range; visitors = the sum of each day's visitors ("daily visitors"). */
export interface SiteTotals {
  siteId: number;
  visitors: number;
  pageViews: number;
  ctaClicks: number;
  conversions: number;
}

/** One page's figures over a range. */
export interface PageTotals {
  pageId: number;
  views: number;
  /** sum of each day's distinct visitors of this page (reach % = visitors / the site's visitors) */
  visitors: number;
  /** sessions whose last viewed page this was (exit % = exits / views) */
  exits: number;
  ctaClicks: number;
  conversions: number;
  /** page views whose dwell time is known (page_leave events) */
  dwellCount: number;
  /** median dwell from the merged per-second histogram, never below 1000; null without any dwell */
  dwellMedianMs: number | null;
  /** mean dwell (each dwell capped at DWELL_CAP_MS), never below 1000; null without any dwell */
  dwellMeanMs: number | null;
  /** sessions whose deepest page (highest grid index) this was */
  deepestSessions: number;
  /** sessions that entered the site on this page */
  entries: number;
}

/** Visitors moving from one category (column, 0-based: A = 0) to another by a swipe, over a range. */
export interface CategoryMove {
  fromCol: number;
  toCol: number;
  /** sum of each day's distinct visitors who made this move */
  visitors: number;
}

/** Taps of one page in one cell of the TAP_GRID_COLS x TAP_GRID_ROWS grid over the page box. */
export interface TapCell {
  /** 0..TAP_GRID_COLS-1, left to right */
  gx: number;
  /** 0..TAP_GRID_ROWS-1, top to bottom */
  gy: number;
  taps: number;
}

/** One UTM source/medium/campaign over a range ('' for none: direct traffic). */
export interface UtmRow {
  source: string;
  medium: string;
  campaign: string;
  visitors: number;
  conversions: number;
}

export const TAP_GRID_COLS = 20;
export const TAP_GRID_ROWS = 36;
/** dwell histogram buckets: second 0..119, and 120 for 120 s or more */
export const DWELL_BUCKETS = 121;
/** a single dwell counts at most this much into the mean (a tab left open overnight) */
export const DWELL_CAP_MS = 30 * 60_000;
/** no dwell figure is ever shown below one second */
export const DWELL_FLOOR_MS = 1000;

export interface AnalyticsStore {
  /** Per-day figures of these sites, days with events only, ordered by site then day. */
  siteDays(siteIds: number[], range: DayRange): Promise<SiteDay[]>;
  /** Totals per site over the range (sites without events are absent). */
  siteTotals(siteIds: number[], range: DayRange): Promise<SiteTotals[]>;
  /** Per-page totals of one site over the range (pages with events only), ordered by page id. */
  pageTotals(siteId: number, range: DayRange): Promise<PageTotals[]>;
  /** Category moves of one site over the range. */
  categoryMoves(siteId: number, range: DayRange): Promise<CategoryMove[]>;
  /** Tap grid cells of one page over the range (cells with taps only). */
  taps(siteId: number, pageId: number, range: DayRange): Promise<TapCell[]>;
  /** UTM rows of one site over the range, most visitors first. */
  utm(siteId: number, range: DayRange): Promise<UtmRow[]>;
}

/** Median of a merged per-second histogram, in ms, with the 1 s floor; null when empty. */
export function histogramMedianMs(hist: readonly number[]): number | null {
  let n = 0;
  for (const c of hist) n += c;
  if (n === 0) return null;
  // the lower median: the first bucket whose running count reaches half
  const half = Math.ceil(n / 2);
  let run = 0;
  for (let s = 0; s < hist.length; s++) {
    run += hist[s] ?? 0;
    if (run >= half) return Math.max(DWELL_FLOOR_MS, s * 1000);
  }
  return null;
}

/** Mean dwell in ms with the 1 s floor; null without any dwell. */
export function dwellMeanMs(sumMs: number, n: number): number | null {
  return n > 0 ? Math.max(DWELL_FLOOR_MS, Math.round(sumMs / n)) : null;
}
