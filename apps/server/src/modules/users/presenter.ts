import type { ContractHistoryEntry, UserSummary } from '@swipe/core';
import { presentAccount } from '../accounts/service.js';
import type { HistoryRow, UserRow } from './repo.js';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** A row of the user list (and the base of the detail): dates as days, the plan names and the parent's company. */
export function presentUser(row: UserRow): UserSummary {
  return {
    ...presentAccount(row),
    contractStart: row.contract_start_day,
    contractEnd: row.contract_end_day,
    planName: row.plan_name,
    planVersion: row.plan_version === null ? null : Number(row.plan_version),
    planSuperseded: Boolean(row.plan_superseded),
    nextPlanId: row.next_plan_id === null ? null : Number(row.next_plan_id),
    nextPlanName: row.next_plan_name,
    parentCompany: row.parent_company,
    setupPending: Boolean(row.setup_pending),
  };
}

export function presentHistory(row: HistoryRow): ContractHistoryEntry {
  return {
    id: Number(row.id),
    executedAt: iso(row.executed_at) as string,
    executorId: row.executor_id === null ? null : Number(row.executor_id),
    executorName: row.executor_name,
    executorType: row.executor_type,
    content: row.process_content,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    planName: row.plan_name,
  };
}
