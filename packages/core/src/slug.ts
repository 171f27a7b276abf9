import { LANGUAGES, type Language } from './constants.js';

/** Form-type pages (viewer.md 2): the last path piece names one of these screens. */
export const FORM_PAGE_NAMES = [
  'register-success',
  'register',
  'contact-success',
  'contact',
  'login',
  'form-success',
  'forms',
  'survey',
] as const;
export type FormPageName = (typeof FORM_PAGE_NAMES)[number];

export interface Slug {
  /** text before the first language or position segment (custom path prefix or site segment) */
  pagePath: string[];
  lang: Language | null;
  position: string | null;
  /** text after those segments */
  restPath: string[];
}

const POSITION = /^[A-Za-z]{1,2}[0-9]+$/;

/** Slug reading (viewer.md 2): a position is one or two letters then digits; a language is a language code. */
export function parseSlug(segments: string[]): Slug {
  const parts = segments.filter((s) => s.length > 0);
  let i = 0;
  const pagePath: string[] = [];
  while (i < parts.length && !isLang(parts[i] as string) && !POSITION.test(parts[i] as string)) {
    pagePath.push(parts[i] as string);
    i++;
  }
  let lang: Language | null = null;
  let position: string | null = null;
  if (i < parts.length && isLang(parts[i] as string)) {
    lang = parts[i] as Language;
    i++;
  }
  if (i < parts.length && POSITION.test(parts[i] as string)) {
    position = (parts[i] as string).toUpperCase();
    i++;
  }
  return { pagePath, lang, position, restPath: parts.slice(i) };
}

export function isLang(s: string): s is Language {
  return (LANGUAGES as readonly string[]).includes(s);
}

export function formPageName(path: string): FormPageName | null {
  const last = path.split('/').filter(Boolean).pop() ?? '';
  for (const name of FORM_PAGE_NAMES) if (last.includes(name)) return name;
  return null;
}
