import type { T } from '../../lib/i18n';

// Figures of the analysis screens: shares as percentages with one decimal, counts with separators.

export const DASH = '—';
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? DASH : `${(Math.round(v * 1000) / 10).toFixed(1)}%`);
export const count = (n: number) => n.toLocaleString();
export const secs = (t: T, v: number | null) => (v === null ? DASH : t('admin.an_seconds', { n: v.toFixed(v < 10 ? 1 : 0) }));
/** "+12.5%" / "-3.0%" against the previous period, or the "no data" text. */
export function changeText(t: T, v: number | null): string {
  if (v === null) return t('admin.an_change_none');
  return v >= 0 ? t('admin.an_change_up', { pct: pct(v) }) : t('admin.an_change_down', { pct: pct(v) });
}
