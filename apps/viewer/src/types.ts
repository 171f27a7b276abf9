// The viewer's data contract: what the sites origin sends (inlined in SSR HTML, and through the
// end-user calls) and what the page components draw. Texts are already resolved to one language.
// camelCase here; the JSON API is snake_case on the wire and converted back by the api-client.

import type { Language } from '@swipe/core/constants.ts';

export type ButtonKind = 'TEXT' | 'MEDIA' | 'HTML';
export type ButtonLinkType = 'CREATIVE_BLOCK' | 'INTERNAL_URL' | 'SURVEY' | 'EXTERNAL_URL' | 'SCRIPT' | 'LINK_TO_PAGE';
export type Shape = 'SHARP_EDGE' | 'SLIGHTLY_ROUNDED_EDGE' | 'MODERATELY_ROUNDED_EDGE' | 'PILL';
export type Animation = 'NONE' | 'PULSE' | 'GLOW' | 'BOUNCE' | 'SHIMMER' | 'GLITCH' | 'WOBBLE' | 'BUBBLY' | 'PULSE_OUT';

export interface ButtonView {
  id: number;
  buttonType: ButtonKind;
  buttonText: string;
  /** sanitized on the server; drawn inert (sandboxed frame without scripts) */
  buttonContentHtml: string | null;
  buttonWidth: number;
  buttonHeight: number;
  textSize: number;
  buttonColor: string | null;
  buttonTextColor: string | null;
  microcopyText: string;
  microcopyTextColor: string | null;
  textAlign: string;
  buttonAnimation: Animation;
  buttonShape: Shape;
  zIndex: number;
  buttonLinkType: ButtonLinkType | null;
  linkDestinationUrl: string | null;
  linkedSurveyId: number | null;
  buttonImageUrl: string | null;
  isVideo: boolean;
  thumbnailUrl: string | null;
  /** left and top in percent of the page */
  buttonPositionX: number;
  buttonPositionY: number;
  /** SCRIPT buttons: the server checked that the script parses */
  scriptValid?: boolean;
}

export interface ProductView {
  id: number;
  productName: string;
  imagePath: string | null;
  price: number | null;
  description: string;
  linkButtonUrl: string | null;
  linkButtonText: string;
  linkButtonColor: string | null;
  linkTextColor: string | null;
  coordinateX: number;
  coordinateY: number;
  textColor: string | null;
  backgroundColor: string | null;
  isInternalLink: boolean;
  order: number;
}

export interface PageDetail {
  id: number;
  /** page order number: pages counted category by category from 1 */
  order: number;
  position: string;
  mediaType: 'IMAGE' | 'VIDEO';
  imageUrl: string | null;
  thumbnail: string | null;
  hlsPath: string | null;
  imageAlt: string;
  mainText: string;
  mainTextColor: string | null;
  mainTextX: number | null;
  mainTextY: number | null;
  price: number | null;
  priceTextColor: string | null;
  linkButtonText: string;
  linkDestinationUrl: string | null;
  linkButtonColor: string | null;
  linkTextColor: string | null;
  isInternalLink: boolean;
  snsConfig: boolean;
  showCompany: boolean;
  membersOnlyLock: boolean;
  hoverArrowColor: 'white' | 'black';
  arrowFadeInterval: number;
  backgroundMusic: boolean;
  backgroundMusicUrl: string | null;
  speakerX: number | null;
  speakerY: number | null;
  albumX: number | null;
  albumY: number | null;
  chatbotScript: string | null;
  buttons: ButtonView[];
}

export interface PageDetailResponse {
  pageDetail: PageDetail;
  products: ProductView[];
}

/** One cell of the grid as the shell knows it (no members-only content). */
export interface GridPage {
  id: number;
  order: number;
  position: string;
  /** has an image or video (swipes toward empty cells are blocked) */
  hasMedia: boolean;
  locked: boolean;
  mediaType: 'IMAGE' | 'VIDEO';
  /** null for locked pages */
  imageUrl: string | null;
  thumbnail: string | null;
  imageAlt: string;
  hoverArrowColor: 'white' | 'black';
  arrowFadeInterval: number;
}

