import {
  japanDay,
  type MoveToLatestResult,
  PLAN_FLAGS,
  type PlanBody,
  type PlanDetail,
  type PlanList,
  type PlanListQuery,
  type PlanSaved,
  type PlanView,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { csvDocument } from '../../lib/csv.js';
import { type Actor, assertCanEdit, assertMenu, scopeSql } from '../accounts/actor.js';
import { accountsChanged, bookPlanVersion } from '../accounts/service.js';
import { recordHistory } from '../contracts/service.js';
import {
  deletePlanRow,
  familyVersionIds,
  findLatestVersion,
  findManagedPlan,
  insertPlanVersion,
  listFamilyVersions,
  listManagedPlans,
  type ManagedPlanRow,
  markSuperseded,
  setFamilyArchived,
  updatePlanInPlace,
} from './repo/manage.js';

// Plan management (docs/decisions.md "Plan versions"). The platform master manages the platform's plans
// (owner NULL), an OEM master its own (owner = itself); the menu matrix refuses everyone else (403), and another
// owner's plan does not exist (404). A plan no account ever used is edited in place; one in use gets a new version
// that new assignments take while accounts keep theirs until moved (next month's plan, like any plan change).

/** Whose plans the caller manages: null for the platform (MASTER), the OEM master's id for an OEM master. */
function ownerOf(actor: Actor): number | null {
  assertMenu(actor, 'plan_management');
  return actor.effectiveType === 'MASTER' ? null : actor.ownerId;
}

const names = (r: ManagedPlanRow): PlanView['names'] => {
  const n = (typeof r.names === 'string' ? JSON.parse(r.names) : r.names) as Partial<PlanView['names']>;
  return { ja: n.ja || r.name, en: n.en ?? '', kr: n.kr ?? '', cn: n.cn ?? '' };
};
const iso = (v: string | Date): string => new Date(v).toISOString();

export function presentPlan(r: ManagedPlanRow): PlanView {
  return {
    id: Number(r.id),
    familyId: Number(r.family),
    version: Number(r.version),
    name: r.name,
    names: names(r),
    contractType: r.contract_type as PlanView['contractType'],
    price: Number(r.price),
    quantitySwipe: Number(r.quantity_swipe),
    quantitySite: Number(r.quantity_site),
    limitAccess: Number(r.limit_access),
    limitAccessPrice: Number(r.limit_access_price),
    swipe: Boolean(r.swipe),
    privateDomain: Boolean(r.private_domain),
    settingPopupCta: Boolean(r.setting_popup_cta),
    settingFormContact: Boolean(r.setting_form_contact),
    analyticsEffect: Boolean(r.analytics_effect),
    settingTagSeo: Boolean(r.setting_tag_seo),
    multiLanguage: Boolean(r.multi_language),
    experiments: Boolean(r.experiments),
    accounts: Number(r.accounts),
    accountsOnOlder: Number(r.accounts_on_older),
    archived: r.archived_at !== null,
    superseded: r.superseded_at !== null,
    used: Boolean(r.used),
    updatedAt: iso(r.updated_at),
  };
}

const archivedError = () => conflict('server.plan_archived', 'PLAN_ARCHIVED');

async function owned(q: Queryable, actor: Actor, id: number, lock = false): Promise<ManagedPlanRow> {
  const row = await findManagedPlan(q, ownerOf(actor), id, lock);
  if (!row) throw notFound();
  return row;
}

export async function listPlans(ctx: AppContext, actor: Actor, p: PlanListQuery): Promise<PlanList> {
  const { rows, total } = await listManagedPlans(ctx.db, ownerOf(actor), p);
  return { items: rows.map(presentPlan), total, page: p.page, pageSize: p.pageSize };
}

/** The plan list as a CSV file (BOM, formula-safe cells, the day in Japan time): the same filters and order, no paging. */
export async function exportPlansCsv(
  ctx: AppContext,
  actor: Actor,
  p: Omit<PlanListQuery, 'page' | 'pageSize'>,
  t: (key: string) => string,
): Promise<string> {
  const { rows } = await listManagedPlans(ctx.db, ownerOf(actor), { ...p, page: 1, pageSize: CSV_MAX_PLANS });
  const plans = rows.map(presentPlan);
  const head = PLAN_CSV_COLUMNS.map((c) => t(`server.plans_csv_${c}`));
  const body = plans.map((x) => [
    x.names.ja,
    x.names.en,
    x.contractType,
    x.price,
    x.quantitySwipe,
    x.quantitySite,
    x.limitAccess,
    x.limitAccessPrice,
    PLAN_FLAGS.filter((f) => x[f]).join(' '),
    x.version,
    x.accounts,
    t(x.archived ? 'server.plans_csv_archived' : 'server.plans_csv_active'),
    japanDay(x.updatedAt),
  ]);
  return csvDocument([head, ...body]);
}

const CSV_MAX_PLANS = 10_000;
const PLAN_CSV_COLUMNS = [
  'name_ja',
  'name_en',
  'type',
  'price',
  'quantity_swipe',
  'quantity_site',
  'limit_access',
  'limit_access_price',
  'flags',
  'version',
  'accounts',
  'status',
  'updated',
] as const;

export async function getPlan(ctx: AppContext, actor: Actor, id: number): Promise<PlanDetail> {
  const row = await owned(ctx.db, actor, id);
  const versions = await listFamilyVersions(ctx.db, Number(row.family));
  return {
    ...presentPlan(row),
    versions: versions.map((v) => ({
      id: Number(v.id),
      version: Number(v.version),
      accounts: Number(v.accounts),
      price: Number(v.price),
      superseded: v.superseded_at !== null,
      createdAt: iso(v.created_at),
    })),
  };
}

export async function createPlan(ctx: AppContext, actor: Actor, body: PlanBody): Promise<PlanView> {
  const owner = ownerOf(actor);
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    const id = await insertPlanVersion(q, owner, body);
    return presentPlan((await findManagedPlan(q, owner, id)) as ManagedPlanRow);
  });
}

