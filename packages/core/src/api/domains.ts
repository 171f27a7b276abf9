import { z } from 'zod';
import { domain } from '../validation.js';

// The custom-domain wizard (back-office.md 2, 4) under /api/v1/sites/{id}/domain.

export const setDomainBody = z.object({ domain });

/** Where a site's custom domain stands: the CNAME value to add, and whether DNS confirmed it. */
export const domainState = z.object({
  domain: z.string().nullable(),
  cnameTarget: z.string(),
  status: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  requestedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  failed: z.boolean(),
});
export type DomainState = z.output<typeof domainState>;
export const domainSaved = domainState.extend({ message: z.string() });
