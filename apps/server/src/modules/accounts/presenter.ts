import type { AccountView, ContractHistoryEntry, ContractStatus, STAFF_ROLES, UserSummary } from '@swipe/core';
import { type AccountRow, type Actor, actorFromRow, userTypePath } from './actor.js';
import type { HistoryRow, UserRow } from '../users/repo.js';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

/** What a client sees of an account: never the hash, never the token version. */
export function presentAccount(row: AccountRow): AccountView {
  const actor: Actor = actorFromRow(row);
  return {
    id: Number(row.id),
    email: row.email,
    type: row.type,
    effectiveType: actor.effectiveType,
    userTypeId: userTypePath(actor),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    companyName: row.company_name,
    contactName: row.contact_name,
    authority: row.authority,
    staffRole: row.staff_role as (typeof STAFF_ROLES)[number] | null,
    licenseIssue: row.license_issue,
    contractStatus: row.contract_status as ContractStatus,
    contractStart: iso(row.contract_start),
    contractEnd: iso(row.contract_end),
    planId: actor.planId === null ? null : Number(actor.planId),
    logoUrl: row.logo_url,
    profileImageUrl: row.profile_image_url,
    language: row.language,
    mustChangePassword: row.must_change_password,
    createdAt: iso(row.created_at) as string,
  };
}

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
    content: row.process_content,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    planName: row.plan_name,
  };
}
