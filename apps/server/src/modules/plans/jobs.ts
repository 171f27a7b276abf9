import { scheduledJob } from '../../jobs/schedule.js';
import { applyPlanChanges } from './service.js';

// The plans module's recurring job (jobs/schedule.ts: one run per period, whatever the processes). The job's kind
// keeps the name it was queued under before plans had a module of their own: rows already queued still run.

/** Monthly, 00:00 in Japan on the 1st: next month's plans take effect. */
export const NEXT_PLANS_JOB = 'accounts.apply_next_plans';

export const nextPlansJob = scheduledJob(NEXT_PLANS_JOB, { every: 'month', atMinutes: 0 }, (ctx, period) => applyPlanChanges(ctx, period));

export const planJobs = { [NEXT_PLANS_JOB]: nextPlansJob };
