import { type AccountRow, type Actor, actorFromRow, userTypePath } from './actor.js';

/** What a client sees of an account: never the hash, never the token version. */
export function presentAccount(row: AccountRow) {
  const actor: Actor = actorFromRow(row);
  return {
    id: row.id,
    email: row.email,
    type: row.type,
    effectiveType: actor.effectiveType,
    userTypeId: userTypePath(actor),
    parentId: row.parent_id,
    companyName: row.company_name,
    contactName: row.contact_name,
    authority: row.authority,
    staffRole: row.staff_role,
    licenseIssue: row.license_issue,
    contractStatus: row.contract_status,
    contractStart: row.contract_start,
    contractEnd: row.contract_end,
    planId: actor.planId,
    logoUrl: row.logo_url,
    profileImageUrl: row.profile_image_url,
    language: row.language,
    mustChangePassword: row.must_change_password,
    createdAt: row.created_at,
  };
}
