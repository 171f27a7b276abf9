import type { Language } from '@swipe/core/constants.ts';

/** The viewer root of a language: the language segment is dropped for the default language. */
export function homeOf(rootPath: string, lang: Language, defaultLanguage: Language): string {
  const root = rootPath.replace(/\/+$/, '');
  if (lang === defaultLanguage) return root || '/';
  return `${root}/${lang}`;
}

/** `home` + `/` + piece without doubled slashes. */
export function join(home: string, piece: string): string {
  return `${home.replace(/\/+$/, '')}/${piece.replace(/^\/+/, '')}`;
}

/** The address of a position: `{root}/{lang?}/{position}` (viewer.md 2). */
export function positionPath(rootPath: string, lang: Language, defaultLanguage: Language, position: string): string {
  return join(homeOf(rootPath, lang, defaultLanguage), position);
}
