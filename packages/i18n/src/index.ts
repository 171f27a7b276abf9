import { type Dictionary, type Namespace, resources } from './resources.js';

export { type Dictionary, NAMESPACES, type Namespace, resources } from './resources.js';

export type Lang = 'ja' | 'en' | 'kr' | 'cn';
export const LANGS: readonly Lang[] = ['ja', 'en', 'kr', 'cn'];
export const DEFAULT_LANG: Lang = 'ja';
export const FALLBACK_LANG: Lang = 'en';

import { type Dict, lookup, normalizeLang, type Params } from './t.js';

export { type Dict, dictT, interpolate, lookup, messageKeys, normalizeLang, type Params } from './t.js';

/** Translate `namespace.key` (e.g. `validation.required`) into lang, falling back to English, then the key. */
export function translate(lang: Lang, key: string, params?: Params): string {
  return lookup(resources[lang] as Dict, lang, key, params) ?? lookup(resources[FALLBACK_LANG] as Dict, FALLBACK_LANG, key, params) ?? key;
}

export function hasKey(key: string): boolean {
  const dot = key.indexOf('.');
  const ns = resources.en[key.slice(0, dot) as Namespace];
  const k = key.slice(dot + 1);
  return ns?.[k] !== undefined || ns?.[`${k}_other`] !== undefined;
}

/** A translator bound to a language and to a subset of namespaces (what a client bundle ships). */
export function makeT(lang: Lang, dict?: Partial<Record<Namespace, Dictionary>>) {
  return (key: string, params?: Params): string => {
    if (!dict) return translate(lang, key, params);
    return lookup(dict as Dict, lang, key, params) ?? key;
  };
}

/** Pick the namespaces a client needs, in one language (inlined into SSR HTML so bundles carry no strings). */
export function pickDictionary(lang: Lang, namespaces: readonly Namespace[]): Partial<Record<Namespace, Dictionary>> {
  const out: Partial<Record<Namespace, Dictionary>> = {};
  for (const ns of namespaces) out[ns] = { ...resources[FALLBACK_LANG][ns], ...resources[lang][ns] };
  return out;
}

/** Pick the language of an Accept-Language header (ja by default). */
export function langFromAcceptLanguage(header: string | undefined | null): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((x) => x.tag && !Number.isNaN(x.q))
    .sort((a, b) => b.q - a.q);
  for (const r of ranked) {
    const l = normalizeLang(r.tag);
    if (l) return l;
  }
  return DEFAULT_LANG;
}
