import type { Queryable } from '../db/db.js';

// jobs: the platform queue's table. Its SQL lives here only.

export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export async function insertJob(
  q: Queryable,
  j: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey: string | null; maxAttempts: number },
): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (kind, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('QUEUED','RUNNING') DO NOTHING RETURNING id`,
    [j.kind, j.payload, j.runAt, j.dedupeKey, j.maxAttempts],
  );
  return row?.id ?? null;
}

/** Takes the next due job of these kinds (or one whose lease ran out) with FOR UPDATE SKIP LOCKED. */
export function claimDueJob(q: Queryable, kinds: string[], leaseSeconds: number, now: Date): Promise<ClaimedJob | undefined> {
  // Due by business time (the app's clock, so tests that move it run what falls due); leases by the database's
  // time, which no test moves: a lease must run out in real seconds whatever business time says.
  return q.maybeOne<ClaimedJob>(
    `UPDATE jobs SET status = 'RUNNING', attempts = attempts + 1, lease_until = now() + make_interval(secs => $2)
     WHERE id = (SELECT id FROM jobs
                 WHERE kind = ANY($1) AND ((status = 'QUEUED' AND run_at <= $3) OR (status = 'RUNNING' AND lease_until < now()))
                 ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, kind, payload, attempts, max_attempts`,
    [kinds, leaseSeconds, now],
  );
}

export async function markJobDone(q: Queryable, id: number, result: unknown): Promise<void> {
  await q.query("UPDATE jobs SET status = 'DONE', result = $2, finished_at = now(), lease_until = NULL WHERE id = $1", [
    id,
    result ?? null,
  ]);
}

export async function markJobFailed(q: Queryable, id: number, f: { giveUp: boolean; runAt: Date; error: string }): Promise<void> {
  await q.query('UPDATE jobs SET status = $2, run_at = $3, lease_until = NULL, last_error = $4, finished_at = $5 WHERE id = $1', [
    id,
    f.giveUp ? 'FAILED' : 'QUEUED',
    f.runAt,
    f.error.slice(0, 500),
    f.giveUp ? new Date() : null,
  ]);
}

/** A scheduled job's run of one period: never inserted twice, whatever the first one's status (0005). */
export async function insertScheduledRun(
  q: Queryable,
  j: { kind: string; payload: Record<string, unknown>; runAt: Date; dedupeKey: string },
): Promise<number | null> {
  const row = await q.maybeOne<{ id: number }>(
    `INSERT INTO jobs (kind, payload, run_at, dedupe_key, max_attempts) VALUES ($1, $2, $3, $4, 8)
     ON CONFLICT DO NOTHING RETURNING id`,
    [j.kind, j.payload, j.runAt, j.dedupeKey],
  );
  return row?.id ?? null;
}

/** Whether a scheduled job has ever been queued (its first seed waits for the next period). */
export async function hasScheduledRun(q: Queryable, kind: string): Promise<boolean> {
  return Boolean(await q.maybeOne("SELECT 1 AS x FROM jobs WHERE kind = $1 AND dedupe_key LIKE 'schedule:%' LIMIT 1", [kind]));
}

/** Per kind: jobs due and waiting, jobs running, and how long the oldest due one has waited (metrics). */
export function queueStats(q: Queryable, now: Date): Promise<{ kind: string; queued: number; running: number; oldest_age_s: number }[]> {
  // due by business time, as the worker claims them; the wait since it fell due
  return q.query(
    `SELECT kind, count(*) FILTER (WHERE status = 'QUEUED')::int AS queued, count(*) FILTER (WHERE status = 'RUNNING')::int AS running,
            COALESCE(EXTRACT(EPOCH FROM $1::timestamptz - min(run_at) FILTER (WHERE status = 'QUEUED')), 0)::float8 AS oldest_age_s
     FROM jobs WHERE (status = 'QUEUED' AND run_at <= $1) OR status = 'RUNNING' GROUP BY kind ORDER BY kind`,
    [now],
  );
}
