import type { Lang } from '@swipe/i18n';
import { lookup, normalizeLang, type Params } from '@swipe/i18n/t.ts';
import { useCallback, useSyncExternalStore } from 'react';
import { getSession } from './session';

// Interface language (back-office.md 1, 9): the person's pick, kept in localStorage and in a 30-day cookie;
// before any pick the link's, the browser's, then the account's (ja when none is one of the four); en fallback
// for missing texts. Sent as Accept-Language with every call.
// Only the current language's table is loaded, on demand (vite.config.ts builds each one with English filled
// in for missing keys, so lookups keep translate's rule: the language, then English, then the key).

const LANGS: readonly Lang[] = ['ja', 'en', 'kr', 'cn'];
const KEY = 'swipe.admin.lang';
const COOKIE_MAX_AGE_S = 2_592_000;
const listeners = new Set<() => void>();

type Table = Record<string, Record<string, string>>;
const LOADERS: Record<Lang, () => Promise<{ default: Table }>> = {
  ja: () => import('virtual:admin-messages/messages-ja'),
  en: () => import('virtual:admin-messages/messages-en'),
  kr: () => import('virtual:admin-messages/messages-kr'),
  cn: () => import('virtual:admin-messages/messages-cn'),
};
/** The back-office keys of the signed-in screens (vite.config.ts): fetched with the first such screen. */
const SCREENS: Record<Lang, () => Promise<{ default: Record<string, string> }>> = {
  ja: () => import('virtual:admin-messages/screens-ja'),
  en: () => import('virtual:admin-messages/screens-en'),
  kr: () => import('virtual:admin-messages/screens-kr'),
  cn: () => import('virtual:admin-messages/screens-cn'),
};
const tables: Partial<Record<Lang, Table>> = {};
const loading: Partial<Record<Lang, Promise<void>>> = {};
const screensLoading: Partial<Record<Lang, Promise<void>>> = {};

/** The language the person picked with the switch (kept in storage and a cookie), if any. */
function pickedLang(): Lang | null {
  try {
    const v = localStorage.getItem(KEY);
    if (v && (LANGS as readonly string[]).includes(v)) return v as Lang;
  } catch {
    /* storage unavailable */
  }
  const m = /(?:^|;\s*)lang=(ja|en|kr|cn)/.exec(typeof document === 'undefined' ? '' : document.cookie);
  return (m?.[1] as Lang | undefined) ?? null;
}

/**
 * Until the person picks a language: the link's (`?lang=`, as the set-up and reset mails write it), then the
 * browser's first supported one, then the signed-in account's, else Japanese (docs/decisions.md, "interface
 * language").
 */
function unpickedLang(): Lang {
  if (typeof window === 'undefined') return 'ja';
  const linked = normalizeLang(new URLSearchParams(window.location.search).get('lang'));
  if (linked) return linked;
  const browser = (navigator.languages?.length ? navigator.languages : [navigator.language]).map(normalizeLang).find(Boolean);
  if (browser) return browser;
  return normalizeLang(getSession()?.user.language) ?? 'ja';
}

function readLang(): Lang {
  return pickedLang() ?? unpickedLang();
}

let lang: Lang = readLang();
const HTML_LANG: Record<Lang, string> = { ja: 'ja', en: 'en', kr: 'ko', cn: 'zh' };
function apply(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
}

/** Fetches one language's table once. */
export function loadLang(l: Lang): Promise<void> {
  loading[l] ??= LOADERS[l]().then(
    (m) => {
      tables[l] = m.default;
    },
    (err: unknown) => {
      delete loading[l];
      throw err;
    },
  );
  return loading[l];
}

/** The signed-in screens' keys of a language (router.tsx awaits it with every lazy screen). */
export function loadScreenMessages(l: Lang = lang): Promise<void> {
  screensLoading[l] ??= Promise.all([loadLang(l), SCREENS[l]()]).then(
    ([, m]) => {
      const table = tables[l] as Table;
      table.admin = { ...table.admin, ...m.default };
    },
    (err: unknown) => {
      delete screensLoading[l];
      throw err;
    },
  );
  return screensLoading[l];
}

/** Installs a table directly (unit tests run outside Vite, where the virtual tables do not exist). */
export function provideMessages(l: Lang, table: Table): void {
  tables[l] = table;
  loading[l] = Promise.resolve();
  screensLoading[l] = Promise.resolve();
}

/** Before the first render: the stored language's table. */
export async function initLang(): Promise<void> {
  await loadLang(lang);
  apply();
}

export function getLang(): Lang {
  return lang;
}

let switching = 0;
/**
 * Switches once the new table has arrived, so no screen ever shows keys (the last choice wins). `pick`: the person
 * chose it (kept from now on); otherwise the rule of unpickedLang chose it and nothing is kept.
 */
export async function setLang(next: Lang, pick = true): Promise<void> {
  const turn = ++switching;
  // a signed-in screen needs its keys in the new language too
  await (screensLoading[lang] ? loadScreenMessages(next) : loadLang(next));
  if (turn !== switching) return;
  lang = next;
  if (pick) {
    try {
      localStorage.setItem(KEY, next);
    } catch {
      /* storage unavailable */
    }
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the back-office supports
    document.cookie = `lang=${next}; max-age=${COOKIE_MAX_AGE_S}; path=/; samesite=lax`;
  }
  apply();
  for (const l of listeners) l();
}

/** After signing in, with nothing picked: the account is known now, and may decide the language. */
export function followAccountLang(): Promise<void> {
  if (pickedLang()) return Promise.resolve();
  const next = unpickedLang();
  return next === lang ? Promise.resolve() : setLang(next, false);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useLang(): Lang {
  return useSyncExternalStore(subscribe, getLang);
}

export type T = (key: string, params?: Params) => string;

/** `ns.key` in a loaded language (the current one when that table is not there), plural form by `count`; the key when unknown. */
export function translateIn(l: Lang, key: string, params?: Params): string {
  const has = tables[l] ? l : lang;
  return lookup(tables[has], has, key, params) ?? key;
}

/** t('admin.key') / t('common.key') / t('validation.key') in the current language. */
export function useT(): T {
  const l = useLang();
  return useCallback((key: string, params?: Params) => translateIn(l, key, params), [l]);
}

export function t(key: string, params?: Params): string {
  return translateIn(lang, key, params);
}
