import type { SiteDocument } from '@swipe/core';
import { insertMany } from '../../../db/bulk.js';
import type { Queryable } from '../../../db/db.js';
import type { DocumentRows } from './assemble.js';
import { videoRenditions } from './media-links.js';
import { keep, n, withIds } from './util.js';

const PAGE_COLUMNS = {
  site_id: 'bigint',
  category_id: 'bigint',
  order_num: 'int',
  media_type: 'text',
  image_url: 'text',
  thumbnail: 'text',
  hls_path: 'text',
  image_alt: 'jsonb',
  main_text: 'jsonb',
  main_text_color: 'text',
  main_text_x: 'numeric',
  main_text_y: 'numeric',
  price: 'int',
  price_text_color: 'text',
  link_button_text: 'jsonb',
  link_destination_url: 'text',
  link_button_color: 'text',
  link_text_color: 'text',
  is_internal_link: 'boolean',
  sns_config: 'boolean',
  show_company: 'boolean',
  members_only_lock: 'boolean',
  hover_arrow_color: 'text',
  arrow_fade_interval: 'int',
  time_setting: 'int',
  background_music: 'boolean',
  background_music_url: 'text',
  speaker_x: 'numeric',
  speaker_y: 'numeric',
  album_x: 'numeric',
  album_y: 'numeric',
  chatbot_script: 'text',
};
const BUTTON_COLUMNS = {
  page_id: 'bigint',
  button_type: 'text',
  button_text: 'jsonb',
  button_content_html: 'text',
  button_width: 'numeric',
  button_height: 'numeric',
  text_size: 'numeric',
  button_color: 'text',
  button_text_color: 'text',
  microcopy_text: 'jsonb',
  microcopy_text_color: 'text',
  text_align: 'text',
  button_animation: 'text',
  button_shape: 'text',
  lock_aspect_ratio: 'boolean',
  z_index: 'int',
  button_link_type: 'text',
  link_destination_url: 'text',
  linked_survey_id: 'bigint',
  button_image_url: 'text',
  is_video: 'boolean',
  thumbnail_url: 'text',
  button_position_x: 'numeric',
  button_position_y: 'numeric',
  parent_width: 'numeric',
  parent_height: 'numeric',
  click_count: 'int',
};
const PRODUCT_COLUMNS = {
  page_id: 'bigint',
  product_name: 'jsonb',
  image_path: 'text',
  price: 'int',
  description: 'jsonb',
  link_button_url: 'text',
  link_button_text: 'jsonb',
  link_button_color: 'text',
  link_text_color: 'text',
  coordinate_x: 'numeric',
  coordinate_y: 'numeric',
  text_color: 'text',
  background_color: 'text',
  is_internal_link: 'boolean',
  order_num: 'int',
};

type GridRows = Pick<DocumentRows, 'cats' | 'pages' | 'buttons' | 'products'>;

/**
 * The grid of the working copy: categories, pages, buttons, products (ids the site owns are kept).
 * Returns the rows written with their ids, the click counts kept and the video renditions found.
 */
