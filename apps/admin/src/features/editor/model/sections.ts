// The editor's tabs and which document paths each one shows, so a rule failure can open its tab.

export const SECTIONS = [
  {
    key: 'basic',
    prefixes: [
      'name',
      'numberHorizontal',
      'numberVertical',
      'languages',
      'defaultLanguage',
      'logoSetting',
      'faviconSetting',
      'globalMenuTextColor',
      'globalMenuBackgroundColor',
      'speakerColor',
      'translations.*.globalMenu',
    ],
  },
  { key: 'creatives', prefixes: ['categories'] },
  { key: 'popup', prefixes: ['popupCtas'] },
  { key: 'campaign', prefixes: ['campaign'] },
  { key: 'seo', prefixes: ['translations.*.seo'] },
  { key: 'sns', prefixes: ['translations.*.sns'] },
  { key: 'company', prefixes: ['translations.*.company', 'translations.*.companyFlags'] },
  { key: 'scripts', prefixes: ['translations.*.scripts'] },
  { key: 'forms', prefixes: ['translations.*.forms'] },
  { key: 'domain', prefixes: ['customDomain', 'pathPrefix'] },
] as const;
export type Section = (typeof SECTIONS)[number]['key'];

/** Prefixes with `*` stand for each of the site's languages. */
export function expand(prefixes: readonly string[], langs: readonly string[]): string[] {
  return prefixes.flatMap((p) => (p.includes('*') ? langs.map((l) => p.replace('*', l)) : [p]));
}

/** The tab (and language, for translated fields) that shows the first of these error paths. */
export function locateError(paths: string[], langs: readonly string[]): { section?: Section; lang?: string } | null {
  const first = paths[0];
  if (!first) return null;
  const s = SECTIONS.find((x) => expand(x.prefixes, langs).some((p) => first === p || first.startsWith(`${p}.`)));
  const m = /^translations\.(ja|en|kr|cn)\./.exec(first);
  return { section: s?.key, lang: m?.[1] };
}
