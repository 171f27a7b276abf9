import type { AccountType, Authority, MenuEntry } from '@swipe/core';
import { canUseMenu, USER_TYPE_PATH } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import { forbidden, notFound } from '../../errors.js';
import { accountClosed } from './repo/contract.js';

/** The signed-in operator, as the services see it. */
export interface Actor {
  id: number;
  type: AccountType;
  /** a sub-admin takes its parent's type */
  effectiveType: Exclude<AccountType, 'SUB_ADMIN'>;
  /** materialized path prefix of everything this actor may see (a sub-admin: its parent's) */
  scopePath: string;
  /** the account that owns what this actor creates (a sub-admin creates for its parent) */
  ownerId: number;
  authority: Authority;
  /** a sub-admin's role among its owner's staff (MAIN_CONTACT, VIEWER, EDITOR); null for owners */
  staffRole: string | null;
  email: string;
  mustChangePassword: boolean;
  planId: number | null;
}

export interface AccountRow {
  id: number;
  parent_id: number | null;
  type: AccountType;
  path: string;
  email: string;
  password_hash: string;
  company_name: string;
  contact_name: string;
  authority: Authority;
  staff_role: string | null;
  license_issue: boolean;
  must_change_password: boolean;
  contract_status: string;
  plan_id: number | null;
  contract_start: string | null;
  contract_end: string | null;
  logo_url: string | null;
  profile_image_url: string | null;
  language: string;
  token_version: number;
  deleted_at: string | null;
  created_at: string;
  parent_type?: AccountType | null;
  parent_path?: string | null;
  parent_plan_id?: number | null;
  /** the worst contract status from the root down to this account (repo.ts computes it) */
  chain_status?: 'ACTIVE' | 'SUSPENDED' | 'TERMINATED';
}

export function actorFromRow(row: AccountRow): Actor {
  const isSub = row.type === 'SUB_ADMIN';
  const effectiveType = (isSub ? (row.parent_type ?? 'USER') : row.type) as Actor['effectiveType'];
  return {
    id: row.id,
    type: row.type,
    effectiveType: effectiveType === ('SUB_ADMIN' as string) ? 'USER' : effectiveType,
    scopePath: isSub ? (row.parent_path ?? row.path) : row.path,
    ownerId: isSub ? (row.parent_id ?? row.id) : row.id,
    authority: row.authority,
    staffRole: isSub ? row.staff_role : null,
    email: row.email,
    mustChangePassword: row.must_change_password,
    planId: isSub ? (row.parent_plan_id ?? null) : row.plan_id,
  };
}

export function userTypePath(actor: Pick<Actor, 'effectiveType'>): string {
  return USER_TYPE_PATH[actor.effectiveType];
}

/**
 * The one scoping mechanism: every service query that touches tenant data filters by the owner's
 * path with this fragment. Outside the subtree a resource does not exist (404), never 403.
 */
export function scopeSql(actor: Actor, ownerPathColumn: string, paramIndex: number): { sql: string; param: string } {
  return { sql: `${ownerPathColumn} LIKE $${paramIndex}`, param: `${actor.scopePath.replace(/[\\%_]/g, '\\$&')}%` };
}

export function inScope(actor: Actor, path: string): boolean {
  return path.startsWith(actor.scopePath);
}

export function assertInScope(actor: Actor, path: string | null | undefined): void {
  if (!path || !inScope(actor, path)) throw notFound();
}

/**
 * The one rule for changing a tenant's data: its owner's contract must be open. Once the owner, or an account above
 * it, is terminated or deleted, what it owns (its sites and all that hangs on them: forms, media, surveys,
 * notifications, previews, domains, analytics settings) is read-only for everyone, the owners above and the
 * platform master included: 403 ACCOUNT_TERMINATED, as the contract screens answer. Every service that changes
 * such data asks it through its scoping for a change (sites' scopedSite with `lock`, surveys, media, ...).
 */
export async function assertOwnerOpen(q: Queryable, ownerAccountId: number): Promise<void> {
  if (await accountClosed(q, ownerAccountId)) throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
}

/** Changes need edit authority (a view-authority account or staff member may only read). */
export function assertCanEdit(actor: Actor): void {
  if (actor.authority !== 'EDIT') throw forbidden();
}

/** The menu by role (core/menu.ts) enforced on the server: an entry the caller may not use is 403. */
export function assertMenu(actor: Actor, entry: MenuEntry): void {
  if (!canUseMenu(actor, entry)) throw forbidden();
}
