import { randomUUID } from 'node:crypto';
import type {
  ExperimentCreateBody,
  ExperimentDetail,
  ExperimentList,
  ExperimentUpdateBody,
  ExperimentView,
  SiteDocument,
  VariationContent,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, conflict, fieldError, notFound } from '../../errors.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { recordAudit } from '../audit/service.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';
import { checkVisitorDocument, invalidateSite, type PlanLimits, planOf, type SiteRow, scopedSite } from '../sites/service.js';
import {
  deleteExperimentRow,
  type ExperimentRow,
  findExperiment,
  insertExperiment,
  listExperimentRows,
  liveExperimentRows,
  replaceVariations,
  setExperimentStatus,
  updateExperimentSettings,
  type VariationRow,
  variationRows,
} from './repo.js';

// The operators' side of experiments: drafts of variations of a published site's pages (or of the whole site),
// then start, pause, resume, stop and promote. Scoped like the site (another tenant's experiment: 404), behind the
// plan flag `experiments` (403 PLAN_FEATURE_REQUIRED); changes need edit authority and an open contract. Every
// change of what visitors see (start, pause, resume, stop, promote) is audited and drops the site's cached pages.

const iso = (v: string | Date | null): string | null => (v ? new Date(v).toISOString() : null);
const contentOf = (v: VariationContent | string): VariationContent => (typeof v === 'string' ? JSON.parse(v) : v) as VariationContent;
const planFeatureRequired = () => new AppError(403, 'PLAN_FEATURE_REQUIRED', 'server.plan_experiments');
const wrongStatus = () => conflict('server.experiment_status', 'EXPERIMENT_STATUS');

export function presentExperiment(r: ExperimentRow, vs: VariationRow[]): ExperimentView {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    name: r.name,
    status: r.status,
    scope: r.scope,
    pageIds: r.page_ids.map(Number),
    popup: r.popup,
    coverage: Number(r.coverage),
    seed: r.seed,
    startedAt: iso(r.started_at),
    stoppedAt: iso(r.stopped_at),
    winnerVariationId: r.winner_variation_id === null ? null : Number(r.winner_variation_id),
    promotedAt: iso(r.promoted_at),
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    variations: vs
      .filter((v) => Number(v.experiment_id) === Number(r.id))
      .map((v) => ({ id: Number(v.id), position: Number(v.position), name: v.name, weight: Number(v.weight) })),
  };
}

/** The site in the caller's scope, its plan with the experiments flag (`forChange`: edit authority, locked, open). */
async function scopedSiteForExperiments(q: Queryable, actor: Actor, siteId: number, forChange: boolean) {
  assertMenu(actor, 'site_production');
  if (forChange) assertCanEdit(actor);
  const site = await scopedSite(q, actor, siteId, forChange);
  const plan = await planOf(q, site.account_id);
  if (!plan.flags.experiments) throw planFeatureRequired();
  return { site, plan };
}

/** An experiment whose site is in the caller's scope, or 404; locked (after its site) for a change. */
async function scopedExperiment(q: Queryable, actor: Actor, id: number, forChange = false) {
  const found = await findExperiment(q, id);
  if (!found) throw notFound();
  const { site, plan } = await scopedSiteForExperiments(q, actor, Number(found.site_id), forChange);
  const row = forChange ? ((await findExperiment(q, id, true)) as ExperimentRow) : found;
  return { row, site, plan };
}

async function published(ctx: AppContext, siteId: number, q: Queryable): Promise<PublishedSite | null> {
  return getPublishedSite(ctx, siteId, q).catch(() => null);
}

const pageIdsOf = (doc: SiteDocument): number[] => doc.categories.flatMap((c) => c.pages.flatMap((p) => (p.id ? [Number(p.id)] : [])));

/** What an experiment holds: its pages ('all' for the whole site) and whether the popup CTAs. */
function targetsOf(r: Pick<ExperimentRow, 'scope' | 'page_ids' | 'popup'>): { pages: number[] | 'all'; popup: boolean } {
  return r.scope === 'site' ? { pages: 'all', popup: true } : { pages: r.page_ids.map(Number), popup: r.popup };
}

export async function listExperiments(ctx: AppContext, actor: Actor, siteId: number): Promise<ExperimentList> {
  const { site } = await scopedSiteForExperiments(ctx.db, actor, siteId, false);
  const rows = await listExperimentRows(ctx.db, siteId);
  const vs = await variationRows(
    ctx.db,
    rows.map((r) => Number(r.id)),
  );
  const ps = await published(ctx, siteId, ctx.db);
  const all = ps ? pageIdsOf(ps.document) : [];
  const held = new Set<number>();
  let popup = false;
  for (const r of rows.filter((x) => x.status === 'running' || x.status === 'paused')) {
    const t = targetsOf(r);
    for (const p of t.pages === 'all' ? all : t.pages) held.add(p);
    popup ||= t.popup;
  }
  return {
    items: rows.map((r) => presentExperiment(r, vs)),
    underTest: { pageIds: [...held].sort((a, b) => a - b), popup },
    published: Boolean(ps) && site.status !== 'PRIVATE',
  };
}

