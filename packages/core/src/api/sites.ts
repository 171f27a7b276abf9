import { z } from 'zod';
import { LANGUAGES, MAX_COLUMNS, SITE_STATUSES } from '../constants.js';
import { REVISION_SITE_PARTS } from '../revisions.js';
import { siteDocumentSchema } from '../site.js';
import { requiredString } from '../validation.js';
import { id, messageResponse, paged, pageQuery } from './common.js';

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

// Site revisions (docs/decisions.md "Site revisions"): every publish kept, with what changed; rollback.
const revisionPageRef = z.object({ id: z.number().int().nullable(), cell: z.string() });
const revisionItemRef = z.object({
  kind: z.enum(['button', 'product']),
  id: z.number().int().nullable(),
  cell: z.string(),
  label: z.string(),
});
const refs = <T extends z.ZodType>(ref: T) => z.object({ added: z.array(ref), removed: z.array(ref), edited: z.array(ref) });
/** What changed against the revision before (core revisions.ts diffSites). */
export const revisionChanges = z.object({
  pages: refs(revisionPageRef),
  items: refs(revisionItemRef),
  site: z.array(z.enum(REVISION_SITE_PARTS)),
});
export const revisionView = z.object({
  revision: z.number().int(),
  publishedAt: z.string(),
  /** who published it (null: the system, or an account since removed) */
  publishedBy: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** the one visitors see */
  live: z.boolean(),
  /** a rollback: the revision it published again */
  restoredFrom: z.number().int().nullable(),
  /** null for the first revision the site had */
  changes: revisionChanges.nullable(),
});
export type RevisionView = z.output<typeof revisionView>;
/** GET /sites/{id}/revisions: newest first; at most `keep`; canRollback: the caller may publish this site now. */
export const revisionList = z.object({ items: z.array(revisionView), keep: z.number().int(), canRollback: z.boolean() });
export type RevisionList = z.output<typeof revisionList>;
export const revisionParams = z.object({ id, revision: id });
/** POST /sites/{id}/revisions/{revision}/rollback: the old snapshot published as a new revision. */
export const rollbackResponse = z.object({ revision: z.number().int(), message: z.string() });
