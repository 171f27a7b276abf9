import type { ExperimentDetail, SiteDocument, VariationContent } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { conflict, fieldError } from '../../errors.js';
import type { Actor } from '../accounts/actor.js';
import { recordAudit } from '../audit/service.js';
import { getSite, invalidateSite, saveSite } from '../sites/service.js';
import { getExperiment, transitionExperiment } from './operator.js';
import { findExperiment, setExperimentStatus, variationRows } from './repo.js';

// Promoting the winner: the experiment stops (visitors all see the control again), then the site's working copy
// with the winner's pages and popup CTAs in place of the control's is published through the sites module's own
// publish (its checks, its audit, its revisions), and the experiment is completed with its winner. A publish that
// fails leaves the experiment stopped: promoting again retries it. Promoting the control publishes nothing.

const contentOf = (v: VariationContent | string): VariationContent => (typeof v === 'string' ? JSON.parse(v) : v) as VariationContent;

/** The working copy with a variation's pages (by page id) and popup CTAs in place; null when a page is gone. */
export function withVariation(doc: SiteDocument, content: VariationContent): SiteDocument | null {
  const wanted = new Set(Object.keys(content.pages));
  const found = new Set<string>();
  const categories = doc.categories.map((c) => ({
    ...c,
    pages: c.pages.map((p) => {
      const own = p.id ? content.pages[String(p.id)] : undefined;
      if (!own) return p;
      found.add(String(p.id));
      return { ...own, id: p.id };
    }),
  }));
  if (found.size !== wanted.size) return null;
  return { ...doc, categories, popupCtas: content.popupCtas ? { ...doc.popupCtas, ...content.popupCtas } : doc.popupCtas };
}

export async function promoteVariation(ctx: AppContext, actor: Actor, id: number, variationId: number): Promise<ExperimentDetail> {
  const current = await getExperiment(ctx, actor, id);
  const v = current.variations.find((x) => x.id === variationId);
  if (!v) throw fieldError('variationId', 'validation.invalid');
  if (current.status === 'draft' || current.status === 'completed') throw conflict('server.experiment_status', 'EXPERIMENT_STATUS');
  if (current.status === 'running' || current.status === 'paused') await transitionExperiment(ctx, actor, id, 'stop');
  const siteId = current.siteId;
  if (v.position > 0) {
    const site = await getSite(ctx, actor, siteId);
    const rows = await variationRows(ctx.db, [id]);
    const content = contentOf(rows.find((r) => Number(r.id) === variationId)?.content ?? { pages: {} });
    const doc = withVariation(site as unknown as SiteDocument, content);
    if (!doc) throw conflict('server.experiment_pages_changed', 'EXPERIMENT_PAGES_CHANGED');
    await saveSite(ctx, actor, siteId, 'publish', doc);
  }
  await ctx.db.tx(async (q) => {
    const row = await findExperiment(q, id, true);
    if (row?.status !== 'stopped') throw conflict('server.experiment_status', 'EXPERIMENT_STATUS');
    await setExperimentStatus(q, id, 'completed', ctx.clock.now(), { winnerVariationId: variationId });
    await recordAudit(q, [
      {
        accountId: actor.id,
        siteId,
        action: 'experiment.promote',
        detail: { experimentId: id, variationId, name: v.name, published: v.position > 0 },
      },
    ]);
  });
  await invalidateSite(ctx, siteId);
  return getExperiment(ctx, actor, id);
}