/** A copy of the control's pages under test, the starting point of a new variation. */
function controlCopy(doc: SiteDocument, pageIds: number[], popup: boolean): VariationContent {
  const pages: VariationContent['pages'] = {};
  for (const c of doc.categories) for (const p of c.pages) if (p.id && pageIds.includes(Number(p.id))) pages[String(p.id)] = p;
  return popup ? { pages, popupCtas: doc.popupCtas } : { pages };
}

export async function createExperiment(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  body: ExperimentCreateBody,
): Promise<ExperimentDetail> {
  const id = await ctx.db.tx(async (q) => {
    await scopedSiteForExperiments(q, actor, siteId, true);
    const ps = await published(ctx, siteId, q);
    if (!ps) throw conflict('server.experiment_needs_publication', 'EXPERIMENT_NEEDS_PUBLICATION');
    const known = new Set(pageIdsOf(ps.document));
    const pageIds = body.scope === 'site' ? [] : [...new Set(body.pageIds)];
    pageIds.forEach((p, i) => {
      if (!known.has(p)) throw fieldError(`pageIds.${i}`, 'validation.experiment_page_unknown');
    });
    const popup = body.scope === 'site' || body.popup;
    const eid = await insertExperiment(q, {
      siteId,
      name: body.name,
      scope: body.scope,
      pageIds,
      popup: body.scope === 'pages' && body.popup,
      seed: randomUUID(),
      coverage: body.coverage,
      createdBy: actor.id,
      now: ctx.clock.now(),
    });
    const copy = body.scope === 'site' ? { pages: {} } : controlCopy(ps.document, pageIds, popup);
    await replaceVariations(
      q,
      eid,
      body.variations.map((v, i) => ({ name: v.name, weight: v.weight, content: i === 0 ? { pages: {} } : copy })),
    );
    return eid;
  });
  return getExperiment(ctx, actor, id);
}

export async function getExperiment(ctx: AppContext, actor: Actor, id: number): Promise<ExperimentDetail> {
  const { row } = await scopedExperiment(ctx.db, actor, id);
  const vs = await variationRows(ctx.db, [id]);
  const ps = await published(ctx, Number(row.site_id), ctx.db);
  return {
    ...presentExperiment(row, vs),
    variations: vs.map((v) => ({
      id: Number(v.id),
      position: Number(v.position),
      name: v.name,
      weight: Number(v.weight),
      content: contentOf(v.content),
    })),
    base: ps?.document ?? null,
  };
}

/**
 * The variations' contents checked as the documents visitors would see: only pages under test (and the popup CTAs
 * where tested), each variant document passing the save's rules and HTML sanitising (sites' checkVisitorDocument).
 * Answers the sanitized contents; a broken rule is a 422 on the variation's own path.
 */
function checkedContents(r: ExperimentRow, body: ExperimentUpdateBody, ps: PublishedSite, plan: PlanLimits): VariationContent[] {
  const t = targetsOf(r);
  const known = new Set(pageIdsOf(ps.document));
  return body.variations.map((v, i) => {
    if (i === 0) return { pages: {} };
    const base = `variations.${i}.content`;
    for (const pid of Object.keys(v.content.pages)) {
      const n = Number(pid);
      if (!known.has(n) || (t.pages !== 'all' && !t.pages.includes(n)))
        throw fieldError(`${base}.pages.${pid}`, 'validation.experiment_page_unknown');
    }
    if (v.content.popupCtas && !t.popup) throw fieldError(`${base}.popupCtas`, 'validation.experiment_popup_not_tested');
    const where = new Map<string, string>();
    const doc = {
      ...ps.document,
      popupCtas: v.content.popupCtas ? { ...ps.document.popupCtas, ...v.content.popupCtas } : ps.document.popupCtas,
      categories: ps.document.categories.map((c, ci) => ({
        ...c,
        pages: c.pages.map((p, ri) => {
          const own = v.content.pages[String(p.id)];
          if (own) where.set(`categories.${ci}.pages.${ri}`, `${base}.pages.${p.id}`);
          return own ? { ...own, id: p.id } : p;
        }),
      })),
    };
    let checked: SiteDocument;
    try {
      checked = checkVisitorDocument(doc, plan);
    } catch (e) {
      if (e instanceof AppError && e.fields)
        throw new AppError(
          e.status,
          e.code,
          e.key,
          e.params,
          e.fields.map((f) => {
            const at = [...where.keys()].find((k) => f.path === k || f.path.startsWith(`${k}.`));
            return at ? { ...f, path: `${where.get(at)}${f.path.slice(at.length)}` } : { ...f, path: `${base}.${f.path}` };
          }),
        );
      throw e;
    }
    const pages: VariationContent['pages'] = {};
    for (const c of checked.categories) for (const p of c.pages) if (p.id && v.content.pages[String(p.id)]) pages[String(p.id)] = p;
    return v.content.popupCtas ? { pages, popupCtas: checked.popupCtas } : { pages };
  });
}

