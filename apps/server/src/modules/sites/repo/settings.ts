import type { FormType, SiteDocument } from '@swipe/core';
import { pickRules } from '@swipe/core/form-rules.ts';
import { insertMany } from '../../../db/bulk.js';
import type { Queryable, Row } from '../../../db/db.js';
import type { DocumentRows } from './assemble.js';
import { n, withIds } from './util.js';

type SettingsRows = Pick<DocumentRows, 'langs' | 'sns' | 'forms' | 'fields'>;

/** The site row's settings, per-language settings, SNS and forms of the working copy; returns the rows written. */
export async function writeSiteSettings(q: Queryable, siteId: number, doc: SiteDocument): Promise<SettingsRows> {
  await q.query(
    `UPDATE sites SET name = $2, number_horizontal = $3, number_vertical = $4, default_language = $5, languages = $6,
       logo_setting = $7, favicon_setting = $8, global_menu_text_color = $9, global_menu_background_color = $10, speaker_color = $11,
       display_language_icon = $12, display_global_menu = $13, display_page_count = $14, display_album = $15, swipe_redirection = $16,
       view_mode = $17, path_prefix = $18, updated_at = now()
     WHERE id = $1`,
    [
      siteId,
      doc.name,
      doc.numberHorizontal,
      doc.numberVertical,
      doc.defaultLanguage,
      doc.languages,
      doc.logoSetting,
      doc.faviconSetting,
      n(doc.globalMenuTextColor),
      n(doc.globalMenuBackgroundColor),
      n(doc.speakerColor),
      doc.displayLanguageIcon,
      doc.displayGlobalMenu,
      doc.displayPageCount,
      doc.displayAlbum,
      doc.swipeRedirection,
      doc.viewMode,
      doc.pathPrefix || null,
    ],
  );

  // Per-language settings, SNS and forms.
  await q.query('DELETE FROM site_languages WHERE site_id = $1', [siteId]);
  await q.query('DELETE FROM site_sns WHERE site_id = $1', [siteId]);
  await q.query('DELETE FROM form_settings WHERE site_id = $1', [siteId]);
  const langRows: Record<string, unknown>[] = [];
  const snsRows: Record<string, unknown>[] = [];
  const fieldRows: Record<string, unknown>[] = [];
  const forms: Row[] = [];
  for (const lang of doc.languages) {
    const t = doc.translations[lang];
    if (!t) continue;
    langRows.push({
      site_id: siteId,
      lang,
      seo_title: t.seo.title,
      seo_h1: t.seo.h1,
      seo_description: t.seo.description,
      head_tags: t.seo.headTags,
      body_script: t.seo.body,
      company_website: t.company.companyWebsite,
      company_profile: t.company.companyProfile,
      company_clause: t.company.companyClause,
      terms_of_service: t.company.termsOfService,
      privacy_policy: t.company.privacyPolicy,
      company_flags: t.companyFlags,
      contract_agreement_required: t.company.contractAgreementRequired,
      contact_script: t.scripts.contactScript,
      membership_script: t.scripts.membershipScript,
      form_script: t.scripts.formScript,
      global_menu: t.globalMenu,
    });
    t.sns.forEach((s, i) => {
      snsRows.push({ site_id: siteId, lang, sns_type: s.snsType, sns_url: s.snsUrl, order_num: i });
    });
    for (const [type, setting] of Object.entries(t.forms) as [FormType, NonNullable<(typeof t.forms)[FormType]>][]) {
      const fs = await q.one<Row & { id: number }>(
        'INSERT INTO form_settings (site_id, lang, type, destination_emails, send_confirmation) VALUES ($1, $2, $3, $4, $5) RETURNING *',
        [siteId, lang, type, setting.destinationEmails, setting.sendConfirmation],
      );
      forms.push(fs);
      for (const f of setting.fields) {
        fieldRows.push({
          form_setting_id: fs.id,
          field_key: f.fieldKey,
          type_form: f.typeForm,
          title: f.title,
          placeholder: f.placeholder,
          required: f.required,
          order_num: f.orderNum,
          options: f.options,
          default_value: n(f.defaultValue),
          max_length: n(f.maxLength),
          min_value: n(f.minValue),
          max_value: n(f.maxValue),
          rules: pickRules(f),
        });
      }
    }
  }
  await insertLanguageRows(q, langRows);
  await insertMany(q, 'site_sns', { site_id: 'bigint', lang: 'text', sns_type: 'text', sns_url: 'text', order_num: 'int' }, snsRows);
  const fieldIds = await insertMany(
    q,
    'form_fields',
    {
      form_setting_id: 'bigint',
      field_key: 'text',
      type_form: 'text',
      title: 'text',
      placeholder: 'text',
      required: 'boolean',
      order_num: 'int',
      options: 'jsonb',
      default_value: 'text',
      max_length: 'int',
      min_value: 'numeric',
      max_value: 'numeric',
      rules: 'jsonb',
    },
    fieldRows,
  );
  return {
    langs: langRows,
    sns: snsRows,
    forms,
    fields: withIds(fieldRows, fieldIds),
  };
}

async function insertLanguageRows(q: Queryable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(`INSERT INTO site_languages SELECT * FROM jsonb_populate_recordset(NULL::site_languages, $1::jsonb)`, [
    JSON.stringify(rows),
  ]);
}
