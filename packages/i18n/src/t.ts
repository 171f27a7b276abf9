// Resource-free helpers, safe to import from the viewer bundle (strings arrive inlined in the HTML).
export type Params = Record<string, string | number>;
export type Dict = Partial<Record<string, Record<string, string>>>;

export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

const ALIASES: Record<string, 'ja' | 'en' | 'kr' | 'cn'> = { ja: 'ja', jp: 'ja', en: 'en', kr: 'kr', ko: 'kr', cn: 'cn', zh: 'cn' };

/** One of the four interface languages for a language tag (`en-US`, `ko`, `zh-Hans-CN`, `jp`), or null. */
export function normalizeLang(code: string | null | undefined): 'ja' | 'en' | 'kr' | 'cn' | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return ALIASES[base] ?? null;
}

// Plurals as i18next writes them (JSON v4): a message shown with a number `count` may have one key per CLDR
// plural category of its language, `key_one`, `key_other` (Japanese, Korean and Chinese have only `other`).
const CLDR: Record<string, string> = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh' };
const rules = new Map<string, Intl.PluralRules>();
function category(lang: string, n: number): string {
  let r = rules.get(lang);
  if (!r) {
    r = new Intl.PluralRules(CLDR[lang] ?? lang);
    rules.set(lang, r);
  }
  return r.select(n);
}

/**
 * The keys to look up for a message, in order: with a `count` (a number, or a number written with separators),
 * its plural form in `lang`, then `_other`, then the bare key.
 */
export function messageKeys(lang: string, key: string, params?: Params): string[] {
  const c = params?.count;
  if (c === undefined) return [key];
  const n = typeof c === 'number' ? c : Number(String(c).replace(/[,\s]/g, ''));
  return Number.isFinite(n) ? [`${key}_${category(lang, n)}`, `${key}_other`, key] : [`${key}_other`, key];
}

/** A message of a table (`ns.key`) with its plural form chosen and its parameters filled in; undefined when missing. */
export function lookup(dict: Dict | undefined, lang: string, key: string, params?: Params): string | undefined {
  const dot = key.indexOf('.');
  const ns = dict?.[key.slice(0, dot)];
  if (!ns) return undefined;
  for (const k of messageKeys(lang, key.slice(dot + 1), params)) {
    const text = ns[k];
    if (text !== undefined) return interpolate(text, params);
  }
  return undefined;
}

/** A translator over an inlined dictionary of `lang`: `t('viewer.close')`. Missing keys show the key. */
export function dictT(dict: Dict, lang = 'en') {
  return (key: string, params?: Params): string => lookup(dict, lang, key, params) ?? key;
}
