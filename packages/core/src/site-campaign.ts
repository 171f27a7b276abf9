import { z } from 'zod';
import { BUTTON_ANIMATIONS, BUTTON_LINK_TYPES, BUTTON_SHAPES, INTERNAL_LINK_TYPES, LIMITS, TRANSITION_TYPES } from './constants.js';
import { checkExternalLink, externalLinkProblem } from './link-rules.js';
import { INT32_MAX, i18nText, lang, mediaRef, optColor } from './site-fields.js';
import { cellRef, checkDateRange, dateString } from './validation.js';

// The site document's parts around the pages (site.ts): the popup CTAs (a time limit and an applicant limit) and
// the campaign beside the mobile frame (its banners and draggable items).

const popupStyle = z.object({
  backgroundColor: optColor,
  textColor: optColor,
  textSize: z.number().min(6).max(72).default(14),
  width: z.number().min(0).max(100).nullish(),
  height: z.number().min(0).max(1000).nullish(),
  shape: z.enum(BUTTON_SHAPES).default('MODERATELY_ROUNDED_EDGE'),
  textAlignment: z.enum(['TOP', 'BOTTOM']).default('BOTTOM'),
});
export const transitionSchema = z
  .object({
    transitionType: z.enum(TRANSITION_TYPES),
    internalLinkType: z.enum(INTERNAL_LINK_TYPES).nullish(),
    externalLinkUrl: z.string().max(LIMITS.linkUrl).nullish(),
    targetCreativeBlock: z.string().max(10).nullish(),
    script: z.string().max(10_000).nullish(),
    linkedSurveyId: z.number().int().positive().nullish(),
  })
  .superRefine((tr, ctx) => {
    if (tr.transitionType === 'EXTERNAL_URL') checkExternalLink(ctx, tr.externalLinkUrl, ['externalLinkUrl']);
  });
export const popupItemSchema = z
  .object({
    id: z.number().int().positive().optional(),
    startDate: dateString.nullish(),
    endDate: dateString.nullish(),
    effectivePages: z.array(z.number().int().min(1).max(INT32_MAX)).max(1000).default([]),
    style: popupStyle.default({ textSize: 14, shape: 'MODERATELY_ROUNDED_EDGE', textAlignment: 'BOTTOM' }),
    showRemainingTime: z.boolean().default(true),
    showRemainingSlots: z.boolean().default(true),
    media: z
      .object({ url: mediaRef, type: z.enum(['IMAGE', 'VIDEO']), width: z.number().nullish(), height: z.number().nullish() })
      .nullish(),
    transition: transitionSchema,
    text: i18nText(120).default({}),
    limit: z.number().int().min(1).max(999_999_999).nullish(),
  })
  .superRefine((v, ctx) => {
    const r = checkDateRange(v.startDate, v.endDate);
    if (r) ctx.addIssue({ code: 'custom', message: r, path: ['endDate'] });
  });
export type PopupItem = z.output<typeof popupItemSchema>;

export const campaignBannerSchema = z
  .object({
    side: z.enum(['left', 'right']).default('left'),
    mediaUrl: mediaRef,
    width: z.number().positive().max(2000).nullish(),
    height: z.number().positive().max(4000).nullish(),
    zIndex: z.number().int().min(0).max(1000).default(1),
    lockRatio: z.boolean().default(true),
    linkDestinationType: z.enum(['INTERNAL_URL', 'EXTERNAL_URL', 'CREATIVE_BLOCK', 'SCRIPT']).nullish(),
    linkDestinationUrl: z.string().max(LIMITS.linkUrl).nullish(),
    bannerX: z.number().default(0),
    bannerY: z.number().default(0),
  })
  .superRefine((b, ctx) => {
    if (b.linkDestinationType === 'EXTERNAL_URL') checkExternalLink(ctx, b.linkDestinationUrl, ['linkDestinationUrl']);
  });
/** Draggable campaign items (viewer.md 3): the kinds, drawn like page buttons inside a side panel. */
export const CAMPAIGN_ITEM_TYPES = ['IMAGE', 'BUTTON', 'MEDIA_BUTTON', 'HTML_BUTTON'] as const;
export type CampaignItemType = (typeof CAMPAIGN_ITEM_TYPES)[number];
const panelPercent = z.number().min(0).max(100);
const isCellOrOrder = (v: string) => (/^\d{1,6}$/.test(v) ? Number(v) >= 1 : cellRef.safeParse(v).success);
const isSurveyId = (v: string) => /^[1-9]\d{0,15}$/.test(v);

