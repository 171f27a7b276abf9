import { z } from 'zod';
import {
  BUTTON_ANIMATIONS,
  BUTTON_LINK_TYPES,
  BUTTON_SHAPES,
  FIELD_TYPES,
  FORM_TYPES,
  LIMITS,
  MAX_COLUMNS,
  SITE_STATUSES,
  VIEW_MODES,
} from './constants.js';
import { fieldRuleIssues, PATTERN_MAX } from './form-rules.js';
import { checkExternalLink, optionalLinkField } from './link-rules.js';
import { campaignSchema, popupItemSchema } from './site-campaign.js';
import { dynamicText, INT32_MAX, i18nText, lang, mediaRef, optColor, percent } from './site-fields.js';
import { bodyScript, companyInfo, domain, email, globalMenu, headTags, seoDescription, seoH1, seoTitle, snsEntry } from './validation.js';

// The site document: what the editor saves, the server stores, and (published) the viewer draws.
// One schema for all three. Text a visitor reads is per language: { ja?: string, en?: string, ... }.

export * from './site-campaign.js';
export { i18nText } from './site-fields.js';

export const buttonSchema = z
  .object({
    id: z.number().int().positive().optional(),
    buttonType: z.enum(['TEXT', 'MEDIA', 'HTML']).default('TEXT'),
    buttonText: dynamicText().default({}),
    buttonContentHtml: z.string().max(20_000).nullish(),
    buttonWidth: z.number().min(1).max(2000).default(120),
    buttonHeight: z.number().min(1).max(2000).default(40),
    textSize: z.number().min(6).max(120).default(14),
    buttonColor: optColor,
    buttonTextColor: optColor,
    microcopyText: dynamicText().default({}),
    microcopyTextColor: optColor,
    textAlign: z.enum(['LEFT', 'RIGHT', 'CENTER', 'TOP', 'BOTTOM']).default('CENTER'),
    buttonAnimation: z.enum(BUTTON_ANIMATIONS).default('NONE'),
    buttonShape: z.enum(BUTTON_SHAPES).default('MODERATELY_ROUNDED_EDGE'),
    lockAspectRatio: z.boolean().default(false),
    zIndex: z.number().int().min(0).max(1000).default(1),
    buttonLinkType: z.enum([...BUTTON_LINK_TYPES, 'LINK_TO_PAGE']).nullish(),
    linkDestinationUrl: z.string().max(LIMITS.linkUrl).nullish(),
    linkedSurveyId: z.number().int().positive().nullish(),
    buttonImageUrl: mediaRef.nullish(),
    isVideo: z.boolean().default(false),
    thumbnailUrl: mediaRef.nullish(),
    /** left and top of the button in percent of the page */
    buttonPositionX: percent.default(10),
    buttonPositionY: percent.default(10),
    parentWidth: z.number().positive().nullish(),
    parentHeight: z.number().positive().nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.buttonLinkType === 'EXTERNAL_URL') checkExternalLink(ctx, b.linkDestinationUrl, ['linkDestinationUrl']);
  });
export type ButtonInput = z.input<typeof buttonSchema>;
export type Button = z.output<typeof buttonSchema>;

export const productSchema = z.object({
  id: z.number().int().positive().optional(),
  productName: i18nText().default({}),
  imagePath: mediaRef.nullish(),
  price: z.number().int().min(0).max(1_000_000_000).nullish(),
  description: i18nText(1000).default({}),
  linkButtonUrl: optionalLinkField.nullish(),
  linkButtonText: i18nText().default({}),
  linkButtonColor: optColor,
  linkTextColor: optColor,
  /** hotspot position in percent of the page */
  coordinateX: percent.default(65),
  coordinateY: percent.default(60),
  textColor: optColor,
  backgroundColor: optColor,
  isInternalLink: z.boolean().default(false),
  order: z.number().int().min(0).max(INT32_MAX).default(0),
});
export type Product = z.output<typeof productSchema>;

