import { JST_OFFSET_MS as JST_MS } from '@swipe/core';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';
import { hasScheduledRun, insertScheduledRun } from './repo.js';
import type { JobHandler } from './worker.js';

// Recurring jobs on the job queue: a scheduled job, when it runs, first queues its own next run; the
// run of each period is a job with the dedupe key `schedule:<period>`, unique whatever its status
// (migration 0005), so restarts and several processes never run a period twice. Workers seed the
// current period's run at start (a period missed while everything was down runs at once); the very
// first seed of a job queues the next period instead (a monthly job never runs mid-month on day one).
// Times are Japan's (UTC+9, no daylight saving).

export interface Schedule {
  every: 'day' | 'month';
  /** minutes after 00:00 in Japan (on the 1st for a monthly job) */
  atMinutes: number;
}

/** A job handler that knows its schedule (the worker seeds it). */
export type ScheduledJob = JobHandler & { kind: string; schedule: Schedule };

/** The period (YYYY-MM-DD or YYYY-MM, in Japan) a moment falls in. */
export function periodOf(s: Schedule, at: Date): string {
  const day = new Date(at.getTime() - s.atMinutes * 60_000 + JST_MS).toISOString().slice(0, 10);
  return s.every === 'day' ? day : day.slice(0, 7);
}

/** When a period's run is due (its start in Japan plus atMinutes). */
export function runAtOf(s: Schedule, period: string): Date {
  const day = s.every === 'day' ? period : `${period}-01`;
  return new Date(Date.parse(`${day}T00:00:00Z`) - JST_MS + s.atMinutes * 60_000);
}

/** The period after this one. */
export function nextPeriod(s: Schedule, period: string): string {
  if (s.every === 'day') return new Date(Date.parse(`${period}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** Queues a period's run once; false when it already exists (queued, running, done or failed). */
export async function queueRun(q: Queryable, kind: string, s: Schedule, period: string): Promise<boolean> {
  return (await insertScheduledRun(q, { kind, payload: { period }, runAt: runAtOf(s, period), dedupeKey: `schedule:${period}` })) !== null;
}

/**
 * A scheduled job: `run` gets the period (the day or month in Japan) it runs for. It must be
 * idempotent: a failed attempt is retried by the worker.
 */
export function scheduledJob(kind: string, schedule: Schedule, run: (ctx: AppContext, period: string) => Promise<unknown>): ScheduledJob {
  const handler = async (ctx: AppContext, payload: Record<string, unknown>) => {
    const period = typeof payload.period === 'string' ? payload.period : periodOf(schedule, ctx.clock.now());
    await queueRun(ctx.db, kind, schedule, nextPeriod(schedule, period));
    return run(ctx, period);
  };
  return Object.assign(handler, { kind, schedule });
}

export function isScheduled(h: JobHandler): h is ScheduledJob {
  return 'schedule' in h && 'kind' in h;
}

/** Queues the current period's run of every scheduled job among these handlers (at a worker's start). */
export async function seedSchedules(ctx: AppContext, handlers: Record<string, JobHandler>, now = ctx.clock.now()): Promise<void> {
  for (const h of Object.values(handlers)) {
    if (!isScheduled(h)) continue;
    const current = periodOf(h.schedule, now);
    const period = (await hasScheduledRun(ctx.db, h.kind)) ? current : nextPeriod(h.schedule, current);
    await queueRun(ctx.db, h.kind, h.schedule, period);
  }
}
