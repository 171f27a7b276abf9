import type { AppContext } from '../../context.js';
import { verifyDomainJob } from './service.js';

/** Job handlers of the domains module: 'domain.verify' is queued by sites when a domain is set. */
export const domainJobs = { 'domain.verify': (ctx: AppContext, payload: Record<string, unknown>) => verifyDomainJob(ctx, payload) };
