import type { FormSettingResponse, FormType } from '@swipe/core';
import type { Lang } from '@swipe/i18n';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { throttle } from './guard.js';
import * as svc from './service.js';
import { companyLinks, fieldsOf, formSetting, formsLocked, visitorSite } from './site.js';
import type { Visit } from './visit.js';

// The visitor calls of viewer.md 7, one function per route: throttle, the rule, the translated answer.

export const SETTINGS: { path: string; type: FormType; group: 'contact' | 'form' | 'membership' }[] = [
  { path: 'contact-setting', type: 'CONTACT_SETTING', group: 'contact' },
  { path: 'membership-setting', type: 'MEMBERSHIP_SETTING', group: 'membership' },
  { path: 'homepage-setting', type: 'HOMEPAGE_SETTING', group: 'form' },
];

export async function formSettingOf(
  ctx: AppContext,
  siteId: number,
  s: (typeof SETTINGS)[number],
  lang: string | undefined,
): Promise<FormSettingResponse> {
  const v = await visitorSite(ctx, siteId, lang);
  const setting = formSetting(v, s.type);
  const company = companyLinks(v, s.group);
  return {
    siteId,
    lang: v.lang,
    type: s.type,
    locked: s.type !== 'MEMBERSHIP_SETTING' && formsLocked(v.site),
    sendConfirmation: Boolean(setting?.sendConfirmation),
    fields: fieldsOf(v, s.type),
    companyLinks: company.links,
    agreementRequired: company.agreementRequired,
  };
}

interface Caller {
  ip: string;
  lang: Lang;
  /** what led the visitor here (cookies): told to the submission hooks */
  visit?: Visit;
}

export async function registerCall(ctx: AppContext, siteId: number, body: svc.RegisterInput, c: Caller) {
  await throttle(ctx, 'register', c.ip, siteId);
  const r = await svc.register(ctx, siteId, { ...body, lang: body.lang ?? c.lang });
  return { email: r.email, message: translate(c.lang, 'enduser.register_sent') };
}

export async function resendCall(ctx: AppContext, siteId: number, body: { email?: unknown; lang?: unknown }, c: Caller) {
  await throttle(ctx, 'resend', c.ip, siteId);
  await svc.resend(ctx, siteId, { ...body, lang: body.lang ?? c.lang });
  return { message: translate(c.lang, 'enduser.resend_sent') };
}

export async function confirmCall(ctx: AppContext, siteId: number, token: string, c: Caller) {
  await throttle(ctx, 'confirm', c.ip, siteId);
  const r = await svc.confirm(ctx, siteId, token, c.visit);
  return { email: r.email, message: translate(c.lang, 'enduser.confirmed') };
}

export async function loginCall(ctx: AppContext, siteId: number, body: { email?: unknown; password?: unknown }, c: Caller) {
  await throttle(ctx, 'login', c.ip, siteId);
  const r = await svc.login(ctx, siteId, body, c.ip);
  return { ...r, message: translate(c.lang, 'enduser.logged_in') };
}

export async function submitCall(
  ctx: AppContext,
  siteId: number,
  type: 'CONTACT_SETTING' | 'HOMEPAGE_SETTING',
  body: svc.SubmitInput,
  c: Caller & { idempotencyKey: string | null },
) {
  await throttle(ctx, type === 'CONTACT_SETTING' ? 'contact' : 'homepage', c.ip, siteId);
  const r = await svc.submitForm(
    ctx,
    siteId,
    type,
    { ...body, lang: body.lang ?? c.lang },
    {
      ip: c.ip,
      idempotencyKey: c.idempotencyKey,
      visit: c.visit,
    },
  );
  return {
    replayed: r.replayed,
    body: {
      id: r.id,
      createdAt: r.createdAt,
      message: translate(c.lang, type === 'CONTACT_SETTING' ? 'enduser.contact_sent' : 'enduser.form_sent'),
    },
  };
}
