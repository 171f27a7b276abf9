import {
  type CreateSiteBody,
  checkConsecutiveCreatives,
  formatJapanTime,
  type Language,
  type SaveAction,
  type SiteDetail,
  type SiteDocument,
  type SiteDocumentInput,
  type SiteListQuery,
  type SiteSummary,
  siteDocumentSchema,
  toFieldIssues,
} from '@swipe/core';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { conflict, fieldError, invalid, notFound } from '../../errors.js';
import { csvDocument } from '../../lib/csv.js';
import { type Actor, assertCanEdit, assertInScope, assertOwnerOpen, scopeSql } from '../accounts/actor.js';
import { getAccountBrief, getAccountBriefs, lockAccount } from '../accounts/service.js';
import { recordAudit } from '../audit/service.js';
import { type PlanLimits, planLimitsOf } from '../plans/service.js';
import { dropPublishedSites, registerSiteLookups, siteOrigin } from '../published/service.js';
import { storeRevision } from './publish.js';
import type { SavedDocument } from './repo/assemble.js';
import { countCampaignClickRows } from './repo/counters.js';
import { defaultSiteId, siteIdByDomain } from './repo/domain.js';
import { countOwnedSites, countSites, listSiteRows } from './repo/list.js';
import { insertSiteRow } from './repo/preview.js';
import { bumpPublication, deletePublication, loadPublication, softDeleteSite } from './repo/publication.js';
import { readSiteDocument } from './repo/read.js';
import { assembleDocument, findSite, type SiteRow, writeSiteDocument } from './repo.js';
import { applyLayoutRule, checkDocumentRules, checkPlanFeatures, codeChanges, codeFields, sanitizeDocumentHtml } from './rules.js';
import { applyDomain, type BaseStatus, baseStatusOf } from './status.js';
import { checkSurveyLinks } from './survey-links.js';

export type { SaveAction };

// The published module reads publications and addresses through these (it never imports sites).
registerSiteLookups({ loadPublication, siteIdByDomain, defaultSiteId });

/** The plan that governs an account's tenant (accounts' rule: no plan, no features). */
export const planOf = planLimitsOf;
export type { PlanLimits };

/**
 * A site inside the actor's subtree, or 404. `forChange`: the caller is about to change the site or what hangs on it,
 * so the row is locked and its owner's contract must be open (actor.ts assertOwnerOpen: 403 once terminated).
 */
export async function scopedSite(q: Queryable, actor: Actor, id: number, forChange = false): Promise<SiteRow> {
  const site = await findSite(q, id, forChange);
  if (!site) throw notFound();
  const owner = await getAccountBrief(q, site.account_id);
  assertInScope(actor, owner?.path);
  if (forChange) await assertOwnerOpen(q, Number(site.account_id));
  return { ...site, owner_path: owner?.path, owner_company: owner?.companyName };
}

export function presentSiteSummary(s: SiteRow, config: SiteUrlConfig): SiteSummary {
  return {
    id: s.id,
    uuid: s.uuid,
    name: s.name,
    status: s.status,
    parentAccount: s.owner_company ?? '',
    accountId: s.account_id,
    url: siteUrl(s, config),
    customDomain: s.custom_domain,
    domainVerified: Boolean(s.domain_verified_at),
    numberHorizontal: s.number_horizontal,
    numberVertical: s.number_vertical,
    defaultLanguage: s.default_language,
    languages: s.languages,
    publishedAt: s.published_at,
    createdAt: s.created_at,
    updatedAt: s.updated_at,
  };
}

type SiteUrlConfig = Pick<Config, 'sitesUrl' | 'siteSubdomainBase'>;

/** Where visitors open a site: its verified custom domain, the default site's root, its own host, or the path form. */
export function siteUrl(s: Pick<SiteRow, 'id' | 'custom_domain' | 'domain_verified_at' | 'is_default'>, config: SiteUrlConfig): string {
  if (s.custom_domain && s.domain_verified_at) return `https://${s.custom_domain}/`;
  if (s.is_default) return `${config.sitesUrl}/`;
  const own = siteOrigin(config, s.id);
  return own ? `${own}/` : `${config.sitesUrl}/sites/${s.id}`;
}

/** Rows with their owner's company (the list's parent account column). */
async function withOwners(q: Queryable, rows: SiteRow[]): Promise<SiteRow[]> {
  const owners = await getAccountBriefs(
    q,
    rows.map((r) => r.account_id),
  );
  return rows.map((r) => ({ ...r, owner_company: owners.get(Number(r.account_id))?.companyName }));
}

