import type { Queryable } from '../../../db/db.js';

/**
 * Counts one click on a counting campaign of a live site (and on one of its banners or items).
 * null when the campaign does not count, is not live, or the item is not in this campaign: the caller
 * rolls the transaction back so nothing is counted.
 */
export async function countCampaignClickRows(
  q: Queryable,
  campaignId: number,
  bannerId: number | undefined,
  itemId: number | undefined,
): Promise<{ clickCount: number; itemClickCount?: number } | null> {
  const c = await q.maybeOne<{ click_count: number }>(
    `UPDATE campaigns c SET click_count = c.click_count + 1
       FROM sites s WHERE c.id = $1 AND s.id = c.site_id AND c.is_on_click_count
        AND s.status IN ('PUBLISH','DOMAIN_VERIFYING') AND s.deleted_at IS NULL
     RETURNING c.click_count`,
    [campaignId],
  );
  if (!c) return null;
  if (bannerId)
    await q.query('UPDATE campaign_banners SET click_count = click_count + 1 WHERE id = $1 AND campaign_id = $2', [bannerId, campaignId]);
  if (!itemId) return { clickCount: Number(c.click_count) };
  const it = await q.maybeOne<{ click_count: number }>(
    'UPDATE campaign_items SET click_count = click_count + 1 WHERE id = $1 AND campaign_id = $2 RETURNING click_count',
    [itemId, campaignId],
  );
  if (!it) return null;
  return { clickCount: Number(c.click_count), itemClickCount: Number(it.click_count) };
}

/** The applicant-limit popup items count their applicants, never past the limit (inside the caller's transaction). */
export async function countPopupClicks(q: Queryable, clicks: readonly { popupId: number; siteId: number }[]): Promise<void> {
  for (const c of clicks)
    await q.query(
      `UPDATE popup_ctas SET number_clicks = number_clicks + 1
        WHERE id = $1 AND site_id = $2 AND kind = 'APPLICANT_LIMIT' AND (applicant_limit IS NULL OR number_clicks < applicant_limit)`,
      [c.popupId, c.siteId],
    );
}

/** Live applicant counts of a site's applicant-limit popup items. */
export async function applicantCounts(q: Queryable, siteId: number): Promise<{ id: number; numberClicks: number; limit: number | null }[]> {
  const rows = await q.query<{ id: number; number_clicks: number; applicant_limit: number | null }>(
    "SELECT id, number_clicks, applicant_limit FROM popup_ctas WHERE site_id = $1 AND kind = 'APPLICANT_LIMIT' ORDER BY id",
    [siteId],
  );
  return rows.map((r) => ({ id: Number(r.id), numberClicks: Number(r.number_clicks), limit: r.applicant_limit }));
}
