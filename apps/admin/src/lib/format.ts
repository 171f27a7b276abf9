import { formatJapanTime } from '@swipe/core/japan-time.ts';

/**
 * The one way a screen writes a time: Japan time with the zone named (`2026-11-27 13:01 JST`), whatever the
 * browser's zone, as the server's CSV files write it; '—' for none.
 */
export function formatDateTime(v: string | Date | null | undefined): string {
  return formatJapanTime(v) || '—';
}

export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A text kept per language (survey titles, questions, options) in the interface language, else the first it has. */
export const textIn = (r: Record<string, string>, lang: string): string => r[lang] || Object.values(r).find(Boolean) || '';
