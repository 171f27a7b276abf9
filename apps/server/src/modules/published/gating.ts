import type { SiteDocument } from '@swipe/core';
import type { PlanLimits } from '../plans/service.js';

// What visitors get follows the owner's plan in force (decisions.md "Plan gating for visitors"). The
// published snapshot is cut to the plan once, when the published-site cache is filled; every visit then
// reads the cut document and pays nothing for it. A plan change drops the caches (service.ts).

type Doc = SiteDocument & { id: number };

const NO_SEO = { title: '', h1: '', description: '', headTags: '', body: '' };

/** A short fingerprint of the limits: cached payloads and pages are keyed by it too. */
export function planKey(limits: PlanLimits): string {
  const f = Object.keys(limits.flags)
    .sort()
    .map((k) => (limits.flags[k] ? '1' : '0'))
    .join('');
  return `${limits.quantitySwipe}.${limits.quantitySite}.${f}`;
}

/**
 * The site's place among its owner's live sites, oldest first (1 = the oldest): sites past the plan's
 * quantitySite are not served.
 */
export function siteServed(limits: PlanLimits, rank: number): boolean {
  return rank <= limits.quantitySite;
}

/**
 * The document as the plan lets visitors see it, or null when no page is left (quantitySwipe 0).
 * The input is never changed: the parts that change are copied.
 */
export function gateDocument(doc: Doc, limits: PlanLimits): Doc | null {
  const f = limits.flags;
  let out: Doc = doc;
  const edit = (patch: Partial<Doc>) => {
    out = { ...out, ...patch };
  };
  // swipe off: no swiping across categories; the first category's pages only
  let cols = f.swipe ? out.numberHorizontal : Math.min(1, out.numberHorizontal);
  let rows = out.numberVertical;
  // quantitySwipe: whole categories up to the page count; fewer pages than one category: its first ones
  const quota = Math.max(0, Math.floor(limits.quantitySwipe));
  if (cols * rows > quota) {
    if (quota < rows) {
      cols = Math.min(cols, 1);
      rows = quota;
    } else cols = Math.floor(quota / rows);
  }
  if (cols === 0 || rows === 0) return null;
  if (cols !== out.numberHorizontal || rows !== out.numberVertical) {
    const categories = out.categories.slice(0, cols).map((c) => (c.pages.length > rows ? { ...c, pages: c.pages.slice(0, rows) } : c));
    const translations = Object.fromEntries(
      Object.entries(out.translations).map(([l, t]) => [l, t ? { ...t, globalMenu: t.globalMenu.slice(0, cols) } : t]),
    ) as Doc['translations'];
    edit({ numberHorizontal: cols, numberVertical: rows, categories, translations });
  }
  // multiLanguage off: the default language only
  if (!f.multiLanguage && out.languages.length > 1) {
    const l = out.defaultLanguage;
    edit({ languages: [l], translations: { [l]: out.translations[l] } as Doc['translations'] });
  }
  // settingTagSeo off: no operator head tags, body scripts or SEO texts (the viewer's defaults instead)
  if (!f.settingTagSeo) {
    const translations = Object.fromEntries(
      Object.entries(out.translations).map(([l, t]) => [l, t ? { ...t, seo: { ...NO_SEO } } : t]),
    ) as Doc['translations'];
    edit({ translations });
  }
  // settingPopupCta off: no popup CTAs
  if (!f.settingPopupCta && (out.popupCtas.timeLimit || out.popupCtas.applicantLimit)) edit({ popupCtas: {} });
  // privateDomain off: the custom domain is not served (pages.ts sends its visitors to the default address)
  if (!f.privateDomain && out.customDomain) edit({ customDomain: null });
  return out;
}
