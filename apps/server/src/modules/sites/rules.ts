import { createHash } from 'node:crypto';
import { clearCreativeBlockLinks, formatCellRef, LANGUAGES, type SiteDocument } from '@swipe/core';
import { AppError, invalid } from '../../errors.js';
import { sanitizeButtonHtml } from '../../lib/sanitize.js';
import type { PlanLimits } from './service.js';

// Save rules of the site editor that need more than the document schema: plan features, the layout
// rule, operator code (who may change it, what is audited) and HTML button sanitising.

/** A feature the plan does not include: 403 with a message naming the feature. */
export const planFeatureMissing = (feature: string) => new AppError(403, 'PLAN_FEATURE_REQUIRED', `sites.plan_${feature}`);

/** Plan flags gate features (back-office.md 6): SEO and tags, popup CTA, extra languages, custom domain. */
export function checkPlanFeatures(doc: SiteDocument, plan: PlanLimits): void {
  const f = plan.flags;
  if (!f.settingTagSeo) {
    for (const l of doc.languages) {
      const s = doc.translations[l]?.seo;
      if (s && (s.title || s.h1 || s.description || s.headTags.trim() || s.body.trim())) throw planFeatureMissing('seo');
    }
  }
  if (!f.settingPopupCta && (doc.popupCtas.timeLimit || doc.popupCtas.applicantLimit)) throw planFeatureMissing('popup_cta');
  if (!f.multiLanguage && doc.languages.length > 1) throw planFeatureMissing('multi_language');
  if (!f.privateDomain && doc.customDomain) throw planFeatureMissing('private_domain');
}

/** Rules of the document that the schema cannot express (field keys unique within each form). */
export function checkDocumentRules(doc: SiteDocument): void {
  for (const l of doc.languages) {
    const forms = doc.translations[l]?.forms ?? {};
    for (const [type, setting] of Object.entries(forms)) {
      const seen = new Set<string>();
      setting?.fields.forEach((fld, i) => {
        if (seen.has(fld.fieldKey))
          throw invalid([{ path: `translations.${l}.forms.${type}.fields.${i}.fieldKey`, key: 'sites.field_key_duplicate', params: {} }]);
        seen.add(fld.fieldKey);
      });
    }
  }
}

/**
 * The layout (rows x columns) may change only when every creative of the stored grid is filled (an
 * entirely empty grid may change too: nothing can be lost). A change clears every setting that points
 * at a creative block: button links, popup transitions and campaign banner links of type CREATIVE_BLOCK.
 */
export function applyLayoutRule(
  stored: { numberHorizontal: number; numberVertical: number; filled: boolean[][] },
  doc: SiteDocument,
): boolean {
  const changed = stored.numberHorizontal !== doc.numberHorizontal || stored.numberVertical !== doc.numberVertical;
  if (!changed) return false;
  const cells = stored.filled.flat();
  const allFilled = cells.every(Boolean);
  const noneFilled = !cells.some(Boolean);
  if (!allFilled && !noneFilled) throw invalid([{ path: 'numberHorizontal', key: 'sites.layout_requires_filled', params: {} }]);
  clearCreativeBlockLinks(doc);
  return true;
}

/** Sanitises every HTML button of the document in place. */
export function sanitizeDocumentHtml(doc: SiteDocument): void {
  for (const c of doc.categories)
    for (const p of c.pages)
      for (const b of p.buttons) if (b.buttonContentHtml) b.buttonContentHtml = sanitizeButtonHtml(b.buttonContentHtml);
  for (const it of doc.campaign?.buttons ?? []) if (it.settings.html) it.settings.html = sanitizeButtonHtml(it.settings.html);
}

const SEP = '\n\u0000\n';
const has = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/**
 * Every piece of operator code in a document, by a stable field name: head tags and body script per
 * language, contact/membership/form scripts, chatbot scripts per page, script buttons and HTML buttons,
 * script transitions of popups and script links of campaign banners.
 */
export function codeFields(
  doc: Pick<SiteDocument, 'languages' | 'translations' | 'categories' | 'popupCtas' | 'campaign'>,
): Map<string, string> {
  const out = new Map<string, string>();
  for (const l of LANGUAGES) {
    const t = doc.translations[l];
    if (!t) continue;
    if (has(t.seo?.headTags)) out.set(`translations.${l}.seo.headTags`, t.seo.headTags);
    if (has(t.seo?.body)) out.set(`translations.${l}.seo.body`, t.seo.body);
    for (const k of ['contactScript', 'membershipScript', 'formScript'] as const) {
      const v = t.scripts?.[k];
      if (has(v)) out.set(`translations.${l}.scripts.${k}`, v);
    }
  }
  doc.categories.forEach((c, ci) => {
    c.pages.forEach((p, pi) => {
      const cell = formatCellRef({ column: ci + 1, row: pi + 1 });
      if (has(p.chatbotScript)) out.set(`pages.${cell}.chatbotScript`, p.chatbotScript);
      // Buttons of a page are compared as a set (order and ids do not matter, content does).
      const html = p.buttons
        .map((b) => b.buttonContentHtml)
        .filter(has)
        .sort();
      const scripts = p.buttons
        .filter((b) => b.buttonLinkType === 'SCRIPT')
        .map((b) => b.linkDestinationUrl)
        .filter(has)
        .sort();
      if (html.length) out.set(`pages.${cell}.buttons.html`, html.join(SEP));
      if (scripts.length) out.set(`pages.${cell}.buttons.script`, scripts.join(SEP));
    });
  });
  for (const [name, item] of [
    ['timeLimit', doc.popupCtas?.timeLimit],
    ['applicantLimit', doc.popupCtas?.applicantLimit],
  ] as const) {
    const script = item?.transition?.script;
    if (has(script)) out.set(`popupCtas.${name}.transition.script`, script);
  }
  const banners = (doc.campaign?.banners ?? [])
    .filter((b) => b.linkDestinationType === 'SCRIPT')
    .map((b) => b.linkDestinationUrl)
    .filter(has)
    .sort();
  if (banners.length) out.set('campaign.banners.script', banners.join(SEP));
  const items = doc.campaign?.buttons ?? [];
  const itemHtml = items
    .map((it) => it.settings?.html)
    .filter(has)
    .sort();
  const itemScripts = items
    .filter((it) => it.settings?.ctaType === 'SCRIPT')
    .map((it) => it.settings.ctaValue)
    .filter(has)
    .sort();
  if (itemHtml.length) out.set('campaign.buttons.html', itemHtml.join(SEP));
  if (itemScripts.length) out.set('campaign.buttons.script', itemScripts.join(SEP));
  return out;
}

export const hashCode = (s: string) => createHash('sha256').update(s).digest('hex');

/** Fields whose code differs between two documents, with the hashes of both sides (null: none). */
export function codeChanges(
  before: Map<string, string>,
  after: Map<string, string>,
): { field: string; oldHash: string | null; newHash: string | null }[] {
  const out: { field: string; oldHash: string | null; newHash: string | null }[] = [];
  for (const field of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(field);
    const b = after.get(field);
    if (a === b) continue;
    out.push({ field, oldHash: a === undefined ? null : hashCode(a), newHash: b === undefined ? null : hashCode(b) });
  }
  return out.sort((x, y) => x.field.localeCompare(y.field));
}
