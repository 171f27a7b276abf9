import type { FormType, Language } from '@swipe/core/constants.ts';
import type { FormFieldSetting } from '@swipe/core/forms.ts';
import type { FormPageName } from '@swipe/core/slug.ts';

// What the server sends the visitor screens (inlined in the SSR HTML): texts already in one language.

export type EnduserPage = FormPageName | 'preview-lock' | 'not-found';

export interface CompanyLink {
  kind: 'companyWebsite' | 'companyProfile' | 'companyClause' | 'termsOfService' | 'privacyPolicy';
  url: string;
}

export interface FormView {
  type: FormType;
  fields: FormFieldSetting[];
  /** the creator plan lacks settingFormContact (contact and homepage forms) */
  locked: boolean;
  companyLinks: CompanyLink[];
  agreementRequired: boolean;
  sendConfirmation: boolean;
}

export interface SurveyQuestionView {
  id: number;
  question: string;
  type: 'SINGLE' | 'MULTIPLE' | 'TEXT';
  required: boolean;
  options: { value: string; label: string }[];
}
export interface SurveyScreen {
  id: number;
  title: string;
  description: string;
  questions: SurveyQuestionView[];
}

export interface EnduserState {
  page: EnduserPage;
  siteId: number;
  lang: Language;
  languages: Language[];
  /** the viewer's root for this language, e.g. /sites/3/en, or / for the default site */
  basePath: string;
  /** where the screens of this site live: basePath + '/' + page */
  siteName: string;
  logoUrl: string | null;
  /** address of each language version of this screen */
  langLinks: Partial<Record<Language, string>>;
  form?: FormView;
  survey?: SurveyScreen | null;
  /** where the survey was opened from (query or transition cookies) */
  surveyContext?: { pageId: number | null; ctaId: number | null; clickSource: string | null };
  /** login: the position to open afterwards (e.g. C2); register: the confirmation token from the mail */
  next?: string | null;
  confirmToken?: string | null;
  /** preview lock screen */
  preview?: { siteId: number; failed?: boolean };
}

export const TOKEN_KEY = (siteId: number) => `swipe.eu.${siteId}`;
export const PREVIEW_TOKEN_KEY = (siteId: number) => `swipe.pv.${siteId}`;
export const PENDING_EMAIL_KEY = (siteId: number) => `swipe.eu.pending.${siteId}`;
