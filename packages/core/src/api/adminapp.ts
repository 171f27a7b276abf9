import { z } from 'zod';

/** GET /api/v1/app-config: what the back-office needs to know about this deployment (public). */
export const appConfig = z.object({ sitesUrl: z.string(), adminUrl: z.string(), cnameTarget: z.string() });
export type AppConfig = z.output<typeof appConfig>;

/** GET /api/v1/app-config/plan: the caller's plan limits (site size, feature flags). */
export const appPlan = z.object({
  quantitySwipe: z.number().int(),
  quantitySite: z.number().int(),
  flags: z.record(z.string(), z.boolean()),
});
export type AppPlan = z.output<typeof appPlan>;
