import vm from 'node:vm';
import type {
  ButtonView,
  CampaignItemView,
  CampaignView,
  CompanyTab,
  GridPage,
  PageDetail,
  PageDetailResponse,
  PopupItemView,
  ProductView,
  ViewerSite,
} from '@swipe/core';
import { pageOrder, parseCreativeBlock, parsePosition, positionCode } from '@swipe/core/address.ts';
import type { Language } from '@swipe/core/constants.ts';
import { sanitizeButtonHtml } from '../../lib/sanitize.js';
import type { PublishedSite } from '../published/service.js';

// Presenters: the published snapshot -> what visitors get, texts resolved to one language.
// Members-only pages carry no content here except through pageDetail (private calls only).

type Text = Partial<Record<Language, string>> | null | undefined;
type Loose = Record<string, unknown>;

export function text(t: Text, lang: Language, fallback: Language): string {
  return (t?.[lang] ?? t?.[fallback] ?? '').toString();
}
const n = (v: unknown, d = 0): number => (typeof v === 'number' && Number.isFinite(v) ? v : v == null ? d : Number(v) || d);
const nn = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const s = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Script-type links run only when the text parses as code (viewer.md 5): compiled, never run, here. */
export function scriptParses(code: string | null | undefined): boolean {
  if (!code?.trim()) return false;
  try {
    new vm.Script(code, { filename: 'operator-script.js' });
    return true;
  } catch {
    return false;
  }
}

type DocPage = PublishedSite['document']['categories'][number]['pages'][number] & Loose;

export interface Located {
  page: DocPage;
  col: number;
  row: number;
  order: number;
  position: string;
}

/** Every page with its grid place. */
export function pagesOf(ps: PublishedSite): Located[] {
  const rows = ps.document.numberVertical;
  const out: Located[] = [];
  ps.document.categories.forEach((c, col) => {
    c.pages.forEach((page, row) => {
      out.push({ page: page as DocPage, col, row, order: pageOrder({ col, row }, rows), position: positionCode({ col, row }) });
    });
  });
  return out;
}

export function findPage(ps: PublishedSite, pageId: number): Located | null {
  return pagesOf(ps).find((p) => p.page.id === pageId) ?? null;
}

/**
 * Whether a position code names a page visitors can open: inside the grid, with an image or video, or
 * members-only (its lock shows). Anything else (`/Z9`, `/A99`, an empty slot) is not found.
 */
export function servesPosition(ps: PublishedSite, code: string): boolean {
  const at = parsePosition(code, ps.document.numberHorizontal, ps.document.numberVertical);
  const page = at ? (ps.document.categories[at.col]?.pages[at.row] as Loose | undefined) : undefined;
  return Boolean(page && (page.imageUrl || page.membersOnlyLock));
}

function presentButton(b: Loose, lang: Language, def: Language): ButtonView {
  const type = b.buttonType === 'TEXT' || b.buttonType === 'MEDIA' ? b.buttonType : 'HTML';
  const linkType = (s(b.buttonLinkType) as ButtonView['buttonLinkType']) ?? null;
  const view: ButtonView = {
    id: n(b.id),
    buttonType: type,
    buttonText: text(b.buttonText as Text, lang, def),
    buttonContentHtml: type === 'HTML' ? sanitizeButtonHtml(String(b.buttonContentHtml ?? '')) : null,
    buttonWidth: n(b.buttonWidth, 120),
    buttonHeight: n(b.buttonHeight, 40),
    textSize: n(b.textSize, 14),
    buttonColor: s(b.buttonColor),
    buttonTextColor: s(b.buttonTextColor),
    microcopyText: text(b.microcopyText as Text, lang, def),
    microcopyTextColor: s(b.microcopyTextColor),
    textAlign: String(b.textAlign ?? 'CENTER'),
    buttonAnimation: (s(b.buttonAnimation) ?? 'NONE') as ButtonView['buttonAnimation'],
    buttonShape: (s(b.buttonShape) ?? 'MODERATELY_ROUNDED_EDGE') as ButtonView['buttonShape'],
    zIndex: n(b.zIndex, 1),
    buttonLinkType: linkType,
    linkDestinationUrl: s(b.linkDestinationUrl),
    linkedSurveyId: nn(b.linkedSurveyId),
    buttonImageUrl: s(b.buttonImageUrl),
    isVideo: Boolean(b.isVideo),
    thumbnailUrl: s(b.thumbnailUrl),
    buttonPositionX: n(b.buttonPositionX, 10),
    buttonPositionY: n(b.buttonPositionY, 10),
  };
  if (linkType === 'SCRIPT') view.scriptValid = scriptParses(view.linkDestinationUrl);
  return view;
}

