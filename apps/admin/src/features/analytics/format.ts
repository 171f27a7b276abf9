import type { T } from '../../lib/i18n';

// Figures of the analysis screens: shares as percentages with one decimal, counts with separators, times to
// a tenth of a second (the API gives dwell and visit duration to 0.1 s; a whole second is never dressed up as
// a tenth).

export const DASH = '—';
export const pct = (v: number | null | undefined) => (v === null || v === undefined ? DASH : `${(Math.round(v * 1000) / 10).toFixed(1)}%`);
export const count = (n: number) => n.toLocaleString();
/** Seconds to 0.1 ("4.3 s"); over a minute with the minutes ("2 min 5.0 s"). */
export function secs(t: T, v: number | null | undefined): string {
  if (v === null || v === undefined) return DASH;
  const tenths = Math.round(v * 10);
  const min = Math.floor(tenths / 600);
  const s = ((tenths - min * 600) / 10).toFixed(1);
  return min > 0 ? t('admin.an_minutes_seconds', { m: min, s }) : t('admin.an_seconds', { n: s });
}
/** "+12.5%" / "-3.0%" against the previous period, or the "no data" text. */
export function changeText(t: T, v: number | null): string {
  if (v === null) return t('admin.an_change_none');
  return v >= 0 ? t('admin.an_change_up', { pct: pct(v) }) : t('admin.an_change_down', { pct: pct(v) });
}
/** The colour of a change: green when it is good news (a bounce rate going down is), red when bad. */
export function changeColour(v: number | null, lowerIsBetter = false): string {
  if (v === null || v === 0) return 'dimmed';
  return v > 0 !== lowerIsBetter ? 'teal.9' : 'red.9';
}
