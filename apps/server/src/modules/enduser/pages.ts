import type { EnduserPage, EnduserState } from '@swipe/core';
import { type FormType, LANGUAGES, type Language, mediaUrl } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import type { FormPageTarget } from '../published/service.js';
import { sendEnduserPage } from './html.js';
import { companyLinks, fieldsOf, formSetting, formsLocked, type VisitorSite, visitorSite } from './site.js';

const TITLE_KEY: Record<EnduserPage, string> = {
  register: 'enduser.register_title',
  'register-success': 'enduser.register_success_title',
  login: 'enduser.login_title',
  contact: 'enduser.contact_title',
  'contact-success': 'enduser.contact_success_title',
  forms: 'enduser.forms_title',
  'form-success': 'enduser.form_success_title',
  survey: 'enduser.survey_title',
  'preview-lock': 'enduser.preview_title',
  'not-found': 'common.error_404_title',
};

/** The address of the same screen in another language: the language segment of basePath swapped or added. */
export function langLinks(basePath: string, lang: Language, languages: Language[], page: string): Partial<Record<Language, string>> {
  const out: Partial<Record<Language, string>> = {};
  const parts = basePath.split('/').filter(Boolean);
  const hasLang = parts.length > 0 && parts[parts.length - 1] === lang;
  for (const l of languages) {
    const p = hasLang ? [...parts.slice(0, -1), l] : [...parts, l];
    out[l] = `/${[...p, page].join('/')}`;
  }
  return out;
}

function str(v: unknown, max = 200): string | null {
  return typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;
}

/**
 * The survey screen's data, from the surveys module (which depends on this one, not the other way
 * round): it registers itself when its routes are mounted.
 */
export type SurveyScreen = (
  ctx: AppContext,
  req: FastifyRequest,
  o: { siteId: number; lang: Language; query: Record<string, unknown> },
) => Promise<Pick<EnduserState, 'survey' | 'surveyContext'>>;
let surveyScreen: SurveyScreen | undefined;
export function registerSurveyScreen(fn: SurveyScreen): void {
  surveyScreen = fn;
}

function baseState(v: VisitorSite, target: FormPageTarget, page: EnduserPage): EnduserState {
  const doc = v.site.document;
  return {
    page,
    siteId: v.site.siteId,
    lang: v.lang,
    languages: v.site.languages,
    basePath: target.basePath,
    siteName: doc.name,
    logoUrl: mediaUrl('/media', doc.logoSetting?.url ?? null),
    langLinks: langLinks(target.basePath, target.lang, v.site.languages, page),
  };
}

function formView(v: VisitorSite, type: FormType, group: 'contact' | 'form' | 'membership') {
  const c = companyLinks(v, group);
  return {
    type,
    fields: fieldsOf(v, type),
    locked: type !== 'MEMBERSHIP_SETTING' && formsLocked(v.site),
    companyLinks: c.links,
    agreementRequired: c.agreementRequired,
    sendConfirmation: Boolean(formSetting(v, type)?.sendConfirmation),
  };
}

/**
 * The form-type screens (viewer.md 2): registered with the viewer's dispatcher and mounted on the
 * explicit /sites/{siteId}/{lang}/{page} addresses.
 */
export async function renderFormPage(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, target: FormPageTarget): Promise<unknown> {
  let v: VisitorSite;
  try {
    v = await visitorSite(ctx, target.siteId, target.lang);
  } catch (err) {
    if (!(err instanceof AppError) || err.status !== 404) throw err;
    const lang = (LANGUAGES as readonly string[]).includes(target.lang) ? target.lang : 'ja';
    const state: EnduserState = {
      page: 'not-found',
      siteId: target.siteId,
      lang,
      languages: [lang],
      basePath: '/',
      siteName: '',
      logoUrl: null,
      langLinks: {},
    };
    return sendEnduserPage(ctx, reply, state, { title: translate(lang, 'common.error_404_title'), status: 404 });
  }
  const q = (req.query ?? {}) as Record<string, unknown>;
  const page = target.page;
  const state = baseState(v, target, page);
  const scripts = v.settings?.scripts;
  let tailHtml = '';
  switch (page) {
    case 'register':
      state.form = formView(v, 'MEMBERSHIP_SETTING', 'membership');
      state.confirmToken = str(q.token);
      break;
    case 'register-success':
      tailHtml = scripts?.membershipScript ?? '';
      break;
    case 'login':
      state.next = str(q.next, 8);
      break;
    case 'contact':
      state.form = formView(v, 'CONTACT_SETTING', 'contact');
      break;
    case 'contact-success':
      tailHtml = scripts?.contactScript ?? '';
      break;
    case 'forms':
      state.form = formView(v, 'HOMEPAGE_SETTING', 'form');
      break;
    case 'form-success':
      tailHtml = scripts?.formScript ?? '';
      break;
    case 'survey':
      Object.assign(
        state,
        surveyScreen
          ? await surveyScreen(ctx, req, { siteId: v.site.siteId, lang: v.lang, query: q })
          : { survey: null, surveyContext: { pageId: null, ctaId: null, clickSource: null } },
      );
      break;
  }
  const title = `${translate(v.lang, TITLE_KEY[page])} | ${v.site.document.name}`;
  return sendEnduserPage(ctx, reply, state, {
    title,
    tailHtml,
    faviconUrl: mediaUrl('/media', v.site.document.faviconSetting?.url ?? null),
  });
}