export async function writeGrid(q: Queryable, siteId: number, doc: SiteDocument): Promise<GridRows> {
  // The grid: categories, pages, buttons, products. Ids the site already owns are kept.
  const ownedCats = new Set((await q.query<{ id: number }>('SELECT id FROM categories WHERE site_id = $1', [siteId])).map((r) => r.id));
  const ownedPages = new Set((await q.query<{ id: number }>('SELECT id FROM pages WHERE site_id = $1', [siteId])).map((r) => r.id));
  // Buttons keep their click counts across saves (the rows are rewritten, the counts are the visitors').
  const buttonClicks = new Map(
    (
      await q.query<{ id: number; click_count: number }>(
        'SELECT b.id, b.click_count FROM buttons b JOIN pages p ON p.id = b.page_id WHERE p.site_id = $1',
        [siteId],
      )
    ).map((r) => [Number(r.id), Number(r.click_count)]),
  );
  const ownedButtons = new Set(buttonClicks.keys());
  const ownedProducts = new Set(
    (await q.query<{ id: number }>('SELECT x.id FROM products x JOIN pages p ON p.id = x.page_id WHERE p.site_id = $1', [siteId])).map(
      (r) => r.id,
    ),
  );
  await q.query('DELETE FROM categories WHERE site_id = $1', [siteId]);
  const catRows = doc.categories.map((c, i) => ({
    id: keep(c.id, ownedCats),
    site_id: siteId,
    order_num: i + 1,
    names: Object.fromEntries(doc.languages.map((l) => [l, doc.translations[l]?.globalMenu[i] ?? ''])),
  }));
  const catIds = await insertMany(q, 'categories', { site_id: 'bigint', order_num: 'int', names: 'jsonb' }, catRows);
  // A video's poster and streaming rendition come from its media row (the variants job fills them, before
  // or after this save): never from what the editor sent, which may be an earlier video's.
  const videoKeys = [
    ...new Set(
      doc.categories.flatMap((c) => c.pages.filter((p) => p.mediaType === 'VIDEO' && p.imageUrl).map((p) => p.imageUrl as string)),
    ),
  ];
  const renditions = await videoRenditions(q, videoKeys);
  const pageRows: Record<string, unknown>[] = [];
  const pageRefs: SiteDocument['categories'][number]['pages'] = [];
  doc.categories.forEach((c, ci) => {
    c.pages.forEach((p, pi) => {
      pageRefs.push(p);
      const media = p.mediaType === 'VIDEO' && p.imageUrl ? renditions.get(p.imageUrl) : undefined;
      const video = p.mediaType === 'VIDEO';
      pageRows.push({
        id: keep(p.id, ownedPages),
        site_id: siteId,
        category_id: catIds[ci],
        order_num: pi + 1,
        media_type: p.mediaType,
        image_url: n(p.imageUrl),
        thumbnail: media ? media.poster_key : video ? n(p.thumbnail) : null,
        hls_path: media ? media.hls_key : video ? n(p.hlsPath) : null,
        image_alt: p.imageAlt,
        main_text: p.mainText,
        main_text_color: n(p.mainTextColor),
        main_text_x: n(p.mainTextX),
        main_text_y: n(p.mainTextY),
        price: n(p.price),
        price_text_color: n(p.priceTextColor),
        link_button_text: p.linkButtonText,
        link_destination_url: n(p.linkDestinationUrl),
        link_button_color: n(p.linkButtonColor),
        link_text_color: n(p.linkTextColor),
        is_internal_link: p.isInternalLink,
        sns_config: p.snsConfig,
        show_company: p.showCompany,
        members_only_lock: p.membersOnlyLock,
        hover_arrow_color: p.hoverArrowColor,
        arrow_fade_interval: p.arrowFadeInterval,
        time_setting: n(p.timeSetting),
        background_music: p.backgroundMusic,
        background_music_url: n(p.backgroundMusicUrl),
        speaker_x: n(p.speakerX),
        speaker_y: n(p.speakerY),
        album_x: n(p.albumX),
        album_y: n(p.albumY),
        chatbot_script: n(p.chatbotScript),
      });
    });
  });
  const pageIds = await insertMany(q, 'pages', PAGE_COLUMNS, pageRows);
  const buttonRows: Record<string, unknown>[] = [];
  const productRows: Record<string, unknown>[] = [];
  pageRefs.forEach((p, i) => {
    for (const b of p.buttons) {
      const keptId = keep(b.id, ownedButtons);
      buttonRows.push({
        id: keptId,
        click_count: keptId ? (buttonClicks.get(keptId) ?? 0) : 0,
        page_id: pageIds[i],
        button_type: b.buttonType,
        button_text: b.buttonText,
        button_content_html: n(b.buttonContentHtml),
        button_width: b.buttonWidth,
        button_height: b.buttonHeight,
        text_size: b.textSize,
        button_color: n(b.buttonColor),
        button_text_color: n(b.buttonTextColor),
        microcopy_text: b.microcopyText,
        microcopy_text_color: n(b.microcopyTextColor),
        text_align: b.textAlign,
        button_animation: b.buttonAnimation,
        button_shape: b.buttonShape,
        lock_aspect_ratio: b.lockAspectRatio,
        z_index: b.zIndex,
        button_link_type: b.buttonLinkType === 'LINK_TO_PAGE' ? 'CREATIVE_BLOCK' : n(b.buttonLinkType),
        link_destination_url: n(b.linkDestinationUrl),
        linked_survey_id: n(b.linkedSurveyId),
        button_image_url: n(b.buttonImageUrl),
        is_video: b.isVideo,
        thumbnail_url: n(b.thumbnailUrl),
        button_position_x: b.buttonPositionX,
        button_position_y: b.buttonPositionY,
        parent_width: n(b.parentWidth),
        parent_height: n(b.parentHeight),
      });
    }
    for (const x of p.products) {
      productRows.push({
        id: keep(x.id, ownedProducts),
        page_id: pageIds[i],
        product_name: x.productName,
        image_path: n(x.imagePath),
        price: n(x.price),
        description: x.description,
        link_button_url: n(x.linkButtonUrl),
        link_button_text: x.linkButtonText,
        link_button_color: n(x.linkButtonColor),
        link_text_color: n(x.linkTextColor),
        coordinate_x: x.coordinateX,
        coordinate_y: x.coordinateY,
        text_color: n(x.textColor),
        background_color: n(x.backgroundColor),
        is_internal_link: x.isInternalLink,
        order_num: x.order,
      });
    }
  });
  const buttonIds = await insertMany(q, 'buttons', BUTTON_COLUMNS, buttonRows);
  const productIds = await insertMany(q, 'products', PRODUCT_COLUMNS, productRows);
  return {
    cats: withIds(catRows, catIds),
    pages: withIds(pageRows, pageIds),
    buttons: withIds(buttonRows, buttonIds),
    products: withIds(productRows, productIds),
  };
}