export const pageSchema = z
  .object({
    id: z.number().int().positive().optional(),
    mediaType: z.enum(['IMAGE', 'VIDEO']).default('IMAGE'),
    /** storage key of the uploaded creative (null: empty cell) */
    imageUrl: mediaRef.nullish(),
    thumbnail: mediaRef.nullish(),
    hlsPath: mediaRef.nullish(),
    imageAlt: i18nText(200).default({}),
    mainText: dynamicText(200).default({}),
    mainTextColor: optColor,
    mainTextX: percent.nullish(),
    mainTextY: percent.nullish(),
    price: z.number().int().min(0).max(1_000_000_000).nullish(),
    priceTextColor: optColor,
    linkButtonText: dynamicText().default({}),
    linkDestinationUrl: z.string().max(LIMITS.linkUrl).nullish(),
    linkButtonColor: optColor,
    linkTextColor: optColor,
    isInternalLink: z.boolean().default(false),
    snsConfig: z.boolean().default(false),
    showCompany: z.boolean().default(false),
    membersOnlyLock: z.boolean().default(false),
    hoverArrowColor: z.enum(['white', 'black']).default('white'),
    arrowFadeInterval: z.number().int().min(0).max(60).default(3),
    timeSetting: z.number().int().min(0).max(3600).nullish(),
    backgroundMusic: z.boolean().default(false),
    backgroundMusicUrl: mediaRef.nullish(),
    speakerX: percent.nullish(),
    speakerY: percent.nullish(),
    albumX: percent.nullish(),
    albumY: percent.nullish(),
    chatbotScript: z.string().max(LIMITS.seoTags).nullish(),
    buttons: z.array(buttonSchema).max(30).default([]),
    products: z.array(productSchema).max(20).default([]),
  })
  .superRefine((p, ctx) => {
    // the page's own link: a URL unless it goes to an internal screen (an empty link is no link)
    if (!p.isInternalLink && p.linkDestinationUrl?.trim()) checkExternalLink(ctx, p.linkDestinationUrl, ['linkDestinationUrl']);
  });
export type PageInput = z.input<typeof pageSchema>;
export type Page = z.output<typeof pageSchema>;

export const formFieldSchema = z.object({
  fieldKey: z.string().regex(/^[a-z][a-zA-Z0-9]{0,39}$/),
  typeForm: z.enum(FIELD_TYPES),
  title: z.string().trim().min(1, { error: 'validation.required' }).max(LIMITS.text),
  placeholder: z.string().max(LIMITS.text).default(''),
  required: z.boolean().default(false),
  orderNum: z.number().int().min(0).max(INT32_MAX).default(0),
  options: z.array(z.string().trim().min(1).max(LIMITS.text)).max(50).default([]),
  defaultValue: z.string().max(LIMITS.text).nullish(),
  maxLength: z.number().int().min(1).max(5000).nullish(),
  minValue: z.number().nullish(),
  maxValue: z.number().nullish(),
  // viewer.md 5's generic rules (form-rules.ts checks their consistency below and the values everywhere)
  minLength: z.number().int().min(1).max(5000).nullish(),
  pattern: z.string().max(PATTERN_MAX, { error: 'validation.pattern_too_long' }).nullish(),
  minItems: z.number().int().min(1).max(50).nullish(),
  maxItems: z.number().int().min(1).max(50).nullish(),
  minDate: z.string().max(10).nullish(),
  maxDate: z.string().max(10).nullish(),
  equalsField: z.string().max(40).nullish(),
  afterField: z.string().max(40).nullish(),
});
export const formSettingSchema = z
  .object({
    destinationEmails: z.array(email).max(10).default([]),
    sendConfirmation: z.boolean().default(false),
    fields: z.array(formFieldSchema).max(50).default([]),
  })
  .superRefine((v, ctx) => {
    for (const i of fieldRuleIssues(v.fields, LIMITS.text))
      ctx.addIssue({ code: 'custom', message: i.key, path: ['fields', i.index, i.prop] });
  });

