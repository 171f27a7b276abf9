import { columnToLetters, type SiteDocument } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import { AppError } from '../../errors.js';
import { liveExperimentRows } from './repo.js';

// A publish that would break a live test is refused (sites' publishGuards, registered in modules/index.ts): a page
// under a running or paused experiment must stay on the site with its creative, or the test would compare nothing.
// Editing such a page is allowed (the editor asks first: it changes the control while the test runs).

/** The cell (A1, B3...) of each page id in a document. */
function cellsOf(doc: SiteDocument): Map<number, string> {
  const out = new Map<number, string>();
  doc.categories.forEach((c, ci) => {
    c.pages.forEach((p, ri) => {
      if (p.id) out.set(Number(p.id), `${columnToLetters(ci + 1)}${ri + 1}`);
    });
  });
  return out;
}

export async function experimentPublishGuard(q: Queryable, siteId: number, doc: SiteDocument, before: SiteDocument): Promise<void> {
  const live = await liveExperimentRows(q, siteId);
  const held = live.flatMap((r) => (r.scope === 'pages' ? r.page_ids.map(Number) : []));
  if (held.length === 0) return;
  const kept = new Set(doc.categories.flatMap((c) => c.pages.flatMap((p) => (p.id && p.imageUrl ? [Number(p.id)] : []))));
  const gone = [...new Set(held.filter((p) => !kept.has(p)))];
  if (gone.length === 0) return;
  const cells = cellsOf(before);
  throw new AppError(409, 'EXPERIMENT_PAGE_IN_TEST', 'server.experiment_page_in_test', {
    pages: gone.map((p) => cells.get(p) ?? `#${p}`).join(', '),
  });
}
