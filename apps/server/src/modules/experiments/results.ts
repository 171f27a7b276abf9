import { type ExperimentResults, japanDay } from '@swipe/core';
import { experimentStats, MIN_CONVERSIONS, MIN_VISITORS } from '@swipe/core/experiment-stats.ts';
import type { AppContext } from '../../context.js';
import { csvDocument } from '../../lib/csv.js';
import type { Actor } from '../accounts/actor.js';
import { variationDays } from '../analytics/service.js';
import { getExperiment } from './operator.js';

// An experiment's results: each variation's figures from the analytics rollups (analytics_variation_days, summed
// over the experiment's days), the statistics of packages/core/src/experiment-stats.ts against the control, and the
// CV rate of each variation per Japan day. Visitors are daily visitors summed over days, as everywhere in analytics.

export async function experimentResults(ctx: AppContext, actor: Actor, id: number): Promise<ExperimentResults> {
  const e = await getExperiment(ctx, actor, id);
  const rows = await variationDays(ctx, id);
  const sum = (vid: number, k: 'visitors' | 'conversions' | 'pageViews' | 'ctaClicks' | 'dwellCount' | 'dwellSumMs') =>
    rows.filter((r) => r.variationId === vid).reduce((s, r) => s + r[k], 0);
  const totals = e.variations.map((v) => ({
    v,
    visitors: sum(v.id, 'visitors'),
    conversions: sum(v.id, 'conversions'),
    pageViews: sum(v.id, 'pageViews'),
    ctaClicks: sum(v.id, 'ctaClicks'),
    dwellCount: sum(v.id, 'dwellCount'),
    dwellSumMs: sum(v.id, 'dwellSumMs'),
  }));
  const stats = experimentStats(totals.map((t) => ({ visitors: t.visitors, conversions: t.conversions, weight: t.v.weight })));
  const days = [...new Set(rows.map((r) => r.day))].sort().map((day) => ({
    day,
    variations: e.variations.map((v) => {
      const r = rows.find((x) => x.day === day && x.variationId === v.id);
      return { id: v.id, visitors: r?.visitors ?? 0, conversions: r?.conversions ?? 0 };
    }),
  }));
  return {
    experimentId: e.id,
    from: e.startedAt ? japanDay(new Date(e.startedAt)) : null,
    to: e.stoppedAt ? japanDay(new Date(e.stoppedAt)) : e.startedAt ? japanDay(ctx.clock.now()) : null,
    variations: totals.map((t, i) => ({
      id: t.v.id,
      name: t.v.name,
      weight: t.v.weight,
      visitors: t.visitors,
      conversions: t.conversions,
      cvRate: stats.variations[i]?.cvRate ?? 0,
      pageViews: t.pageViews,
      ctaClicks: t.ctaClicks,
      dwellMeanMs: t.dwellCount > 0 ? Math.round(t.dwellSumMs / t.dwellCount) : null,
      dwellCount: t.dwellCount,
      chanceToBeat: stats.variations[i]?.chanceToBeat ?? null,
      uplift: stats.variations[i]?.uplift ?? null,
    })),
    srm: stats.srm,
    enoughData: stats.enoughData,
    minVisitors: MIN_VISITORS,
    minConversions: MIN_CONVERSIONS,
    verdict: stats.verdict,
    winnerVariationId: stats.winner === null ? null : (e.variations[stats.winner]?.id ?? null),
    days,
  };
}

type T = (key: string) => string;
const pct = (v: number | null) => (v === null ? '' : (Math.round(v * 1000) / 10).toFixed(1));

/** The results as CSV through the one CSV writer: one row per variation, then one per variation and day. */
export async function experimentResultsCsv(ctx: AppContext, actor: Actor, id: number, t: T): Promise<string> {
  const r = await experimentResults(ctx, actor, id);
  const h = (keys: string[]) => keys.map((k) => t(`server.csv_experiment_${k}`));
  const names = new Map(r.variations.map((v) => [v.id, v.name]));
  return csvDocument([
    h([
      'variation',
      'weight',
      'visitors',
      'conversions',
      'cv_rate',
      'cta_clicks',
      'mean_dwell',
      'chance_to_beat',
      'uplift',
      'uplift_low',
      'uplift_high',
    ]),
    ...r.variations.map((v) => [
      v.name,
      v.weight,
      v.visitors,
      v.conversions,
      pct(v.cvRate),
      v.ctaClicks,
      v.dwellMeanMs === null ? '' : (v.dwellMeanMs / 1000).toFixed(1),
      pct(v.chanceToBeat),
      pct(v.uplift?.expected ?? null),
      pct(v.uplift?.lower ?? null),
      pct(v.uplift?.upper ?? null),
    ]),
    [],
    h(['day', 'variation', 'visitors', 'conversions', 'cv_rate']),
    ...r.days.flatMap((d) =>
      d.variations.map((v) => [
        d.day,
        names.get(v.id) ?? '',
        v.visitors,
        v.conversions,
        pct(v.visitors ? v.conversions / v.visitors : null),
      ]),
    ),
  ]);
}
