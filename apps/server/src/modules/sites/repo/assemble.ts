import type { Language, SiteDocument } from '@swipe/core';
import type { Row } from '../../../db/db.js';
import type { SiteRow } from './site-row.js';

// The site document from its rows: one mapping for both ways a document comes to be. readSiteDocument
// (read.ts) passes the rows it selects; a save passes the rows it has just written (with their new ids
// and the values the database keeps: click counts, video renditions, popup and campaign rows as
// RETURNING gives them), so the saved document needs no second read. Order is decided here, not in SQL.

type Loose = Record<string, unknown>;
export type SavedDocument = SiteDocument & { id: number; extras: Loose };

/** The rows of a site's working copy (as selected, or as written by writeSiteDocument). */
export interface DocumentRows {
  langs: Row[];
  sns: Row[];
  forms: Row[];
  fields: Row[];
  cats: Row[];
  pages: Row[];
  buttons: Row[];
  products: Row[];
  popups: Row[];
  campaign: Row | null;
  banners: Row[];
  items: Row[];
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);
/** Sorted copy by numeric keys (ties by the next key). */
const by =
  (...keys: string[]) =>
  (a: Row, b: Row): number => {
    for (const k of keys) {
      const d = Number(a[k]) - Number(b[k]);
      if (d !== 0) return d;
    }
    return 0;
  };
