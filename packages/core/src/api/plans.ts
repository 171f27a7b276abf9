import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { requiredString } from '../validation.js';
import { id, paged, pageQuery } from './common.js';

// Plan management (back-office.md 3 "Plan", 4): the platform master manages the platform's plans, an OEM
// master its own. Plans are versioned: a plan in use is never edited in place (see docs/decisions.md "Plan versions").

export const PLAN_CONTRACT_TYPES = ['trial', 'light', 'standard', 'premium', 'pro', 'ep_oem'] as const;
export type PlanContractType = (typeof PLAN_CONTRACT_TYPES)[number];

/** The feature flags of a plan: the seven of back-office.md 3 in the spec's order, then experiments (A/B tests). */
export const PLAN_FLAGS = [
  'swipe',
  'privateDomain',
  'settingPopupCta',
  'settingFormContact',
  'analyticsEffect',
  'settingTagSeo',
  'multiLanguage',
  'experiments',
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** Quotas and prices: whole numbers under 10 digits (a limit field is under 10 characters, back-office.md 5). */
export const PLAN_NUMBER_MAX = 999_999_999;
/** A plan's name in each language (the form shows it and refuses more; the server refuses it too). */
export const PLAN_NAME_MAX = LIMITS.text;
const count = (min: number) => z.number().int().min(min).max(PLAN_NUMBER_MAX);

/** The name in each language: Japanese required, the others optional (empty falls back to Japanese). */
export const planNames = z.object({
  ja: requiredString(PLAN_NAME_MAX),
  en: z.string().trim().max(PLAN_NAME_MAX).default(''),
  kr: z.string().trim().max(PLAN_NAME_MAX).default(''),
  cn: z.string().trim().max(PLAN_NAME_MAX).default(''),
});
export type PlanNames = z.output<typeof planNames>;

// a flag added after the spec's seven (experiments) may be left out by older clients: off
const flagFields = Object.fromEntries(PLAN_FLAGS.map((f) => [f, f === 'experiments' ? z.boolean().default(false) : z.boolean()])) as Record<
  PlanFlag,
  z.ZodBoolean
>;

/** POST /plans and PUT /plans/{id}: the whole plan. */
export const planBody = z.object({
  names: planNames,
  contractType: z.enum(PLAN_CONTRACT_TYPES),
  /** monthly fee in yen, tax excluded */
  price: count(0),
  quantitySwipe: count(1),
  quantitySite: count(0),
  /** page views a month included (0: no limit is billed) */
  limitAccess: count(0),
  /** yen per started block of page views over limitAccess */
  limitAccessPrice: count(0),
  ...flagFields,
});
export type PlanBody = z.output<typeof planBody>;

export const PLAN_SORTS = ['name', 'type', 'price', 'accounts', 'updated'] as const;
export type PlanSort = (typeof PLAN_SORTS)[number];
export const PLAN_STATUSES = ['active', 'archived', 'all'] as const;

/** GET /plans: the caller's plans, one row per family (its latest version). */
export const planListQuery = pageQuery.extend({
  status: z.enum(PLAN_STATUSES).default('active'),
  sort: z.enum(PLAN_SORTS).default('price'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PlanListQuery = z.output<typeof planListQuery>;
/** GET /plans/export-csv: the same filters and order, no paging. */
export const planCsvQuery = planListQuery.omit({ page: true, pageSize: true });

export const planView = planBody.extend({
  id: z.number().int(),
  familyId: z.number().int(),
  version: z.number().int(),
  /** the Japanese name (what lists and history show) */
  name: z.string(),
  /** live accounts holding this version now */
  accounts: z.number().int(),
  /** live accounts holding any older version of the family */
  accountsOnOlder: z.number().int(),
  archived: z.boolean(),
  /** a newer version exists (only the latest is assignable) */
  superseded: z.boolean(),
  /** an account or its history ever held it: edits make a new version, and it is archived, never deleted */
  used: z.boolean(),
  updatedAt: z.string(),
});
export type PlanView = z.output<typeof planView>;
export const planList = paged(planView);
export type PlanList = z.output<typeof planList>;

/** GET /plans/{id}: a version with every version of its family, newest first, and how many accounts hold each. */
export const planDetail = planView.extend({
  versions: z.array(
    z.object({
      id: z.number().int(),
      version: z.number().int(),
      accounts: z.number().int(),
      price: z.number().int(),
      superseded: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type PlanDetail = z.output<typeof planDetail>;

/** PUT /plans/{id}: the saved version, and whether the edit made a new one (the old one kept `keptAccounts`). */
export const planSaved = z.object({ plan: planView, newVersion: z.boolean(), keptAccounts: z.number().int() });
export type PlanSaved = z.output<typeof planSaved>;

/** POST /plans/{id}/move-to-latest: every account on that old version, or one of them, gets the latest from next month. */
export const moveToLatestBody = z.object({ accountId: id.optional() });
export const moveToLatestResult = z.object({ scheduled: z.number().int(), latestId: z.number().int() });
export type MoveToLatestResult = z.output<typeof moveToLatestResult>;