/**
 * Edits the latest version (an older one is 409: edit the latest). Never used: in place. Used (an account holds or
 * held it, or one is booked onto it): a new version of the family; the old row is superseded and its accounts stay.
 */
export async function updatePlan(ctx: AppContext, actor: Actor, id: number, body: PlanBody): Promise<PlanSaved> {
  const owner = ownerOf(actor);
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    const row = await owned(q, actor, id, true);
    if (row.superseded_at !== null) throw conflict('server.plan_superseded', 'PLAN_SUPERSEDED');
    if (row.archived_at !== null) throw archivedError();
    if (!row.used) {
      await updatePlanInPlace(q, id, body);
      return { plan: presentPlan((await findManagedPlan(q, owner, id)) as ManagedPlanRow), newVersion: false, keptAccounts: 0 };
    }
    await markSuperseded(q, id);
    const next = await insertPlanVersion(q, owner, body, { id: Number(row.family), version: Number(row.version) });
    return {
      plan: presentPlan((await findManagedPlan(q, owner, next)) as ManagedPlanRow),
      newVersion: true,
      keptAccounts: Number(row.accounts),
    };
  });
}

/** Archives a plan's family (no new assignments; accounts keep it), or restores it. */
export async function archivePlan(ctx: AppContext, actor: Actor, id: number, archived: boolean): Promise<PlanView> {
  const owner = ownerOf(actor);
  assertCanEdit(actor);
  return ctx.db.tx(async (q) => {
    const row = await owned(q, actor, id, true);
    await setFamilyArchived(q, Number(row.family), archived);
    return presentPlan((await findManagedPlan(q, owner, id)) as ManagedPlanRow);
  });
}

/** Deletes a plan nothing ever used (409 otherwise: archive it). */
export async function deletePlan(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanEdit(actor);
  const inUse = () => conflict('server.plan_in_use', 'PLAN_IN_USE');
  await ctx.db
    .tx(async (q) => {
      const row = await owned(q, actor, id, true);
      if (row.used || Number(row.version) > 1) throw inUse();
      await deletePlanRow(q, id);
    })
    .catch((e: unknown) => {
      // a row of another module (a bill) still names it
      if ((e as { code?: unknown }).code === '23503') throw inUse();
      throw e;
    });
}

/**
 * Books the family's latest version as next month's plan for the accounts on version `id` (all of them, or
 * `accountId` only: 404 when that account is not on it). The monthly job applies it at 00:00 JST on the 1st.
 */
export async function moveToLatest(ctx: AppContext, actor: Actor, id: number, accountId?: number): Promise<MoveToLatestResult> {
  assertCanEdit(actor);
  const now = ctx.clock.now();
  const done = await ctx.db.tx(async (q) => {
    const row = await owned(q, actor, id);
    const latest = await findLatestVersion(q, Number(row.family));
    if (!latest || Number(latest.id) === Number(row.id)) throw new AppError(409, 'PLAN_IS_LATEST', 'server.plan_already_latest');
    if (latest.archived_at !== null) throw archivedError();
    // a booking onto another version of the same family is replaced; a change to another plan is the operator's and stays
    const replaceable = (await familyVersionIds(q, Number(row.family))).filter((v) => v !== Number(latest.id));
    const moved = await bookPlanVersion(q, {
      fromId: id,
      latestId: Number(latest.id),
      replaceable,
      scopeParam: scopeSql(actor, 'a.path', 1).param,
      accountId,
    });
    if (accountId !== undefined && moved.length === 0) throw notFound();
    await recordHistory(
      q,
      now,
      moved.map((a) => ({
        accountId: Number(a.id),
        executorId: actor.id,
        content: 'plan_change_scheduled',
        from: a.contract_status,
        to: a.contract_status,
        planId: Number(latest.id),
      })),
    );
    return { ids: moved.map((a) => Number(a.id)), latestId: Number(latest.id) };
  });
  await accountsChanged(ctx, done.ids);
  return { scheduled: done.ids.length, latestId: done.latestId };
}
