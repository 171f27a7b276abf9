import type { SiteDocument } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import { writeExtras } from './repo/extras.js';
import { writeGrid } from './repo/grid.js';
import { writeSiteSettings } from './repo/settings.js';

// The site document's SQL (sites owns every table of it): row and settings (repo/settings.ts), the grid
// (repo/grid.ts), popup CTA and campaign (repo/extras.ts); reading it back is read.ts.

export { findSite, SITE_SELECT, type SiteRow } from './repo/site-row.js';

/** Replaces the working copy of a site with the document, in the caller's transaction. */
export async function writeSiteDocument(q: Queryable, siteId: number, doc: SiteDocument): Promise<void> {
  await writeSiteSettings(q, siteId, doc);
  await writeGrid(q, siteId, doc);
  await writeExtras(q, siteId, doc);
}