export const languageSettingsSchema = z.object({
  seo: z
    .object({
      title: seoTitle.default(''),
      h1: seoH1.default(''),
      description: seoDescription.default(''),
      headTags: headTags.default(''),
      body: bodyScript.default(''),
    })
    .default({ title: '', h1: '', description: '', headTags: '', body: '' }),
  company: companyInfo.default({
    companyWebsite: '',
    companyProfile: '',
    companyClause: '',
    termsOfService: '',
    privacyPolicy: '',
    contractAgreementRequired: false,
  }),
  companyFlags: z
    .partialRecord(
      z.enum(['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy']),
      z.object({
        showInContact: z.boolean().default(false),
        showInForm: z.boolean().default(false),
        showInMemberShip: z.boolean().default(false),
      }),
    )
    .default({}),
  scripts: z
    .object({
      contactScript: z.string().max(LIMITS.seoTags).default(''),
      membershipScript: z.string().max(LIMITS.seoTags).default(''),
      formScript: z.string().max(LIMITS.seoTags).default(''),
    })
    .default({ contactScript: '', membershipScript: '', formScript: '' }),
  /** category names, one per category, in order */
  globalMenu: globalMenu,
  sns: z.array(snsEntry).max(8).default([]),
  forms: z.partialRecord(z.enum(FORM_TYPES), formSettingSchema).default({}),
});
export type LanguageSettings = z.output<typeof languageSettingsSchema>;

export const siteDocumentSchema = z
  .object({
    name: z.string().trim().min(1, { error: 'validation.site_name_required' }).max(LIMITS.text),
    numberHorizontal: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(MAX_COLUMNS),
    numberVertical: z.number().int().min(1, { error: 'validation.site_rows_cols_zero' }).max(LIMITS.cellRowMax),
    defaultLanguage: lang.default('ja'),
    languages: z.array(lang).min(1).max(4),
    logoSetting: z.object({ url: mediaRef.nullish(), linkUrl: optionalLinkField.nullish() }).default({}),
    faviconSetting: z.object({ url: mediaRef.nullish() }).default({}),
    globalMenuTextColor: optColor,
    globalMenuBackgroundColor: optColor,
    speakerColor: optColor,
    displayLanguageIcon: z.boolean().default(true),
    displayGlobalMenu: z.boolean().default(true),
    displayPageCount: z.boolean().default(true),
    displayAlbum: z.boolean().default(true),
    swipeRedirection: z.boolean().default(true),
    viewMode: z.enum(VIEW_MODES).default('MOBILE'),
    customDomain: z.union([z.literal(''), domain]).nullish(),
    pathPrefix: z
      .string()
      .regex(/^[a-z0-9-]{0,40}$/)
      .nullish(),
    translations: z.partialRecord(lang, languageSettingsSchema),
    /** categories[c].pages[r]: numberHorizontal categories of numberVertical pages */
    categories: z.array(z.object({ id: z.number().int().positive().optional(), pages: z.array(pageSchema) })),
    popupCtas: z.object({ timeLimit: popupItemSchema.nullish(), applicantLimit: popupItemSchema.nullish() }).default({}),
    campaign: campaignSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    if (!v.languages.includes(v.defaultLanguage))
      ctx.addIssue({ code: 'custom', message: 'validation.language', path: ['defaultLanguage'] });
    if (new Set(v.languages).size !== v.languages.length)
      ctx.addIssue({ code: 'custom', message: 'validation.language', path: ['languages'] });
    for (const l of v.languages) {
      const t = v.translations[l];
      if (!t) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['translations', l] });
      else if (t.globalMenu.length !== v.numberHorizontal)
        ctx.addIssue({ code: 'custom', message: 'validation.menu_required', path: ['translations', l, 'globalMenu'] });
    }
    if (v.categories.length !== v.numberHorizontal) ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['categories'] });
    v.categories.forEach((c, i) => {
      if (c.pages.length !== v.numberVertical)
        ctx.addIssue({ code: 'custom', message: 'validation.invalid', path: ['categories', i, 'pages'] });
    });
  });
export type SiteDocumentInput = z.input<typeof siteDocumentSchema>;
export type SiteDocument = z.output<typeof siteDocumentSchema>;

export const siteStatus = z.enum(SITE_STATUSES);
