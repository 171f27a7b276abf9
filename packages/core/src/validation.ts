import { z } from 'zod';
import { CELL_REF_PATTERN } from './cell.js';
import {
  BUTTON_ANIMATIONS,
  BUTTON_LINK_TYPES,
  BUTTON_SHAPES,
  FIELD_TYPES,
  LANGUAGES,
  LIMITS,
  MAX_COLUMNS,
  SNS_TYPES,
  VIEW_MODES,
} from './constants.js';
import { toJapanClock } from './japan-time.js';

// Every validation rule of both spec files (section 5). Custom messages are i18n keys of the
// `validation` namespace in packages/i18n; standard zod issues are mapped to keys in issues.ts.

/** Schema-level error map: names only the type issue (missing vs wrong type); checks keep their own issues. */
function typeError(iss: { code?: string; input?: unknown }): string | undefined {
  if (iss.code !== 'invalid_type') return undefined;
  return iss.input === undefined ? 'validation.required' : 'validation.invalid_type';
}

export const PASSWORD_SPECIALS = '@#$%^&*()_+|{}<>:;[]-=,.?';
const SPECIAL_CLASS = /[@#$%^&*()_+|{}<>:;[\]\-=,.?]/;
const ALLOWED_PASSWORD = /^[A-Za-z0-9@#$%^&*()_+|{}<>:;[\]\-=,.?]*$/;

function passwordSchema(min: number, max: number) {
  return z
    .string({ error: typeError })
    .min(min)
    .max(max)
    .refine((s) => !/\s/.test(s), { error: 'validation.password_no_spaces' })
    .refine((s) => /[a-z]/.test(s), { error: 'validation.password_lowercase' })
    .refine((s) => /[A-Z]/.test(s), { error: 'validation.password_uppercase' })
    .refine((s) => /[0-9]/.test(s), { error: 'validation.password_digit' })
    .refine((s) => SPECIAL_CLASS.test(s), { error: 'validation.password_special' })
    .refine((s) => /\s/.test(s) || ALLOWED_PASSWORD.test(s), { error: 'validation.password_invalid_char' });
}

/** Operator password: 8 to 50 characters with the four classes (back-office.md 5). */
export const operatorPassword = passwordSchema(LIMITS.operatorPasswordMin, LIMITS.operatorPasswordMax);
/** End-user password: 8 to 20 characters with the four classes (viewer.md 5). */
export const endUserPassword = passwordSchema(LIMITS.endUserPasswordMin, LIMITS.endUserPasswordMax);

/** Adds "confirmation must match" to an object with password + confirmPassword. */
export function withConfirmation<T extends z.ZodObject<{ password: z.ZodTypeAny; confirmPassword: z.ZodTypeAny }>>(schema: T) {
  return schema.refine((v: { password?: unknown; confirmPassword?: unknown }) => v.password === v.confirmPassword, {
    error: 'validation.passwords_mismatch',
    path: ['confirmPassword'],
  });
}

/** E-mail (viewer.md 5): no double dots, a local part, an @, a domain with a suffix of at least 2 letters. */
const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const email = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(254)
  .refine((s) => EMAIL.test(s) && !s.includes('..') && !s.startsWith('.') && !s.split('@')[0]?.endsWith('.'), {
    error: 'validation.email',
  });

export function requiredString(max: number = LIMITS.text) {
  return z.string({ error: typeError }).trim().min(1, { error: 'validation.required' }).max(max);
}
export function optionalString(max: number = LIMITS.text) {
  return z.string().max(max);
}
/** General text max 50. */
export const text = optionalString(LIMITS.text);
/** A limit field: under 10 characters. */
export const limitField = z.string().max(LIMITS.limitField);

/** Colour codes: hex 3 or 6 digits, rgb(a), hsl(a). */
const HEX = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const NUM = '\\s*-?\\d+(\\.\\d+)?%?\\s*';
const RGB = new RegExp(`^rgba?\\((${NUM},){2}${NUM}(,${NUM})?\\)$`, 'i');
const HSL = new RegExp(`^hsla?\\((${NUM},){2}${NUM}(,${NUM})?\\)$`, 'i');
export function isColor(s: string): boolean {
  return HEX.test(s) || RGB.test(s) || HSL.test(s);
}
export const color = z.string().refine(isColor, { error: 'validation.color' });
/** Viewer rule: an invalid colour is treated as empty. */
export function colorOrEmpty(s: string | null | undefined): string | undefined {
  return s && isColor(s) ? s : undefined;
}

/** Link URL: valid http(s) URL, at most 256. */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}
export const linkUrl = z.string().trim().max(LIMITS.linkUrl).refine(isHttpUrl, { error: 'validation.url' });
export const optionalLinkUrl = z.union([z.literal(''), linkUrl]);

/** A phone number as typed (digits, spaces, + - . and brackets), optionally as a tel: link. */
const PHONE = /^(tel:)?\+?[0-9()\-. ]{3,30}$/i;

/**
 * An SNS link: a phone number (or tel: link) for phone_number, an http(s) URL for every other type;
 * no other scheme (javascript:, data:, ...) is ever stored.
 */
export const snsEntry = z
  .object({ snsType: z.enum(SNS_TYPES), snsUrl: z.string().trim().min(1).max(LIMITS.linkUrl) })
  .superRefine((v, c) => {
    const ok = v.snsType === 'phone_number' ? PHONE.test(v.snsUrl) && /[0-9]/.test(v.snsUrl) : isHttpUrl(v.snsUrl);
    if (!ok)
      c.addIssue({ code: 'custom', path: ['snsUrl'], message: v.snsType === 'phone_number' ? 'validation.phone' : 'validation.url' });
  });

/** SEO title / h1 / description: allowed letters (any script), digits, spaces, hyphen, vertical bar, colon, brackets. */
const SEO_ALLOWED = /^[\p{L}\p{M}\p{Nd} \u3000\-|:()[\]{}「」【】（）]*$/u;
function seoText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => s === s.trim(), { error: 'validation.seo_whitespace' })
    .refine((s) => SEO_ALLOWED.test(s), { error: 'validation.seo_invalid_chars' });
}
export const seoTitle = seoText(LIMITS.seoTitle);
export const seoH1 = seoText(LIMITS.seoH1);
export const seoDescription = seoText(LIMITS.seoDescription);
export const headTags = z.string().max(LIMITS.seoTags);

