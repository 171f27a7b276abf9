import { z } from 'zod';
import { AUTHORITIES, STAFF_ROLES } from '../constants.js';
import { email, requiredString } from '../validation.js';
import { paged, pageQuery } from './common.js';

// Admin staff (back-office.md 3 "Admin staff", 6): the caller's owner's sub-admins under /sub-admin,
// the profile image and the deletion of one's own account.

/** PENDING: invited, the set-up link not used yet; ACTIVE: the password is set. */
export const STAFF_STATUSES = ['PENDING', 'ACTIVE'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffView = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  authority: z.enum(AUTHORITIES),
  licenseIssue: z.boolean(),
  status: z.enum(STAFF_STATUSES),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffView = z.output<typeof staffView>;
export const staffList = paged(staffView);
export type StaffList = z.output<typeof staffList>;

export const STAFF_SORTS = ['name', 'email', 'role', 'created', 'last_login'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];
/** GET /sub-admin: search on name and e-mail, newest first unless sorted. */
export const staffListQuery = pageQuery.extend({
  sort: z.enum(STAFF_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type StaffListQuery = z.output<typeof staffListQuery>;

/** POST /sub-admin: an invitation; the new member sets its own password through the mailed link. A viewer gets view authority. */
export const inviteStaffBody = z.object({
  email,
  name: requiredString(),
  role: z.enum(STAFF_ROLES),
  authority: z.enum(AUTHORITIES),
  licenseIssue: z.boolean().default(false),
});
export type InviteStaffBody = z.output<typeof inviteStaffBody>;

/** PUT /sub-admin/{id} */
export const updateStaffBody = z.object({
  name: requiredString().optional(),
  role: z.enum(STAFF_ROLES).optional(),
  authority: z.enum(AUTHORITIES).optional(),
  licenseIssue: z.boolean().optional(),
});
export type UpdateStaffBody = z.output<typeof updateStaffBody>;

/** The authority a role allows: a viewer only ever views. */
export function authorityForRole(role: StaffRole, authority: (typeof AUTHORITIES)[number]): (typeof AUTHORITIES)[number] {
  return role === 'VIEWER' ? 'VIEW' : authority;
}

/** POST /delete-account: the caller's own account, after its password. */
export const deleteOwnAccountBody = z.object({ password: z.string().min(1, { error: 'validation.required' }).max(200) });
export type DeleteOwnAccountBody = z.output<typeof deleteOwnAccountBody>;
