import type { ButtonView, CampaignBannerView, PageDetail, PopupItemView } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { type ActionContext, bannerAction, buttonAction, internalHref, pageLinkAction, popupAction } from './actions.js';

const ctx = (cookies: Record<string, string> = {}): ActionContext => ({
  home: '/sites/3/en',
  cols: 3,
  rows: 4,
  siteId: 3,
  pageId: 41,
  position: 'A2',
  cookie: (n) => cookies[n] ?? null,
});

const button = (o: Partial<ButtonView>): ButtonView => ({
  id: 7,
  buttonType: 'TEXT',
  buttonText: 'Go',
  buttonContentHtml: null,
  buttonWidth: 120,
  buttonHeight: 40,
  textSize: 14,
  buttonColor: null,
  buttonTextColor: null,
  microcopyText: '',
  microcopyTextColor: null,
  textAlign: 'CENTER',
  buttonAnimation: 'NONE',
  buttonShape: 'PILL',
  zIndex: 1,
  buttonLinkType: null,
  linkDestinationUrl: null,
  linkedSurveyId: null,
  buttonImageUrl: null,
  isVideo: false,
  thumbnailUrl: null,
  buttonPositionX: 10,
  buttonPositionY: 10,
  ...o,
});

const popup = (transition: PopupItemView['transition']): PopupItemView => ({
  id: 5,
  kind: 'timeLimit',
  startDate: null,
  endDate: null,
  effectivePages: [1],
  style: {},
  showRemainingTime: true,
  showRemainingSlots: true,
  media: null,
  transition,
  text: 'x',
  limit: null,
  numberClicks: 0,
});

describe('buttons (viewer.md 5)', () => {
  it('creative block: a page order number jumps; anything else does nothing', () => {
    expect(buttonAction(button({ buttonLinkType: 'CREATIVE_BLOCK', linkDestinationUrl: '5' }), ctx())).toEqual({
      kind: 'jump',
      to: { col: 1, row: 0 },
    });
    expect(buttonAction(button({ buttonLinkType: 'LINK_TO_PAGE', linkDestinationUrl: '12' }), ctx())).toEqual({
      kind: 'jump',
      to: { col: 2, row: 3 },
    });
    expect(buttonAction(button({ buttonLinkType: 'CREATIVE_BLOCK', linkDestinationUrl: 'B1' }), ctx()).kind).toBe('none');
    expect(buttonAction(button({ buttonLinkType: 'CREATIVE_BLOCK', linkDestinationUrl: '99' }), ctx()).kind).toBe('none');
  });
  it('internal screens: contact, form, membership', () => {
    expect(buttonAction(button({ buttonLinkType: 'INTERNAL_URL', linkDestinationUrl: 'contact' }), ctx())).toEqual({
      kind: 'navigate',
      href: '/sites/3/en/contact',
      attribution: { cv_page_id: '41', cv_cta_id: '7', cv_source: 'BUTTON_CTA' },
    });
    expect(buttonAction(button({ buttonLinkType: 'INTERNAL_URL', linkDestinationUrl: '/elsewhere' }), ctx())).toEqual({
      kind: 'navigate',
      href: '/elsewhere',
    });
    expect(internalHref('constructor', '/')).toBeNull();
    expect(internalHref('form', '/')).toBe('/forms');
    expect(internalHref('membership', '/en')).toBe('/en/register');
    expect(internalHref('//evil.example', '/')).toBeNull();
    expect(buttonAction(button({ buttonLinkType: 'INTERNAL_URL', linkDestinationUrl: '' }), ctx()).kind).toBe('none');
  });
  it('survey needs its id and leaves the page, cta and source in cookies', () => {
    expect(buttonAction(button({ buttonLinkType: 'SURVEY' }), ctx()).kind).toBe('none');
    expect(buttonAction(button({ buttonLinkType: 'SURVEY', linkedSurveyId: 9 }), ctx())).toEqual({
      kind: 'navigate',
      href: '/sites/3/en/survey?survey_id=9',
      cookies: { survey_page_id: '41', survey_cta_id: '7', survey_click_source: 'BUTTON_CTA' },
      attribution: { cv_page_id: '41', cv_cta_id: '7', cv_source: 'BUTTON_CTA' },
    });
  });
  it('external URLs open a tab; scripts run only when they parsed', () => {
    expect(buttonAction(button({ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'https://example.com/x' }), ctx())).toEqual({
      kind: 'open',
      href: 'https://example.com/x',
    });
    expect(buttonAction(button({ buttonLinkType: 'EXTERNAL_URL', linkDestinationUrl: 'javascript:alert(1)' }), ctx()).kind).toBe('none');
    expect(buttonAction(button({ buttonLinkType: 'SCRIPT', linkDestinationUrl: 'go()', scriptValid: false }), ctx()).kind).toBe('none');
    expect(buttonAction(button({ buttonLinkType: 'SCRIPT', linkDestinationUrl: 'go()', scriptValid: true }), ctx())).toEqual({
      kind: 'script',
      code: 'go()',
    });
    expect(buttonAction(button({}), ctx()).kind).toBe('none');
  });
});

