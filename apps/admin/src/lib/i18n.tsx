import { LANGS, type Lang, type Params, translate } from '@swipe/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/ko';
import 'dayjs/locale/zh-cn';
import { useCallback, useSyncExternalStore } from 'react';

// Interface language (back-office.md 1, 9): ja by default, en fallback; kept in localStorage and in a
// 30-day cookie, and sent as Accept-Language with every call.

const KEY = 'swipe.admin.lang';
const COOKIE_MAX_AGE_S = 2_592_000;
const listeners = new Set<() => void>();

function readLang(): Lang {
  try {
    const v = localStorage.getItem(KEY);
    if (v && (LANGS as readonly string[]).includes(v)) return v as Lang;
  } catch {
    /* storage unavailable */
  }
  const m = /(?:^|;\s*)lang=(ja|en|kr|cn)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return (m?.[1] as Lang | undefined) ?? 'ja';
}

let lang: Lang = readLang();
const DAYJS: Record<Lang, string> = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh-cn' };
const HTML_LANG: Record<Lang, string> = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh' };
function apply(): void {
  dayjs.locale(DAYJS[lang]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}
apply();

export function getLang(): Lang {
  return lang;
}

export function setLang(next: Lang): void {
  lang = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    /* storage unavailable */
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the back-office supports
  document.cookie = `lang=${next}; max-age=${COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
  apply();
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang);
}

export type T = (key: string, params?: Params) => string;

/** t('admin.key') / t('common.key') / t('validation.key') in the current language. */
export function useT(): T {
  const l = useLang();
  return useCallback((key: string, params?: Params) => translate(l, key, params), [l]);
}

export function t(key: string, params?: Params): string {
  return translate(lang, key, params);
}
