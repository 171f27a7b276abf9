import type { AppContext } from '../../context.js';
import { assign, liveExperiments, variationOnPage } from './serving.js';

// The experiments module (migration 0030): operators' experiments on a published site (operator.ts, promote.ts),
// their results (results.ts), and what visitors see (serving.ts). Other modules import it through this file.

export {
  createExperiment,
  deleteExperiment,
  getExperiment,
  listExperiments,
  transitionExperiment,
  updateExperiment,
} from './operator.js';
export { promoteVariation } from './promote.js';
export { experimentResults, experimentResultsCsv } from './results.js';
export {
  type Assignment,
  assign,
  fromToken,
  type LiveExperiment,
  liveExperiments,
  NO_ASSIGNMENT,
  variantSite,
  variationOnPage,
} from './serving.js';

/** For analytics' ingestion: the experiment and variation of a visitor's events by page (registered in modules/index.ts). */
export async function variationLookup(ctx: AppContext, siteId: number, visitorId: string) {
  const live = await liveExperiments(ctx, siteId);
  if (!live.some((e) => e.status === 'running')) return null;
  const a = assign(live, visitorId);
  if (a.variationIds.length === 0) return null;
  return (pageId: number) => variationOnPage(live, a, pageId);
}
