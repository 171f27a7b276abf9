import { JST_OFFSET_MS } from '@swipe/core';
import type { AppContext } from '../../context.js';
import {
  createMonthPartition,
  defaultPartitionMonths,
  deleteDefaultBefore,
  dropMonthPartition,
  monthBounds,
  nextMonth,
  partitionMonths,
} from './repo/partitions.js';

// Monthly partitions of the raw events (migration 0013), kept by the daily `analytics.partitions` job:
// this Japan month and the next two exist (and any month the DEFAULT partition caught rows of, those rows
// moved in the same transaction); months older than ANALYTICS_RETENTION_MONTHS before the current one are
// dropped (0 keeps everything). Rollup tables are never touched here.

/** The Japan month (YYYY-MM) an instant falls in. */
export function japanMonth(at: Date): string {
  return new Date(at.getTime() + JST_OFFSET_MS).toISOString().slice(0, 7);
}

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const k = y * 12 + (m - 1) + n;
  return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, '0')}`;
}

/** The first month kept under a retention of `months` (null: keep forever). */
export function firstKeptMonth(now: Date, months: number): string | null {
  return months > 0 ? addMonths(japanMonth(now), -months) : null;
}

export interface PartitionReport {
  created: string[];
  moved: number;
  dropped: string[];
  deletedFromDefault: number;
}

/** Idempotent: creates the partitions due, moves DEFAULT rows into them, retires the old ones. */
export async function maintainPartitions(ctx: AppContext, now = new Date()): Promise<PartitionReport> {
  const report: PartitionReport = { created: [], moved: 0, dropped: [], deletedFromDefault: 0 };
  const kept = firstKeptMonth(now, ctx.config.analyticsRetentionMonths);
  const current = japanMonth(now);
  const want = new Set([current, nextMonth(current), nextMonth(nextMonth(current))]);
  for (const m of await defaultPartitionMonths(ctx.db)) if (!kept || m >= kept) want.add(m);
  const have = new Set(await partitionMonths(ctx.db));
  for (const month of [...want].sort()) {
    if (have.has(month)) continue;
    // one transaction per month: the moved rows and the new partition appear together
    const r = await ctx.db.tx((q) => createMonthPartition(q, month));
    if (r.created) report.created.push(month);
    report.moved += r.moved;
  }
  if (kept) {
    for (const month of await partitionMonths(ctx.db)) {
      if (month >= kept) break;
      if (await ctx.db.tx((q) => dropMonthPartition(q, month))) report.dropped.push(month);
    }
    report.deletedFromDefault = await ctx.db.tx((q) => deleteDefaultBefore(q, monthBounds(kept)[0]));
  }
  if (report.created.length || report.dropped.length || report.deletedFromDefault)
    ctx.log.info({ ...report }, 'analytics partitions maintained');
  return report;
}
