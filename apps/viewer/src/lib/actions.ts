import type { ButtonView, CampaignBannerView, PageDetail, PopupItemView } from '@swipe/core';
import { parseCreativeBlock } from '@swipe/core/address.ts';
import type { Pos } from '../engine/grid.js';
import { join } from './paths.js';

// What a click on a button, a popup item, a page link or a campaign banner does (viewer.md 4 and 5),
// as data: the viewer performs it; tests read it.

export type Action =
  | { kind: 'none' }
  | { kind: 'jump'; to: Pos }
  | {
      kind: 'navigate';
      href: string;
      cookies?: Record<string, string>;
      session?: Record<string, string>;
      /** conversion attribution cookies (cv_page_id, cv_cta_id, cv_source), kept ATTRIBUTION_MAX_AGE_S */
      attribution?: Record<string, string>;
    }
  | { kind: 'open'; href: string }
  | { kind: 'script'; code: string };

export interface ActionContext {
  /** the viewer root of the current language, e.g. `/sites/3/en` */
  home: string;
  cols: number;
  rows: number;
  siteId: number;
  pageId: number;
  position: string;
  cookie: (name: string) => string | null;
}

const NONE: Action = { kind: 'none' };
const SCREENS = new Map([
  ['contact', 'contact'],
  ['form', 'forms'],
  ['forms', 'forms'],
  ['membership', 'register'],
  ['register', 'register'],
]);

/** contact, form, membership (or a path on this origin) -> the screen's address. */
export function internalHref(dest: string | null | undefined, home: string): string | null {
  const d = (dest ?? '').trim();
  if (!d) return null;
  const screen = SCREENS.get(d);
  if (screen) return join(home, screen);
  if (d.startsWith('/') && !d.startsWith('//')) return d;
  return null;
}

const isHttp = (u: string) => /^https?:\/\//i.test(u);

type Source = 'BUTTON_CTA' | 'POPUP_CTA_TRANSITION';
/** The conversion cookies live a day: a visitor may fill the form in later. */
export const ATTRIBUTION_MAX_AGE_S = 24 * 3600;

/** Which page and CTA led to a form, the registration or a survey (all three set, so an older CTA's id never lingers). */
function attribution(c: ActionContext, ctaId: number | null, source: Source): Record<string, string> {
  return { cv_page_id: String(c.pageId), cv_cta_id: ctaId ? String(ctaId) : '', cv_source: source };
}

/** An internal destination; the conversion screens (contact, forms, register) carry the attribution cookies. */
function internal(dest: string | null | undefined, c: ActionContext, ctaId: number | null, source: Source): Action {
  const href = internalHref(dest, c.home);
  if (!href) return NONE;
  return SCREENS.has((dest ?? '').trim())
    ? { kind: 'navigate', href, attribution: attribution(c, ctaId, source) }
    : { kind: 'navigate', href };
}

function survey(surveyId: number, ctaId: number, source: Source, c: ActionContext): Action {
  return {
    kind: 'navigate',
    href: `${join(c.home, 'survey')}?survey_id=${surveyId}`,
    cookies: { survey_page_id: String(c.pageId), survey_cta_id: String(ctaId), survey_click_source: source },
    attribution: attribution(c, ctaId, source),
  };
}

/** Buttons: act only with a destination; a page link must be a number; survey needs its id; scripts must parse. */
export function buttonAction(b: ButtonView, c: ActionContext): Action {
  const dest = b.linkDestinationUrl?.trim() ?? '';
  switch (b.buttonLinkType) {
    case 'CREATIVE_BLOCK':
    case 'LINK_TO_PAGE': {
      if (!/^\d+$/.test(dest)) return NONE;
      const to = parseCreativeBlock(dest, c.cols, c.rows);
      return to ? { kind: 'jump', to } : NONE;
    }
    case 'INTERNAL_URL':
      return internal(dest, c, b.id, 'BUTTON_CTA');
    case 'SURVEY':
      return b.linkedSurveyId ? survey(b.linkedSurveyId, b.id, 'BUTTON_CTA', c) : NONE;
    case 'EXTERNAL_URL':
      return isHttp(dest) ? { kind: 'open', href: dest } : NONE;
    case 'SCRIPT':
      return dest && b.scriptValid ? { kind: 'script', code: dest } : NONE;
    default:
      return NONE;
  }
}

/** Popup CTA transitions with their cookies, session values and query parameters (viewer.md 4). */
export function popupAction(it: PopupItemView, c: ActionContext): Action {
  const tr = it.transition;
  switch (tr.transitionType) {
    case 'INTERNAL_URL': {
      const a = internal(tr.internalLinkType ?? 'contact', c, it.id, 'POPUP_CTA_TRANSITION');
      if (a.kind !== 'navigate') return NONE;
      const facts = { popup_page_id: String(c.pageId), popup_position: c.position, popup_id: String(it.id) };
      return { ...a, cookies: facts, session: facts };
    }
    case 'EXTERNAL_URL': {
      if (!tr.externalLinkUrl || !isHttp(tr.externalLinkUrl)) return NONE;
      const u = new URL(tr.externalLinkUrl);
      u.searchParams.set('site_id', String(c.siteId));
      u.searchParams.set('page_id', String(c.pageId));
      u.searchParams.set('popup_id', String(it.id));
      const variation = c.cookie('variation_id');
      if (variation) {
        u.searchParams.set('variation_id', variation);
        const exp = c.cookie('experiment_id');
        const sid = c.cookie('session_user_id');
        if (exp) u.searchParams.set('experiment_id', exp);
        if (sid) u.searchParams.set('session_user_id', sid);
      }
      return { kind: 'open', href: u.toString() };
    }
    case 'CREATIVE_BLOCK': {
      const to = parseCreativeBlock(tr.targetCreativeBlock, c.cols, c.rows);
      return to ? { kind: 'jump', to } : NONE;
    }
    case 'SCRIPT':
      return tr.script && tr.scriptValid ? { kind: 'script', code: tr.script } : NONE;
    case 'SURVEY':
      return tr.linkedSurveyId ? survey(tr.linkedSurveyId, it.id, 'POPUP_CTA_TRANSITION', c) : NONE;
    default:
      return NONE;
  }
}

/** The page's own link button: an internal screen, or a new tab. */
export function pageLinkAction(d: PageDetail, c: ActionContext): Action {
  const dest = d.linkDestinationUrl?.trim() ?? '';
  if (!dest || !d.linkButtonText.trim()) return NONE;
  if (d.isInternalLink) return internal(dest, c, null, 'BUTTON_CTA');
  return isHttp(dest) ? { kind: 'open', href: dest } : NONE;
}

/** Campaign banners; a SCRIPT link runs, like a script button, only when the server found that it parses. */
export function bannerAction(b: CampaignBannerView, c: ActionContext): Action {
  const dest = b.linkDestinationUrl?.trim() ?? '';
  switch (b.linkDestinationType) {
    case 'CREATIVE_BLOCK': {
      const to = parseCreativeBlock(dest, c.cols, c.rows);
      return to ? { kind: 'jump', to } : NONE;
    }
    case 'EXTERNAL_URL':
      return isHttp(dest) ? { kind: 'open', href: dest } : NONE;
    case 'INTERNAL_URL': {
      const href = internalHref(dest, c.home);
      return href ? { kind: 'navigate', href } : NONE;
    }
    case 'SCRIPT':
      return dest && b.scriptValid ? { kind: 'script', code: dest } : NONE;
    default:
      return NONE;
  }
}
