import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { createContext } from '../open.js';
import { testConfig, testDb } from '../test/helpers.js';
import { waitFor } from '../test/slow.js';
import { nextPeriod, periodOf, queueRun, type Schedule, scheduledJob, seedSchedules } from './schedule.js';
import { Worker } from './worker.js';

// Recurring jobs on the jobs table: one run per period whatever the restarts, processes or retries.

let ctx: AppContext;
let drop: () => Promise<void>;
beforeAll(async () => {
  const t = await testDb();
  drop = t.drop;
  ctx = await createContext(testConfig(), { db: t.db, logger: pino({ level: 'silent' }) });
});
afterAll(async () => {
  await ctx.db.close();
  await drop();
});

const daily: Schedule = { every: 'day', atMinutes: 5 };
const runsOf = (kind: string) =>
  ctx.db.query<{ dedupe_key: string; status: string }>('SELECT dedupe_key, status FROM jobs WHERE kind = $1 ORDER BY id', [kind]);

describe('scheduled jobs', () => {
  it('the first seed queues the next period, later seeds the current one, each once', async () => {
    const job = scheduledJob('test.first_seed', daily, async () => null);
    const now = new Date();
    const current = periodOf(daily, now);
    await seedSchedules(ctx, { [job.kind]: job }, now);
    expect(await runsOf(job.kind)).toEqual([{ dedupe_key: `schedule:${nextPeriod(daily, current)}`, status: 'QUEUED' }]);
    await seedSchedules(ctx, { [job.kind]: job }, now);
    await seedSchedules(ctx, { [job.kind]: job }, now);
    expect((await runsOf(job.kind)).map((r) => r.dedupe_key)).toEqual([`schedule:${nextPeriod(daily, current)}`, `schedule:${current}`]);
  });

  it('a period that ran (done or failed) is never queued again; its next run is queued once however often it runs', async () => {
    let runs = 0;
    const job = scheduledJob('test.once', daily, async () => {
      runs++;
    });
    expect(await queueRun(ctx.db, job.kind, daily, '2026-01-10')).toBe(true);
    await ctx.db.query("UPDATE jobs SET status = 'DONE' WHERE kind = $1", [job.kind]);
    expect(await queueRun(ctx.db, job.kind, daily, '2026-01-10')).toBe(false);
    await ctx.db.query("UPDATE jobs SET status = 'FAILED' WHERE kind = $1", [job.kind]);
    expect(await queueRun(ctx.db, job.kind, daily, '2026-01-10')).toBe(false);
    // a retried run (the worker runs the handler again) queues the next period once
    await job(ctx, { period: '2026-01-10' });
    await job(ctx, { period: '2026-01-10' });
    expect(runs).toBe(2);
    expect((await runsOf(job.kind)).map((r) => r.dedupe_key)).toEqual(['schedule:2026-01-10', 'schedule:2026-01-11']);
  });

  it('two workers started together run the due period once and queue the next once; a restart adds nothing', async () => {
    let runs = 0;
    const job = scheduledJob('test.workers', daily, async () => {
      runs++;
    });
    const current = periodOf(daily, new Date());
    // the job has run before, so the seed queues the current period (due already)
    await queueRun(ctx.db, job.kind, daily, '2026-01-01');
    await ctx.db.query("UPDATE jobs SET status = 'DONE' WHERE kind = $1", [job.kind]);
    const handlers = { [job.kind]: job };
    const a = new Worker(ctx, handlers, { pollMs: 20 });
    const b = new Worker(ctx, handlers, { pollMs: 20 });
    await Promise.all([a.start(), b.start()]);
    await waitFor('the run of the current period', async () => {
      const r = await ctx.db.maybeOne<{ status: string }>('SELECT status FROM jobs WHERE kind = $1 AND dedupe_key = $2', [
        job.kind,
        `schedule:${current}`,
      ]);
      return r?.status === 'DONE' ? true : undefined;
    });
    await Promise.all([a.stop(), b.stop()]);
    const c = new Worker(ctx, handlers, { pollMs: 20 });
    await c.start();
    await c.stop();
    expect(runs).toBe(1);
    expect(await runsOf(job.kind)).toEqual([
      { dedupe_key: 'schedule:2026-01-01', status: 'DONE' },
      { dedupe_key: `schedule:${current}`, status: 'DONE' },
      { dedupe_key: `schedule:${nextPeriod(daily, current)}`, status: 'QUEUED' },
    ]);
  });
});
