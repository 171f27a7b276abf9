import { scheduledJob } from '../../jobs/schedule.js';
import { applyContractDates } from './service.js';

// The contracts module's recurring job (jobs/schedule.ts: one run per period, whatever the processes). The job's
// kind keeps the name it was queued under before contracts had a module of their own: rows already queued still run.

/** Daily, 00:05 in Japan: ACTIVE <-> INACTIVE by the contract dates (service.ts applyContractDates). */
export const CONTRACT_DATES_JOB = 'accounts.apply_contract_dates';

export const contractDatesJob = scheduledJob(CONTRACT_DATES_JOB, { every: 'day', atMinutes: 5 }, (ctx) => applyContractDates(ctx));

export const contractJobs = { [CONTRACT_DATES_JOB]: contractDatesJob };