export async function listSites(ctx: AppContext, actor: Actor, p: SiteListQuery) {
  const f = { scopePattern: scopeSql(actor, 'path', 1).param, search: p.search, status: p.status };
  const total = await countSites(ctx.db, f);
  const rows = await withOwners(ctx.db, await listSiteRows(ctx.db, f, p.pageSize, (p.page - 1) * p.pageSize));
  return { items: rows.map((r) => presentSiteSummary(r, ctx.config)), total, page: p.page, pageSize: p.pageSize };
}

const CSV_MAX_ROWS = 50_000;

/** The site list as CSV (UTF-8 with a byte-order mark, times in Japan time): only the caller's subtree, same filters as the list. */
export async function exportSitesCsv(
  ctx: AppContext,
  actor: Actor,
  p: { search?: string; status?: string },
  t: (key: string) => string,
): Promise<string> {
  const f = { scopePattern: scopeSql(actor, 'path', 1).param, search: p.search, status: p.status };
  const rows = await withOwners(ctx.db, await listSiteRows(ctx.db, f, CSV_MAX_ROWS, 0));
  return csvDocument([
    [
      'sites.csv_parent_account',
      'sites.csv_title',
      'sites.csv_url',
      'sites.csv_status',
      'sites.csv_published_at',
      'sites.csv_created_at',
    ].map((k) => t(k)),
    ...rows.map((r) => [
      r.owner_company ?? '',
      r.name,
      siteUrl(r, ctx.config),
      t(`sites.status_${r.status}`),
      formatJapanTime(r.published_at),
      formatJapanTime(r.created_at),
    ]),
  ]);
}

/** An empty document of the given shape: every page empty, one menu item per category. */
export function emptyDocument(input: {
  name: string;
  numberHorizontal: number;
  numberVertical: number;
  defaultLanguage: Language;
  languages: Language[];
  globalMenu?: string[];
}): SiteDocumentInput {
  const menu = input.globalMenu ?? Array.from({ length: input.numberHorizontal }, (_, i) => `Category ${i + 1}`);
  return {
    name: input.name,
    numberHorizontal: input.numberHorizontal,
    numberVertical: input.numberVertical,
    defaultLanguage: input.defaultLanguage,
    languages: input.languages,
    translations: Object.fromEntries(input.languages.map((l) => [l, { globalMenu: menu }])),
    categories: Array.from({ length: input.numberHorizontal }, () => ({ pages: Array.from({ length: input.numberVertical }, () => ({})) })),
  };
}

function parseDocument(input: unknown): SiteDocument {
  const r = siteDocumentSchema.safeParse(input);
  if (!r.success) throw invalid(toFieldIssues(r.error));
  return r.data;
}

function checkPlan(doc: SiteDocument, plan: PlanLimits): void {
  if (doc.numberHorizontal * doc.numberVertical > plan.quantitySwipe)
    throw invalid([{ path: 'numberVertical', key: 'validation.site_creative_limit', params: { max: plan.quantitySwipe } }]);
  const grid = doc.categories.map((c) => c.pages.map((p) => Boolean(p.imageUrl)));
  const gap = checkConsecutiveCreatives(grid);
  if (gap) throw fieldError('categories', gap);
  checkPlanFeatures(doc, plan);
}

/**
 * A document visitors would see without it being saved (an experiment's variant): the save's checks and its HTML
 * sanitising (in place), under the owner's plan. Throws what a save would (422 with document paths, 403 for a feature).
 */
export function checkVisitorDocument(input: unknown, plan: PlanLimits): SiteDocument {
  const doc = parseDocument(input);
  checkDocumentRules(doc);
  sanitizeDocumentHtml(doc);
  checkPlan(doc, plan);
  return doc;
}

/** Head/body scripts, chatbot and form scripts, script and HTML buttons: edit authority only. */
export function assertCanEditCode(actor: Actor): void {
  assertCanEdit(actor);
}

/**
 * Checks a publish must pass besides the document's own, run in its transaction before anything is written, with the
 * document to publish and the working copy before it (experiments: a page under a live test may not go). Registered
 * at start (modules/index.ts) by modules that sites may not import.
 */
export const publishGuards: ((q: Queryable, siteId: number, doc: SiteDocument, before: SiteDocument) => Promise<void>)[] = [];