export const campaignItemSettingsSchema = z.object({
  /** size in CSS pixels of the desktop panel */
  width: z.number().min(1).max(2000).default(160),
  height: z.number().min(1).max(2000).default(48),
  zIndex: z.number().int().min(0).max(1000).default(1),
  text: i18nText().default({}),
  textSize: z.number().min(6).max(120).default(14),
  textColor: optColor,
  bgColor: optColor,
  buttonShape: z.enum(BUTTON_SHAPES).default('MODERATELY_ROUNDED_EDGE'),
  buttonAnimation: z.enum(BUTTON_ANIMATIONS).default('NONE'),
  /** HTML_BUTTON markup: same limit and sanitiser as HTML page buttons */
  html: z.string().max(20_000).nullish(),
  /** the call to action: same link types and value limit as page buttons */
  ctaType: z.enum(BUTTON_LINK_TYPES).nullish(),
  /** CREATIVE_BLOCK: page order or cell (A1); INTERNAL_URL: contact/form/membership; EXTERNAL_URL: http(s) URL;
   *  SURVEY: survey id; SCRIPT: the code */
  ctaValue: z.string().max(LIMITS.linkUrl).nullish(),
  microcopyText: i18nText().default({}),
  microcopyTextColor: optColor,
  microcopyPosition: z.enum(['TOP', 'BOTTOM']).default('BOTTOM'),
});
export type CampaignItemSettings = z.output<typeof campaignItemSettingsSchema>;

export const campaignItemSchema = z
  .object({
    id: z.number().int().positive().optional(),
    type: z.enum(CAMPAIGN_ITEM_TYPES).default('BUTTON'),
    /** which side panel (one wide panel when positionLp is left or right: its left or right half) */
    side: z.enum(['left', 'right']).default('left'),
    imageUrl: mediaRef.nullish(),
    /** top-left corner in percent of the side panel's width and height */
    pos: z.object({ left: panelPercent.default(10), top: panelPercent.default(10) }).default({ left: 10, top: 10 }),
    settings: campaignItemSettingsSchema.default(() => campaignItemSettingsSchema.parse({})),
    /** read only: counted by the server, ignored on save */
    clickCount: z.number().int().min(0).max(INT32_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    const need = (path: (string | number)[], message = 'validation.required') => ctx.addIssue({ code: 'custom', message, path });
    if ((v.type === 'IMAGE' || v.type === 'MEDIA_BUTTON') && !v.imageUrl) need(['imageUrl']);
    if (v.type === 'HTML_BUTTON' && !v.settings.html?.trim()) need(['settings', 'html']);
    const type = v.settings.ctaType;
    if (!type) return;
    const value = v.settings.ctaValue?.trim() ?? '';
    if (!value) return need(['settings', 'ctaValue']);
    if (value.length > LIMITS.linkUrl) return; // reported by the length rule
    const path = ['settings', 'ctaValue'];
    if (type === 'CREATIVE_BLOCK' && !isCellOrOrder(value)) need(path, 'validation.cell_ref');
    if (type === 'INTERNAL_URL' && !(INTERNAL_LINK_TYPES as readonly string[]).includes(value)) need(path, 'validation.invalid_option');
    if (type === 'EXTERNAL_URL' && externalLinkProblem(value)) need(path, 'validation.url');
    if (type === 'SURVEY' && !isSurveyId(value)) need(path, 'validation.invalid');
  });
export type CampaignItem = z.output<typeof campaignItemSchema>;

export const campaignSchema = z
  .object({
    id: z.number().int().positive().optional(),
    translations: z.partialRecord(lang, z.object({ name: z.string().max(LIMITS.text) })).default({}),
    background: mediaRef.nullish(),
    backgroundColor: optColor,
    backgroundOpacity: z.number().min(0).max(1).default(1),
    startDate: dateString.nullish(),
    endDate: dateString.nullish(),
    effectivePages: z.array(z.number().int().min(1).max(INT32_MAX)).max(1000).default([]),
    isOnClickCount: z.boolean().default(false),
    positionLp: z.enum(['left', 'center', 'right']).default('center'),
    banners: z.array(campaignBannerSchema).max(20).default([]),
    /** draggable campaign items */
    buttons: z.array(campaignItemSchema).max(20).default([]),
  })
  .superRefine((v, ctx) => {
    const r = checkDateRange(v.startDate, v.endDate);
    if (r) ctx.addIssue({ code: 'custom', message: r, path: ['endDate'] });
  });
