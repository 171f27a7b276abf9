import { z } from 'zod';

/** GET /api/v1/health (both origins): 200 when the database answers, 503 otherwise. */
export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pg', 'pglite']) });
export type HealthResponse = z.output<typeof healthResponse>;