function presentProduct(x: Loose, lang: Language, def: Language): ProductView {
  return {
    id: n(x.id),
    productName: text(x.productName as Text, lang, def),
    imagePath: s(x.imagePath),
    price: nn(x.price),
    description: text(x.description as Text, lang, def),
    linkButtonUrl: s(x.linkButtonUrl),
    linkButtonText: text(x.linkButtonText as Text, lang, def),
    linkButtonColor: s(x.linkButtonColor),
    linkTextColor: s(x.linkTextColor),
    coordinateX: n(x.coordinateX, 65),
    coordinateY: n(x.coordinateY, 60),
    textColor: s(x.textColor),
    backgroundColor: s(x.backgroundColor),
    isInternalLink: Boolean(x.isInternalLink),
    order: n(x.order),
  };
}

export function presentButtons(loc: Located, lang: Language, def: Language): ButtonView[] {
  return ((loc.page.buttons ?? []) as unknown as Loose[]).map((b) => presentButton(b, lang, def));
}

export function presentProducts(loc: Located, lang: Language, def: Language): ProductView[] {
  return ((loc.page.products ?? []) as unknown as Loose[]).map((x) => presentProduct(x, lang, def)).sort((a, b) => a.order - b.order);
}

export function presentPageDetail(loc: Located, lang: Language, def: Language): PageDetailResponse {
  const p = loc.page as Loose;
  const detail: PageDetail = {
    id: n(p.id),
    order: loc.order,
    position: loc.position,
    mediaType: p.mediaType === 'VIDEO' ? 'VIDEO' : 'IMAGE',
    imageUrl: s(p.imageUrl),
    thumbnail: s(p.thumbnail),
    hlsPath: s(p.hlsPath),
    imageAlt: text(p.imageAlt as Text, lang, def),
    mainText: text(p.mainText as Text, lang, def),
    mainTextColor: s(p.mainTextColor),
    mainTextX: nn(p.mainTextX),
    mainTextY: nn(p.mainTextY),
    price: nn(p.price),
    priceTextColor: s(p.priceTextColor),
    linkButtonText: text(p.linkButtonText as Text, lang, def),
    linkDestinationUrl: s(p.linkDestinationUrl),
    linkButtonColor: s(p.linkButtonColor),
    linkTextColor: s(p.linkTextColor),
    isInternalLink: Boolean(p.isInternalLink),
    snsConfig: Boolean(p.snsConfig),
    showCompany: Boolean(p.showCompany),
    membersOnlyLock: Boolean(p.membersOnlyLock),
    hoverArrowColor: p.hoverArrowColor === 'black' ? 'black' : 'white',
    arrowFadeInterval: n(p.arrowFadeInterval, 3),
    backgroundMusic: Boolean(p.backgroundMusic),
    backgroundMusicUrl: s(p.backgroundMusicUrl),
    speakerX: nn(p.speakerX),
    speakerY: nn(p.speakerY),
    albumX: nn(p.albumX),
    albumY: nn(p.albumY),
    chatbotScript: s(p.chatbotScript),
    buttons: presentButtons(loc, lang, def),
  };
  return { pageDetail: detail, products: presentProducts(loc, lang, def) };
}

function presentGridPage(loc: Located, lang: Language, def: Language): GridPage {
  const p = loc.page as Loose;
  const locked = Boolean(p.membersOnlyLock);
  return {
    id: n(p.id),
    order: loc.order,
    position: loc.position,
    hasMedia: Boolean(p.imageUrl),
    locked,
    mediaType: p.mediaType === 'VIDEO' ? 'VIDEO' : 'IMAGE',
    imageUrl: locked ? null : s(p.imageUrl),
    thumbnail: locked ? null : s(p.thumbnail),
    imageAlt: locked ? '' : text(p.imageAlt as Text, lang, def),
    hoverArrowColor: p.hoverArrowColor === 'black' ? 'black' : 'white',
    arrowFadeInterval: n(p.arrowFadeInterval, 3),
  };
}

function presentPopup(raw: Loose | null | undefined, kind: PopupItemView['kind'], lang: Language, def: Language): PopupItemView | null {
  if (!raw) return null;
  const tr = (raw.transition ?? {}) as PopupItemView['transition'];
  const transition = { ...tr };
  if (tr.transitionType === 'SCRIPT') transition.scriptValid = scriptParses(tr.script);
  return {
    id: n(raw.id),
    kind,
    startDate: s(raw.startDate),
    endDate: s(raw.endDate),
    effectivePages: (raw.effectivePages as number[] | undefined) ?? [],
    style: (raw.style as PopupItemView['style']) ?? {},
    showRemainingTime: raw.showRemainingTime !== false,
    showRemainingSlots: raw.showRemainingSlots !== false,
    media: (raw.media as PopupItemView['media']) ?? null,
    transition,
    text: text(raw.text as Text, lang, def),
    limit: nn(raw.limit),
    numberClicks: n(raw.numberClicks),
  };
}

