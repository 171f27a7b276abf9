import type { EnduserPage, EnduserState } from '@swipe/core';
import { type FormType, LANGUAGES, type Language, mediaUrl } from '@swipe/core';
import { parsePosition, positionCode } from '@swipe/core/address.ts';
import { RETURN_COOKIE } from '@swipe/core/constants.ts';
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

/**
 * A position code of this site's grid (e.g. C2), or null: the only form a return address takes, so an
 * address built from it stays on this site (never an open redirect).
 */
function gridPosition(v: VisitorSite, code: unknown): string | null {
  if (typeof code !== 'string' || code.length > 8) return null;
  const doc = v.site.document;
  const at = parsePosition(code, doc.numberHorizontal, doc.numberVertical);
  return at ? positionCode(at) : null;
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

const positionAddress = (basePath: string, position: string) => `${basePath.replace(/\/+$/, '')}/${position}`;

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
  const page = target.page;
  if (v.lang !== target.lang) {
    // a language the site does not offer: the same screen (and query) in the site's default language
    const parts = target.basePath.split('/').filter(Boolean);
    if (parts[parts.length - 1] === target.lang) parts.pop();
    if (v.lang !== v.site.defaultLanguage) parts.push(v.lang);
    const i = req.url.indexOf('?');
    return reply.header('cache-control', 'no-store').redirect(`/${[...parts, page].join('/')}${i < 0 ? '' : req.url.slice(i)}`, 302);
  }
  const q = (req.query ?? {}) as Record<string, unknown>;
  const state = baseState(v, target, page);
  // where the visitor was in the viewer (its return cookie): "back to the site" and the login lead there
  const from = gridPosition(v, req.cookies?.[RETURN_COOKIE]);
  if (from) state.back = positionAddress(target.basePath, from);
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
      state.next = gridPosition(v, q.next) ?? from;
      if (state.next) state.back = positionAddress(target.basePath, state.next);
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
