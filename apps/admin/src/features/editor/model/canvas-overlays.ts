import type { Language } from '@swipe/core/constants.ts';
import { isPopupItemActive } from '@swipe/core/countdown.ts';
import type { PopupItem } from '@swipe/core/site.ts';
import { useSyncExternalStore } from 'react';
import type { Doc, Page } from './doc';

// What the viewer draws over a page (apps/viewer/src/shell/Chrome.tsx, overlays/Overlays.tsx and the sizes of
// viewer.css), worked out for the editor's canvas so the operator sees what covers the page. Only the data
// decisions live here; the drawing is components/canvas-overlays.tsx.

/** Lengths of the viewer's chrome in the 389 px frame (viewer.css). */
export const CHROME = {
  topBarHeight: 56,
  menuTop: 56,
  menuHeight: 36,
  counterTop: 100,
  bottomBarHeight: 60,
  popupInset: 12,
  popupBottom: 12,
  popupGap: 8,
  popupMinHeight: 54,
} as const;

/** The page's order number as the viewer counts it (category by category), used by effectivePages. */
export function pageOrder(doc: Pick<Doc, 'numberVertical'>, c: number, r: number): number {
  return c * doc.numberVertical + r + 1;
}

export interface CanvasPopup {
  kind: 'timeLimit' | 'applicantLimit';
  item: PopupItem;
  /** shown to visitors now (inside its dates); the canvas draws the others faded with a note */
  live: boolean;
}

/** The popup CTA items this page shows (the viewer's rule: effective on the page; hidden without the plan feature). */
export function canvasPopups(doc: Doc, c: number, r: number, planAllows: boolean, now: Date = new Date()): CanvasPopup[] {
  if (!planAllows) return [];
  const order = pageOrder(doc, c, r);
  const out: CanvasPopup[] = [];
  for (const kind of ['timeLimit', 'applicantLimit'] as const) {
    const item = doc.popupCtas[kind];
    if (!item?.effectivePages.includes(order)) continue;
    out.push({ kind, item, live: isPopupItemActive(item, order, now) });
  }
  return out;
}

const COMPANY_KEYS = ['companyWebsite', 'companyProfile', 'companyClause', 'termsOfService', 'privacyPolicy'] as const;

/** The bottom bar: the site's SNS links when the page turns them on, the company button when it has a link; hidden while a popup is open. */
export function bottomBar(
  doc: Doc,
  lang: Language,
  page: Page,
  popupOpen: boolean,
): { sns: { snsType: string; snsUrl: string }[]; company: boolean } | null {
  if (popupOpen) return null;
  const tr = doc.translations[lang] ?? doc.translations[doc.defaultLanguage];
  const sns = page.snsConfig ? (tr?.sns ?? []) : [];
  const company = page.showCompany && COMPANY_KEYS.some((k) => Boolean(tr?.company[k]));
  return sns.length > 0 || company ? { sns, company } : null;
}

/** The page counter: position among the category's pages with an image or a members-only lock (viewer grid.ts). */
export function pageCounter(doc: Doc, c: number, r: number): { current: number; total: number } {
  const pages = doc.categories[c]?.pages ?? [];
  const shown = pages.map((p, i) => ({ p, i })).filter(({ p }) => Boolean(p.imageUrl) || p.membersOnlyLock);
  const idx = shown.findIndex(({ i }) => i === r);
  return { current: idx < 0 ? r + 1 : idx + 1, total: shown.length };
}

// The operator's choice to show or hide the overlays, kept for the browser (one switch for every canvas).
const KEY = 'swipe.editor.canvasOverlays';
const listeners = new Set<() => void>();
function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}
export function setCanvasOverlays(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // storage refused (private mode): the switch still works for this page
  }
  memory = on;
  for (const l of listeners) l();
}
let memory: boolean | null = null;
export function useCanvasOverlays(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => memory ?? read(),
    () => true,
  );
}
