import { z } from 'zod';
import {
  BUTTON_ANIMATIONS,
  BUTTON_LINK_TYPES,
  BUTTON_SHAPES,
  BUTTON_TYPES,
  INTERNAL_LINK_TYPES,
  LANGUAGES,
  SNS_TYPES,
  TRANSITION_TYPES,
  VIEW_MODES,
} from '../constants.js';
import { id } from './common.js';

// What the sites origin sends the visitor's viewer (inlined in the SSR HTML and through the end-user
// calls of viewer.md 7): texts already resolved to one language. The viewer imports these types from
// '@swipe/core'; the server's routes answer with these schemas.

const language = z.enum(LANGUAGES);
const int = z.number().int();
const num = z.number();
const str = z.string();
const strOrNull = z.string().nullable();
const numOrNull = z.number().nullable();
const mediaType = z.enum(['IMAGE', 'VIDEO']);
const arrowColor = z.enum(['white', 'black']);

export const buttonKind = z.enum(BUTTON_TYPES);
/** Page buttons link like the editor's buttons; campaign items also link to a page. */
export const viewerButtonLinkType = z.enum([...BUTTON_LINK_TYPES, 'LINK_TO_PAGE']);
export const viewerButtonShape = z.enum(BUTTON_SHAPES);
export const viewerButtonAnimation = z.enum(BUTTON_ANIMATIONS);
export type ButtonKind = z.output<typeof buttonKind>;
export type ViewerButtonLinkType = z.output<typeof viewerButtonLinkType>;

export const buttonView = z.object({
  id: int,
  buttonType: buttonKind,
  buttonText: str,
  /** sanitized on the server; drawn inert (sandboxed frame without scripts) */
  buttonContentHtml: strOrNull,
  buttonWidth: num,
  buttonHeight: num,
  textSize: num,
  buttonColor: strOrNull,
  buttonTextColor: strOrNull,
  microcopyText: str,
  microcopyTextColor: strOrNull,
  textAlign: str,
  buttonAnimation: viewerButtonAnimation,
  buttonShape: viewerButtonShape,
  zIndex: num,
  buttonLinkType: viewerButtonLinkType.nullable(),
  linkDestinationUrl: strOrNull,
  linkedSurveyId: numOrNull,
  buttonImageUrl: strOrNull,
  isVideo: z.boolean(),
  thumbnailUrl: strOrNull,
  /** left and top in percent of the page */
  buttonPositionX: num,
  buttonPositionY: num,
  /** SCRIPT buttons: the server checked that the script parses */
  scriptValid: z.boolean().optional(),
});
export type ButtonView = z.output<typeof buttonView>;

export const productView = z.object({
  id: int,
  productName: str,
  imagePath: strOrNull,
  price: numOrNull,
  description: str,
  linkButtonUrl: strOrNull,
  linkButtonText: str,
  linkButtonColor: strOrNull,
  linkTextColor: strOrNull,
  coordinateX: num,
  coordinateY: num,
  textColor: strOrNull,
  backgroundColor: strOrNull,
  isInternalLink: z.boolean(),
  order: num,
});
export type ProductView = z.output<typeof productView>;

export const pageDetail = z.object({
  id: int,
  /** page order number: pages counted category by category from 1 */
  order: int,
  position: str,
  mediaType,
  imageUrl: strOrNull,
  thumbnail: strOrNull,
  hlsPath: strOrNull,
  imageAlt: str,
  mainText: str,
  mainTextColor: strOrNull,
  mainTextX: numOrNull,
  mainTextY: numOrNull,
  price: numOrNull,
  priceTextColor: strOrNull,
  linkButtonText: str,
  linkDestinationUrl: strOrNull,
  linkButtonColor: strOrNull,
  linkTextColor: strOrNull,
  isInternalLink: z.boolean(),
  snsConfig: z.boolean(),
  showCompany: z.boolean(),
  membersOnlyLock: z.boolean(),
  hoverArrowColor: arrowColor,
  arrowFadeInterval: num,
  backgroundMusic: z.boolean(),
  backgroundMusicUrl: strOrNull,
  speakerX: numOrNull,
  speakerY: numOrNull,
  albumX: numOrNull,
  albumY: numOrNull,
  chatbotScript: strOrNull,
  buttons: z.array(buttonView),
});
export type PageDetail = z.output<typeof pageDetail>;

