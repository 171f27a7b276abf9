import {
  type AnalysisFigures,
  type AnalysisPage,
  type AnalysisQuery,
  type AnalysisSiteRow,
  type AnalysisSitesQuery,
  type AnalysisSitesResponse,
  change,
  daysOf,
  type FunnelResponse,
  formatCellRef,
  type HeatmapResponse,
  type LpChartResponse,
  type LpResponse,
  type PagesResponse,
  type Period,
  previousPeriod,
  RANKING_MIN_PAGES,
  type RankingResponse,
  type ReferrersResponse,
  ratio,
  type SiteDetail,
  TAP_GRID,
  type UtmResponse,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { type Actor, assertMenu } from '../accounts/actor.js';
import { planLimitsOf } from '../plans/service.js';
import { getSite, listSites } from '../sites/service.js';
import { pgStore } from './repo/rollups.js';
import type { AnalyticsStore, SiteTotals, VisitGroup } from './store.js';

// The analysis screens' figures: every call checks the menu entry `analytics`, the caller's
// tenant plan flag analyticsEffect (403 PLAN_FEATURE_REQUIRED) and the site's scope (another tenant's: 404),
// then reads the rollups through the AnalyticsStore only.

const stores = new WeakMap<AppContext, AnalyticsStore>();
export function storeOf(ctx: AppContext): AnalyticsStore {
  let s = stores.get(ctx);
  if (!s) {
    s = pgStore(ctx.db);
    stores.set(ctx, s);
  }
  return s;
}

const planFeatureRequired = () => new AppError(403, 'PLAN_FEATURE_REQUIRED', 'server.plan_analytics');
const rankingNeeds10 = () => new AppError(422, 'RANKING_NEEDS_10_PAGES', 'server.ranking_needs_10_pages');

/** Menu entry and plan flag of the caller (a sub-admin: its owner's plan). */
export async function assertAnalytics(ctx: AppContext, actor: Actor): Promise<void> {
  assertMenu(actor, 'analytics');
  const plan = await planLimitsOf(ctx.db, actor.ownerId);
  if (!plan.flags.analyticsEffect) throw planFeatureRequired();
}

/** The scoped site (404 outside the caller's subtree) after the menu and plan checks. */
export async function analysedSite(ctx: AppContext, actor: Actor, id: number): Promise<SiteDetail> {
  await assertAnalytics(ctx, actor);
  return getSite(ctx, actor, id);
}

export interface GridPage {
  pageId: number;
  col: number;
  row: number;
  label: string;
  imageUrl: string | null;
  mediaType: 'IMAGE' | 'VIDEO';
}

/** The pages of the site's grid in grid order (category by category); empty cells have no creative. */
export function gridPages(site: SiteDetail): GridPage[] {
  const out: GridPage[] = [];
  site.categories.forEach((c, col) => {
    c.pages.forEach((p, row) => {
      if (p.id === undefined) return;
      out.push({
        pageId: p.id,
        col,
        row,
        label: formatCellRef({ column: col + 1, row: row + 1 }),
        imageUrl: p.imageUrl ?? null,
        mediaType: p.mediaType,
      });
    });
  });
  return out;
}

/** Pages with a creative: what the ranking counts. */
export const filledPages = (site: SiteDetail) => gridPages(site).filter((p) => p.imageUrl);

const zero = (siteId: number): SiteTotals => ({
  siteId,
  visitors: 0,
  pageViews: 0,
  ctaClicks: 0,
  conversions: 0,
  visits: 0,
  convertingVisitors: 0,
  bounces: 0,
  durationSumMs: 0,
});
/** Milliseconds as seconds to 0.1 (null stays null). */
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/** A site's figures; CV rate = converting visitors / visitors (never above 1). */
export function figures(t: Omit<SiteTotals, 'siteId'>): AnalysisFigures {
  return {
    visitors: t.visitors,
    pageViews: t.pageViews,
    conversions: t.conversions,
    ctaClicks: t.ctaClicks,
    cvRate: ratio(t.convertingVisitors, t.visitors),
    visits: t.visits,
    convertingVisitors: t.convertingVisitors,
    bounces: t.bounces,
    bounceRate: ratio(t.bounces, t.visits),
    visitDuration: t.visits > 0 ? seconds(t.durationSumMs / t.visits) : null,
  };
}
/** The figures of a group of visits (a campaign, a referrer). */
const groupFigures = <G extends VisitGroup>(g: G) => ({
  ...g,
  cvRate: ratio(g.convertingVisitors, g.visitors),
  bounceRate: ratio(g.bounces, g.visits),
});
const range = (p: Period) => ({ from: p.from, to: p.to });

export async function lp(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<LpResponse> {
  const site = await analysedSite(ctx, actor, id);
  const period = range(q);
  const previous = previousPeriod(period);
  const store = storeOf(ctx);
  const [cur, prev] = await Promise.all([store.siteTotals([id], period), store.siteTotals([id], previous)]);
  const totals = figures(cur[0] ?? zero(id));
  const previousTotals = figures(prev[0] ?? zero(id));
  return {
    siteId: id,
    siteName: site.name,
    siteUrl: site.url,
    period,
    previous,
    totals,
    previousTotals,
    change: {
      visitors: change(totals.visitors, previousTotals.visitors),
      pageViews: change(totals.pageViews, previousTotals.pageViews),
      conversions: change(totals.conversions, previousTotals.conversions),
      ctaClicks: change(totals.ctaClicks, previousTotals.ctaClicks),
      cvRate: change(totals.cvRate ?? 0, previousTotals.cvRate ?? 0),
      visits: change(totals.visits, previousTotals.visits),
      bounceRate: change(totals.bounceRate ?? 0, previousTotals.bounceRate ?? 0),
      visitDuration: change(totals.visitDuration ?? 0, previousTotals.visitDuration ?? 0),
    },
    pageCount: filledPages(site).length,
  };
}

export async function lpChart(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<LpChartResponse> {
  await analysedSite(ctx, actor, id);
  const period = range(q);
  const rows = await storeOf(ctx).siteDays([id], period);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    period,
    days: daysOf(period).map((day) => {
      const { cvRate: _c, ...f } = figures(byDay.get(day) ?? zero(id));
      return { day, ...f };
    }),
  };
}

export async function pages(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<PagesResponse> {
  const site = await analysedSite(ctx, actor, id);
  const period = range(q);
  const store = storeOf(ctx);
  const [rows, totals] = await Promise.all([store.pageTotals(id, period), store.siteTotals([id], period)]);
  const visitors = totals[0]?.visitors ?? 0;
  const byPage = new Map(rows.map((r) => [r.pageId, r]));
  const items: AnalysisPage[] = gridPages(site).map((g) => {
    const r = byPage.get(g.pageId);
    const views = r?.views ?? 0;
    return {
      pageId: g.pageId,
      col: g.col,
      row: g.row,
      label: g.label,
      imageUrl: g.imageUrl,
      views,
      visitors: r?.visitors ?? 0,
      reach: ratio(r?.visitors ?? 0, visitors),
      exits: r?.exits ?? 0,
      exitRate: ratio(r?.exits ?? 0, views),
      medianDwell: seconds(r?.dwellMedianMs ?? null),
      meanDwell: seconds(r?.dwellMeanMs ?? null),
      dwellCount: r?.dwellCount ?? 0,
      ctaClicks: r?.ctaClicks ?? 0,
      ctaRate: ratio(r?.ctaClicks ?? 0, views),
      conversions: r?.conversions ?? 0,
      convertingVisitors: r?.convertingVisitors ?? 0,
      entries: r?.entries ?? 0,
      bounces: r?.bounces ?? 0,
      bounceRate: ratio(r?.bounces ?? 0, r?.entries ?? 0),
    };
  });
  return { period, visitors, items };
}

export async function ranking(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<RankingResponse> {
  const site = await analysedSite(ctx, actor, id);
  const filled = filledPages(site);
  if (filled.length < RANKING_MIN_PAGES) throw rankingNeeds10();
  const period = range(q);
  const byPage = new Map((await storeOf(ctx).pageTotals(id, period, { medians: false })).map((r) => [r.pageId, r]));
  const rows = filled
    .map((g) => {
      const r = byPage.get(g.pageId);
      const views = r?.views ?? 0;
      return {
        pageId: g.pageId,
        label: g.label,
        imageUrl: g.imageUrl,
        views,
        ctaClicks: r?.ctaClicks ?? 0,
        ctr: ratio(r?.ctaClicks ?? 0, views),
        conversions: r?.conversions ?? 0,
        cvRate: ratio(r?.convertingVisitors ?? 0, r?.visitors ?? 0),
        visitors: r?.visitors ?? 0,
        convertingVisitors: r?.convertingVisitors ?? 0,
        order: g.col * 10_000 + g.row,
      };
    })
    .sort((a, b) => b.views - a.views || b.conversions - a.conversions || a.order - b.order);
  return { period, items: rows.map(({ order: _o, ...r }, i) => ({ rank: i + 1, ...r })) };
}

export async function funnel(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<FunnelResponse> {
  const site = await analysedSite(ctx, actor, id);
  const period = range(q);
  const store = storeOf(ctx);
  const [rows, totals, moves] = await Promise.all([
    store.pageTotals(id, period, { medians: false }),
    store.siteTotals([id], period),
    store.categoryMoves(id, period),
  ]);
  const visitors = totals[0]?.visitors ?? 0;
  const byPage = new Map(rows.map((r) => [r.pageId, r]));
  const grid = gridPages(site);
  const cellOf = new Map(grid.map((g) => [`${g.col}:${g.row}`, g]));
  const cells: FunnelResponse['cells'] = [];
  for (let col = 0; col < site.numberHorizontal; col++)
    for (let row = 0; row < site.numberVertical; row++) {
      const g = cellOf.get(`${col}:${row}`);
      const v = g ? (byPage.get(g.pageId)?.visitors ?? 0) : 0;
      cells.push({ col, row, pageId: g?.pageId ?? null, visitors: v, reach: ratio(v, visitors) });
    }
  // the visitors who reached a category: its best-reached page's visitors (a lower bound of distinct visitors)
  const colVisitors = (col: number) => Math.max(0, ...cells.filter((c) => c.col === col).map((c) => c.visitors));
  const menu = site.translations[site.defaultLanguage]?.globalMenu ?? [];
  return {
    period,
    cols: site.numberHorizontal,
    rows: site.numberVertical,
    visitors,
    categories: Array.from(
      { length: site.numberHorizontal },
      (_, i) => menu[i] || formatCellRef({ column: i + 1, row: 1 }).replace(/\d+$/, ''),
    ),
    cells,
    moves: moves
      .filter((m) => m.fromCol !== m.toCol)
      .map((m) => ({ ...m, share: ratio(m.visitors, colVisitors(m.fromCol)) }))
      .sort((a, b) => a.fromCol - b.fromCol || a.toCol - b.toCol),
  };
}

export async function heatmap(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery & { pageId: number }): Promise<HeatmapResponse> {
  const site = await analysedSite(ctx, actor, id);
  const page = gridPages(site).find((g) => g.pageId === q.pageId);
  if (!page) throw notFound();
  const period = range(q);
  const cells = await storeOf(ctx).taps(id, page.pageId, period);
  return {
    period,
    pageId: page.pageId,
    label: page.label,
    imageUrl: page.imageUrl,
    mediaType: page.mediaType,
    cols: TAP_GRID.cols,
    rows: TAP_GRID.rows,
    total: cells.reduce((a, c) => a + c.taps, 0),
    cells,
  };
}

export async function utm(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<UtmResponse> {
  await analysedSite(ctx, actor, id);
  const period = range(q);
  const rows = await storeOf(ctx).utm(id, period);
  return { period, items: rows.map(groupFigures) };
}

export async function referrers(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery): Promise<ReferrersResponse> {
  await analysedSite(ctx, actor, id);
  const period = range(q);
  const rows = await storeOf(ctx).referrers(id, period);
  return { period, items: rows.map(groupFigures) };
}

/** Sites compared on the analytics screen: at most this many of the caller's sites are read. */
const SITES_MAX = 5000;

export async function sitesWithFigures(ctx: AppContext, actor: Actor, q: AnalysisSitesQuery): Promise<AnalysisSitesResponse> {
  await assertAnalytics(ctx, actor);
  const period = range(q);
  const all = await listSites(ctx, actor, { page: 1, pageSize: SITES_MAX, search: q.search });
  const ids = all.items.map((s) => s.id);
  const store = storeOf(ctx);
  const [cur, prev] = ids.length
    ? await Promise.all([store.siteTotals(ids, period), store.siteTotals(ids, previousPeriod(period))])
    : [[], []];
  const curOf = new Map(cur.map((t) => [t.siteId, t]));
  const prevOf = new Map(prev.map((t) => [t.siteId, t]));
  const rows: AnalysisSiteRow[] = all.items.map((s) => {
    const f = figures(curOf.get(s.id) ?? zero(s.id));
    const pv = prevOf.get(s.id)?.visitors ?? 0;
    return {
      siteId: s.id,
      name: s.name,
      status: s.status,
      url: s.url,
      parentAccount: s.parentAccount,
      ...f,
      previousVisitors: pv,
      visitorsChange: change(f.visitors, pv),
    };
  });
  const dir = q.order === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const k = q.sort;
    const d = k === 'name' ? a.name.localeCompare(b.name) : (a[k] ?? -1) - (b[k] ?? -1);
    return d * dir || a.siteId - b.siteId;
  });
  const start = (q.page - 1) * q.pageSize;
  return { period, items: rows.slice(start, start + q.pageSize), total: rows.length, page: q.page, pageSize: q.pageSize };
}
