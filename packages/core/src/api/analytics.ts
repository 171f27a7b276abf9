import { z } from 'zod';
import { ANALYTICS_DEFAULT_DAYS, checkPeriod, type Period, presetPeriod } from '../analytics.js';
import { EVENT_ID_PATTERN, EVENT_KINDS, LANGUAGES, MAX_DWELL_MS } from '../constants.js';
import { id } from './common.js';

// Visitor events of viewer.md 7 (sent by the viewer in batches with sendBeacon) and the live applicant
// counts of popup CTAs (sites origin).

const positiveId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
export const visitorEvent = z.object({
  /** random id made once by the viewer (a retry resends it with the same `at`: counted once); old viewers send none */
  id: z.string().regex(EVENT_ID_PATTERN).optional(),
  /** every kind parses; `conversion` from a visitor is dropped by the server (conversions are recorded server-side) */
  event: z.enum(EVENT_KINDS),
  siteId: positiveId,
  pageId: positiveId.nullish(),
  /** button, product or popup id */
  targetId: positiveId.nullish(),
  popupId: positiveId.nullish(),
  lang: z.enum(LANGUAGES).nullish(),
  /**
   * position code, direction and such small facts. The first page_view of a page load carries the landing
   * address's utm_source, utm_medium, utm_campaign, utm_term, utm_content and `referrer` (document.referrer: the
   * server keeps its host only). A page_leave's `view` names its page_view's id.
   */
  data: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  /** when it happened (ms since epoch); an event with an id needs one within 24 h of the server's clock */
  at: z.number().int().positive().optional(),
  /** page_leave: how long the page was shown (ms, up to 6 h) */
  dwellMs: z.number().int().min(0).max(MAX_DWELL_MS).nullish(),
  /** tap: position as fractions 0..1 of the page box */
  x: z.number().min(0).max(1).nullish(),
  y: z.number().min(0).max(1).nullish(),
});
export type VisitorEvent = z.output<typeof visitorEvent>;
/** POST /end-user/events */
export const eventsBody = z.object({ events: z.array(visitorEvent).min(1).max(50) });
export const eventsResponse = z.object({ accepted: z.number().int() });

export const popupCountsParams = z.object({ siteId: id });
/** GET /end-user/site/{siteId}/popup-cta: live applicant counts (the snapshot holds them as of publishing). */
export const popupCountsResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), numberClicks: z.number().int(), limit: z.number().int().nullable() })),
});
export type PopupCountsResponse = z.output<typeof popupCountsResponse>;

// ---- Analysis (operator side, admin origin, prefix /api/v1/analysis) ----
// Periods are Japan days, both ends included; every figure comes with the previous period of the same length.

const analysisPeriod = z.object({ from: z.string(), to: z.string() });
const share = z.number().nullable();

type PeriodInput = { from?: string | undefined; to?: string | undefined };
const periodShape = { from: z.string().max(10).optional(), to: z.string().max(10).optional() };
function refinePeriod(v: PeriodInput, ctx: z.RefinementCtx): void {
  if (v.from === undefined && v.to === undefined) return;
  if (v.from === undefined) return void ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['from'] });
  if (v.to === undefined) return void ctx.addIssue({ code: 'custom', message: 'validation.date_end_required', path: ['to'] });
  const bad = checkPeriod(v.from, v.to);
  if (bad) ctx.addIssue({ code: 'custom', message: bad[1], path: [bad[0]] });
}
/** Both days given, or the last ANALYTICS_DEFAULT_DAYS days ending today (Japan). */
function fillPeriod<V extends PeriodInput>(v: V): Omit<V, 'from' | 'to'> & Period {
  const p: Period = v.from && v.to ? { from: v.from, to: v.to } : presetPeriod(ANALYTICS_DEFAULT_DAYS);
  return { ...v, from: p.from, to: p.to };
}
/** ?from=YYYY-MM-DD&to=YYYY-MM-DD (both or neither: the last 30 days) */
export const analysisQuery = z.object(periodShape).superRefine(refinePeriod).transform(fillPeriod);
export type AnalysisQuery = z.output<typeof analysisQuery>;
export const heatmapQuery = z
  .object({ ...periodShape, pageId: id })
  .superRefine(refinePeriod)
  .transform(fillPeriod);
