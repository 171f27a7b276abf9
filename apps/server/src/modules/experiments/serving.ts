import type { VariationContent } from '@swipe/core';
import { assignVariation, parseVariationToken, variationToken } from '@swipe/core/experiments.ts';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { ByteCache, jsonBytes, perContext } from '../../lib/bytecache.js';
import type { PublishedSite } from '../published/service.js';
import { liveExperimentRows, variationRows } from './repo.js';

// The visitor side of experiments: a site's running experiments (cached until one changes, like the published
// snapshot), a visitor's variations from its id (GrowthBook's v2 hash, packages/core/src/experiments.ts), and the
// published site as a visitor in those variations sees it: the same snapshot with the variations' pages and popup
// CTAs in place of the control's, under a key of its own, so every cache of a publication keeps variants apart.

export interface LiveVariation {
  id: number;
  position: number;
  weight: number;
  content: VariationContent;
}
export interface LiveExperiment {
  id: number;
  status: 'running' | 'paused';
  seed: string;
  coverage: number;
  scope: 'pages' | 'site';
  pageIds: number[];
  popup: boolean;
  variations: LiveVariation[];
}

const TTL_S = 300;
const liveCacheOf = perContext<LiveExperiment[], AppContext>((ctx) => {
  const c = new ByteCache<LiveExperiment[]>('live experiments', 8 * 1024 * 1024, jsonBytes, ctx.config.redisUrl ? 5_000 : TTL_S * 1000);
  // every change of an experiment invalidates its site (sites' invalidateSite): publish, experiments, domains
  ctx.events.on('site.invalidated', (id: number) => (id ? c.delete(String(id)) : c.clear()));
  return c;
});

const contentOf = (v: VariationContent | string): VariationContent => (typeof v === 'string' ? JSON.parse(v) : v) as VariationContent;

/** The running and paused experiments of a site with their variations (cached here and in the kv). */
export async function liveExperiments(ctx: AppContext, siteId: number, db: Queryable = ctx.db): Promise<LiveExperiment[]> {
  const local = liveCacheOf(ctx);
  const hit = local.get(String(siteId));
  if (hit) return hit;
  const kvKey = `site:${siteId}:experiments`;
  const shared = await ctx.kv.get(kvKey);
  let value: LiveExperiment[];
  if (shared !== null) value = JSON.parse(shared) as LiveExperiment[];
  else {
    const rows = await liveExperimentRows(db, siteId);
    const vars = await variationRows(
      db,
      rows.map((r) => Number(r.id)),
    );
    value = rows.map((r) => ({
      id: Number(r.id),
      status: r.status as 'running' | 'paused',
      seed: r.seed,
      coverage: Number(r.coverage),
      scope: r.scope,
      pageIds: r.page_ids.map(Number),
      popup: r.popup,
      variations: vars
        .filter((v) => Number(v.experiment_id) === Number(r.id))
        .map((v) => ({ id: Number(v.id), position: Number(v.position), weight: Number(v.weight), content: contentOf(v.content) })),
    }));
    await ctx.kv.set(kvKey, JSON.stringify(value), TTL_S);
  }
  local.set(String(siteId), value);
  return value;
}

/** A visitor's part in a site's running experiments: experiment and variation ids, in experiment order. */
export interface Assignment {
  experimentIds: number[];
  variationIds: number[];
  /** variationToken(variationIds): what the viewer sends back on its page calls */
  token: string;
}
export const NO_ASSIGNMENT: Assignment = { experimentIds: [], variationIds: [], token: '' };

/** The variations a visitor id gets (outside an experiment's coverage: not in it). Paused experiments show control. */
export function assign(experiments: readonly LiveExperiment[], visitorId: string): Assignment {
  const experimentIds: number[] = [];
  const variationIds: number[] = [];
  for (const e of experiments) {
    if (e.status !== 'running') continue;
    const i = assignVariation({ seed: e.seed, weights: e.variations.map((v) => v.weight), coverage: e.coverage }, visitorId);
    const v = i >= 0 ? e.variations[i] : undefined;
    if (!v) continue;
    experimentIds.push(e.id);
    variationIds.push(v.id);
  }
  return { experimentIds, variationIds, token: variationToken(variationIds) };
}

