import type { FormType, Language, LanguageSettings } from '@swipe/core';
import { isLang } from '@swipe/core';
import { type FormFieldSetting, type FormSettingLike, formFields } from '@swipe/core/forms.ts';
import type { AppContext } from '../../context.js';
import { AppError, notFound } from '../../errors.js';
import { getPublishedSite, type PublishedSite } from '../published/service.js';

/** A published site as the visitor forms need it, in one of its languages. */
export interface VisitorSite {
  site: PublishedSite;
  lang: Language;
  settings: LanguageSettings | undefined;
}

/** The site's language nearest to what was asked: the asked one when the site has it, else its default. */
export function siteLang(site: Pick<PublishedSite, 'languages' | 'defaultLanguage'>, asked: unknown): Language {
  const l = typeof asked === 'string' ? asked.toLowerCase() : '';
  const norm = l === 'jp' ? 'ja' : l === 'ko' ? 'kr' : l === 'zh' ? 'cn' : l;
  if (isLang(norm) && site.languages.includes(norm)) return norm;
  return site.defaultLanguage;
}

/** The published site, or 404 (drafts, private and expired sites are not served to visitors). */
export async function visitorSite(ctx: AppContext, siteId: number, asked?: unknown): Promise<VisitorSite> {
  const site = await getPublishedSite(ctx, siteId);
  if (!site) throw notFound();
  const lang = siteLang(site, asked);
  return { site, lang, settings: site.document.translations[lang] as LanguageSettings | undefined };
}

export function formSetting(v: VisitorSite, type: FormType): FormSettingLike | undefined {
  return v.settings?.forms?.[type] as FormSettingLike | undefined;
}

export function fieldsOf(v: VisitorSite, type: FormType): FormFieldSetting[] {
  return formFields(type, formSetting(v, type));
}

/** Forms (contact, homepage) are locked when the creator plan lacks settingFormContact (viewer.md 6). */
export function formsLocked(site: PublishedSite): boolean {
  return site.planFlags.settingFormContact !== true;
}
export function assertFormsOpen(site: PublishedSite): void {
  if (formsLocked(site)) throw new AppError(403, 'FORMS_LOCKED', 'enduser.forms_locked');
}

export type CompanyKind = 'companyWebsite' | 'companyProfile' | 'companyClause' | 'termsOfService' | 'privacyPolicy';
export const COMPANY_KINDS: CompanyKind[] = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'];
export type FormGroup = 'contact' | 'form' | 'membership';
const FLAG: Record<FormGroup, 'showInContact' | 'showInForm' | 'showInMemberShip'> = {
  contact: 'showInContact',
  form: 'showInForm',
  membership: 'showInMemberShip',
};

/** Company-information links a form shows (companyFlags), and whether the visitor must agree to them. */
export function companyLinks(
  v: VisitorSite,
  group: FormGroup,
): { links: { kind: CompanyKind; url: string }[]; agreementRequired: boolean } {
  const company = v.settings?.company;
  const flags = v.settings?.companyFlags ?? {};
  const links: { kind: CompanyKind; url: string }[] = [];
  for (const kind of COMPANY_KINDS) {
    const url = company?.[kind];
    if (url && flags[kind]?.[FLAG[group]]) links.push({ kind, url });
  }
  const agreementRequired =
    Boolean(company?.contractAgreementRequired) && links.some((l) => l.kind === 'termsOfService' || l.kind === 'privacyPolicy');
  return { links, agreementRequired };
}