const ITEM_KINDS: Record<CampaignItemView['type'], ButtonView['buttonType']> = {
  IMAGE: 'MEDIA',
  BUTTON: 'TEXT',
  MEDIA_BUTTON: 'MEDIA',
  HTML_BUTTON: 'HTML',
};

/** A campaign item as a page button (the viewer draws and acts on it with the page-button code). */
function presentCampaignItem(it: Loose, grid: { cols: number; rows: number }, lang: Language, def: Language): CampaignItemView | null {
  const type = String(it.type ?? '').toUpperCase() as CampaignItemView['type'];
  if (!(type in ITEM_KINDS)) return null;
  const st = (it.settings ?? {}) as Loose;
  const pos = (it.pos ?? {}) as Loose;
  const linkType = (s(st.ctaType) as ButtonView['buttonLinkType']) ?? null;
  let dest = s(typeof st.ctaValue === 'string' ? st.ctaValue.trim() : null);
  if (linkType === 'CREATIVE_BLOCK') {
    // cells (B3) and page orders (7) both become the page order the viewer jumps to
    const at = parseCreativeBlock(dest, grid.cols, grid.rows);
    dest = at ? String(pageOrder(at, grid.rows)) : null;
  }
  const image = type === 'IMAGE';
  const button = presentButton(
    {
      id: it.id,
      buttonType: ITEM_KINDS[type],
      buttonText: st.text,
      buttonContentHtml: st.html,
      buttonWidth: st.width ?? 160,
      buttonHeight: st.height ?? 48,
      textSize: st.textSize,
      buttonColor: st.bgColor,
      buttonTextColor: st.textColor,
      microcopyText: image ? null : st.microcopyText,
      microcopyTextColor: st.microcopyTextColor,
      textAlign: st.microcopyPosition === 'TOP' ? 'TOP' : 'BOTTOM',
      buttonAnimation: image ? 'NONE' : st.buttonAnimation,
      buttonShape: image ? 'SHARP_EDGE' : st.buttonShape,
      zIndex: st.zIndex,
      buttonLinkType: linkType,
      linkDestinationUrl: linkType === 'SURVEY' ? null : dest,
      linkedSurveyId: linkType === 'SURVEY' ? dest : null,
      buttonImageUrl: it.imageUrl,
      buttonPositionX: 0,
      buttonPositionY: 0,
    },
    lang,
    def,
  );
  if (linkType === 'SURVEY' && !(button.linkedSurveyId && button.linkedSurveyId > 0)) {
    button.buttonLinkType = null;
    button.linkedSurveyId = null;
  }
  return {
    id: n(it.id),
    type,
    side: it.side === 'right' ? 'right' : 'left',
    pos: { left: Math.min(100, Math.max(0, n(pos.left, 10))), top: Math.min(100, Math.max(0, n(pos.top, 10))) },
    button,
  };
}

function presentCampaign(
  raw: Loose | null | undefined,
  grid: { cols: number; rows: number },
  lang: Language,
  def: Language,
): CampaignView | null {
  if (!raw) return null;
  const tr = (raw.translations ?? {}) as Partial<Record<Language, { name?: string }>>;
  return {
    id: n(raw.id),
    name: tr[lang]?.name ?? tr[def]?.name ?? '',
    background: s(raw.background),
    backgroundColor: s(raw.backgroundColor),
    backgroundOpacity: n(raw.backgroundOpacity, 1),
    startDate: s(raw.startDate),
    endDate: s(raw.endDate),
    effectivePages: (raw.effectivePages as number[] | undefined) ?? [],
    isOnClickCount: Boolean(raw.isOnClickCount),
    positionLp: (raw.positionLp as CampaignView['positionLp']) ?? 'center',
    banners: ((raw.banners as Loose[] | undefined) ?? []).map((b) => ({
      id: n(b.id),
      side: b.side === 'right' ? 'right' : 'left',
      mediaUrl: String(b.mediaUrl ?? ''),
      width: nn(b.width),
      height: nn(b.height),
      zIndex: n(b.zIndex, 1),
      linkDestinationType: (s(b.linkDestinationType) as CampaignView['banners'][number]['linkDestinationType']) ?? null,
      linkDestinationUrl: s(b.linkDestinationUrl),
      bannerX: n(b.bannerX),
      bannerY: n(b.bannerY),
      // a script link runs only when it parses (as script buttons)
      ...(b.linkDestinationType === 'SCRIPT' ? { scriptValid: scriptParses(s(b.linkDestinationUrl)) } : {}),
    })),
    items: ((raw.buttons as Loose[] | undefined) ?? [])
      .map((it) => presentCampaignItem(it, grid, lang, def))
      .filter((x): x is CampaignItemView => x !== null),
  };
}