/** Test seam: runs inside the save transaction after everything is written (a throw must roll it all back). */
export const saveHooks: { afterWrite?: (q: Queryable, siteId: number) => Promise<void> } = {};

/** A unique-key clash from the database (two saves racing for one custom domain, ...) is a conflict, not a 500. */
function mapDbError(err: unknown): unknown {
  const code = (err as { code?: unknown }).code;
  if (code === '23505') return conflict();
  return err;
}

export async function createSite(ctx: AppContext, actor: Actor, body: CreateSiteBody): Promise<SiteSummary> {
  assertCanEdit(actor);
  const doc = parseDocument(emptyDocument({ ...body, languages: body.languages ?? [body.defaultLanguage] }));
  return ctx.db.tx(async (q) => {
    const plan = await planOf(q, actor.ownerId);
    checkPlan(doc, plan);
    // Lock the owner row so two concurrent creates cannot both pass the site quota.
    await lockAccount(q, actor.ownerId);
    const count = await countOwnedSites(q, actor.ownerId);
    if (count >= plan.quantitySite) throw fieldError('name', 'validation.site_quota', { max: plan.quantitySite });
    const id = await insertSiteRow(q, {
      accountId: actor.ownerId,
      name: doc.name,
      numberHorizontal: doc.numberHorizontal,
      numberVertical: doc.numberVertical,
      defaultLanguage: doc.defaultLanguage,
      languages: doc.languages,
    });
    await writeSiteDocument(q, id, doc);
    const site = (await findSite(q, id)) as SiteRow;
    const owner = await getAccountBrief(q, actor.ownerId);
    return presentSiteSummary({ ...site, owner_company: owner?.companyName }, ctx.config);
  });
}

export async function getSite(ctx: AppContext, actor: Actor, id: number): Promise<SiteDetail> {
  const site = await scopedSite(ctx.db, actor, id);
  return presentSiteDetail(await readSiteDocument(ctx.db, site), site, ctx.config);
}

/**
 * Saves the whole document in one transaction (a failed save changes nothing) and answers with the saved
 * document (the shape of GET /sites/{id}, new ids included), so the editor needs no second GET.
 * save and draft: the working copy only, never what visitors see (draft also marks an unpublished site a draft).
 * publish: working copy and a new publication. private: working copy; visitors no longer see the site.
 * Inside the transaction the site row is read twice (locked before, fresh after) and the document once,
 * before writing (layout rule and code audit): the answer and the snapshot are assembled from the rows
 * the writers return (repo/assemble.ts, the same mapping the read uses). A publish is kept as a new revision
 * (publish.ts); `restoredFrom`: a rollback, publishing that revision's snapshot again (revisions.ts).
 */
export async function saveSite(
  ctx: AppContext,
  actor: Actor,
  id: number,
  action: SaveAction,
  input: unknown,
  opts: { restoredFrom?: number } = {},
): Promise<SiteDetail> {
  assertCanEdit(actor);
  const doc = parseDocument(input);
  checkDocumentRules(doc);
  sanitizeDocumentHtml(doc);
  const result = await ctx.db
    .tx(async (q) => {
      const site = await scopedSite(q, actor, id, true);
      const plan = await planOf(q, site.account_id);
      checkPlan(doc, plan);
      await checkSurveyLinks(q, Number(site.account_id), id, doc);
      const before = await readSiteDocument(q, site);
      applyLayoutRule(
        {
          numberHorizontal: site.number_horizontal,
          numberVertical: site.number_vertical,
          filled: before.categories.map((c) => c.pages.map((p) => Boolean(p.imageUrl))),
        },
        doc,
      );
      if (action === 'publish') for (const guard of publishGuards) await guard(q, id, doc, before);
      const changes = codeChanges(codeFields(before), codeFields(doc));
      if (changes.length > 0) assertCanEditCode(actor);
      const written = await writeSiteDocument(q, id, doc);
      await recordAudit(
        q,
        changes.map((c) => ({
          accountId: actor.id,
          siteId: id,
          action: 'code.change',
          field: c.field,
          oldHash: c.oldHash,
          newHash: c.newHash,
        })),
      );
      const current = baseStatusOf(site);
      let base: BaseStatus = current;
      if (action === 'publish') base = 'PUBLISH';
      else if (action === 'private') base = 'PRIVATE';
      else if (action === 'draft') base = current === 'PUBLISH' ? 'PUBLISH' : 'DRAFT';
      // only publish goes live: a save on a published site leaves the live copy as it was (the editor shows the
      // working copy's unpublished changes until the next publish)
      const publish = action === 'publish';
      const version = publish ? await bumpPublication(q, id, ctx.clock.now()) : null;
      // After publishing (which marks the site published): the domain decides DOMAIN_VERIFYING or the base status.
      await applyDomain(q, site, doc.customDomain || null, base);
      if (base === 'PRIVATE') await deletePublication(q, id);
      const fresh: SiteRow = { ...((await findSite(q, id)) as SiteRow), owner_path: site.owner_path, owner_company: site.owner_company };
      const saved = assembleDocument(fresh, written);
      if (version !== null)
        await storeRevision(q, id, version, saved, plan.flags, {
          at: ctx.clock.now(),
          by: actor.id,
          restoredFrom: opts.restoredFrom ?? null,
        });
      await saveHooks.afterWrite?.(q, id);
      return {
        site: fresh,
        saved,
        changedLive: publish || base === 'PRIVATE' || site.custom_domain !== (doc.customDomain || null),
      };
    })
    .catch((err: unknown) => {
      throw mapDbError(err);
    });
  if (result.changedLive) await invalidateSite(ctx, id);
  return presentSiteDetail(result.saved, result.site, ctx.config);
}

