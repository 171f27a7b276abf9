import type { Queryable } from '../db/db.js';

/** Adds a job in the caller's transaction (image variants, domain checks, ...). */
export async function enqueueJob(
  q: Queryable,
  kind: string,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; dedupeKey?: string; maxAttempts?: number } = {},
): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('QUEUED','RUNNING') DO NOTHING RETURNING id`,
    [kind, payload, opts.runAt ?? new Date(), opts.dedupeKey ?? null, opts.maxAttempts ?? 8],
  );
  return row?.id ?? null;
}