const SCRIPT_TAG = /<script\b([^>]*)>\s*<\/script>/gi;
const DANGEROUS = /\b(eval|setTimeout|setInterval)\b/;
/** Body script (back-office.md 5): only script tags with a src and optional defer; no eval/setTimeout/setInterval. */
export function checkBodyScript(s: string): 'ok' | 'validation.seo_script_tags' | 'validation.seo_dangerous_functions' {
  if (s.trim() === '') return 'ok';
  if (DANGEROUS.test(s)) return 'validation.seo_dangerous_functions';
  const rest = s.replace(SCRIPT_TAG, (_m, attrs: string) => {
    const a = attrs.trim();
    const ok =
      /^src\s*=\s*("[^"<>]+"|'[^'<>]+')(\s+defer(\s*=\s*("defer"|'defer'|""))?)?\s*$/i.test(a) ||
      /^defer\s+src\s*=\s*("[^"<>]+"|'[^'<>]+')\s*$/i.test(a);
    return ok ? '' : '\u0000';
  });
  return rest.trim() === '' ? 'ok' : 'validation.seo_script_tags';
}
export const bodyScript = z
  .string()
  .max(LIMITS.seoTags)
  .superRefine((s, ctx) => {
    const r = checkBodyScript(s);
    if (r !== 'ok') ctx.addIssue({ code: 'custom', message: r });
  });

export const seoSettings = z.object({
  title: seoTitle.default(''),
  h1: seoH1.default(''),
  description: seoDescription.default(''),
  headTags: headTags.default(''),
  body: bodyScript.default(''),
});

