import { z } from 'zod';

/** GET /api/v1/health (both origins): 200 when the database answers, 503 otherwise. */
export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pg', 'pglite']) });
export type HealthResponse = z.output<typeof healthResponse>;

/** GET /api/v1/health/live (both origins): the process answers (200 even while it shuts down). */
export const liveResponse = z.object({ status: z.literal('ok') });
export type LiveResponse = z.output<typeof liveResponse>;

/**
 * GET /api/v1/health/ready (both origins): 200 when this process should get traffic: the database answers, every
 * migration is applied, the worker (where this process runs one) went round its loop recently, and it is not
 * shutting down; 503 with the failing part otherwise.
 */
export const readyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['ok', 'pending', 'unknown']),
  /** `off`: this process runs no worker (RUN_WORKER=false) */
  worker: z.enum(['ok', 'stale', 'off']),
  shuttingDown: z.boolean(),
});
export type ReadyResponse = z.output<typeof readyResponse>;
