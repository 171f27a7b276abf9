import { scheduledJob } from '../../jobs/schedule.js';
import { maintainPartitions } from './partitions.js';
import { SALTS_JOB, saltsJob } from './visitors.js';

/** Daily, 00:20 in Japan: the raw events' monthly partitions (this month and the next two) and their retention. */
export const PARTITIONS_JOB = 'analytics.partitions';
export const partitionsJob = scheduledJob(PARTITIONS_JOB, { every: 'day', atMinutes: 20 }, (ctx) => maintainPartitions(ctx));

export const analyticsJobs = { [PARTITIONS_JOB]: partitionsJob, [SALTS_JOB]: saltsJob };
