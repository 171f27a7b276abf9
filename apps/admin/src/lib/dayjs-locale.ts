import type { Lang } from '@swipe/i18n';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';

// Dates follow the interface language (date pickers' month and day names). Only the signed-in screens
// show dates, so dayjs and the locale of the current language load with them, not with the login screen.

const LOCALES: Record<Lang, { name: string; load: () => Promise<unknown> }> = {
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  en: { name: 'en', load: () => Promise.resolve() },
  kr: { name: 'ko', load: () => import('dayjs/locale/ko') },
  cn: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
};

/** The dayjs locale name of lang once it is registered (and made the global one); 'en' until then. */
export function useDayjsLocale(lang: Lang): string {
  const [ready, setReady] = useState(() => (lang === 'en' ? 'en' : null) as string | null);
  useEffect(() => {
    let live = true;
    const { name, load } = LOCALES[lang];
    load().then(
      () => {
        dayjs.locale(name);
        if (live) setReady(name);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return ready ?? 'en';
}
