import { columnToLetters } from '@swipe/core/cell.ts';
import type { Language } from '@swipe/core/constants.ts';
import { clearCreativeBlockLinks } from '@swipe/core/layout-links.ts';
import {
  type Button,
  buttonSchema,
  type LanguageSettings,
  languageSettingsSchema,
  type Page,
  type Product,
  pageSchema,
  productSchema,
  type SiteDocument,
  siteDocumentSchema,
} from '@swipe/core/site.ts';
import { checkConsecutiveCreatives, siteDimensions } from '@swipe/core/validation.ts';
import type { Lang } from '@swipe/i18n';
import type { z } from 'zod';
import { issuesToErrors } from '../../../lib/validate';

// The editor works on one SiteDocument (packages/core/src/site.ts), the same shape the server stores
// and the viewer draws. Every rule comes from @swipe/core; this file only reshapes the document.

export type Doc = SiteDocument;
export type { Button, Page, Product };
export type I18nText = Partial<Record<Language, string>>;

const DOC_KEYS = Object.keys(siteDocumentSchema.shape) as (keyof Doc)[];

/** The document part of GET /sites/{id} (which also carries summary fields), with the schema's defaults filled in. */
export function toDoc(raw: Record<string, unknown>): Doc {
  const picked = Object.fromEntries(DOC_KEYS.filter((k) => k in raw).map((k) => [k, raw[k]]));
  const r = siteDocumentSchema.safeParse(picked);
  // A stored document that breaks a rule (older data) is still editable; the errors show inline.
  return (r.success ? r.data : picked) as Doc;
}

/** Rule check of the whole document plus the plan's creative limit and the consecutive-creatives rule. */
export function validateDoc(doc: Doc, lang: Lang, maxCreatives: number): Record<string, string> {
  const out: Record<string, string> = {};
  const r = siteDocumentSchema.safeParse(doc);
  if (!r.success) Object.assign(out, issuesToErrors(r.error as z.ZodError, lang));
  const dims = siteDimensions(maxCreatives).safeParse({ numberHorizontal: doc.numberHorizontal, numberVertical: doc.numberVertical });
  if (!dims.success) {
    const e = issuesToErrors(dims.error as z.ZodError, lang);
    for (const [k, v] of Object.entries(e)) {
      // the limit message carries the plan's number
      out[k] ??= v.replace('{max}', String(maxCreatives));
    }
  }
  const gap = checkConsecutiveCreatives(doc.categories.map((c) => c.pages.map((p) => Boolean(p.imageUrl))));
  if (gap) out.categories ??= gap;
  return out;
}

export function cellName(column: number, row: number): string {
  return `${columnToLetters(column + 1)}${row + 1}`;
}

export function emptyPage(): Page {
  return pageSchema.parse({});
}

export function allFilled(doc: Doc): boolean {
  return doc.categories.every((c) => c.pages.every((p) => Boolean(p.imageUrl)));
}

export function noneFilled(doc: Doc): boolean {
  return doc.categories.every((c) => c.pages.every((p) => !p.imageUrl));
}

export function cloneDoc(d: Doc): Doc {
  return structuredClone(d);
}

/** Page order numbers as the viewer counts them (category by category), for "effective pages". */
export function pageNumbers(doc: Doc): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  let n = 0;
  doc.categories.forEach((c, ci) => {
    c.pages.forEach((_p, ri) => {
      n += 1;
      out.push({ value: String(n), label: `${n} (${cellName(ci, ri)})` });
    });
  });
  return out;
}

export function allCells(doc: Doc): string[] {
  return doc.categories.flatMap((c, ci) => c.pages.map((_p, ri) => cellName(ci, ri)));
}

/**
 * New rows x columns: pages that still fit keep their place, new cells are empty, every link to a
 * creative block is cleared (cells may no longer exist), menus follow the column count.
 */
