import type { FormType, Language, SiteDocument } from '@swipe/core';
import { insertMany } from '../../db/bulk.js';
import type { Queryable } from '../../db/db.js';
import { videoRenditions } from './repo/media-links.js';

export interface SiteRow {
  id: number;
  uuid: string;
  account_id: number;
  status: string;
  name: string;
  number_horizontal: number;
  number_vertical: number;
  default_language: Language;
  languages: Language[];
  logo_setting: Record<string, unknown>;
  favicon_setting: Record<string, unknown>;
  global_menu_text_color: string | null;
  global_menu_background_color: string | null;
  speaker_color: string | null;
  display_language_icon: boolean;
  display_global_menu: boolean;
  display_page_count: boolean;
  display_album: boolean;
  swipe_redirection: boolean;
  view_mode: 'MOBILE' | 'PC';
  custom_domain: string | null;
  domain_verified_at: string | null;
  path_prefix: string | null;
  is_default: boolean;
  preview_security: boolean;
  preview_password_hash?: string | null;
  domain_requested_at?: string | null;
  domain_checked_at?: string | null;
  domain_failed_at?: string | null;
  status_before_domain?: 'DRAFT' | 'PUBLISH' | 'PRIVATE' | null;
  deleted_at?: string | null;
  expires_at: string | null;
  publish_version: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  owner_path?: string;
  owner_company?: string;
}

export const SITE_SELECT = `SELECT s.*, a.path AS owner_path, a.company_name AS owner_company FROM sites s JOIN accounts a ON a.id = s.account_id`;

export function findSite(q: Queryable, id: number, lock = false): Promise<SiteRow | undefined> {
  return q.maybeOne<SiteRow>(`${SITE_SELECT} WHERE s.id = $1 AND s.deleted_at IS NULL${lock ? ' FOR UPDATE OF s' : ''}`, [id]);
}

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

const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Keeps an id from the input only when it already belongs to this site (ids are never taken over). */
function keep(id: number | undefined, owned: Set<number>): number | null {
  return id && owned.has(id) ? id : null;
}

/** Replaces the working copy of a site with the document, in the caller's transaction. */
export async function writeSiteDocument(q: Queryable, siteId: number, doc: SiteDocument): Promise<void> {
  await q.query(
    `UPDATE sites SET name = $2, number_horizontal = $3, number_vertical = $4, default_language = $5, languages = $6,
       logo_setting = $7, favicon_setting = $8, global_menu_text_color = $9, global_menu_background_color = $10, speaker_color = $11,
       display_language_icon = $12, display_global_menu = $13, display_page_count = $14, display_album = $15, swipe_redirection = $16,
       view_mode = $17, path_prefix = $18, updated_at = now()
     WHERE id = $1`,
    [
      siteId,
      doc.name,
      doc.numberHorizontal,
      doc.numberVertical,
      doc.defaultLanguage,
      doc.languages,
      doc.logoSetting,
      doc.faviconSetting,
      n(doc.globalMenuTextColor),
      n(doc.globalMenuBackgroundColor),
      n(doc.speakerColor),
      doc.displayLanguageIcon,
      doc.displayGlobalMenu,
      doc.displayPageCount,
      doc.displayAlbum,
      doc.swipeRedirection,
      doc.viewMode,
      doc.pathPrefix || null,
    ],
  );

  // Per-language settings, SNS and forms.
  await q.query('DELETE FROM site_languages WHERE site_id = $1', [siteId]);
  await q.query('DELETE FROM site_sns WHERE site_id = $1', [siteId]);
  await q.query('DELETE FROM form_settings WHERE site_id = $1', [siteId]);
  const langRows: Record<string, unknown>[] = [];
  const snsRows: Record<string, unknown>[] = [];
  const fieldRows: Record<string, unknown>[] = [];
  for (const lang of doc.languages) {
    const t = doc.translations[lang];
    if (!t) continue;
    langRows.push({
      site_id: siteId,
      lang,
      seo_title: t.seo.title,
      seo_h1: t.seo.h1,
      seo_description: t.seo.description,
      head_tags: t.seo.headTags,
      body_script: t.seo.body,
      company_website: t.company.companyWebsite,
      company_profile: t.company.companyProfile,
      company_clause: t.company.companyClause,
      terms_of_service: t.company.termsOfService,
      privacy_policy: t.company.privacyPolicy,
      company_flags: t.companyFlags,
      contract_agreement_required: t.company.contractAgreementRequired,
      contact_script: t.scripts.contactScript,
      membership_script: t.scripts.membershipScript,
      form_script: t.scripts.formScript,
      global_menu: t.globalMenu,
    });
    t.sns.forEach((s, i) => {
      snsRows.push({ site_id: siteId, lang, sns_type: s.snsType, sns_url: s.snsUrl, order_num: i });
    });
    for (const [type, setting] of Object.entries(t.forms) as [FormType, NonNullable<(typeof t.forms)[FormType]>][]) {
      const fs = await q.one<{ id: number }>(
        'INSERT INTO form_settings (site_id, lang, type, destination_emails, send_confirmation) VALUES ($1, $2, $3, $4, $5) RETURNING id',
        [siteId, lang, type, setting.destinationEmails, setting.sendConfirmation],
      );
      for (const f of setting.fields) {
        fieldRows.push({
          form_setting_id: fs.id,
          field_key: f.fieldKey,
          type_form: f.typeForm,
          title: f.title,
          placeholder: f.placeholder,
          required: f.required,
          order_num: f.orderNum,
          options: f.options,
          default_value: n(f.defaultValue),
          max_length: n(f.maxLength),
          min_value: n(f.minValue),
          max_value: n(f.maxValue),
        });
      }
    }
  }
  await insertLanguageRows(q, langRows);
  await insertMany(q, 'site_sns', { site_id: 'bigint', lang: 'text', sns_type: 'text', sns_url: 'text', order_num: 'int' }, snsRows);
  await insertMany(
    q,
    'form_fields',
    {
      form_setting_id: 'bigint',
      field_key: 'text',
      type_form: 'text',
      title: 'text',
      placeholder: 'text',
      required: 'boolean',
      order_num: 'int',
      options: 'jsonb',
      default_value: 'text',
      max_length: 'int',
      min_value: 'numeric',
      max_value: 'numeric',
    },
    fieldRows,
  );

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
  const catIds = await insertMany(
    q,
    'categories',
    { site_id: 'bigint', order_num: 'int', names: 'jsonb' },
    doc.categories.map((c, i) => ({
      id: keep(c.id, ownedCats),
      site_id: siteId,
      order_num: i + 1,
      names: Object.fromEntries(doc.languages.map((l) => [l, doc.translations[l]?.globalMenu[i] ?? ''])),
    })),
  );
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
  await insertMany(q, 'buttons', BUTTON_COLUMNS, buttonRows);
  await insertMany(q, 'products', PRODUCT_COLUMNS, productRows);

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

async function insertLanguageRows(q: Queryable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(`INSERT INTO site_languages SELECT * FROM jsonb_populate_recordset(NULL::site_languages, $1::jsonb)`, [
    JSON.stringify(rows),
  ]);
}