function groupBy(rows: Row[], key: string): Map<unknown, Row[]> {
  const m = new Map<unknown, Row[]>();
  for (const r of rows) {
    const k = r[key];
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}

/** The document (with ids, click counts and the applicant count) from the site row and its rows. */
export function assembleDocument(site: SiteRow, rows: DocumentRows): SavedDocument {
  const { langs, forms } = rows;
  const sns = groupBy([...rows.sns].sort(by('order_num')), 'lang');
  const fields = groupBy([...rows.fields].sort(by('order_num', 'id')), 'form_setting_id');
  const pagesOf = groupBy([...rows.pages].sort(by('order_num')), 'category_id');
  const btnBy = groupBy([...rows.buttons].sort(by('z_index', 'id')), 'page_id');
  const prodBy = groupBy([...rows.products].sort(by('order_num', 'id')), 'page_id');
  const cats = [...rows.cats].sort(by('order_num'));
  const banners = [...rows.banners].sort(by('id'));
  const items = [...rows.items].sort(by('id'));
  const popups = rows.popups;

  const translations: SiteDocument['translations'] = {};
  for (const l of langs) {
    const lang = l.lang as Language;
    const langForms: Loose = {};
    for (const f of forms.filter((x) => x.lang === lang)) {
      langForms[f.type as string] = {
        destinationEmails: f.destination_emails,
        sendConfirmation: f.send_confirmation,
        fields: (fields.get(f.id) ?? []).map((x) => ({
          fieldKey: x.field_key,
          typeForm: x.type_form,
          title: x.title,
          placeholder: x.placeholder,
          required: x.required,
          orderNum: x.order_num,
          options: x.options,
          defaultValue: x.default_value,
          maxLength: x.max_length,
          minValue: num(x.min_value),
          maxValue: num(x.max_value),
          ...(x.rules as Loose | null),
        })),
      };
    }
    translations[lang] = {
      seo: { title: l.seo_title, h1: l.seo_h1, description: l.seo_description, headTags: l.head_tags, body: l.body_script },
      company: {
        companyWebsite: l.company_website,
        companyProfile: l.company_profile,
        companyClause: l.company_clause,
        termsOfService: l.terms_of_service,
        privacyPolicy: l.privacy_policy,
        contractAgreementRequired: l.contract_agreement_required,
      },
      companyFlags: l.company_flags,
      scripts: { contactScript: l.contact_script, membershipScript: l.membership_script, formScript: l.form_script },
      globalMenu: l.global_menu,
      sns: (sns.get(lang) ?? []).map((s) => ({ snsType: s.sns_type, snsUrl: s.sns_url })),
      forms: langForms,
    } as unknown as SiteDocument['translations'][Language];
  }

  const categories = cats.map((c) => ({
    id: c.id as number,
    pages: (pagesOf.get(c.id) ?? []).map((p) => ({
      id: p.id as number,
      mediaType: p.media_type,
      imageUrl: p.image_url,
      thumbnail: p.thumbnail,
      hlsPath: p.hls_path,
      imageAlt: p.image_alt,
      mainText: p.main_text,
      mainTextColor: p.main_text_color,
      mainTextX: num(p.main_text_x),
      mainTextY: num(p.main_text_y),
      price: p.price,
      priceTextColor: p.price_text_color,
      linkButtonText: p.link_button_text,
      linkDestinationUrl: p.link_destination_url,
      linkButtonColor: p.link_button_color,
      linkTextColor: p.link_text_color,
      isInternalLink: p.is_internal_link,
      snsConfig: p.sns_config,
      showCompany: p.show_company,
      membersOnlyLock: p.members_only_lock,
      hoverArrowColor: p.hover_arrow_color,
      arrowFadeInterval: p.arrow_fade_interval,
      timeSetting: p.time_setting,
      backgroundMusic: p.background_music,
      backgroundMusicUrl: p.background_music_url,
      speakerX: num(p.speaker_x),
      speakerY: num(p.speaker_y),
      albumX: num(p.album_x),
      albumY: num(p.album_y),
      chatbotScript: p.chatbot_script,
      buttons: (btnBy.get(p.id) ?? []).map((b) => ({
        id: b.id as number,
        buttonType: b.button_type,
        buttonText: b.button_text,
        buttonContentHtml: b.button_content_html,
        buttonWidth: num(b.button_width),
        buttonHeight: num(b.button_height),
        textSize: num(b.text_size),
        buttonColor: b.button_color,
        buttonTextColor: b.button_text_color,
        microcopyText: b.microcopy_text,
        microcopyTextColor: b.microcopy_text_color,
        textAlign: b.text_align,
        buttonAnimation: b.button_animation,
        buttonShape: b.button_shape,
        lockAspectRatio: b.lock_aspect_ratio,
        zIndex: b.z_index,
        buttonLinkType: b.button_link_type,
        linkDestinationUrl: b.link_destination_url,
        linkedSurveyId: b.linked_survey_id,
        buttonImageUrl: b.button_image_url,
        isVideo: b.is_video,
        thumbnailUrl: b.thumbnail_url,
        buttonPositionX: num(b.button_position_x),
        buttonPositionY: num(b.button_position_y),
        parentWidth: num(b.parent_width),
        parentHeight: num(b.parent_height),
        clickCount: b.click_count,
      })),
      products: (prodBy.get(p.id) ?? []).map((x) => ({
        id: x.id as number,
        productName: x.product_name,
        imagePath: x.image_path,
        price: x.price,
        description: x.description,
        linkButtonUrl: x.link_button_url,
        linkButtonText: x.link_button_text,
        linkButtonColor: x.link_button_color,
        linkTextColor: x.link_text_color,
        coordinateX: num(x.coordinate_x),
        coordinateY: num(x.coordinate_y),
        textColor: x.text_color,
        backgroundColor: x.background_color,
        isInternalLink: x.is_internal_link,
        order: x.order_num,
      })),
    })),
  }));

  const popup = (kind: string) => {
    const r = popups.find((x) => x.kind === kind);
    if (!r) return null;
    return {
      id: r.id as number,
      startDate: iso(r.start_date),
      endDate: iso(r.end_date),
      effectivePages: r.effective_pages,
      style: r.style,
      showRemainingTime: r.show_remaining_time,
      showRemainingSlots: r.show_remaining_slots,
      media: r.media,
      transition: r.transition,
      text: r.texts,
      limit: r.applicant_limit,
      numberClicks: r.number_clicks,
    };
  };
  const c = rows.campaign;
  const campaign = c
    ? {
        id: c.id as number,
        translations: c.translations,
        background: c.background,
        backgroundColor: c.background_color,
        backgroundOpacity: num(c.background_opacity),
        startDate: iso(c.start_date),
        endDate: iso(c.end_date),
        effectivePages: c.effective_pages,
        isOnClickCount: c.is_on_click_count,
        positionLp: c.position_lp,
        clickCount: c.click_count,
        banners: banners.map((b) => ({
          id: b.id,
          side: b.side,
          mediaUrl: b.media_url,
          width: num(b.width),
          height: num(b.height),
          zIndex: b.z_index,
          lockRatio: b.lock_ratio,
          linkDestinationType: b.link_destination_type,
          linkDestinationUrl: b.link_destination_url,
          bannerX: num(b.banner_x),
          bannerY: num(b.banner_y),
          clickCount: b.click_count,
        })),
        buttons: items.map((it) => ({
          id: it.id,
          type: String(it.type).toUpperCase(),
          side: it.side,
          imageUrl: it.image_url,
          pos: { left: num(it.pos_left), top: num(it.pos_top) },
          settings: it.settings,
          clickCount: it.click_count,
        })),
      }
    : null;

  return {
    id: site.id,
    name: site.name,
    numberHorizontal: site.number_horizontal,
    numberVertical: site.number_vertical,
    defaultLanguage: site.default_language,
    languages: site.languages,
    logoSetting: site.logo_setting,
    faviconSetting: site.favicon_setting,
    globalMenuTextColor: site.global_menu_text_color,
    globalMenuBackgroundColor: site.global_menu_background_color,
    speakerColor: site.speaker_color,
    displayLanguageIcon: site.display_language_icon,
    displayGlobalMenu: site.display_global_menu,
    displayPageCount: site.display_page_count,
    displayAlbum: site.display_album,
    swipeRedirection: site.swipe_redirection,
    viewMode: site.view_mode,
    customDomain: site.custom_domain,
    pathPrefix: site.path_prefix,
    translations,
    categories,
    popupCtas: { timeLimit: popup('TIME_LIMIT'), applicantLimit: popup('APPLICANT_LIMIT') },
    campaign,
    extras: {
      uuid: site.uuid,
      status: site.status,
      publishVersion: site.publish_version,
      publishedAt: site.published_at,
      domainVerifiedAt: site.domain_verified_at,
    },
  } as unknown as SavedDocument;
}
