import type { SiteDocument } from '@swipe/core';
import { insertMany } from '../../../db/bulk.js';
import type { Queryable, Row } from '../../../db/db.js';
import type { DocumentRows } from './assemble.js';
import { n, withIds } from './util.js';

type ExtraRows = Pick<DocumentRows, 'popups' | 'campaign' | 'banners' | 'items'>;

/**
 * Popup CTA items and the campaign of the working copy (click counts survive saves). Returns the rows
 * written: popup and campaign rows as the database returns them, banners and items with their ids and counts.
 */
export async function writeExtras(q: Queryable, siteId: number, doc: SiteDocument): Promise<ExtraRows> {
  // Popup CTA items: click counts survive saves.
  const popups: Row[] = [];
  for (const [kind, item] of [
    ['TIME_LIMIT', doc.popupCtas.timeLimit],
    ['APPLICANT_LIMIT', doc.popupCtas.applicantLimit],
  ] as const) {
    if (!item) {
      await q.query('DELETE FROM popup_ctas WHERE site_id = $1 AND kind = $2', [siteId, kind]);
      continue;
    }
    const popup = await q.one<Row>(
      `INSERT INTO popup_ctas (site_id, kind, start_date, end_date, effective_pages, style, show_remaining_time, show_remaining_slots, media, transition, texts, applicant_limit)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       ON CONFLICT (site_id, kind) DO UPDATE SET start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, effective_pages = EXCLUDED.effective_pages,
         style = EXCLUDED.style, show_remaining_time = EXCLUDED.show_remaining_time, show_remaining_slots = EXCLUDED.show_remaining_slots,
         media = EXCLUDED.media, transition = EXCLUDED.transition, texts = EXCLUDED.texts, applicant_limit = EXCLUDED.applicant_limit
       RETURNING *`,
      [
        siteId,
        kind,
        n(item.startDate),
        n(item.endDate),
        item.effectivePages,
        item.style,
        item.showRemainingTime,
        item.showRemainingSlots,
        item.media ?? null,
        item.transition,
        item.text,
        kind === 'APPLICANT_LIMIT' ? n(item.limit) : null,
      ],
    );
    popups.push(popup);
  }

  // Campaign: one per site; click counts survive saves.
  const existing = await q.maybeOne<{ id: number }>('SELECT id FROM campaigns WHERE site_id = $1 ORDER BY id LIMIT 1', [siteId]);
  if (!doc.campaign) {
    await q.query('DELETE FROM campaigns WHERE site_id = $1', [siteId]);
    return { popups, campaign: null, banners: [], items: [] };
  }
  const c = doc.campaign;
  const params = [
    siteId,
    c.translations,
    n(c.background),
    n(c.backgroundColor),
    c.backgroundOpacity,
    n(c.startDate),
    n(c.endDate),
    c.effectivePages,
    c.isOnClickCount,
    c.positionLp,
  ];
  const campaign = existing
    ? await q.one<Row & { id: number }>(
        `UPDATE campaigns SET translations = $2, background = $3, background_color = $4, background_opacity = $5, start_date = $6, end_date = $7,
           effective_pages = $8, is_on_click_count = $9, position_lp = $10 WHERE id = $11 AND site_id = $1 RETURNING *`,
        [...params, existing.id],
      )
    : await q.one<Row & { id: number }>(
        `INSERT INTO campaigns (site_id, translations, background, background_color, background_opacity, start_date, end_date, effective_pages, is_on_click_count, position_lp)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING *`,
        params,
      );
  const campaignId = campaign.id;
  // Banners are matched by position: the n-th banner (by id) keeps its id and click count.
  const oldBanners = (
    await q.query<{ id: number; click_count: number }>('DELETE FROM campaign_banners WHERE campaign_id = $1 RETURNING id, click_count', [
      campaignId,
    ])
  ).sort((a, b) => Number(a.id) - Number(b.id));
  const bannerRows = c.banners.map((b, i) => ({
    id: oldBanners[i]?.id ?? null,
    click_count: oldBanners[i]?.click_count ?? 0,
    campaign_id: campaignId,
    side: b.side,
    media_url: b.mediaUrl,
    width: n(b.width),
    height: n(b.height),
    z_index: b.zIndex,
    lock_ratio: b.lockRatio,
    link_destination_type: n(b.linkDestinationType),
    link_destination_url: n(b.linkDestinationUrl),
    banner_x: b.bannerX,
    banner_y: b.bannerY,
  }));
  const bannerIds = await insertMany(q, 'campaign_banners', BANNER_COLUMNS, bannerRows);
  // Draggable items keep their id and click count when they come back with their id.
  const oldItems = await q.query<{ id: number; click_count: number }>(
    'DELETE FROM campaign_items WHERE campaign_id = $1 RETURNING id, click_count',
    [campaignId],
  );
  const kept = new Map(oldItems.map((r) => [Number(r.id), Number(r.click_count)]));
  const seen = new Set<number>();
  const itemRows = c.buttons.map((it) => {
    const id = it.id && kept.has(it.id) && !seen.has(it.id) ? it.id : null;
    if (id) seen.add(id);
    return {
      id,
      click_count: id ? (kept.get(id) ?? 0) : 0,
      campaign_id: campaignId,
      side: it.side,
      type: it.type.toLowerCase(),
      image_url: n(it.imageUrl),
      pos_left: it.pos.left,
      pos_top: it.pos.top,
      settings: it.settings,
    };
  });
  const itemIds = await insertMany(q, 'campaign_items', ITEM_COLUMNS, itemRows);
  return {
    popups,
    campaign,
    banners: withIds(bannerRows, bannerIds),
    items: withIds(itemRows, itemIds),
  };
}

const BANNER_COLUMNS = {
  campaign_id: 'bigint',
  side: 'text',
  media_url: 'text',
  width: 'numeric',
  height: 'numeric',
  z_index: 'int',
  lock_ratio: 'boolean',
  link_destination_type: 'text',
  link_destination_url: 'text',
  banner_x: 'numeric',
  banner_y: 'numeric',
  click_count: 'int',
};
const ITEM_COLUMNS = {
  campaign_id: 'bigint',
  side: 'text',
  type: 'text',
  image_url: 'text',
  pos_left: 'numeric',
  pos_top: 'numeric',
  settings: 'jsonb',
  click_count: 'int',
};
