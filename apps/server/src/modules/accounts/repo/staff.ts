import type { Queryable } from '../../../db/db.js';

// SQL of admin staff (an owner's SUB_ADMIN children: accounts rows, so the SQL is this module's; the staff module holds
// the rules), the profile image and what deleting one's own account reads.

export interface StaffRow {
  id: number;
  email: string;
  contact_name: string;
  staff_role: string | null;
  authority: 'VIEW' | 'EDIT';
  license_issue: boolean;
  password_hash: string;
  must_change_password: boolean;
  last_login_at: string | Date | null;
  created_at: string | Date;
}

const COLUMNS =
  'id, email, contact_name, staff_role, authority, license_issue, password_hash, must_change_password, last_login_at, created_at';
const ORDER: Record<string, string> = {
  name: 'lower(contact_name)',
  email: 'lower(email)',
  role: 'staff_role',
  created: 'created_at',
  last_login: 'last_login_at',
};
const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

export interface StaffFilter {
  ownerId: number;
  search?: string;
  sort: string;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** One page of an owner's live staff, sorted by a known column (never by text from the request). */
export async function listStaffRows(q: Queryable, f: StaffFilter): Promise<{ rows: StaffRow[]; total: number }> {
  const params: unknown[] = [f.ownerId];
  let where = "parent_id = $1 AND type = 'SUB_ADMIN' AND deleted_at IS NULL";
  if (f.search) {
    params.push(`%${escapeLike(f.search)}%`);
    where += ` AND (email ILIKE $2 OR contact_name ILIKE $2)`;
  }
  const total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM accounts WHERE ${where}`, params)).n;
  const column = ORDER[f.sort] ?? 'created_at';
  const dir = f.order === 'asc' ? 'ASC' : 'DESC';
  params.push(f.limit, f.offset);
  const rows = await q.query<StaffRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE ${where}
     ORDER BY ${column} ${dir} NULLS LAST, id ${dir} LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { rows, total };
}

/** A live staff member of this owner, or undefined (another owner's staff does not exist for the caller). */
export function findStaffRow(q: Queryable, ownerId: number, id: number): Promise<StaffRow | undefined> {
  return q.maybeOne<StaffRow>(
    `SELECT ${COLUMNS} FROM accounts WHERE id = $1 AND parent_id = $2 AND type = 'SUB_ADMIN' AND deleted_at IS NULL`,
    [id, ownerId],
  );
}

export async function updateStaffRow(
  q: Queryable,
  id: number,
  f: { name?: string; role?: string; authority?: 'VIEW' | 'EDIT'; licenseIssue?: boolean },
): Promise<void> {
  await q.query(
    `UPDATE accounts SET contact_name = COALESCE($2, contact_name), staff_role = COALESCE($3, staff_role),
       authority = COALESCE($4, authority), license_issue = COALESCE($5, license_issue), updated_at = now() WHERE id = $1`,
    [id, f.name ?? null, f.role ?? null, f.authority ?? null, f.licenseIssue ?? null],
  );
}

/** The live staff of an owner (ids), for ending their sessions with the owner's. */
export async function staffIdsOf(q: Queryable, ownerId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>("SELECT id FROM accounts WHERE parent_id = $1 AND type = 'SUB_ADMIN' AND deleted_at IS NULL", [
    ownerId,
  ]);
  return rows.map((r) => Number(r.id));
}

/** Whether live accounts other than the owner and its own staff sit below it (its customers and theirs). */
export async function hasLiveCustomers(q: Queryable, owner: { id: number; path: string }): Promise<boolean> {
  const row = await q.maybeOne(
    `SELECT 1 FROM accounts WHERE path LIKE $1 AND id <> $2 AND deleted_at IS NULL
       AND NOT (parent_id = $2 AND type = 'SUB_ADMIN') LIMIT 1`,
    [`${escapeLike(owner.path)}%`, owner.id],
  );
  return Boolean(row);
}

export async function setProfileImageUrl(q: Queryable, id: number, url: string | null): Promise<void> {
  await q.query('UPDATE accounts SET profile_image_url = $2, updated_at = now() WHERE id = $1', [id, url]);
}

export async function setLicenseIssue(q: Queryable, id: number, licenseIssue: boolean): Promise<void> {
  await q.query('UPDATE accounts SET license_issue = $2 WHERE id = $1', [id, licenseIssue]);
}
