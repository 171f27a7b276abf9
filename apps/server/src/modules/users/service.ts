import {
  type AccountListQuery,
  type AccountType,
  type AssignablePlan,
  CHILD_TYPES,
  type CreateAccountBody,
  canUseMenu,
  checkContractDates,
  japanDay,
  type SiteSummary,
  type UpdateAccountBody,
  type UserDetail,
  type UserList,
  type UserSummary,
} from '@swipe/core';
import type { Lang } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { conflict, fieldError, forbidden, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { randomToken } from '../../lib/crypto.js';
import { csvDocument } from '../../lib/csv.js';
import { type AccountRow, type Actor, actorFromRow, assertCanEdit, assertInScope, assertMenu, scopeSql } from '../accounts/actor.js';
import {
  type AccountFields,
  accountsChanged,
  emailTaken,
  insertAccount,
  UNUSABLE_PREFIX,
  updateAccountFields,
} from '../accounts/service.js';
import { followDates, recordContractHistory, statusByDates } from '../contracts/service.js';
import { assertAssignablePlan, plansChanged, plansInSubtree, plansOfferedTo } from '../plans/service.js';
import { presentHistory, presentUser } from './presenter.js';
import { findUserRow, listAccountRows, listContractHistory, type UserRow } from './repo.js';

// The user screens (back-office.md 2: user list, detail, create, update, history, CSV): accounts below the caller,
// with their plans and contracts. This module owns no table: it sits above accounts, plans and contracts and
// changes them through their services.

export { createMaster } from './master.js';

/** A tenant's sites (a count and the newest few): the sites module's list, given in at start (modules/index.ts). */
type SitesOf = (ctx: AppContext, owner: Actor, limit: number) => Promise<{ total: number; items: SiteSummary[] }>;
let sitesOf: SitesOf = async () => ({ total: 0, items: [] });
/** sites imports accounts, so users never imports sites: the module list wires the user detail's site list. */
export function registerUserSites(fn: SitesOf): void {
  sitesOf = fn;
}
const DETAIL_SITES = 5;

/** The actor itself, its owner (a sub-admin's parent) and anything above: never changed by the actor. */
function isSelfOrAbove(actor: Actor, row: AccountRow): boolean {
  return row.id === actor.id || row.id === actor.ownerId || actor.scopePath.startsWith(row.path);
}

/** Staff are managed from the admin settings as well as from the user list; every other account from the user list. */
function assertAccountMenu(actor: Actor, type: AccountType): void {
  if (type === 'SUB_ADMIN' && canUseMenu(actor, 'admin_settings')) return;
  assertMenu(actor, 'user_list');
}

/** An account of the subtree as the user screens show it (404 outside the subtree, then the menu rule). */
async function scopedUser(ctx: AppContext, actor: Actor, id: number): Promise<UserRow> {
  const row = await findUserRow(ctx.db, id);
  if (!row) throw notFound();
  assertInScope(actor, row.path);
  assertAccountMenu(actor, row.type);
  return row;
}

export async function getAccount(ctx: AppContext, actor: Actor, id: number): Promise<UserDetail> {
  const row = await scopedUser(ctx, actor, id);
  const sites = await sitesOf(ctx, actorFromRow(row), DETAIL_SITES);
  return {
    ...presentUser(row),
    sites: {
      total: sites.total,
      items: sites.items.map((x) => ({ id: x.id, name: x.name, status: x.status, url: x.url, parentAccount: x.parentAccount })),
    },
  };
}

function listFilter(actor: Actor, p: Omit<AccountListQuery, 'page' | 'pageSize'>) {
  return {
    scopeParam: scopeSql(actor, 'a.path', 1).param,
    excludeId: actor.id,
    search: p.search,
    type: p.type,
    status: p.status,
    planId: p.planId,
    sort: p.sort,
    order: p.order,
  };
}

export async function listAccounts(ctx: AppContext, actor: Actor, p: AccountListQuery): Promise<UserList> {
  assertMenu(actor, 'user_list');
  const { rows, total } = await listAccountRows(ctx.db, { ...listFilter(actor, p), limit: p.pageSize, offset: (p.page - 1) * p.pageSize });
  return { items: rows.map(presentUser), total, page: p.page, pageSize: p.pageSize };
}

const CSV_MAX_ROWS = 50_000;
const CSV_COLUMNS = [
  'company',
  'email',
  'contact',
  'type',
  'plan',
  'next_plan',
  'contract_start',
  'contract_end',
  'parent',
  'status',
] as const;
/** A day in Japan time (contract dates already are days; created_at is an instant). */

/** The user list as CSV (BOM, formula-safe cells, dates in Japan time): the caller's subtree with the list's filters and order. */
export async function exportAccountsCsv(
  ctx: AppContext,
  actor: Actor,
  p: Omit<AccountListQuery, 'page' | 'pageSize'>,
  t: (key: string) => string,
): Promise<string> {
  assertMenu(actor, 'user_list');
  const { rows } = await listAccountRows(ctx.db, { ...listFilter(actor, p), limit: CSV_MAX_ROWS, offset: 0 });
  const head = [
    ...CSV_COLUMNS.map((c) => t(`server.users_csv_${c}`)),
    t('server.users_csv_authority'),
    t('server.users_csv_license'),
    t('server.users_csv_created'),
  ];
  const body = rows.map((r) => [
    r.company_name,
    r.email,
    r.contact_name,
    t(`server.account_type_${r.type.toLowerCase()}`),
    r.plan_name ?? '',
    r.next_plan_name ?? '',
    r.contract_start_day ?? '',
    r.contract_end_day ?? '',
    r.parent_company ?? '',
    t(`server.contract_status_${r.contract_status.toLowerCase()}`),
    t(r.authority === 'EDIT' ? 'server.authority_edit' : 'server.authority_view'),
    t(r.license_issue ? 'server.license_granted' : 'server.license_not_granted'),
    japanDay(r.created_at),
  ]);
  return csvDocument([head, ...body]);
}

export async function accountHistory(ctx: AppContext, actor: Actor, id: number, p: { page: number; pageSize: number }) {
  await scopedUser(ctx, actor, id);
  const { rows, total } = await listContractHistory(ctx.db, id, p.pageSize, (p.page - 1) * p.pageSize);
  return { items: rows.map(presentHistory), total, page: p.page, pageSize: p.pageSize };
}

/**
 * The plans the caller may give an account of this type (decisions.md "Plan assignment"): none for staff;
 * inside an OEM master's subtree that OEM master's own plans; elsewhere the platform's.
 */
export async function assignablePlans(ctx: AppContext, actor: Actor, type?: AccountType): Promise<{ items: AssignablePlan[] }> {
  assertMenu(actor, 'user_list');
  if (type === 'SUB_ADMIN') return { items: [] };
  const plans = await plansOfferedTo(ctx.db, actor);
  return { items: plans.map((x) => ({ id: Number(x.id), name: x.name, price: Number(x.price) })) };
}

/** The plans held by accounts of the caller's subtree (the list's plan filter). */
export async function plansInUse(ctx: AppContext, actor: Actor): Promise<{ items: AssignablePlan[] }> {
  assertMenu(actor, 'user_list');
  const plans = await plansInSubtree(ctx.db, scopeSql(actor, 'a.path', 1).param, actor.id);
  return { items: plans.map((x) => ({ id: Number(x.id), name: x.name, price: Number(x.price) })) };
}

export type CreateAccountInput = CreateAccountBody;

/** Two saves racing for one e-mail: the unique index refuses the second, which is the same 409 as the check. */
function emailRace<T>(p: Promise<T>): Promise<T> {
  return p.catch((e: unknown) => {
    if ((e as { code?: unknown }).code === '23505') throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    throw e;
  });
}

/** A password hash no password matches: the account's owner sets one through the mailed set-up link. */
const unusablePassword = () => `${UNUSABLE_PREFIX}${randomToken(16)}`;

/** The auth module's job (accounts may not import auth): mails a one-time set-up link (7 days). */
export const ACCOUNT_SETUP_JOB = 'auth.account_setup';

/**
 * Creates a child account of the caller's tenant; the type must be one the caller's type may create. It gets
 * no password: the set-up link is queued in the same transaction.
 */
export async function createAccount(ctx: AppContext, actor: Actor, input: CreateAccountInput, lang: Lang): Promise<UserSummary> {
  assertAccountMenu(actor, input.type);
  assertCanEdit(actor);
  if (!CHILD_TYPES[actor.effectiveType].includes(input.type)) throw forbidden();
  const now = ctx.clock.now();
  const dates = { contract_start: input.contractStart ?? null, contract_end: input.contractEnd ?? null };
  // the status its dates give today, at once (INACTIVE before the start or after the end)
  const status = statusByDates(dates, japanDay(now));
  const created = ctx.db.tx(async (q) => {
    await assertAssignablePlan(q, actor, input.type, input.planId);
    if (await emailTaken(q, input.email)) throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    const row = await insertAccount(q, {
      parentId: actor.ownerId,
      type: input.type,
      email: input.email,
      passwordHash: unusablePassword(),
      companyName: input.companyName,
      contactName: input.contactName,
      authority: input.authority,
      staffRole: input.type === 'SUB_ADMIN' ? (input.staffRole ?? 'EDITOR') : null,
      planId: input.planId ?? null,
      mustChangePassword: false,
      contractStart: dates.contract_start,
      contractEnd: dates.contract_end,
      contractStatus: status,
      createdAt: now,
    });
    await updateAccountFields(q, row.id, { licenseIssue: input.licenseIssue, logoUrl: input.logoUrl || null, language: lang });
    await recordContractHistory(q, now, { accountId: row.id, executorId: actor.id, content: 'created', to: status, planId: input.planId });
    await enqueueJob(q, ACCOUNT_SETUP_JOB, { accountId: row.id, lang });
    return presentUser((await findUserRow(q, row.id)) as UserRow);
  });
  return emailRace(created);
}

/** Mails a new set-up link to an account that has not set its password yet (409 once it has). */
export async function resendSetup(ctx: AppContext, actor: Actor, id: number, lang: Lang): Promise<void> {
  assertCanEdit(actor);
  const row = await scopedUser(ctx, actor, id);
  if (isSelfOrAbove(actor, row)) throw forbidden();
  if (row.contract_status === 'TERMINATED') throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (!row.setup_pending) throw conflict('server.setup_done', 'SETUP_DONE');
  await ctx.db.tx((q) => enqueueJob(q, ACCOUNT_SETUP_JOB, { accountId: id, lang }));
}

/**
 * Edits an account below the caller. Its own profile names are the caller's to change too, but never
 * its own authority, plan or contract, nor anything of its owner or the accounts above.
 * A plan: an account without one gets it at once; one with a plan gets it from next month (null cancels that).
 */
export async function updateAccount(ctx: AppContext, actor: Actor, id: number, input: UpdateAccountBody): Promise<UserSummary> {
  assertCanEdit(actor);
  const row = await scopedUser(ctx, actor, id);
  if (row.contract_status === 'TERMINATED') throw forbidden('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (row.id !== actor.id && isSelfOrAbove(actor, row)) throw forbidden();
  const own = row.id === actor.id;
  const contract = input.authority ?? input.planId ?? input.contractStart ?? input.contractEnd ?? input.licenseIssue;
  if (own && (contract !== undefined || input.planId === null)) throw forbidden();
  // an open end (no end date) is a valid contract for every edit and plan change
  const range = checkContractDates(
    input.contractStart === undefined ? row.contract_start_day : input.contractStart,
    input.contractEnd === undefined ? row.contract_end_day : input.contractEnd,
  );
  if (range) throw fieldError('contractEnd', range);
  const now = ctx.clock.now();
  const { planId, logoUrl, ...rest } = input;
  const fields: AccountFields = { ...rest, logoUrl: logoUrl === undefined ? undefined : logoUrl || null };
  const history: { content: string; planId?: number | null }[] = [];
  const datesChanged =
    (input.contractStart !== undefined && input.contractStart !== row.contract_start_day) ||
    (input.contractEnd !== undefined && input.contractEnd !== row.contract_end_day);
  const saved = ctx.db.tx(async (q) => {
    if (input.email && input.email.toLowerCase() !== row.email.toLowerCase() && (await emailTaken(q, input.email)))
      throw conflict('validation.email_taken', 'EMAIL_TAKEN');
    if (planId !== undefined) {
      const current = row.type === 'SUB_ADMIN' ? null : row.plan_id === null ? null : Number(row.plan_id);
      // the current plan (an old version included) cancels a booking: only another plan must be assignable
      if (planId !== null && planId !== current) await assertAssignablePlan(q, actor, row.type, planId);
      if (current === null && planId !== null) {
        fields.planId = planId;
        history.push({ content: 'plan_assigned', planId });
      } else if (planId === null || planId === current) {
        if (row.next_plan_id !== null) history.push({ content: 'plan_change_cancelled' });
        fields.nextPlanId = null;
      } else if (planId !== Number(row.next_plan_id)) {
        fields.nextPlanId = planId;
        history.push({ content: 'plan_change_scheduled', planId });
      }
    }
    if (datesChanged) history.push({ content: 'contract_period_changed' });
    await updateAccountFields(q, id, fields);
    for (const h of history)
      await recordContractHistory(q, now, {
        accountId: id,
        executorId: actor.id,
        content: h.content,
        to: row.contract_status,
        planId: h.planId,
      });
    // new dates: the status they give today, at once (not at the next daily run)
    return datesChanged ? followDates(q, now, actor.id, id) : [];
  });
  const moved = await emailRace(saved);
  await accountsChanged(ctx, [id, ...moved]);
  // a plan given at once changes what the account's visitors get now
  if (fields.planId !== undefined) await plansChanged(ctx, [id]);
  return presentUser((await findUserRow(ctx.db, id)) as UserRow);
}