export function changeLayout(doc: Doc, columns: number, rows: number): Doc {
  const d = cloneDoc(doc);
  d.numberHorizontal = columns;
  d.numberVertical = rows;
  d.categories = Array.from({ length: columns }, (_, c) => ({
    id: doc.categories[c]?.id,
    pages: Array.from({ length: rows }, (_, r) => doc.categories[c]?.pages[r] ?? emptyPage()),
  }));
  clearCreativeBlockLinks(d);
  for (const l of d.languages) {
    const t = d.translations[l];
    if (t) t.globalMenu = Array.from({ length: columns }, (_, i) => t.globalMenu[i] ?? '');
  }
  return d;
}

function emptyTranslation(columns: number, menu?: string[]): LanguageSettings {
  return languageSettingsSchema.parse({
    globalMenu: Array.from({ length: columns }, (_, i) => menu?.[i] ?? ''),
  }) as LanguageSettings;
}

/** Adds a language tab: its menu starts from the default language's names (menus may not be empty). */
export function addLanguage(doc: Doc, lang: Language): Doc {
  const d = cloneDoc(doc);
  if (d.languages.includes(lang)) return d;
  d.languages.push(lang);
  const base = d.translations[d.defaultLanguage];
  const t = base ? structuredClone(base) : emptyTranslation(d.numberHorizontal);
  t.seo = { title: '', h1: '', description: '', headTags: t.seo.headTags, body: t.seo.body };
  d.translations[lang] = t;
  return d;
}

function eachText(d: Doc, fn: (rec: I18nText) => void): void {
  for (const c of d.categories)
    for (const p of c.pages) {
      fn(p.imageAlt);
      fn(p.mainText);
      fn(p.linkButtonText);
      for (const b of p.buttons) {
        fn(b.buttonText);
        fn(b.microcopyText);
      }
      for (const x of p.products) {
        fn(x.productName);
        fn(x.description);
        fn(x.linkButtonText);
      }
    }
  for (const k of ['timeLimit', 'applicantLimit'] as const) {
    const p = d.popupCtas[k];
    if (p) fn(p.text);
  }
}

/** Removes a language and everything written in it. */
export function removeLanguage(doc: Doc, lang: Language): Doc {
  const d = cloneDoc(doc);
  d.languages = d.languages.filter((l) => l !== lang);
  delete d.translations[lang];
  eachText(d, (rec) => {
    delete rec[lang];
  });
  if (d.campaign) delete d.campaign.translations[lang];
  return d;
}

/** A new default language resets what was entered per language (back-office.md 4); media and layout stay. */
export function changeDefaultLanguage(doc: Doc, lang: Language): Doc {
  const d = cloneDoc(doc);
  d.defaultLanguage = lang;
  if (!d.languages.includes(lang)) d.languages.unshift(lang);
  const menu = Array.from({ length: d.numberHorizontal }, (_, i) => `${i + 1}`);
  d.translations = {};
  for (const l of d.languages) d.translations[l] = emptyTranslation(d.numberHorizontal, menu);
  eachText(d, (rec) => {
    for (const k of Object.keys(rec)) delete rec[k as Language];
  });
  if (d.campaign) d.campaign.translations = {};
  return d;
}

export function newButton(kind: 'TEXT' | 'MEDIA' | 'HTML', lang: Language, label: string, zIndex: number): Button {
  return buttonSchema.parse({
    buttonType: kind,
    buttonText: kind === 'TEXT' ? { [lang]: label } : {},
    buttonWidth: kind === 'MEDIA' ? 120 : 160,
    buttonHeight: kind === 'MEDIA' ? 120 : 44,
    buttonColor: '#1976d2',
    buttonTextColor: '#ffffff',
    buttonPositionX: 28,
    buttonPositionY: 70,
    zIndex,
    parentWidth: CANVAS.width,
    parentHeight: CANVAS.height,
    buttonContentHtml: kind === 'HTML' ? '<p>HTML</p>' : null,
  });
}

export function newProduct(lang: Language, name: string, order: number): Product {
  return productSchema.parse({
    productName: { [lang]: name },
    coordinateX: 60,
    coordinateY: 45,
    order,
  });
}

/** The phone-sized canvas of the editor: the viewer's mobile frame (back-office.md 9). */
export const CANVAS = { width: 389, height: 737 } as const;