export interface PopupItemView {
  id: number;
  kind: 'timeLimit' | 'applicantLimit';
  startDate: string | null;
  endDate: string | null;
  effectivePages: number[];
  style: {
    backgroundColor?: string | null;
    textColor?: string | null;
    textSize?: number;
    width?: number | null;
    height?: number | null;
    shape?: Shape;
    textAlignment?: 'TOP' | 'BOTTOM';
  };
  showRemainingTime: boolean;
  showRemainingSlots: boolean;
  media: { url: string; type: 'IMAGE' | 'VIDEO'; width?: number | null; height?: number | null } | null;
  transition: {
    transitionType: 'INTERNAL_URL' | 'EXTERNAL_URL' | 'CREATIVE_BLOCK' | 'SCRIPT' | 'SURVEY';
    internalLinkType?: 'contact' | 'form' | 'membership' | null;
    externalLinkUrl?: string | null;
    targetCreativeBlock?: string | null;
    script?: string | null;
    linkedSurveyId?: number | null;
    scriptValid?: boolean;
  };
  text: string;
  limit: number | null;
  numberClicks: number;
}

export interface CampaignBannerView {
  id: number;
  side: 'left' | 'right';
  mediaUrl: string;
  width: number | null;
  height: number | null;
  zIndex: number;
  linkDestinationType: 'INTERNAL_URL' | 'EXTERNAL_URL' | 'CREATIVE_BLOCK' | 'SCRIPT' | null;
  linkDestinationUrl: string | null;
  bannerX: number;
  bannerY: number;
}

/** A draggable campaign item, drawn with the page-button component inside its side panel. */
export interface CampaignItemView {
  id: number;
  type: 'IMAGE' | 'BUTTON' | 'MEDIA_BUTTON' | 'HTML_BUTTON';
  side: 'left' | 'right';
  /** top-left corner in percent of the side panel */
  pos: { left: number; top: number };
  /** the item as a page button: size in px, text, colours, shape, animation, microcopy, sanitized HTML, and
   *  its CTA as the button link (creative blocks as page order numbers) */
  button: ButtonView;
}

export interface CampaignView {
  id: number;
  name: string;
  background: string | null;
  backgroundColor: string | null;
  backgroundOpacity: number;
  startDate: string | null;
  endDate: string | null;
  effectivePages: number[];
  isOnClickCount: boolean;
  positionLp: 'left' | 'center' | 'right';
  banners: CampaignBannerView[];
  items: CampaignItemView[];
}

export type SnsType = 'facebook' | 'line' | 'phone_number' | 'tiktok' | 'twitter' | 'instagram' | 'google_map' | 'youtube';

export interface ViewerSite {
  siteId: number;
  version: number;
  name: string;
  cols: number;
  rows: number;
  lang: Language;
  defaultLanguage: Language;
  languages: Language[];
  mode: 'default' | 'path' | 'custom-domain';
  pathPrefix: string | null;
  mediaBase: string;
  logoUrl: string | null;
  logoLinkUrl: string | null;
  faviconUrl: string | null;
  globalMenu: string[];
  globalMenuTextColor: string | null;
  globalMenuBackgroundColor: string | null;
  speakerColor: string | null;
  displayLanguageIcon: boolean;
  displayGlobalMenu: boolean;
  displayPageCount: boolean;
  displayAlbum: boolean;
  swipeRedirection: boolean;
  viewMode: 'MOBILE' | 'PC';
  sns: { snsType: SnsType; snsUrl: string }[];
  /** company tabs with a value in this language */
  company: Partial<Record<CompanyTab, string>>;
  popupCtaEnabled: boolean;
  popupCtas: PopupItemView[];
  campaign: CampaignView | null;
  categories: { id: number; name: string; pages: GridPage[] }[];
}

export type CompanyTab = 'companyWebsite' | 'companyProfile' | 'companyClause' | 'termsOfService' | 'privacyPolicy';

export interface NotificationView {
  id: number;
  title: string;
  content: string;
  imageUrl: string | null;
  newsUrl: string | null;
  startDate: string | null;
  endDate: string | null;
}

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

export type ErrorKind = '403' | '404' | '504' | '403-ip';

/** An error screen (403, 404, 504, IP-blocked 403) with back and home. */
export interface ErrorBoot {
  error: ErrorKind;
  lang: Language;
  dict: Record<string, Record<string, string>>;
  rootPath: string;
}
