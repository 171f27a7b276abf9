import type { SiteDocument } from '@swipe/core';
import { insertMany } from '../../../db/bulk.js';
import type { Queryable } from '../../../db/db.js';
import { n } from './util.js';

/** Popup CTA items and the campaign of the working copy (click counts survive saves). */
export async function writeExtras(q: Queryable, siteId: number, doc: SiteDocument): Promise<void> {
  // Popup CTA items: click counts survive saves.
  for (const [kind, item] of [
    ['TIME_LIMIT', doc.popupCtas.timeLimit],
    ['APPLICANT_LIMIT', doc.popupCtas.applicantLimit],
  ] as const) {
    if (!item) {
      await q.query('DELETE FROM popup_ctas WHERE site_id = $1 AND kind = $2', [siteId, kind]);
      continue;
    }
    await q.query(
      `INSERT INTO popup_ctas (site_id, kind, start_date, end_date, effective_pages, style, show_remaining_time, show_remaining_slots, media, transition, texts, applicant_limit)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)
       ON CONFLICT (site_id, kind) DO UPDATE SET start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, effective_pages = EXCLUDED.effective_pages,
         style = EXCLUDED.style, show_remaining_time = EXCLUDED.show_remaining_time, show_remaining_slots = EXCLUDED.show_remaining_slots,
         media = EXCLUDED.media, transition = EXCLUDED.transition, texts = EXCLUDED.texts, applicant_limit = EXCLUDED.applicant_limit`,
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
  }

  // Campaign: one per site; click counts survive saves.
  const existing = await q.maybeOne<{ id: number }>('SELECT id FROM campaigns WHERE site_id = $1 ORDER BY id LIMIT 1', [siteId]);
  if (!doc.campaign) {
    await q.query('DELETE FROM campaigns WHERE site_id = $1', [siteId]);
  } else {
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
    let campaignId: number;
    if (existing) {
      campaignId = existing.id;
      await q.query(
        `UPDATE campaigns SET translations = $2, background = $3, background_color = $4, background_opacity = $5, start_date = $6, end_date = $7,
           effective_pages = $8, is_on_click_count = $9, position_lp = $10 WHERE id = $11 AND site_id = $1`,
        [...params, campaignId],
      );
    } else {
      campaignId = (
        await q.one<{ id: number }>(
          `INSERT INTO campaigns (site_id, translations, background, background_color, background_opacity, start_date, end_date, effective_pages, is_on_click_count, position_lp)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) RETURNING id`,
          params,
        )
      ).id;
    }
    // Banners are matched by position: the n-th banner keeps its id and click count.
    const oldBanners = await q.query<{ id: number; click_count: number }>(
      'SELECT id, click_count FROM campaign_banners WHERE campaign_id = $1 ORDER BY id',
      [campaignId],
    );
    await q.query('DELETE FROM campaign_banners WHERE campaign_id = $1', [campaignId]);
    await insertMany(
      q,
      'campaign_banners',
      {
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
      },
      c.banners.map((b, i) => ({
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
      })),
    );
    // Draggable items keep their id and click count when they come back with their id.
    const oldItems = await q.query<{ id: number; click_count: number }>(
      'SELECT id, click_count FROM campaign_items WHERE campaign_id = $1',
      [campaignId],
    );
    const kept = new Map(oldItems.map((r) => [Number(r.id), r.click_count]));
    const seen = new Set<number>();
    await q.query('DELETE FROM campaign_items WHERE campaign_id = $1', [campaignId]);
    await insertMany(
      q,
      'campaign_items',
      {
        campaign_id: 'bigint',
        side: 'text',
        type: 'text',
        image_url: 'text',
        pos_left: 'numeric',
        pos_top: 'numeric',
        settings: 'jsonb',
        click_count: 'int',
      },
      c.buttons.map((it) => {
        const id = it.id && kept.has(it.id) && !seen.has(it.id) ? it.id : null;
        if (id) seen.add(id);
        return {
          id,
          click_count: id ? kept.get(id) : 0,
          campaign_id: campaignId,
          side: it.side,
          type: it.type.toLowerCase(),
          image_url: n(it.imageUrl),
          pos_left: it.pos.left,
          pos_top: it.pos.top,
          settings: it.settings,
        };
      }),
    );
  }
}
