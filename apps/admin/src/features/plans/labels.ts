import type { PlanView } from '@swipe/core';
import type { Lang } from '@swipe/i18n';

/** The plan's name in the viewer's language, the Japanese one when that is empty. */
export function planName(p: Pick<PlanView, 'names' | 'name'>, lang: Lang): string {
  return p.names[lang] || p.names.ja || p.name;
}

const LOCALE: Record<Lang, string> = { ja: 'ja-JP', en: 'en-US', kr: 'ko-KR', cn: 'zh-CN' };
/** A whole number with the language's digit separators (10000 -> 10,000). */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALE[lang]).format(n);
}
