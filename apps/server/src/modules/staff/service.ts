import { authorityForRole, type InviteStaffBody, type StaffListQuery, type StaffView, type UpdateStaffBody } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { conflict, forbidden, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { randomToken } from '../../lib/crypto.js';
import { hitLimits, type Limit } from '../../lib/ratelimit.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import {
  accountsChanged,
  awaitsPasswordSetup,
  bumpTokenVersion,
  emailTaken,
  findAccountById,
  findStaffRow,
  insertAccount,
  listStaffRows,
  type StaffRow,
  setLicenseIssue,
  softDeleteAccounts,
  UNUSABLE_PREFIX,
  updateStaffRow,
} from '../accounts/service.js';
import { recordContractHistory } from '../contracts/service.js';

// Admin staff (back-office.md 3, 6): an owner's sub-admins, managed by the owner or by a
// staff member who is its main contact with edit authority (core/menu.ts 'admin_settings'). A staff
// member never changes itself here, nor its owner (not staff: 404), nor grants more than it has.

/** The auth module's job (staff may not import auth): a set-up link by mail for a new account. */
const SETUP_JOB = 'auth.account_setup';

/** Invitations mail strangers: at most 30 an hour per owner, and 3 set-up mails an hour per member (429 past them). */
export const INVITE_LIMIT: Limit = { max: 30, windowSeconds: 3600 };
export const RESEND_LIMIT: Limit = { max: 3, windowSeconds: 3600 };

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

function presentStaff(r: StaffRow): StaffView {
  return {
    id: Number(r.id),
    name: r.contact_name,
    email: r.email,
    role: (r.staff_role ?? 'EDITOR') as StaffView['role'],
    authority: r.authority,
    licenseIssue: r.license_issue,
    status: awaitsPasswordSetup(r) ? 'PENDING' : 'ACTIVE',
    lastLoginAt: iso(r.last_login_at),
    createdAt: iso(r.created_at) as string,
  };
}

const notSelf = () => forbidden('server.staff_not_self', 'STAFF_SELF');
const exceeds = () => forbidden('server.staff_authority_exceeds', 'AUTHORITY_EXCEEDED');

/** Who may manage staff, and may it give what is asked: edit authority and licence issue only if it has them. */
async function assertMayGrant(ctx: AppContext, actor: Actor, grant: { authority?: 'VIEW' | 'EDIT'; licenseIssue?: boolean }) {
  assertMenu(actor, 'admin_settings');
  assertCanEdit(actor);
  if (grant.authority === 'EDIT' && actor.authority !== 'EDIT') throw exceeds();
  if (grant.licenseIssue && actor.type === 'SUB_ADMIN' && !(await findAccountById(ctx.db, actor.id))?.license_issue) throw exceeds();
}

async function ownStaff(ctx: AppContext, actor: Actor, id: number): Promise<StaffRow> {
  const row = await findStaffRow(ctx.db, actor.ownerId, id);
  if (!row) throw notFound();
  if (Number(row.id) === actor.id) throw notSelf();
  return row;
}

export async function listStaff(ctx: AppContext, actor: Actor, p: StaffListQuery) {
  assertMenu(actor, 'admin_settings');
  const { rows, total } = await listStaffRows(ctx.db, {
    ownerId: actor.ownerId,
    search: p.search,
    sort: p.sort,
    order: p.order,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
  });
  return { items: rows.map(presentStaff), total, page: p.page, pageSize: p.pageSize };
}

/**
 * Invites a staff member: a SUB_ADMIN of the caller's owner with no password, and the set-up mail job
 * in the same transaction (the link lets it choose its password once, within 7 days).
 */
export async function inviteStaff(ctx: AppContext, actor: Actor, input: InviteStaffBody, lang: string): Promise<StaffView> {
  const authority = authorityForRole(input.role, input.authority);
  await assertMayGrant(ctx, actor, { authority, licenseIssue: input.licenseIssue });
  await hitLimits(ctx.kv, [{ key: `staff-invite:${actor.ownerId}`, limit: INVITE_LIMIT }]);
  const now = ctx.clock.now();
  return ctx.db.tx(async (q) => {
    if (await emailTaken(q, input.email)) throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    const row = await insertAccount(q, {
      createdAt: now,
      parentId: actor.ownerId,
      type: 'SUB_ADMIN',
      email: input.email,
      // no password until the member sets one through the link (no password matches this hash)
      passwordHash: `${UNUSABLE_PREFIX}${randomToken(16)}`,
      contactName: input.name,
      authority,
      staffRole: input.role,
      mustChangePassword: false,
    });
    if (input.licenseIssue) await setLicenseIssue(q, row.id, true);
    await recordContractHistory(q, now, { accountId: row.id, executorId: actor.id, content: 'created', to: 'ACTIVE' });
    await enqueueJob(q, SETUP_JOB, { accountId: row.id, lang }, { maxAttempts: 5 });
    return presentStaff((await findStaffRow(q, actor.ownerId, row.id)) as StaffRow);
  });
}

/** Sends a pending member a fresh set-up link (the earlier one stops working). */
export async function resendInvite(ctx: AppContext, actor: Actor, id: number, lang: string): Promise<void> {
  await assertMayGrant(ctx, actor, {});
  const row = await ownStaff(ctx, actor, id);
  if (!awaitsPasswordSetup(row)) throw conflict('server.conflict', 'ALREADY_ACTIVE');
  await hitLimits(ctx.kv, [{ key: `staff-resend:${row.id}`, limit: RESEND_LIMIT }]);
  await ctx.db.tx((q) => enqueueJob(q, SETUP_JOB, { accountId: Number(row.id), lang }, { maxAttempts: 5 }));
}

export async function updateStaff(ctx: AppContext, actor: Actor, id: number, input: UpdateStaffBody): Promise<StaffView> {
  assertMenu(actor, 'admin_settings');
  assertCanEdit(actor);
  const current = await ownStaff(ctx, actor, id);
  const role = input.role ?? (current.staff_role as StaffView['role'] | null) ?? 'EDITOR';
  const authority = authorityForRole(role, input.authority ?? current.authority);
  // only what changes is a grant: keeping another member's edit authority is not giving it
  await assertMayGrant(ctx, actor, {
    authority: authority !== current.authority ? authority : undefined,
    licenseIssue: input.licenseIssue === true && !current.license_issue,
  });
  await ctx.db.tx((q) => updateStaffRow(q, Number(current.id), { name: input.name, role, authority, licenseIssue: input.licenseIssue }));
  await accountsChanged(ctx, [Number(current.id)]);
  return presentStaff((await findStaffRow(ctx.db, actor.ownerId, Number(current.id))) as StaffRow);
}

/** Removes (soft) a staff member; its sessions end at once. */
export async function removeStaff(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await assertMayGrant(ctx, actor, {});
  const row = await ownStaff(ctx, actor, id);
  const ids = [Number(row.id)];
  await ctx.db.tx(async (q) => {
    await bumpTokenVersion(q, ids);
    await softDeleteAccounts(q, ids, ctx.clock.now());
  });
  await accountsChanged(ctx, ids);
}