/** Dates: end required when start is given; end after start. */
export const dateString = z.iso.datetime({ offset: true, error: 'validation.date' }).or(z.iso.date({ error: 'validation.date' }));
export function checkDateRange(start: string | null | undefined, end: string | null | undefined): string | null {
  if (start && !end) return 'validation.date_end_required';
  if (start && end && new Date(end).getTime() <= new Date(start).getTime()) return 'validation.date_end_after_start';
  return null;
}
/**
 * A contract's dates (YYYY-MM-DD): a contract may be open-ended (no end date, valid for every edit and plan change);
 * given both, the end comes after the start.
 */
export function checkContractDates(start: string | null | undefined, end: string | null | undefined): string | null {
  if (start && end && end <= start) return 'validation.date_end_after_start';
  return null;
}
export const dateRange = z.object({ startDate: dateString.nullish(), endDate: dateString.nullish() }).superRefine((v, ctx) => {
  const r = checkDateRange(v.startDate, v.endDate);
  if (r) ctx.addIssue({ code: 'custom', message: r, path: ['endDate'] });
});
/**
 * Month pickers: future months cannot be chosen; months more than one year back cannot be chosen. `now` is the
 * business instant (the server's ctx.clock, never the system's time, so tests can move it); its month is Japan's.
 */
export function checkMonth(yearMonth: string, now: Date): string | null {
  const m = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  if (!m) return 'validation.date';
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (mo < 1 || mo > 12) return 'validation.date';
  const idx = y * 12 + (mo - 1);
  const japan = toJapanClock(now);
  const nowIdx = japan.getUTCFullYear() * 12 + japan.getUTCMonth();
  if (idx > nowIdx) return 'validation.date_future';
  if (idx < nowIdx - 12) return 'validation.date_too_old';
  return null;
}

/** Uploads: allowed content types by kind, with the size limits. */
export const IMAGE_MIME = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp', 'image/gif'] as const;
/** A profile image takes fewer formats than a creative: JPEG (JFIF included) or PNG. */
export const PROFILE_IMAGE_MIME = ['image/jpeg', 'image/png'] as const;
export const VIDEO_MIME = ['video/mp4', 'video/quicktime', 'video/mpeg', 'video/webm'] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jfif', 'png', 'heic', 'heif', 'webp', 'gif'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'mov', 'mpeg', 'mpg', 'webm'] as const;
export function checkUpload(kind: 'image' | 'video', contentType: string, sizeBytes: number, maxBytes?: number): string | null {
  if (kind === 'image' && !(IMAGE_MIME as readonly string[]).includes(contentType)) return 'validation.upload_format_image';
  if (kind === 'video' && !(VIDEO_MIME as readonly string[]).includes(contentType)) return 'validation.upload_format_video';
  const limit = kind === 'video' ? LIMITS.videoBytes : (maxBytes ?? LIMITS.uploadBytes);
  if (!Number.isFinite(sizeBytes) || sizeBytes <= 0) return 'validation.upload_empty';
  if (sizeBytes > limit) return 'validation.upload_size';
  return null;
}
export const uploadRequest = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  sizeBytes: z.number().int().positive(),
});

/** Cell reference: 1 to 3 letters followed by 1..100. */
export const cellRef = z
  .string()
  .regex(CELL_REF_PATTERN, { error: 'validation.cell_ref' })
  .refine(
    (s) => {
      const row = Number(/[0-9]+$/.exec(s)?.[0]);
      return row >= 1 && row <= LIMITS.cellRowMax;
    },
    { error: 'validation.cell_ref' },
  );

/** Site dimensions: rows and columns cannot be 0; rows x columns within the plan's creative limit. */
export function siteDimensions(maxCreatives: number) {
  return z
    .object({
      numberHorizontal: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(MAX_COLUMNS),
      numberVertical: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(LIMITS.cellRowMax),
    })
    .refine((v) => v.numberHorizontal * v.numberVertical <= maxCreatives, {
      error: 'validation.site_creative_limit',
      path: ['numberVertical'],
    });
}

