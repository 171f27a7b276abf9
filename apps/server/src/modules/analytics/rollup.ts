import { JST_OFFSET_MS } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { enqueueJob } from '../../jobs/queue.js';
import { scheduledJob } from '../../jobs/schedule.js';
import type { JobHandler } from '../../jobs/worker.js';
import { getPublishedSite } from '../published/service.js';
import { rebuildSiteDay, sitesWithEvents } from './repo/rollups.js';
import { rebuildVariationDays } from './repo/variations.js';

// Rollups (migration 0014): each site-day's figures are recomputed from its raw events by the job
// `analytics.rollup` {siteId, day}, queued by the ingestion (and conversions) in their transaction a
// short delay after a batch; a daily job re-rolls yesterday for every site with events (late events).

export const ROLLUP_JOB = 'analytics.rollup';
export const DAILY_ROLLUP_JOB = 'analytics.rollup_daily';
/** ANALYTICS_ROLLUP_DELAY_MS's default */
export const DEFAULT_ROLLUP_DELAY_MS = 10_000;

export interface RollupKey {
  siteId: number;
  /** Japan day YYYY-MM-DD */
  day: string;
}

/** [start, end) instants of a Japan day. */
export function japanDayBounds(day: string): { start: Date; end: Date } {
  const start = new Date(Date.parse(`${day}T00:00:00Z`) - JST_OFFSET_MS);
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** The Japan day before this one. */
export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The delay window an instant falls in: the dedupe key of a rollup run (queueRollups). */
export function rollupWindow(now: number, delayMs: number): number {
  return Math.floor(now / Math.max(1, delayMs));
}

/**
 * Queues a rollup of each site-day (business time: due jobs are claimed by ctx.clock;
 * ctx.config.analyticsRollupDelayMs), in the caller's transaction. The dedupe key names the delay window the batch
 * falls in: a burst of batches in one window queues one run; a batch of a later window (the earlier run queued or
 * done) gets its own run, so no batch is left out. The run is due one delay after its window ends (between one and
 * two delays after the first batch): a batch of the window that commits up to a delay after it was counted in that
 * window is still read by the run it joined (events are queued after their commit, service.ts; a conversion in its
 * submission's transaction).
 */
export async function queueRollups(q: Queryable, keys: RollupKey[], delayMs = DEFAULT_ROLLUP_DELAY_MS, now = Date.now()): Promise<void> {
  const delay = Math.max(1, delayMs);
  const window = rollupWindow(now, delay);
  const runAt = new Date((window + 2) * delay);
  const seen = new Set<string>();
  for (const k of keys) {
    const id = `${k.siteId}:${k.day}`;
    if (seen.has(id)) continue;
    seen.add(id);
    await enqueueJob(q, ROLLUP_JOB, { siteId: k.siteId, day: k.day }, { runAt, dedupeKey: `${id}:${window}` });
  }
}

/** The site's grid: page id -> col * rows + row, from the published document (empty when unpublished). */
async function gridOf(ctx: AppContext, siteId: number): Promise<{ pageIds: number[]; index: number[] }> {
  const ps = await getPublishedSite(ctx, siteId).catch(() => null);
  const pageIds: number[] = [];
  const index: number[] = [];
  if (!ps) return { pageIds, index };
  const rows = ps.document.numberVertical;
  for (const [col, c] of ps.document.categories.entries())
    for (const [row, p] of c.pages.entries()) {
      if (p.id === undefined) continue;
      pageIds.push(Number(p.id));
      index.push(col * rows + row);
    }
  return { pageIds, index };
}

/** Recomputes one site-day's rollups from its raw events in one transaction (idempotent). */
export async function refreshRollups(ctx: AppContext, siteId: number, day: string): Promise<void> {
  const grid = await gridOf(ctx, siteId);
  const { start, end } = japanDayBounds(day);
  await ctx.db.tx(async (q) => {
    await rebuildSiteDay(q, { siteId, day, start, end, grid });
    await rebuildVariationDays(q, { siteId, day, start, end });
  });
}

const rollupJob: JobHandler = async (ctx, payload) => {
  const siteId = Number(payload.siteId);
  const day = String(payload.day);
  if (!Number.isInteger(siteId) || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return { skipped: true };
  await refreshRollups(ctx, siteId, day);
  return { siteId, day };
};

/** At 03:00 in Japan: a rollup of yesterday for every site with events yesterday (each its own job). */
const dailyRollup = scheduledJob(DAILY_ROLLUP_JOB, { every: 'day', atMinutes: 180 }, async (ctx, period) => {
  const day = dayBefore(period);
  const { start, end } = japanDayBounds(day);
  const sites = await sitesWithEvents(ctx.db, start, end);
  await ctx.db.tx(async (q) => {
    for (const siteId of sites) await enqueueJob(q, ROLLUP_JOB, { siteId, day }, { dedupeKey: `${siteId}:${day}:daily` });
  });
  return { day, sites: sites.length };
});

/** The analytics rollup jobs, for modules/index.ts. */
export const rollupJobs: Record<string, JobHandler> = { [ROLLUP_JOB]: rollupJob, [DAILY_ROLLUP_JOB]: dailyRollup };
