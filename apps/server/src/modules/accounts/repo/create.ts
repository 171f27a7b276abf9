import type { Queryable } from '../../../db/db.js';

// SQL of the first operator's creation (npm run create-master).

/** Serialises master creation (two runs at once never both see "no master yet"). */
export async function lockMasterCreation(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock(727275)');
}

/** Whether a live platform master exists. */
export async function masterExists(q: Queryable): Promise<boolean> {
  return Boolean(await q.maybeOne("SELECT 1 AS x FROM accounts WHERE type = 'MASTER' AND deleted_at IS NULL LIMIT 1"));
}
