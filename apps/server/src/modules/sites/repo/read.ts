import type { Queryable, Row } from '../../../db/db.js';
import { assembleDocument, type DocumentRows, type SavedDocument } from './assemble.js';
import type { SiteRow } from './site-row.js';

/** How many times the working copy's rows were loaded (a test counts the reads of one save). */
export const documentReads = { count: 0 };

/** Every row of a site's working copy; the order of rows is assembleDocument's business. */
export async function loadDocumentRows(q: Queryable, siteId: number): Promise<DocumentRows> {
  documentReads.count++;
  // One query after another: q may be a transaction's single connection (pg forbids overlapping queries there).
  const langs = await q.query<Row>('SELECT * FROM site_languages WHERE site_id = $1', [siteId]);
  const sns = await q.query<Row>('SELECT * FROM site_sns WHERE site_id = $1', [siteId]);
  const forms = await q.query<Row>('SELECT * FROM form_settings WHERE site_id = $1', [siteId]);
  const fields = await q.query<Row>('SELECT f.* FROM form_fields f JOIN form_settings s ON s.id = f.form_setting_id WHERE s.site_id = $1', [
    siteId,
  ]);
  const cats = await q.query<Row>('SELECT * FROM categories WHERE site_id = $1', [siteId]);
  const pages = await q.query<Row>('SELECT * FROM pages WHERE site_id = $1', [siteId]);
  const buttons = await q.query<Row>('SELECT b.* FROM buttons b JOIN pages p ON p.id = b.page_id WHERE p.site_id = $1', [siteId]);
  const products = await q.query<Row>('SELECT x.* FROM products x JOIN pages p ON p.id = x.page_id WHERE p.site_id = $1', [siteId]);
  const popups = await q.query<Row>('SELECT * FROM popup_ctas WHERE site_id = $1', [siteId]);
  const campaign = (await q.maybeOne<Row>('SELECT * FROM campaigns WHERE site_id = $1 ORDER BY id LIMIT 1', [siteId])) ?? null;
  const banners = campaign ? await q.query<Row>('SELECT * FROM campaign_banners WHERE campaign_id = $1', [campaign.id]) : [];
  const items = campaign ? await q.query<Row>('SELECT * FROM campaign_items WHERE campaign_id = $1', [campaign.id]) : [];
  return { langs, sns, forms, fields, cats, pages, buttons, products, popups, campaign, banners, items };
}

/** The site's working copy as a document, with ids, click counts and the applicant count. */
export async function readSiteDocument(q: Queryable, site: SiteRow): Promise<SavedDocument> {
  return assembleDocument(site, await loadDocumentRows(q, site.id));
}