/** GET /end-user/site/{siteId}/page/{pageId}/{public|private} */
export const pageDetailResponse = z.object({ pageDetail, products: z.array(productView) });
export type PageDetailResponse = z.output<typeof pageDetailResponse>;
/** GET …/page/{pageId}/product/{access} and …/button/{access} */
export const pageProductsResponse = z.object({ products: z.array(productView) });
export const pageButtonsResponse = z.object({ buttons: z.array(buttonView) });

/** One cell of the grid as the shell knows it (no members-only content). */
export const gridPage = z.object({
  id: int,
  order: int,
  position: str,
  /** has an image or video (swipes toward empty cells are blocked) */
  hasMedia: z.boolean(),
  locked: z.boolean(),
  mediaType,
  /** null for locked pages */
  imageUrl: strOrNull,
  thumbnail: strOrNull,
  imageAlt: str,
  hoverArrowColor: arrowColor,
  arrowFadeInterval: num,
});
export type GridPage = z.output<typeof gridPage>;

export const popupItemView = z.object({
  id: int,
  kind: z.enum(['timeLimit', 'applicantLimit']),
  startDate: strOrNull,
  endDate: strOrNull,
  effectivePages: z.array(num),
  style: z.object({
    backgroundColor: strOrNull.optional(),
    textColor: strOrNull.optional(),
    textSize: num.optional(),
    width: numOrNull.optional(),
    height: numOrNull.optional(),
    shape: viewerButtonShape.optional(),
    textAlignment: z.enum(['TOP', 'BOTTOM']).optional(),
  }),
  showRemainingTime: z.boolean(),
  showRemainingSlots: z.boolean(),
  media: z.object({ url: str, type: mediaType, width: numOrNull.optional(), height: numOrNull.optional() }).nullable(),
  transition: z.object({
    transitionType: z.enum(TRANSITION_TYPES),
    internalLinkType: z.enum(INTERNAL_LINK_TYPES).nullable().optional(),
    externalLinkUrl: strOrNull.optional(),
    targetCreativeBlock: strOrNull.optional(),
    script: strOrNull.optional(),
    linkedSurveyId: numOrNull.optional(),
    scriptValid: z.boolean().optional(),
  }),
  text: str,
  limit: numOrNull,
  numberClicks: num,
});
export type PopupItemView = z.output<typeof popupItemView>;

export const campaignBannerView = z.object({
  id: int,
  side: z.enum(['left', 'right']),
  mediaUrl: str,
  width: numOrNull,
  height: numOrNull,
  zIndex: num,
  linkDestinationType: z.enum(['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT']).nullable(),
  linkDestinationUrl: strOrNull,
  bannerX: num,
  bannerY: num,
  /** SCRIPT links: whether the script parses (it runs only then, as a script button's) */
  scriptValid: z.boolean().optional(),
});
export type CampaignBannerView = z.output<typeof campaignBannerView>;

/** A draggable campaign item, drawn with the page-button component inside its side panel. */
export const campaignItemView = z.object({
  id: int,
  type: z.enum(['IMAGE', 'BUTTON', 'MEDIA_BUTTON', 'HTML_BUTTON']),
  side: z.enum(['left', 'right']),
  /** top-left corner in percent of the side panel */
  pos: z.object({ left: num, top: num }),
  /** the item as a page button (its CTA as the button link, creative blocks as page order numbers) */
  button: buttonView,
});
export type CampaignItemView = z.output<typeof campaignItemView>;

export const campaignView = z.object({
  id: int,
  name: str,
  background: strOrNull,
  backgroundColor: strOrNull,
  backgroundOpacity: num,
  startDate: strOrNull,
  endDate: strOrNull,
  effectivePages: z.array(num),
  isOnClickCount: z.boolean(),
  positionLp: z.enum(['left', 'center', 'right']),
  banners: z.array(campaignBannerView),
  items: z.array(campaignItemView),
});
export type CampaignView = z.output<typeof campaignView>;

