import type { Queryable } from '../../../db/db.js';

/** A new token version for a member: every end-user token issued before it stops working (sign-out). */
export async function bumpMemberTokenVersion(q: Queryable, siteId: number, memberId: number): Promise<void> {
  await q.query('UPDATE site_members SET token_version = token_version + 1 WHERE id = $1 AND site_id = $2', [memberId, siteId]);
}