export const ANALYSIS_SITE_SORTS = ['name', 'visitors', 'pageViews', 'conversions', 'cvRate', 'ctaClicks', 'visits', 'bounceRate'] as const;
export const analysisSitesQuery = z
  .object({
    ...periodShape,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(ANALYSIS_SITE_SORTS).default('visitors'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine(refinePeriod)
  .transform(fillPeriod);
export type AnalysisSitesQuery = z.output<typeof analysisSitesQuery>;

/** Seconds to one decimal (e.g. 1.7); null when nothing was measured. */
const seconds = z.number().nullable();

// Definitions (docs/decisions.md "Analytics visits"): a visitor is one browser on one Japan day (visitors of a
// period = the sum of each day's); a visit is a run of that visitor's events with no gap over 30 minutes and one
// campaign (utm_source/medium/campaign); a bounce is a visit with one page view and no interaction.
export const analysisFigures = z.object({
  visitors: z.number().int(),
  pageViews: z.number().int(),
  /** conversions counted (bots', untracked and visit-less submissions are not) */
  conversions: z.number().int(),
  ctaClicks: z.number().int(),
  /** convertingVisitors / visitors (0..1, never above 1), null without visitors */
  cvRate: share,
  visits: z.number().int(),
  /** visitors with at least one counted conversion (per Japan day, summed) */
  convertingVisitors: z.number().int(),
  bounces: z.number().int(),
  /** bounces / visits, null without visits */
  bounceRate: share,
  /** mean visit duration (first to last event of a visit), seconds to 0.1; null without visits */
  visitDuration: seconds,
});
export type AnalysisFigures = z.output<typeof analysisFigures>;

/** GET site/{id}/lp */
export const lpResponse = z.object({
  siteId: z.number().int(),
  siteName: z.string(),
  siteUrl: z.string(),
  period: analysisPeriod,
  previous: analysisPeriod,
  totals: analysisFigures,
  previousTotals: analysisFigures,
  /** change against the previous period (0.25 = +25 %), null when the previous figure was 0 */
  change: z.object({
    visitors: share,
    pageViews: share,
    conversions: share,
    ctaClicks: share,
    cvRate: share,
    visits: share,
    bounceRate: share,
    visitDuration: share,
  }),
  /** pages with a creative (the ranking needs RANKING_MIN_PAGES) */
  pageCount: z.number().int(),
});
export type LpResponse = z.output<typeof lpResponse>;

/** GET site/{id}/lp/chart: one row per day of the period (days without visits are zeros) */
export const lpChartResponse = z.object({
  period: analysisPeriod,
  days: z.array(analysisFigures.omit({ cvRate: true }).extend({ day: z.string() })),
});
export type LpChartResponse = z.output<typeof lpChartResponse>;

export const analysisPage = z.object({
  pageId: z.number().int(),
  /** category (0-based) and row in it (0-based); label like "A-1" */
  col: z.number().int(),
  row: z.number().int(),
  label: z.string(),
  imageUrl: z.string().nullable(),
  views: z.number().int(),
  visitors: z.number().int(),
  /** visitors of the page / visitors of the site */
  reach: share,
  /** visits that ended on this page (its exit page) */
  exits: z.number().int(),
  /** exits / views */
  exitRate: share,
  /** median dwell in seconds to 0.1 (at least 1.0; views under 1 s are left out); null when none was measured */
  medianDwell: seconds,
  /** mean dwell in seconds to 0.1 (each view capped at 30 minutes); null when none was measured */
  meanDwell: seconds,
  /** n: the views both dwell figures rest on (views of 1 s or more whose leave arrived) */
  dwellCount: z.number().int(),
  ctaClicks: z.number().int(),
  /** CTA clicks / views */
  ctaRate: share,
  /** conversions attributed to this page (the CTA's page, else the last page viewed before converting) */
  conversions: z.number().int(),
  convertingVisitors: z.number().int(),
  /** visits that began on this page (its entry page) */
  entries: z.number().int(),
  /** visits that began here and bounced */
  bounces: z.number().int(),
  /** bounces / entries */
  bounceRate: share,
});
export type AnalysisPage = z.output<typeof analysisPage>;
/** GET site/{id}/pages: every page of the grid in grid order */
export const pagesResponse = z.object({ period: analysisPeriod, visitors: z.number().int(), items: z.array(analysisPage) });
export type PagesResponse = z.output<typeof pagesResponse>;

/** GET site/{id}/ranking: pages by views (422 RANKING_NEEDS_10_PAGES under 10 pages) */
export const rankingResponse = z.object({
  period: analysisPeriod,
  items: z.array(
    z.object({
      rank: z.number().int(),
      pageId: z.number().int(),
      label: z.string(),
      imageUrl: z.string().nullable(),
      views: z.number().int(),
      ctaClicks: z.number().int(),
      /** CTA clicks / views */
      ctr: share,
      conversions: z.number().int(),
      /** converting visitors of the page / visitors of the page */
      cvRate: share,
      visitors: z.number().int(),
      convertingVisitors: z.number().int(),
    }),
  ),
});
export type RankingResponse = z.output<typeof rankingResponse>;

/** GET site/{id}/funnel: the site's grid with each cell's reach, and moves between categories */
export const funnelResponse = z.object({
  period: analysisPeriod,
  cols: z.number().int(),
  rows: z.number().int(),
  visitors: z.number().int(),
  categories: z.array(z.string()),
  cells: z.array(
    z.object({
      col: z.number().int(),
      row: z.number().int(),
      pageId: z.number().int().nullable(),
      visitors: z.number().int(),
      reach: share,
    }),
  ),
  /** visitors who moved from category fromCol to toCol; share = of the visitors who reached fromCol */
  moves: z.array(z.object({ fromCol: z.number().int(), toCol: z.number().int(), visitors: z.number().int(), share })),
});
export type FunnelResponse = z.output<typeof funnelResponse>;

/** GET site/{id}/heatmap?page_id=: taps on a TAP_GRID of the page */
export const heatmapResponse = z.object({
  period: analysisPeriod,
  pageId: z.number().int(),
  label: z.string(),
  imageUrl: z.string().nullable(),
  mediaType: z.enum(['IMAGE', 'VIDEO']),
  cols: z.number().int(),
  rows: z.number().int(),
  total: z.number().int(),
  cells: z.array(z.object({ gx: z.number().int(), gy: z.number().int(), taps: z.number().int() })),
});
export type HeatmapResponse = z.output<typeof heatmapResponse>;

/** Figures of one group of visits (a campaign, a referrer host). */
const visitGroup = {
  visits: z.number().int(),
  /** distinct visitors per Japan day, summed (a visitor with visits from two campaigns counts in both rows) */
  visitors: z.number().int(),
  /** every counted conversion belongs to one visit, so the rows' conversions add up to the site's */
  conversions: z.number().int(),
  convertingVisitors: z.number().int(),
  /** convertingVisitors / visitors */
  cvRate: share,
  bounces: z.number().int(),
  /** bounces / visits */
  bounceRate: share,
};

/** GET site/{id}/utm: visits by the campaign of their first page view ('' for none: direct) */
export const utmResponse = z.object({
  period: analysisPeriod,
  items: z.array(
    z.object({
      source: z.string(),
      medium: z.string(),
      campaign: z.string(),
      term: z.string(),
      content: z.string(),
      ...visitGroup,
    }),
  ),
});
export type UtmResponse = z.output<typeof utmResponse>;

/** GET site/{id}/referrers: visits by the host of the page that linked to their first page ('' for none: direct) */
export const referrersResponse = z.object({
  period: analysisPeriod,
  items: z.array(z.object({ host: z.string(), ...visitGroup })),
});
export type ReferrersResponse = z.output<typeof referrersResponse>;

/** GET/PUT site/{id}/settings */
export const analysisSettings = z.object({ honorDnt: z.boolean() });
export type AnalysisSettings = z.output<typeof analysisSettings>;

/** GET sites: the caller's sites with their figures for the period */
export const analysisSiteRow = analysisFigures.extend({
  siteId: z.number().int(),
  name: z.string(),
  status: z.string(),
  url: z.string(),
  parentAccount: z.string(),
  previousVisitors: z.number().int(),
  visitorsChange: share,
});
export type AnalysisSiteRow = z.output<typeof analysisSiteRow>;
export const analysisSitesResponse = z.object({
  period: analysisPeriod,
  items: z.array(analysisSiteRow),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AnalysisSitesResponse = z.output<typeof analysisSitesResponse>;
