import type { Language } from '@swipe/core';
import type { FormFieldSetting, FormValues } from '@swipe/core/forms.ts';
import { translate } from '@swipe/i18n';
import type { Mail } from '../mail/service.js';

// Visitor mails: texts from the enduser namespace in the language of the form that was used.

const t = (lang: Language, key: string, params?: Record<string, string | number>) => translate(lang, `enduser.${key}`, params);

function fieldTitle(lang: Language, f: FormFieldSetting): string {
  return f.title || t(lang, `field_${f.fieldKey}`);
}

/** "Title: value" lines of a submission, in form order. */
export function summary(lang: Language, fields: FormFieldSetting[], values: FormValues): string {
  return fields
    .map((f) => {
      const v = values[f.fieldKey];
      const text = Array.isArray(v) ? v.join(', ') : v === null || v === undefined ? '' : String(v);
      return `${fieldTitle(lang, f)}: ${text || '-'}`;
    })
    .join('\n');
}

export function confirmMail(lang: Language, to: string, site: string, link: string, hours: number): Mail {
  return { to, subject: t(lang, 'mail_confirm_subject', { site }), text: t(lang, 'mail_confirm_body', { site, link, hours }) };
}

export function alreadyMemberMail(lang: Language, to: string, site: string, link: string): Mail {
  return { to, subject: t(lang, 'mail_already_subject', { site }), text: t(lang, 'mail_already_body', { site, link }) };
}

export function notifyMail(
  lang: Language,
  to: string,
  kind: 'contact' | 'form',
  site: string,
  body: { id: number; summary: string; at: Date },
): Mail {
  return {
    to,
    subject: t(lang, kind === 'contact' ? 'mail_contact_subject' : 'mail_form_subject', { site, id: body.id }),
    text: t(lang, 'mail_notify_body', {
      site,
      form: t(lang, kind === 'contact' ? 'contact_title' : 'forms_title'),
      lang,
      fields: body.summary,
      time: body.at.toISOString(),
      id: body.id,
    }),
  };
}

export function visitorMail(lang: Language, to: string, kind: 'contact' | 'form', site: string, fields: string): Mail {
  return {
    to,
    subject: t(lang, 'mail_visitor_subject', { site }),
    text: `${t(lang, 'mail_visitor_body', { site, fields })}${kind === 'form' ? `\n\n${t(lang, 'form_success_reply')}` : ''}`,
  };
}
