import type { AccountView, ContractStatus, STAFF_ROLES } from '@swipe/core';
import { type AccountRow, type Actor, actorFromRow, userTypePath } from './actor.js';

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());
/** A `date` column: the database's YYYY-MM-DD (db.ts parses it as text on both drivers). */
const day = (v: string | null): string | null => (v === null ? null : String(v).slice(0, 10));

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
    contractStart: day(row.contract_start),
    contractEnd: day(row.contract_end),
    planId: actor.planId === null ? null : Number(actor.planId),
    logoUrl: row.logo_url,
    profileImageUrl: row.profile_image_url,
    language: row.language,
    mustChangePassword: row.must_change_password,
    createdAt: iso(row.created_at) as string,
  };
}
