import { z } from 'zod';
import { ACCOUNT_TYPES, AUTHORITIES, CONTRACT_STATUSES, STAFF_ROLES } from '../constants.js';
import { email, operatorPassword, requiredString } from '../validation.js';
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

/** GET /user: the caller's subtree, newest first. */
export const accountListQuery = pageQuery.extend({ type: z.enum(ACCOUNT_TYPES).optional() });

/** POST /user: a child account of the caller's tenant. planId: a plan the caller may assign (else 422). */
export const createAccountBody = z.object({
  type: z.enum(ACCOUNT_TYPES),
  email,
  companyName: requiredString(),
  contactName: z.string().max(50).optional(),
  authority: z.enum(AUTHORITIES).default('EDIT'),
  staffRole: z.enum(STAFF_ROLES).nullish(),
  planId: id.nullish(),
  password: operatorPassword,
});
export type CreateAccountBody = z.output<typeof createAccountBody>;

/** PUT /user/{id}: names, and the authority of an account below the caller. */
export const updateAccountBody = z.object({
  companyName: requiredString().optional(),
  contactName: z.string().max(50).optional(),
  authority: z.enum(AUTHORITIES).optional(),
});
export type UpdateAccountBody = z.output<typeof updateAccountBody>;

export const CONTRACT_ACTIONS = ['pause', 'resume', 'terminate'] as const;
/** PUT /user/{id}/contract */
export const contractBody = z.object({ action: z.enum(CONTRACT_ACTIONS) });
export type ContractAction = (typeof CONTRACT_ACTIONS)[number];
