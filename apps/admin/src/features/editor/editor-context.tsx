import type { Language } from '@swipe/core/constants.ts';
import { createContext, useContext } from 'react';
import type { Doc } from './model/doc';

export interface EditorContextValue {
  siteId: number;
  doc: Doc;
  /** immutable update: fn mutates a copy */
  update: (fn: (d: Doc) => void) => void;
  replace: (d: Doc) => void;
  /** the language tab being edited */
  lang: Language;
  errors: Record<string, string>;
  /** can edit head/body scripts, script buttons and HTML buttons (authority EDIT) */
  canScripts: boolean;
  maxCreatives: number;
  flags: Record<string, boolean>;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

export function useEditor(): EditorContextValue {
  const v = useContext(EditorContext);
  if (!v) throw new Error('useEditor outside the editor');
  return v;
}

/** The first error at this path or below it (e.g. `translations.ja.seo`). */
export function errorUnder(errors: Record<string, string>, prefix: string): string | undefined {
  if (errors[prefix]) return errors[prefix];
  const k = Object.keys(errors).find((p) => p.startsWith(`${prefix}.`));
  return k ? errors[k] : undefined;
}

export function countUnder(errors: Record<string, string>, prefixes: string[]): number {
  return Object.keys(errors).filter((p) => prefixes.some((x) => p === x || p.startsWith(`${x}.`))).length;
}