/** Global menu items: required, non-empty, not duplicated. */
export const globalMenu = z
  .array(z.string().max(LIMITS.text))
  .min(1, { error: 'validation.menu_required' })
  .superRefine((items, ctx) => {
    items.forEach((s, i) => {
      if (s.trim() === '') ctx.addIssue({ code: 'custom', message: 'validation.menu_empty', path: [i] });
    });
    const seen = new Set<string>();
    items.forEach((s, i) => {
      const k = s.trim();
      if (k && seen.has(k)) ctx.addIssue({ code: 'custom', message: 'validation.menu_duplicate', path: [i] });
      seen.add(k);
    });
  });

/** Creatives must be uploaded consecutively: within each category, no page with media after an empty one. */
export function checkConsecutiveCreatives(grid: boolean[][]): string | null {
  for (const column of grid) {
    let gap = false;
    for (const filled of column) {
      if (!filled) gap = true;
      else if (gap) return 'validation.creatives_consecutive';
    }
  }
  return null;
}

/** Company info: URLs checked; with contract agreement required, terms and privacy policy are required. */
export const companyInfo = z
  .object({
    companyWebsite: optionalLinkUrl.default(''),
    companyProfile: z.union([z.literal(''), linkUrl]).default(''),
    companyClause: z.union([z.literal(''), linkUrl]).default(''),
    termsOfService: z.union([z.literal(''), linkUrl]).default(''),
    privacyPolicy: z.union([z.literal(''), linkUrl]).default(''),
    contractAgreementRequired: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.contractAgreementRequired) {
      if (!v.termsOfService) ctx.addIssue({ code: 'custom', message: 'validation.terms_required', path: ['termsOfService'] });
      if (!v.privacyPolicy) ctx.addIssue({ code: 'custom', message: 'validation.privacy_required', path: ['privacyPolicy'] });
    }
  });

/** Domain and uuid formats. */
const DOMAIN = /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/i;
export const domain = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => DOMAIN.test(s), { error: 'validation.domain' });
export const uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, {
  error: 'validation.uuid',
});

/** Notification body max 120; url valid. */
export const notificationBody = z.string().max(LIMITS.notificationBody);

/** API settings dialog. */
export const apiSettings = z
  .object({
    enabled: z.boolean(),
    authMethod: z.enum(['IP_RESTRICTION', 'BASIC_AUTH', 'API_KEY']),
    allowedIps: z.array(z.string().min(1).max(64)).default([]),
    basicId: z.string().max(LIMITS.text).default(''),
    basicPassword: z.string().max(LIMITS.operatorPasswordMax).default(''),
    apiKey: z.string().max(256).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.authMethod === 'IP_RESTRICTION' && v.allowedIps.length === 0)
      ctx.addIssue({ code: 'custom', message: 'validation.api_ip_required', path: ['allowedIps'] });
    if (v.authMethod === 'API_KEY' && !v.apiKey) ctx.addIssue({ code: 'custom', message: 'validation.api_key_required', path: ['apiKey'] });
    if (v.authMethod === 'BASIC_AUTH' && (!v.basicId || !v.basicPassword))
      ctx.addIssue({ code: 'custom', message: 'validation.api_basic_required', path: ['basicId'] });
  });

/** Preview security: password required when on. */
export const previewSecurity = z
  .object({ previewSecurity: z.boolean(), password: z.string().max(LIMITS.previewPasswordMax).default('') })
  .refine((v) => !v.previewSecurity || v.password.length > 0, { error: 'validation.preview_password_required', path: ['password'] });

export const language = z.enum(LANGUAGES, { error: 'validation.language' });
export const buttonAnimation = z.enum(BUTTON_ANIMATIONS);
export const buttonShape = z.enum(BUTTON_SHAPES);
export const buttonLinkType = z.enum(BUTTON_LINK_TYPES);
export const fieldType = z.enum(FIELD_TYPES);
export const snsType = z.enum(SNS_TYPES);
export const viewMode = z.enum(VIEW_MODES);

export const loginBody = z.object({ email, password: z.string().min(1, { error: 'validation.required' }).max(200) });
