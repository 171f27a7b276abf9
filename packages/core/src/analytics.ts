import { japanDay } from './japan-time.js';

// Per-site analytics rules shared by the server and the admin (back-office.md 5: future days cannot
// be chosen, dates more than one year back cannot be chosen; ranking analysis needs at least 10 pages).
// Days are Japan days (YYYY-MM-DD); a period is inclusive at both ends.

/** Period presets of the picker, in days (ending today). */
export const ANALYTICS_PRESETS = [7, 30, 90] as const;
/** The period when the caller names none: the last 30 days. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** Ranking analysis needs at least this many pages (back-office.md 5). */
export const RANKING_MIN_PAGES = 10;
/** The tap heatmap's grid over a page: 20 columns by 36 rows (x, y as fractions of the page box). */
export const TAP_GRID = { cols: 20, rows: 36 } as const;

const DAY_MS = 86_400_000;
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A valid calendar day YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(s: string): boolean {
  const m = DAY_RE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === s;
}

/** The day n days after (negative: before) a day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** How many days a period holds (both ends included). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The earliest day a period may start at: today (Japan) one year back. */
export function earliestDay(now: Date = new Date()): string {
  const today = japanDay(now);
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const back = new Date(Date.UTC(y - 1, m - 1, d));
  // 29 February one year back is 1 March
  return back.toISOString().slice(0, 10);
}

export interface Period {
  from: string;
  to: string;
}

/** The last `days` days ending today (Japan). */
export function presetPeriod(days: number, now: Date = new Date()): Period {
  const to = japanDay(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** The comparison period: the same length, just before. */
export function previousPeriod(p: Period): Period {
  const n = periodDays(p.from, p.to);
  return { from: addDays(p.from, -n), to: addDays(p.from, -1) };
}

/** Every day of a period, in order. */
export function daysOf(p: Period): string[] {
  const n = periodDays(p.from, p.to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(p.from, i));
}

/** The first broken rule of a period as [field, i18n key], or null. */
export function checkPeriod(from: string, to: string, now: Date = new Date()): ['from' | 'to', string] | null {
  if (!isDay(from)) return ['from', 'validation.date'];
  if (!isDay(to)) return ['to', 'validation.date'];
  if (to < from) return ['to', 'validation.date_end_after_start'];
  if (to > japanDay(now)) return ['to', 'validation.date_future'];
  if (from < earliestDay(now)) return ['from', 'validation.date_too_old'];
  return null;
}

// ---- metrics (definitions: docs/architecture.md "Analytics figures") ----

/** A share n / d (0..1), or null when d is 0. */
export function ratio(n: number, d: number): number | null {
  return d > 0 ? n / d : null;
}

/** Change of a figure against the previous period (0.25 = +25 %), or null when the previous one was 0. */
export function change(current: number, previous: number): number | null {
  return previous > 0 ? (current - previous) / previous : null;
}

/** The grid position of a page (category col, row in it) as the deepest-page index the rollups use. */
export function gridIndex(col: number, row: number, rows: number): number {
  return col * rows + row;
}
