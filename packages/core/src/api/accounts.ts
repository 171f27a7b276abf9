import { z } from 'zod';
import { ACCOUNT_TYPES, AUTHORITIES, CONTRACT_STATUSES, STAFF_ROLES } from '../constants.js';
import { checkContractDates, email, requiredString } from '../validation.js';
import { id, paged, pageQuery } from './common.js';

/** What a client sees of an operator account (never the hash, never the token version). */
export const accountView = z.object({
  id: z.number().int(),
  email: z.string(),
  type: z.enum(ACCOUNT_TYPES),
  /** a sub-admin takes its parent's type */
  effectiveType: z.enum(ACCOUNT_TYPES),
  /** the path segment of the back-office screens for this account ('master', 'admin', ...) */
  userTypeId: z.string(),
  parentId: z.number().int().nullable(),
  companyName: z.string(),
  contactName: z.string(),
  authority: z.enum(AUTHORITIES),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  licenseIssue: z.boolean(),
  contractStatus: z.enum(CONTRACT_STATUSES),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  planId: z.number().int().nullable(),
  logoUrl: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  language: z.string(),
  mustChangePassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountView = z.output<typeof accountView>;
export const accountList = paged(accountView);
export type AccountList = z.output<typeof accountList>;

/** The columns the user list may be sorted by (a whitelist: the server maps each to one SQL expression). */
export const USER_SORTS = [
  'created',
  'company',
  'email',
  'contact',
  'type',
  'plan',
  'contract_start',
  'contract_end',
  'parent',
  'status',
] as const;
export type UserSort = (typeof USER_SORTS)[number];

/** GET /user: the caller's subtree (itself excluded), searchable, filtered, sorted, paged. */
export const accountListQuery = pageQuery.extend({
  type: z.enum(ACCOUNT_TYPES).optional(),
  status: z.enum(CONTRACT_STATUSES).optional(),
  planId: id.optional(),
  sort: z.enum(USER_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type AccountListQuery = z.output<typeof accountListQuery>;
/** GET /user/export-csv: the same filters and order, no paging. */
export const accountCsvQuery = accountListQuery.omit({ page: true, pageSize: true });

/** One row of the user list: the account with its plan's name, next month's plan and its parent's company. */
export const userSummary = accountView.extend({
  planName: z.string().nullable(),
  /** the version of the plan the account holds, and whether a newer one exists (plans are versioned) */
  planVersion: z.number().int().nullable(),
  planSuperseded: z.boolean(),
  nextPlanId: z.number().int().nullable(),
  nextPlanName: z.string().nullable(),
  parentCompany: z.string().nullable(),
  /** the account has not set its password through its set-up link yet */
  setupPending: z.boolean(),
});
export type UserSummary = z.output<typeof userSummary>;
export const userList = paged(userSummary);
export type UserList = z.output<typeof userList>;

/** GET /user/{id}: the account, its plan now and next month, and its subtree's sites (a count and the newest few). */
export const userDetail = userSummary.extend({
  sites: z.object({
    total: z.number().int(),
    items: z.array(z.object({ id: z.number().int(), name: z.string(), status: z.string(), url: z.string(), parentAccount: z.string() })),
  }),
});
export type UserDetail = z.output<typeof userDetail>;

/** GET /user/{id}/history: contract history, newest first. `content` is a code the client translates. */
export const contractHistoryEntry = z.object({
  id: z.number().int(),
  executedAt: z.string(),
  /** null: the system (a scheduled job) */
  executorId: z.number().int().nullable(),
  executorName: z.string().nullable(),
  /** the executor's account type: the platform (MASTER) is shown by its role, translated, not by a contact name */
  executorType: z.string().nullable(),
  content: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  planName: z.string().nullable(),
});
export type ContractHistoryEntry = z.output<typeof contractHistoryEntry>;
export const contractHistoryList = paged(contractHistoryEntry);
export const contractHistoryQuery = pageQuery.omit({ search: true });

/** GET /user/assignable-plans?type=: the plans the caller may give an account of that type. */
export const assignablePlansQuery = z.object({ type: z.enum(ACCOUNT_TYPES).optional() });
export const assignablePlan = z.object({ id: z.number().int(), name: z.string(), price: z.number().int() });
export const assignablePlans = z.object({ items: z.array(assignablePlan) });
export type AssignablePlan = z.output<typeof assignablePlan>;

/** A contract date (YYYY-MM-DD, a day in Japan). */
const contractDate = z.iso.date({ error: 'validation.date' });
/** A logo: a URL or a storage key of this product's media (never data: or javascript:), or empty for none. */
const logoUrl = z
  .string()
  .trim()
  .max(1024)
  .refine((s) => s === '' || /^(https?:\/\/|\/)[^\s]*$/.test(s) || /^[\w\-./]+$/.test(s), { error: 'validation.url' });

const accountFields = {
  email,
  companyName: requiredString(),
  contactName: z.string().trim().max(50),
  authority: z.enum(AUTHORITIES),
  licenseIssue: z.boolean(),
  planId: id.nullable(),
  contractStart: contractDate.nullable(),
  contractEnd: contractDate.nullable(),
  logoUrl: logoUrl.nullable(),
};

/** An open end is a contract without an end date; given both, the end after the start (checkContractDates), on contractEnd. */
function contractRange(v: { contractStart?: string | null; contractEnd?: string | null }, ctx: z.RefinementCtx): void {
  const r = checkContractDates(v.contractStart, v.contractEnd);
  if (r) ctx.addIssue({ code: 'custom', message: r, path: ['contractEnd'] });
}

/**
 * POST /user: a child account of the caller's tenant, without a password: it gets a one-time set-up link by
 * mail. planId: a plan the caller may assign (else 422).
 */
export const createAccountBody = z
  .object({
    type: z.enum(ACCOUNT_TYPES),
    ...accountFields,
    contactName: accountFields.contactName.optional(),
    authority: accountFields.authority.default('EDIT'),
    licenseIssue: accountFields.licenseIssue.default(false),
    staffRole: z.enum(STAFF_ROLES).nullish(),
    planId: accountFields.planId.optional(),
    contractStart: accountFields.contractStart.optional(),
    contractEnd: accountFields.contractEnd.optional(),
    logoUrl: accountFields.logoUrl.optional(),
  })
  .superRefine(contractRange);
export type CreateAccountBody = z.output<typeof createAccountBody>;

/**
 * PUT /user/{id}: the same fields, each optional. planId: an account without a plan gets it at once; one with a
 * plan gets it from next month (nextPlanId); null cancels next month's change.
 */
export const updateAccountBody = z
  .object(accountFields)
  .partial()
  .superRefine((v, ctx) => {
    // a date given alone is checked against the stored other one by the server
    if (v.contractStart && v.contractEnd) contractRange(v, ctx);
  });
export type UpdateAccountBody = z.output<typeof updateAccountBody>;