describe('popup CTA transitions (viewer.md 4)', () => {
  it('INTERNAL_URL stores page, position and popup in cookies and session storage', () => {
    const a = popupAction(popup({ transitionType: 'INTERNAL_URL', internalLinkType: 'membership' }), ctx());
    const facts = { popup_page_id: '41', popup_position: 'A2', popup_id: '5' };
    expect(a).toEqual({
      kind: 'navigate',
      href: '/sites/3/en/register',
      cookies: facts,
      session: facts,
      attribution: { cv_page_id: '41', cv_cta_id: '5', cv_source: 'POPUP_CTA_TRANSITION' },
    });
  });
  it('EXTERNAL_URL carries site, page and popup ids, plus the variation facts when a variation cookie is set', () => {
    const plain = popupAction(popup({ transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://shop.example/p?a=1' }), ctx());
    expect(plain).toEqual({ kind: 'open', href: 'https://shop.example/p?a=1&site_id=3&page_id=41&popup_id=5' });
    const varied = popupAction(
      popup({ transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://shop.example/' }),
      ctx({ variation_id: 'v2', experiment_id: 'e1', session_user_id: 's9' }),
    );
    expect(varied.kind === 'open' && new URL(varied.href).searchParams.get('variation_id')).toBe('v2');
    expect(varied.kind === 'open' && new URL(varied.href).searchParams.get('experiment_id')).toBe('e1');
    expect(varied.kind === 'open' && new URL(varied.href).searchParams.get('session_user_id')).toBe('s9');
    const noVariation = popupAction(
      popup({ transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://shop.example/' }),
      ctx({ experiment_id: 'e1' }),
    );
    expect(noVariation.kind === 'open' && new URL(noVariation.href).searchParams.has('experiment_id')).toBe(false);
  });
  it('CREATIVE_BLOCK slides; SCRIPT runs when valid; SURVEY sets the POPUP_CTA_TRANSITION cookies', () => {
    expect(popupAction(popup({ transitionType: 'CREATIVE_BLOCK', targetCreativeBlock: 'C2' }), ctx())).toEqual({
      kind: 'jump',
      to: { col: 2, row: 1 },
    });
    expect(popupAction(popup({ transitionType: 'SCRIPT', script: 'x(', scriptValid: false }), ctx()).kind).toBe('none');
    expect(popupAction(popup({ transitionType: 'SURVEY', linkedSurveyId: 4 }), ctx())).toEqual({
      kind: 'navigate',
      href: '/sites/3/en/survey?survey_id=4',
      cookies: { survey_page_id: '41', survey_cta_id: '5', survey_click_source: 'POPUP_CTA_TRANSITION' },
      attribution: { cv_page_id: '41', cv_cta_id: '5', cv_source: 'POPUP_CTA_TRANSITION' },
    });
  });
});

describe('page link and campaign banners', () => {
  const detail = (o: Partial<PageDetail>) =>
    ({ linkButtonText: 'More', linkDestinationUrl: 'https://x.example/', isInternalLink: false, ...o }) as PageDetail;
  it('page link: needs text and destination; internal goes to the screen', () => {
    expect(pageLinkAction(detail({}), ctx())).toEqual({ kind: 'open', href: 'https://x.example/' });
    expect(pageLinkAction(detail({ linkButtonText: ' ' }), ctx()).kind).toBe('none');
    expect(pageLinkAction(detail({ isInternalLink: true, linkDestinationUrl: 'contact' }), ctx())).toEqual({
      kind: 'navigate',
      href: '/sites/3/en/contact',
      attribution: { cv_page_id: '41', cv_cta_id: '', cv_source: 'BUTTON_CTA' },
    });
  });
  it('banners: creative block, external, internal; scripts only when they parse', () => {
    const b = (o: Partial<CampaignBannerView>) =>
      ({ id: 1, side: 'left', mediaUrl: 'x.png', width: 1, height: 1, zIndex: 1, bannerX: 0, bannerY: 0, ...o }) as CampaignBannerView;
    expect(bannerAction(b({ linkDestinationType: 'CREATIVE_BLOCK', linkDestinationUrl: '1' }), ctx())).toEqual({
      kind: 'jump',
      to: { col: 0, row: 0 },
    });
    expect(bannerAction(b({ linkDestinationType: 'SCRIPT', linkDestinationUrl: 'alert(1)' }), ctx()).kind).toBe('none');
    expect(bannerAction(b({ linkDestinationType: 'SCRIPT', linkDestinationUrl: 'alert(1)', scriptValid: false }), ctx()).kind).toBe('none');
    expect(bannerAction(b({ linkDestinationType: 'SCRIPT', linkDestinationUrl: 'alert(1)', scriptValid: true }), ctx())).toEqual({
      kind: 'script',
      code: 'alert(1)',
    });
    expect(bannerAction(b({ linkDestinationType: 'EXTERNAL_URL', linkDestinationUrl: 'https://y.example/' }), ctx()).kind).toBe('open');
  });
});
