import type { SiteDocument } from '@swipe/core';
import type { Queryable } from '../../db/db.js';
import type { DocumentRows } from './repo/assemble.js';
import { writeExtras } from './repo/extras.js';
import { writeGrid } from './repo/grid.js';
import { writeSiteSettings } from './repo/settings.js';

// The site document's SQL (sites owns every table of it): row and settings (repo/settings.ts), the grid
// (repo/grid.ts), popup CTA and campaign (repo/extras.ts); reading it back is read.ts.

export { assembleDocument, type DocumentRows, type SavedDocument } from './repo/assemble.js';
export { findSite, SITE_SELECT, type SiteRow } from './repo/site-row.js';

/**
 * Replaces the working copy of a site with the document, in the caller's transaction. Returns the rows
 * written (new ids, kept click counts, video renditions, popup and campaign rows as stored): with the
 * site row, assembleDocument makes the saved document from them without reading it back.
 */
export async function writeSiteDocument(q: Queryable, siteId: number, doc: SiteDocument): Promise<DocumentRows> {
  const settings = await writeSiteSettings(q, siteId, doc);
  const grid = await writeGrid(q, siteId, doc);
  const extras = await writeExtras(q, siteId, doc);
  return { ...settings, ...grid, ...extras };
}