const COMPANY_TABS: CompanyTab[] = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'];

export function siteLang(ps: PublishedSite, wanted: string | null | undefined): Language {
  return ps.languages.includes(wanted as Language) ? (wanted as Language) : ps.defaultLanguage;
}

export function presentCompany(ps: PublishedSite, lang: Language): Partial<Record<CompanyTab, string>> {
  const c = (ps.document.translations[lang]?.company ?? {}) as Partial<Record<CompanyTab, string>>;
  const out: Partial<Record<CompanyTab, string>> = {};
  for (const k of COMPANY_TABS) if (c[k]) out[k] = c[k];
  return out;
}

/** The shell: everything needed to draw the grid and its chrome, without members-only content. */
export function presentSite(ps: PublishedSite, lang: Language, opts: { mode: ViewerSite['mode']; mediaBase: string }): ViewerSite {
  const d = ps.document as PublishedSite['document'] & Loose;
  const def = ps.defaultLanguage;
  const tr = d.translations[lang] ?? d.translations[def];
  const byCol = new Map<number, GridPage[]>();
  for (const loc of pagesOf(ps)) {
    if (!byCol.has(loc.col)) byCol.set(loc.col, []);
    byCol.get(loc.col)?.push(presentGridPage(loc, lang, def));
  }
  const popups = (d.popupCtas ?? {}) as { timeLimit?: Loose | null; applicantLimit?: Loose | null };
  return {
    siteId: ps.siteId,
    version: ps.version,
    name: d.name,
    cols: d.numberHorizontal,
    rows: d.numberVertical,
    lang,
    defaultLanguage: def,
    languages: ps.languages,
    mode: opts.mode,
    pathPrefix: ps.pathPrefix,
    mediaBase: opts.mediaBase,
    logoUrl: s(d.logoSetting?.url),
    logoLinkUrl: s(d.logoSetting?.linkUrl),
    faviconUrl: s(d.faviconSetting?.url),
    globalMenu: tr?.globalMenu ?? [],
    globalMenuTextColor: s(d.globalMenuTextColor),
    globalMenuBackgroundColor: s(d.globalMenuBackgroundColor),
    speakerColor: s(d.speakerColor),
    displayLanguageIcon: d.displayLanguageIcon !== false,
    displayGlobalMenu: d.displayGlobalMenu !== false,
    displayPageCount: d.displayPageCount !== false,
    displayAlbum: d.displayAlbum !== false,
    swipeRedirection: d.swipeRedirection !== false,
    viewMode: d.viewMode === 'PC' ? 'PC' : 'MOBILE',
    sns: (tr?.sns ?? []) as ViewerSite['sns'],
    company: presentCompany(ps, lang),
    popupCtaEnabled: ps.planFlags.settingPopupCta !== false,
    popupCtas:
      ps.planFlags.settingPopupCta === false
        ? []
        : [presentPopup(popups.timeLimit, 'timeLimit', lang, def), presentPopup(popups.applicantLimit, 'applicantLimit', lang, def)].filter(
            (x): x is PopupItemView => x !== null,
          ),
    campaign: presentCampaign(d.campaign as Loose | null, { cols: d.numberHorizontal, rows: d.numberVertical }, lang, def),
    categories: d.categories.map((c, i) => ({
      id: n((c as Loose).id),
      name: tr?.globalMenu?.[i] ?? '',
      pages: byCol.get(i) ?? [],
    })),
  };
}

export function presentSeo(ps: PublishedSite, lang: Language) {
  const seo = ps.document.translations[lang]?.seo ?? ps.document.translations[ps.defaultLanguage]?.seo;
  return {
    title: seo?.title ?? '',
    h1: seo?.h1 ?? '',
    description: seo?.description ?? '',
    headTags: seo?.headTags ?? '',
    body: seo?.body ?? '',
  };
}

export function presentScripts(ps: PublishedSite, lang: Language) {
  const sc = ps.document.translations[lang]?.scripts;
  return { contactScript: sc?.contactScript ?? '', membershipScript: sc?.membershipScript ?? '', formScript: sc?.formScript ?? '' };
}
