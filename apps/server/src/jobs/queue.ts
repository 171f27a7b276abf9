import type { Queryable } from '../db/db.js';
import { insertJob } from './repo.js';

/** Adds a job in the caller's transaction (image variants, domain checks, ...). */
export function enqueueJob(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; dedupeKey?: string; maxAttempts?: number } = {},
): Promise<number | null> {
  return insertJob(q, {
    kind,
    payload,
    runAt: opts.runAt ?? new Date(),
    dedupeKey: opts.dedupeKey ?? null,
    maxAttempts: opts.maxAttempts ?? 8,
  });
}