/**
 * The assignment a token names (the viewer's `variation_id`, or a forced `?variationId=`): each id that is a
 * variation of a running experiment of the site, at most one per experiment; anything else is dropped.
 */
export function fromToken(experiments: readonly LiveExperiment[], token: string | null | undefined): Assignment {
  const ids = parseVariationToken(token);
  if (ids.length === 0) return NO_ASSIGNMENT;
  const experimentIds: number[] = [];
  const variationIds: number[] = [];
  for (const e of experiments) {
    if (e.status !== 'running') continue;
    const v = e.variations.find((x) => ids.includes(x.id));
    if (!v) continue;
    experimentIds.push(e.id);
    variationIds.push(v.id);
  }
  return { experimentIds, variationIds, token: variationToken(variationIds) };
}

/** The experiment (running) a page is under, if any, and the variation of it in an assignment. */
export function variationOnPage(
  experiments: readonly LiveExperiment[],
  a: Assignment,
  pageId: number,
): { experimentId: number; variationId: number } | null {
  for (const [i, eid] of a.experimentIds.entries()) {
    const e = experiments.find((x) => x.id === eid);
    if (e && (e.scope === 'site' || e.pageIds.includes(pageId))) return { experimentId: eid, variationId: a.variationIds[i] as number };
  }
  return null;
}

/** First id of the ids given to a variation's new buttons and products (never a stored row's). */
const SYNTHETIC_ID_BASE = 4_000_000_000_000;

// One variant object per (snapshot, variant): the caches keyed by a snapshot object see the same one each time.
const variantsOf = new WeakMap<PublishedSite, Map<string, PublishedSite>>();

/**
 * The published site as a visitor in these variations sees it: the variations' pages (by page id, in the control's
 * place) and popup CTAs. Control-only assignments give the snapshot itself.
 */
export function variantSite(ps: PublishedSite, experiments: readonly LiveExperiment[], a: Assignment): PublishedSite {
  const contents: { id: number; content: VariationContent }[] = [];
  for (const vid of a.variationIds)
    for (const e of experiments) {
      const v = e.variations.find((x) => x.id === vid);
      if (v && v.position > 0) contents.push({ id: v.id, content: v.content });
    }
  if (contents.length === 0) return ps;
  const key = contents.map((c) => c.id).join('.');
  let byKey = variantsOf.get(ps);
  const hit = byKey?.get(key);
  if (hit) return hit;
  const pages = new Map<number, PublishedSite['document']['categories'][number]['pages'][number]>();
  let popupCtas = ps.document.popupCtas;
  for (const { id, content } of contents) {
    for (const [pid, page] of Object.entries(content.pages ?? {})) {
      let n = 0;
      const fill = <T extends { id?: number }>(xs: T[]): T[] =>
        xs.map((x) => (x.id ? x : { ...x, id: SYNTHETIC_ID_BASE + id * 1000 + n++ }));
      pages.set(Number(pid), { ...page, id: Number(pid), buttons: fill(page.buttons ?? []), products: fill(page.products ?? []) });
    }
    // a variation's popup item keeps the control's id (its applicant count)
    const own = content.popupCtas;
    if (own)
      popupCtas = {
        timeLimit:
          own.timeLimit === undefined
            ? popupCtas.timeLimit
            : own.timeLimit && { ...own.timeLimit, id: popupCtas.timeLimit?.id ?? own.timeLimit.id },
        applicantLimit:
          own.applicantLimit === undefined
            ? popupCtas.applicantLimit
            : own.applicantLimit && { ...own.applicantLimit, id: popupCtas.applicantLimit?.id ?? own.applicantLimit.id },
      };
  }
  const document = {
    ...ps.document,
    popupCtas,
    categories: ps.document.categories.map((c) => ({ ...c, pages: c.pages.map((p) => pages.get(Number(p.id)) ?? p) })),
  };
  const variant: PublishedSite = { ...ps, document, variantKey: key };
  if (!byKey) {
    byKey = new Map();
    variantsOf.set(ps, byKey);
  }
  byKey.set(key, variant);
  return variant;
}