/** Drafts only: the name, coverage and every variation (control first, its content always empty). */
export async function updateExperiment(ctx: AppContext, actor: Actor, id: number, body: ExperimentUpdateBody): Promise<ExperimentDetail> {
  await ctx.db.tx(async (q) => {
    const { row, plan } = await scopedExperiment(q, actor, id, true);
    if (row.status !== 'draft') throw conflict('server.experiment_not_draft', 'EXPERIMENT_NOT_DRAFT');
    const ps = await published(ctx, Number(row.site_id), q);
    if (!ps) throw conflict('server.experiment_needs_publication', 'EXPERIMENT_NEEDS_PUBLICATION');
    const own = new Set((await variationRows(q, [id])).map((v) => Number(v.id)));
    body.variations.forEach((v, i) => {
      if (v.id && !own.has(v.id)) throw fieldError(`variations.${i}.id`, 'validation.invalid');
    });
    const contents = checkedContents(row, body, ps, plan);
    await updateExperimentSettings(q, id, { name: body.name, coverage: body.coverage, now: ctx.clock.now() });
    await replaceVariations(
      q,
      id,
      body.variations.map((v, i) => ({ id: v.id, name: v.name, weight: v.weight, content: contents[i] as VariationContent })),
    );
  });
  return getExperiment(ctx, actor, id);
}

/** Experiments that have not run (drafts) and finished ones may be deleted; a live one is stopped first. */
export async function deleteExperiment(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  await ctx.db.tx(async (q) => {
    const { row } = await scopedExperiment(q, actor, id, true);
    if (row.status === 'running' || row.status === 'paused') throw wrongStatus();
    await deleteExperimentRow(q, id);
    if (row.status !== 'draft')
      await recordAudit(q, [
        { accountId: actor.id, siteId: Number(row.site_id), action: 'experiment.delete', detail: { experimentId: id } },
      ]);
  });
}

type Transition = 'start' | 'pause' | 'resume' | 'stop';
const NEXT: Record<Transition, { from: ExperimentRow['status'][]; to: ExperimentRow['status'] }> = {
  start: { from: ['draft'], to: 'running' },
  pause: { from: ['running'], to: 'paused' },
  resume: { from: ['paused'], to: 'running' },
  stop: { from: ['running', 'paused'], to: 'stopped' },
};

/** One running (or paused) experiment per page: another live one of the site holding any of these targets is a 409. */
async function assertTargetsFree(q: Queryable, r: ExperimentRow): Promise<void> {
  const mine = targetsOf(r);
  for (const o of await liveExperimentRows(q, Number(r.site_id))) {
    if (Number(o.id) === Number(r.id)) continue;
    const t = targetsOf(o);
    const pages = mine.pages === 'all' || t.pages === 'all' || mine.pages.some((p) => (t.pages as number[]).includes(p));
    if (pages || (mine.popup && t.popup)) throw conflict('server.experiment_pages_taken', 'EXPERIMENT_PAGES_TAKEN');
  }
}

export async function transitionExperiment(ctx: AppContext, actor: Actor, id: number, action: Transition): Promise<ExperimentDetail> {
  const siteId = await ctx.db.tx(async (q) => {
    const { row, site } = await scopedExperiment(q, actor, id, true);
    const step = NEXT[action];
    if (!step.from.includes(row.status)) throw wrongStatus();
    if (action === 'start') {
      const ps = await published(ctx, Number(row.site_id), q);
      if (!ps || (site as SiteRow).status === 'PRIVATE')
        throw conflict('server.experiment_needs_publication', 'EXPERIMENT_NEEDS_PUBLICATION');
      const known = new Set(pageIdsOf(ps.document));
      if (row.page_ids.some((p) => !known.has(Number(p)))) throw conflict('server.experiment_pages_changed', 'EXPERIMENT_PAGES_CHANGED');
      await assertTargetsFree(q, row);
    }
    await setExperimentStatus(q, id, step.to, ctx.clock.now());
    await recordAudit(q, [
      { accountId: actor.id, siteId: Number(row.site_id), action: `experiment.${action}`, detail: { experimentId: id, name: row.name } },
    ]);
    return Number(row.site_id);
  });
  await invalidateSite(ctx, siteId);
  return getExperiment(ctx, actor, id);
}

export { targetsOf };
