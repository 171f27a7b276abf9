import { z } from 'zod';
import { LANGUAGES, MAX_COLUMNS, SITE_STATUSES } from '../constants.js';
import { siteDocumentSchema } from '../site.js';
import { requiredString } from '../validation.js';
import { messageResponse, paged, pageQuery } from './common.js';

// The site editor's calls (back-office.md 4-6) on the admin origin under /api/v1/sites.

export const siteStatusFilter = z.enum([...SITE_STATUSES, 'ALL']);
export const siteListQuery = pageQuery.extend({ status: siteStatusFilter.optional() });
export type SiteListQuery = z.output<typeof siteListQuery>;
export const siteCsvQuery = z.object({ search: z.string().trim().max(100).optional(), status: siteStatusFilter.optional() });

/** POST /sites: an empty document of the given shape. */
export const createSiteBody = z.object({
  name: requiredString(),
  numberHorizontal: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(MAX_COLUMNS),
  numberVertical: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(100),
  defaultLanguage: z.enum(LANGUAGES).default('ja'),
  languages: z.array(z.enum(LANGUAGES)).min(1).max(4).optional(),
  globalMenu: z.array(z.string().max(50)).optional(),
});
export type CreateSiteBody = z.output<typeof createSiteBody>;

export const SAVE_ACTIONS = ['draft', 'save', 'publish', 'private'] as const;
export type SaveAction = (typeof SAVE_ACTIONS)[number];
/** PUT /sites/{id}: the whole document (checked by the server against siteDocumentSchema and the plan). */
export const saveSiteBody = z.object({ action: z.enum(SAVE_ACTIONS).default('save'), document: z.unknown() });

/** One row of the site list (and what create answers). */
export const siteSummary = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  status: z.string(),
  parentAccount: z.string(),
  accountId: z.number().int(),
  url: z.string(),
  customDomain: z.string().nullable(),
  domainVerified: z.boolean(),
  numberHorizontal: z.number().int(),
  numberVertical: z.number().int(),
  defaultLanguage: z.enum(LANGUAGES),
  languages: z.array(z.enum(LANGUAGES)),
  publishedAt: z.union([z.string(), z.date()]).nullable(),
  createdAt: z.union([z.string(), z.date()]),
  updatedAt: z.union([z.string(), z.date()]),
});
export type SiteSummary = z.output<typeof siteSummary>;
export const siteList = paged(siteSummary);

/**
 * GET /sites/{id} and the answer of PUT /sites/{id}: the stored document (ids included) with the site's
 * summary fields; what it returns can be PUT back unchanged. PUT adds the translated message.
 */
export const siteDetail = z.intersection(
  siteDocumentSchema,
  siteSummary.extend({ id: z.number().int(), extras: z.record(z.string(), z.unknown()).optional() }),
);
export type SiteDetail = z.output<typeof siteDetail>;
export const savedSite = z.intersection(siteDetail, messageResponse);
export type SavedSite = z.output<typeof savedSite>;
