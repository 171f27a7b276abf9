import type { AnalysisQuery } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { csvDocument } from '../../lib/csv.js';
import type { Actor } from '../accounts/actor.js';
import { lpChart, pages, ranking } from './screens.js';

// The analysis CSV exports (back-office.md 7: lp, page, ranking): UTF-8 with a byte-order mark, CRLF, headers in
// the caller's language, shares as percentages with one decimal, dwell and visit duration in seconds to 0.1 s, as the
// screen shows them. Figures added later come after the earlier columns, so a sheet that reads them by position
// keeps working.

type T = (key: string) => string;
const pct = (v: number | null) => (v === null ? '' : (Math.round(v * 1000) / 10).toFixed(1));
/** Seconds to 0.1 s (the screens' rounding is the API's: screens.ts), always with its decimal. */
const sec = (v: number | null) => (v === null ? '' : v.toFixed(1));
const h = (t: T, keys: string[]) => keys.map((k) => t(`server.csv_analysis_${k}`));

export async function lpCsv(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery, t: T): Promise<string> {
  const r = await lpChart(ctx, actor, id, q);
  return csvDocument([
    h(t, ['day', 'visitors', 'page_views', 'conversions', 'cv_rate', 'cta_clicks', 'visits', 'bounce_rate', 'visit_duration']),
    ...r.days.map((d) => [
      d.day,
      d.visitors,
      d.pageViews,
      d.conversions,
      pct(d.visitors ? d.convertingVisitors / d.visitors : null),
      d.ctaClicks,
      d.visits,
      pct(d.bounceRate),
      sec(d.visitDuration),
    ]),
  ]);
}

export async function pageCsv(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery, t: T): Promise<string> {
  const r = await pages(ctx, actor, id, q);
  return csvDocument([
    h(t, [
      'page',
      'visitors',
      'page_views',
      'reach',
      'exits',
      'exit_rate',
      'median_dwell',
      'mean_dwell',
      'cta_clicks',
      'cta_rate',
      'conversions',
      'entries',
      'bounce_rate',
      'dwell_n',
    ]),
    ...r.items.map((p) => [
      p.label,
      p.visitors,
      p.views,
      pct(p.reach),
      p.exits,
      pct(p.exitRate),
      sec(p.medianDwell),
      sec(p.meanDwell),
      p.ctaClicks,
      pct(p.ctaRate),
      p.conversions,
      p.entries,
      pct(p.bounceRate),
      p.dwellCount,
    ]),
  ]);
}

export async function rankingCsv(ctx: AppContext, actor: Actor, id: number, q: AnalysisQuery, t: T): Promise<string> {
  const r = await ranking(ctx, actor, id, q);
  return csvDocument([
    h(t, ['rank', 'page', 'page_views', 'cta_clicks', 'ctr', 'conversions', 'cv_rate']),
    ...r.items.map((p) => [p.rank, p.label, p.views, p.ctaClicks, pct(p.ctr), p.conversions, pct(p.cvRate)]),
  ]);
}