export const viewerSnsType = z.enum(SNS_TYPES);
export type SnsType = z.output<typeof viewerSnsType>;
export const COMPANY_TABS = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const;
export const companyTab = z.enum(COMPANY_TABS);
export type CompanyTab = z.output<typeof companyTab>;

/** GET /end-user/site/{siteId}: the grid and chrome of a site (what the viewer draws before any page detail). */
export const viewerSite = z.object({
  siteId: int,
  version: int,
  name: str,
  cols: int,
  rows: int,
  lang: language,
  defaultLanguage: language,
  languages: z.array(language),
  mode: z.enum(['default', 'path', 'custom-domain']),
  pathPrefix: strOrNull,
  mediaBase: str,
  logoUrl: strOrNull,
  logoLinkUrl: strOrNull,
  faviconUrl: strOrNull,
  globalMenu: z.array(str),
  globalMenuTextColor: strOrNull,
  globalMenuBackgroundColor: strOrNull,
  speakerColor: strOrNull,
  displayLanguageIcon: z.boolean(),
  displayGlobalMenu: z.boolean(),
  displayPageCount: z.boolean(),
  displayAlbum: z.boolean(),
  swipeRedirection: z.boolean(),
  viewMode: z.enum(VIEW_MODES),
  sns: z.array(z.object({ snsType: viewerSnsType, snsUrl: str })),
  /** company tabs with a value in this language */
  company: z.partialRecord(companyTab, str),
  popupCtaEnabled: z.boolean(),
  popupCtas: z.array(popupItemView),
  campaign: campaignView.nullable(),
  categories: z.array(z.object({ id: int, name: str, pages: z.array(gridPage) })),
});
export type ViewerSite = z.output<typeof viewerSite>;

export const notificationView = z.object({
  id: int,
  title: str,
  content: str,
  imageUrl: strOrNull,
  newsUrl: strOrNull,
  startDate: strOrNull,
  endDate: strOrNull,
});
export type NotificationView = z.output<typeof notificationView>;
/** GET /end-user/noti_delivery */
export const notificationList = z.object({ items: z.array(notificationView) });

/** Everything the server inlines into the HTML for the client to hydrate from. */
export interface ViewerBoot {
  site: ViewerSite;
  /** 0-based column and row of the first page */
  start: { col: number; row: number };
  /** details already known (the first page's, when public) keyed by page id */
  details: Record<number, PageDetailResponse>;
  dict: Record<string, Record<string, string>>;
  preview: boolean;
  error?: undefined;
  /** the site root without a language segment: `/`, `/sites/3`, `/shop`, `/site/3/preview` */
  rootPath: string;
  /** page id and variation id from the query or cookies (viewer.md 2) */
  variationId: string | null;
}

export const ERROR_KINDS = ['403', '404', '504', '403-ip'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** An error screen (403, 404, 504, IP-blocked 403) with back and home. */
export interface ErrorBoot {
  error: ErrorKind;
  lang: z.output<typeof language>;
  dict: Record<string, Record<string, string>>;
  rootPath: string;
}

// ---- requests ----

export const viewerSiteParams = z.object({ siteId: id });
export const viewerPageParams = z.object({ siteId: id, pageId: id, access: z.enum(['public', 'private']) });
export const viewerLangQuery = z.object({ lang: z.string().max(8).optional(), variationId: z.string().max(64).optional() });
/** GET /pages (viewer.md 7: site_id, skip 1, take 1000, status published); skip is the 1-based page number. */
export const publicPagesQuery = z.object({
  siteId: id,
  skip: z.coerce.number().int().min(0).max(100_000).default(1),
  take: z.coerce.number().int().min(1).max(1000).default(1000),
  status: z.string().max(20).optional(),
  lang: z.string().max(8).optional(),
});
export const notificationQuery = z.object({ siteId: id, lang: z.string().max(8).optional() });
export const campaignClickQuery = z.object({ bannerId: id.optional(), itemId: id.optional() });
/** GET /end-user/campaign/{id}/click: the new counts. */
export const campaignClickResponse = z.object({ clickCount: int, itemClickCount: int.optional() });
export type CampaignClickResponse = z.output<typeof campaignClickResponse>;
