import type { Queryable } from '../../db/db.js';

// SQL on contract_history, which this module owns: one row per change of an account's contract or plan, written in
// the transaction that makes the change (other modules write theirs through this module's service).

export interface HistoryRow {
  accountId: number;
  /** null: the system (a scheduled job) */
  executorId: number | null;
  content: string;
  from?: string | null;
  to: string | null;
  planId?: number | null;
}

/**
 * Contract history rows executed at `at` (business time: the plan in force and the bills read it), in the caller's
 * transaction (the same one as the change they record).
 */
export async function insertHistory(q: Queryable, at: Date, rows: HistoryRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `INSERT INTO contract_history (account_id, executor_id, process_content, from_status, to_status, plan_id, executed_at)
     SELECT h.account_id, h.executor_id, h.content, h.from_status, h.to_status, h.plan_id, $2
       FROM jsonb_to_recordset($1::jsonb) AS h(account_id bigint, executor_id bigint, content text, from_status text, to_status text, plan_id bigint)`,
    [
      JSON.stringify(
        rows.map((r) => ({
          account_id: r.accountId,
          executor_id: r.executorId,
          content: r.content,
          from_status: r.from ?? null,
          to_status: r.to,
          plan_id: r.planId ?? null,
        })),
      ),
      at,
    ],
  );
}
