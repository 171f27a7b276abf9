import { scheduledJob } from '../../jobs/schedule.js';
import { applyContractDates, applyPlanChanges } from './service.js';

// The accounts module's recurring jobs (jobs/schedule.ts: one run per period, whatever the processes).

/** Daily, 00:05 in Japan: ACTIVE <-> INACTIVE by the contract dates (contracts.ts applyContractDates). */
export const CONTRACT_DATES_JOB = 'accounts.apply_contract_dates';
/** Monthly, 00:00 in Japan on the 1st: next month's plans take effect. */
export const NEXT_PLANS_JOB = 'accounts.apply_next_plans';

export const contractDatesJob = scheduledJob(CONTRACT_DATES_JOB, { every: 'day', atMinutes: 5 }, (ctx) => applyContractDates(ctx));
export const nextPlansJob = scheduledJob(NEXT_PLANS_JOB, { every: 'month', atMinutes: 0 }, (ctx) => applyPlanChanges(ctx));

export const accountJobs = { [CONTRACT_DATES_JOB]: contractDatesJob, [NEXT_PLANS_JOB]: nextPlansJob };
