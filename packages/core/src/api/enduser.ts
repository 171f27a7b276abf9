import { z } from 'zod';
import { FORM_TYPES, LANGUAGES } from '../constants.js';
import type { FormFieldSetting } from '../forms.js';
import { FORM_PAGE_NAMES } from '../slug.js';
import { id, paged } from './common.js';
import { surveyQuestionView } from './surveys.js';
import { companyTab } from './viewer.js';

// What the sites origin sends the visitor screens (contact, forms, membership, survey, preview lock;
// inlined in the SSR HTML) and the end-user calls of viewer.md 7. The viewer's `enduser` entry imports
// these types from '@swipe/core'.

const language = z.enum(LANGUAGES);
const formType = z.enum(FORM_TYPES);

export const ENDUSER_PAGES = [...FORM_PAGE_NAMES, 'preview-lock', 'not-found'] as const;
export const enduserPage = z.enum(ENDUSER_PAGES);
export type EnduserPage = z.output<typeof enduserPage>;

export const companyLink = z.object({ kind: companyTab, url: z.string() });
export type CompanyLink = z.output<typeof companyLink>;

/** A form field as the visitor screens draw it (the site's settings, one language). */
const formField = z.custom<FormFieldSetting>((v) => typeof v === 'object' && v !== null);

export const formView = z.object({
  type: formType,
  fields: z.array(formField),
  /** the creator plan lacks settingFormContact (contact and homepage forms) */
  locked: z.boolean(),
  companyLinks: z.array(companyLink),
  agreementRequired: z.boolean(),
  sendConfirmation: z.boolean(),
});
export type FormView = z.output<typeof formView>;

export const surveyScreenView = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  questions: z.array(surveyQuestionView),
});
/** The survey screen's survey (its questions without points). */
export type SurveyScreen = z.output<typeof surveyScreenView>;

export const surveyContext = z.object({
  pageId: z.number().int().nullable(),
  ctaId: z.number().int().nullable(),
  clickSource: z.string().nullable(),
});
export type SurveyContext = z.output<typeof surveyContext>;

/** The state a visitor screen is rendered from and hydrated with. */
export const enduserState = z.object({
  page: enduserPage,
  siteId: z.number().int(),
  lang: language,
  languages: z.array(language),
  /** the viewer's root for this language, e.g. /sites/3/en, or / for the default site */
  basePath: z.string(),
  siteName: z.string(),
  logoUrl: z.string().nullable(),
  /** address of each language version of this screen */
  langLinks: z.partialRecord(language, z.string()),
  form: formView.optional(),
  survey: surveyScreenView.nullable().optional(),
  /** where the survey was opened from (query or transition cookies) */
  surveyContext: surveyContext.optional(),
  /** login: the position to open afterwards (e.g. C2); register: the confirmation token from the mail */
  next: z.string().nullable().optional(),
  /** "back to the site": the viewer address of the page the visitor came from (built by the server from a checked position) */
  back: z.string().nullable().optional(),
  confirmToken: z.string().nullable().optional(),
  /** preview lock screen */
  preview: z.object({ siteId: z.number().int(), failed: z.boolean().optional() }).optional(),
});
export type EnduserState = z.output<typeof enduserState>;

// ---- the end-user calls ----

export const enduserSiteParams = z.object({ siteId: id });
export const formSettingQuery = z.object({ lang: z.string().max(10).optional(), variationId: z.string().max(100).optional() });
/** GET /end-user/site/{siteId}/{contact|membership|homepage}-setting */
export const formSettingResponse = z.object({
  siteId: z.number().int(),
  lang: language,
  type: formType,
  locked: z.boolean(),
  sendConfirmation: z.boolean(),
  fields: z.array(formField),
  companyLinks: z.array(companyLink),
  agreementRequired: z.boolean(),
});
export type FormSettingResponse = z.output<typeof formSettingResponse>;

/** Visitor bodies are checked field by field against the site's settings (400 wrong type, 422 rule); here only their shape. */
export const visitorBody = z.object({}).catchall(z.unknown());
export const confirmBody = z.object({ token: z.string().min(1).max(200) });

export const registerResponse = z.object({ email: z.string(), message: z.string() });
export const confirmResponse = registerResponse;
export const memberLoginResponse = z.object({
  accessToken: z.string(),
  tokenType: z.string(),
  expiresIn: z.number().int(),
  member: z.object({ id: z.number().int(), email: z.string() }),
  message: z.string(),
});
export type MemberLoginResponse = z.output<typeof memberLoginResponse>;
/** POST /end-user/site/{siteId}/logout: the member's sessions end (every token of that member on this site). */
export const memberLogoutResponse = z.object({ message: z.string() });
export const memberResponse = z.object({ id: z.number().int(), email: z.string(), status: z.string(), siteId: z.number().int() });
export const submissionResponse = z.object({ id: z.number().int(), createdAt: z.string(), message: z.string() });
export type SubmissionResponse = z.output<typeof submissionResponse>;

// ---- the operators' lists (admin origin) ----

export const visitorEntry = z.object({
  id: z.number().int(),
  email: z.string().nullable(),
  lang: z.string(),
  data: z.record(z.string(), z.unknown()),
  status: z.string().optional(),
  confirmedAt: z.string().nullable().optional(),
  createdAt: z.string().nullable(),
});
export type VisitorEntry = z.output<typeof visitorEntry>;
/** A form field of the list's form: its key in `data` and its label in the interface language, in the form's order. */
export const visitorField = z.object({ key: z.string(), label: z.string() });
export type VisitorField = z.output<typeof visitorField>;
export const visitorEntryList = paged(visitorEntry).extend({ fields: z.array(visitorField) });
export type VisitorEntryList = z.output<typeof visitorEntryList>;
export const visitorExportQuery = z.object({ search: z.string().trim().max(100).optional() });
