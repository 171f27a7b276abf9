// Constants of both spec files (viewer.md section 9, back-office.md section 9).

export const LANGUAGES = ['ja', 'en', 'kr', 'cn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ja';
export const DEFAULT_REGION = 'JP';
export const DEFAULT_POSITION = 'A1';

export const REQUEST_TIMEOUT_MS = 60_000;
export const LANGUAGE_COOKIE_MAX_AGE_S = 2_592_000;
/** The visitor's language choice on the sites origin (kept LANGUAGE_COOKIE_MAX_AGE_S), read when an address names no language. */
export const LANGUAGE_COOKIE = 'swipe_lang';
/** The position the visitor last viewed (session cookie on the site's root path): where the end-user screens lead back to. */
export const RETURN_COOKIE = 'swipe_from';

/**
 * Analytics event kinds (viewer.md 7). page_leave carries the dwell of one page view (data.view = that
 * page_view's event id), tap a position as fractions 0..1 of the page box; conversion is recorded by the server
 * only (a visitor's conversion event is dropped).
 */
export const EVENT_KINDS = [
  'page_view',
  'click_cta_btn',
  'slide_page',
  'click_product_item',
  'click_product_point',
  'click_popup_cta',
  'page_leave',
  'tap',
  'conversion',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];
/** A visitor event's id: random, made once by the viewer; a retry resends it (and its `at`). */
export const EVENT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Longest dwell a page_leave may report (6 hours). */
export const MAX_DWELL_MS = 6 * 3600_000;
export const TIMER_INTERVAL_MS = 60_000;

export const ACCOUNT_TYPES = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN', 'MASTER_USER', 'USER', 'SUB_ADMIN'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const AUTHORITIES = ['VIEW', 'EDIT'] as const;
export type Authority = (typeof AUTHORITIES)[number];
export const STAFF_ROLES = ['MAIN_CONTACT', 'VIEWER', 'EDITOR'] as const;
export const CONTRACT_STATUSES = ['ACTIVE', 'SUSPENDED', 'TERMINATED', 'INACTIVE'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/** The `{userTypeId}` path prefix of the back-office routes, by the effective account type. */
export const USER_TYPE_PATH: Record<Exclude<AccountType, 'SUB_ADMIN'>, string> = {
  MASTER: 'master',
  MASTER_USER: 'master-user',
  OEM_MASTER: 'admin',
  OEM_ADMIN: 'admin',
  USER: 'admin-user',
};

/** Which account types may create which children (the account tree, top to bottom). */
export const CHILD_TYPES: Record<AccountType, readonly AccountType[]> = {
  MASTER: ['OEM_MASTER', 'MASTER_USER', 'SUB_ADMIN'],
  OEM_MASTER: ['OEM_ADMIN', 'USER', 'SUB_ADMIN'],
  OEM_ADMIN: ['USER', 'SUB_ADMIN'],
  MASTER_USER: ['SUB_ADMIN'],
  USER: ['SUB_ADMIN'],
  SUB_ADMIN: [],
};

export const SITE_STATUSES = ['DRAFT', 'PUBLISH', 'PRIVATE', 'DOMAIN_VERIFYING'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const VIEW_MODES = ['MOBILE', 'PC'] as const;

export const BUTTON_TYPES = ['TEXT', 'MEDIA', 'HTML'] as const;
export const BUTTON_ANIMATIONS = ['NONE', 'PULSE', 'GLOW', 'BOUNCE', 'SHIMMER', 'GLITCH', 'WOBBLE', 'BUBBLY', 'PULSE_OUT'] as const;
export type ButtonAnimation = (typeof BUTTON_ANIMATIONS)[number];
export const BUTTON_SHAPES = ['SHARP_EDGE', 'SLIGHTLY_ROUNDED_EDGE', 'MODERATELY_ROUNDED_EDGE', 'PILL'] as const;
export type ButtonShape = (typeof BUTTON_SHAPES)[number];
export const SHAPE_RADIUS: Record<ButtonShape, number> = {
  SHARP_EDGE: 0,
  SLIGHTLY_ROUNDED_EDGE: 3,
  MODERATELY_ROUNDED_EDGE: 6,
  PILL: 100,
};
export const BUTTON_LINK_TYPES = ['CREATIVE_BLOCK', 'INTERNAL_URL', 'SURVEY', 'EXTERNAL_URL', 'SCRIPT'] as const;
export type ButtonLinkType = (typeof BUTTON_LINK_TYPES)[number];
export const INTERNAL_LINK_TYPES = ['contact', 'form', 'membership'] as const;
export const TRANSITION_TYPES = ['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT', 'SURVEY'] as const;
export const CLICK_SOURCES = ['BUTTON_CTA', 'POPUP_CTA_TRANSITION'] as const;

export const FORM_TYPES = ['CONTACT_SETTING', 'MEMBERSHIP_SETTING', 'HOMEPAGE_SETTING'] as const;
export type FormType = (typeof FORM_TYPES)[number];
export const FIELD_TYPES = ['SELECT', 'TEXT_BOX', 'NUMBER', 'SELECT_OPTIONS', 'DATE'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const SNS_TYPES = ['facebook', 'line', 'phone_number', 'tiktok', 'twitter', 'instagram', 'google_map', 'youtube'] as const;

export const LIMITS = {
  text: 50,
  linkUrl: 256,
  limitField: 9, // "under 10 characters"
  seoTitle: 60,
  seoH1: 70,
  seoDescription: 160,
  seoTags: 65535,
  notificationBody: 120,
  operatorPasswordMin: 8,
  operatorPasswordMax: 50,
  endUserPasswordMin: 8,
  endUserPasswordMax: 20,
  uploadBytes: 31_457_280,
  videoBytes: 31_457_280,
  zipBytes: 1024 * 1024 * 1024,
  csvBytes: 5 * 1024 * 1024,
  profileImageBytes: 2 * 1024 * 1024,
  imageMaxPixels: 50_000_000,
  cellRowMax: 100,
  previewPasswordMax: 50,
} as const;

export const IMAGE_WIDTHS = [50, 100, 200, 400, 600, 800, 1200] as const;

/** Swipe engine constants (viewer.md section 9). */
export const SWIPE = {
  threshold: 50,
  resistanceRatio: 0.7,
  longSwipesRatio: 0.5,
  touchAngle: 20,
  wheelHorizontalDeltaLimit: 25,
  wheelThresholdDelta: 50,
  slideLockShortMs: 500,
  slideLockLongMs: 1000,
  notificationRotationMs: 3000,
  addressDebounceMs: 500,
  resizeDebounceMs: 200,
  buttonAnimationDelayMs: 10,
  productSwitchDelayMs: 500,
  idleCallbackTimeoutMs: 2000,
} as const;

export const VIEWER = {
  maxWidth: 500,
  frameWidth: 389,
  frameHeight: 737,
  pcBreakpoint: 1024,
  logoBoxHeight: 34,
  videoBufferSeconds: 4,
  albumCellMobile: 150,
  albumCellPc: 350,
  pageListTake: 1000,
  countdownHoursThreshold: 72,
  popupHeaderHeight: 72,
  popupImageRatio: 1.2,
  popupItemHeight: 72,
} as const;

export const DEFAULT_COLORS = {
  button: '#1976d2',
  link: '#99D52A',
  productButton: '#2BAA50',
} as const;

/**
 * The product colour palette of five (viewer.md 9): colours offered for a product's action button, the
 * default product button colour first; the text on each is black or white by the brightness rule (album.ts).
 */
export const PRODUCT_PALETTE = ['#2BAA50', '#1976d2', '#e03131', '#f08c00', '#212529'] as const;

export const DEFAULT_BUTTON_SIZE = { width: 120, height: 40 } as const;
export const DEFAULT_PRODUCT_COORDINATES = { x: 65, y: 260 } as const;

/**
 * Most categories (columns) a site may have. A position in an address is one or two letters then a row
 * (viewer.md 2, "Slug reading"), so the last addressable column is ZZ = 26 + 26 * 26 = 702.
 */
export const MAX_COLUMNS = 702;

/** Page views per billed block over a plan's limitAccess: each started block costs limitAccessPrice yen. */
export const PV_BLOCK = 1_000;
/** The initial fee (yen, excluding tax) billed in an account's first billed month (back-office.md 9). */
export const INITIAL_FEE_YEN = 100_000;
/** Consumption tax in percent; tax is computed once per invoice per rate and rounded down. */
export const TAX_RATE_PERCENT = 10;
