// The analytics read side: every figure the analytics screens, the API and the CSV exports show comes
// through this interface, never from SQL elsewhere. Days are Japan days 'YYYY-MM-DD'; a range
// [from, to] includes both ends. The screens never see raw events: only rolled-up figures.
//
// Today the one implementation is `pgStore(db)` (repo/rollups.ts): it reads the rollup tables of
// migration 0014, which the `analytics.rollup` job refreshes from the raw events (rollup.ts).
//
// A column store at scale (ClickHouse; docs/operations.md "Analytics at scale"): write a second
// implementation of this interface, e.g. `clickhouseStore(client)`, that answers the same methods from
// ClickHouse tables (raw events in a MergeTree partitioned by month, the same per-day figures as
// AggregatingMergeTree materialized views: uniqState for visitors, quantilesTDigest or the same
// 381-bucket histogram for dwell). The ingestion then writes events to ClickHouse (or through Kafka),
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
  /** distinct visitors (daily visitor ids) who viewed a page that day */
  visitors: number;
  pageViews: number;
  /** click_cta_btn + click_popup_cta */
  ctaClicks: number;
  /** conversions inside a visit (every counted conversion is in one) */
  conversions: number;
  visits: number;
  /** visitors with a counted conversion */
  convertingVisitors: number;
  /** visits with one page view and no interaction */
  bounces: number;
  /** sum over visits of (last event - first event) */
  durationSumMs: number;
}

/** One site's figures over a range; visitors = the sum of each day's visitors ("daily visitors"). */
export type SiteTotals = Omit<SiteDay, 'day'>;

/** One page's figures over a range. */
export interface PageTotals {
  pageId: number;
  views: number;
  /** sum of each day's distinct visitors of this page (reach % = visitors / the site's visitors) */
  visitors: number;
  /** visits whose last viewed page this was (exit % = exits / views) */
  exits: number;
  ctaClicks: number;
  /** counted conversions attributed to this page */
  conversions: number;
  convertingVisitors: number;
  /** views of DWELL_MIN_MS or more whose dwell is known (page_leave events): the n of both dwell figures */
  dwellCount: number;
  /** median dwell from the merged histogram (bucket start, 100 ms steps up to 30 s); null without any dwell */
  dwellMedianMs: number | null;
  /** mean dwell (each dwell capped at DWELL_CAP_MS); null without any dwell */
  dwellMeanMs: number | null;
  /** visits whose deepest page (highest grid index) this was */
  deepestSessions: number;
  /** visits that entered the site on this page */
  entries: number;
  /** visits that entered on this page and bounced */
  bounces: number;
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

/** Figures of a group of visits over a range. */
export interface VisitGroup {
  visits: number;
  /** distinct visitors per day, summed */
  visitors: number;
  conversions: number;
  convertingVisitors: number;
  bounces: number;
}

/** One campaign over a range ('' for none: direct traffic). */
export interface UtmRow extends VisitGroup {
  source: string;
  medium: string;
  campaign: string;
  term: string;
  content: string;
}

/** Visits by the host of the page that linked to their first page ('' for none). */
export interface ReferrerRow extends VisitGroup {
  host: string;
}

export const TAP_GRID_COLS = 20;
export const TAP_GRID_ROWS = 36;
/**
 * Dwell histogram buckets (migration 0026): 0..289 are 1.0 s to 30.0 s by 0.1 s, 290..379 are 30 s to 120 s by
 * 1 s, 380 is 120 s or more. A median is the start of its bucket: to 0.1 s where LP pages are read (under
 * 30 s), to the second above.
 */
export const DWELL_BUCKETS = 381;
/** views shown for less than this count as views but not into dwell (a swipe past a page) */
export const DWELL_MIN_MS = 1000;
const FINE_UNTIL_MS = 30_000;
const FINE_STEP_MS = 100;
const FINE_BUCKETS = (FINE_UNTIL_MS - DWELL_MIN_MS) / FINE_STEP_MS;
const COARSE_UNTIL_MS = 120_000;
/** a single dwell counts at most this much into the mean (a tab left open overnight) */
export const DWELL_CAP_MS = 30 * 60_000;

/** The bucket of a dwell of DWELL_MIN_MS or more. */
export function dwellBucket(ms: number): number {
  if (ms < FINE_UNTIL_MS) return Math.floor((ms - DWELL_MIN_MS) / FINE_STEP_MS);
  if (ms < COARSE_UNTIL_MS) return FINE_BUCKETS + Math.floor((ms - FINE_UNTIL_MS) / 1000);
  return DWELL_BUCKETS - 1;
}
/** The same rule in SQL, over an integer column of milliseconds (DWELL_MIN_MS or more). */
export function dwellBucketSql(col: string): string {
  return `CASE WHEN ${col} < ${FINE_UNTIL_MS} THEN (${col} - ${DWELL_MIN_MS}) / ${FINE_STEP_MS}
    WHEN ${col} < ${COARSE_UNTIL_MS} THEN ${FINE_BUCKETS} + (${col} - ${FINE_UNTIL_MS}) / 1000 ELSE ${DWELL_BUCKETS - 1} END`;
}
/** Where a bucket starts, in ms. */
export function dwellBucketStartMs(b: number): number {
  if (b < FINE_BUCKETS) return DWELL_MIN_MS + b * FINE_STEP_MS;
  return FINE_UNTIL_MS + (b - FINE_BUCKETS) * 1000;
}

export interface AnalyticsStore {
  /** Per-day figures of these sites, days with events only, ordered by site then day. */
  siteDays(siteIds: number[], range: DayRange): Promise<SiteDay[]>;
  /** Totals per site over the range (sites without events are absent). */
  siteTotals(siteIds: number[], range: DayRange): Promise<SiteTotals[]>;
  /** Per-page totals of one site over the range (pages with events only), ordered by page id; `medians: false`
   * leaves dwellMedianMs null (the merged histograms are the dearest read: only the pages table shows them). */
  pageTotals(siteId: number, range: DayRange, opts?: { medians?: boolean }): Promise<PageTotals[]>;
  /** Category moves of one site over the range. */
  categoryMoves(siteId: number, range: DayRange): Promise<CategoryMove[]>;
  /** Tap grid cells of one page over the range (cells with taps only). */
  taps(siteId: number, pageId: number, range: DayRange): Promise<TapCell[]>;
  /** UTM rows of one site over the range, most visits first. */
  utm(siteId: number, range: DayRange): Promise<UtmRow[]>;
  /** Referrer hosts of one site over the range, most visits first. */
  referrers(siteId: number, range: DayRange): Promise<ReferrerRow[]>;
}

/** Median of a merged histogram: the start (ms) of the bucket holding the lower median; null when empty. */
export function histogramMedianMs(hist: readonly number[]): number | null {
  let n = 0;
  for (const c of hist) n += c;
  if (n === 0) return null;
  // the lower median: the first bucket whose running count reaches half
  const half = Math.ceil(n / 2);
  let run = 0;
  for (let s = 0; s < hist.length; s++) {
    run += hist[s] ?? 0;
    if (run >= half) return dwellBucketStartMs(s);
  }
  return null;
}

/** Mean dwell in ms; null without any dwell (every dwell counted is DWELL_MIN_MS or more). */
export function dwellMeanMs(sumMs: number, n: number): number | null {
  return n > 0 ? Math.round(sumMs / n) : null;
}