/** The document with the site's summary fields: what GET /sites/{id} and PUT /sites/{id} answer. */
function presentSiteDetail(doc: SavedDocument, site: SiteRow, config: SiteUrlConfig): SiteDetail {
  return { ...doc, ...presentSiteSummary(site, config) };
}

/**
 * Stores what visitors see: the document as of now plus the plan flags that gate visitor features, as a new revision
 * (the demo data and fixtures: published by the system, at the database's time unless `at` is given).
 */
export async function publishSnapshot(q: Queryable, siteId: number, plan: PlanLimits, at?: Date): Promise<void> {
  const version = await bumpPublication(q, siteId, at);
  const doc = await readSiteDocument(q, (await findSite(q, siteId)) as SiteRow);
  await storeRevision(q, siteId, version, doc, plan.flags, { at, by: null });
}

/** Drops every cached visitor payload of a site, here and (through Redis) in every process. */
export async function invalidateSite(ctx: AppContext, siteId: number): Promise<void> {
  await ctx.kv.del(`site:${siteId}:`);
  ctx.events.emit('site.invalidated', siteId);
}

export async function deleteSite(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  assertCanEdit(actor);
  const moved = await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, id, true);
    await softDeleteSite(q, id);
    await deletePublication(q, id);
    // the plan serves the owner's oldest sites up to its count: a newer one may move into it now
    return (await countOwnedSites(q, site.account_id)) >= (await planOf(q, site.account_id)).quantitySite;
  });
  await invalidateSite(ctx, id);
  if (moved) await dropPublishedSites(ctx);
}

export { applicantCounts, countPopupClicks } from './repo/counters.js';
export { siteCountsByStatus } from './repo/dashboard.js';
export { formFieldsOf } from './repo/forms.js';
export { siteOwners, siteUsage } from './repo/owners.js';
export { insertSiteRow, type NewSiteRow, previewPasscodeHash, setPreviewSecurity } from './repo/preview.js';
// the operator's preview of a kept revision (previewshare mints it, preview draws it)
export { assertRevisionInScope, revisionSnapshot } from './revisions.js';
// What other modules read or change of the sites tables (they never write SQL on them).
export { registerSurveyLinks } from './survey-links.js';
export { findSite, readSiteDocument, type SiteRow, writeSiteDocument };

/** One visitor click on a counting campaign (and its banner or item), in one transaction; 404 when it counts nothing. */
export async function countCampaignClick(
  ctx: AppContext,
  c: { campaignId: number; bannerId?: number; itemId?: number },
): Promise<{ clickCount: number; itemClickCount?: number }> {
  return ctx.db.tx(async (q) => {
    const r = await countCampaignClickRows(q, c.campaignId, c.bannerId, c.itemId);
    if (!r) throw notFound();
    return r;
  });
}

// for the demo data (demo/seed.ts)
export { defaultSiteId, markDomainChecked, markDomainFailed, markDomainVerified } from './repo/domain.js';
export { placeGridMedia, registerVideoRenditions, setVideoRendition } from './repo/media-links.js';
export { planFeatureMissing } from './rules.js';
export { applyDomain, type BaseStatus, baseStatusOf, enqueueDomainCheck, normDomain } from './status.js';
