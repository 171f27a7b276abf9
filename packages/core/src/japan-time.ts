// Business days and months are Japan time (DEVELOPERS.md): contract dates, month-start jobs, bills, CSV dates.
// Japan keeps no daylight saving time, so Japan time is UTC+9 all year; one home for that rule.

export const JST_OFFSET_MS = 9 * 3_600_000;

/** The instant moved to Japan's wall clock: read it with getUTC* (year, month, day, hours in Japan). */
export function toJapanClock(at: Date | string | number): Date {
  return new Date(new Date(at).getTime() + JST_OFFSET_MS);
}

/** The day in Japan (YYYY-MM-DD) of an instant. */
export function japanDay(at: Date | string | number = new Date()): string {
  return toJapanClock(at).toISOString().slice(0, 10);
}

/** The month (YYYY-MM) an instant falls in, in Japan time. */
export function monthOfJst(at: Date | string | number): string {
  return toJapanClock(at).toISOString().slice(0, 7);
}

/** [start, end) of a month in Japan time as UTC instants (00:00 JST on the 1st to 00:00 JST on the next 1st). */
export function monthRangeJst(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(y, m - 1, 1) - JST_OFFSET_MS), end: new Date(Date.UTC(y, m, 1) - JST_OFFSET_MS) };
}

/** The 1st of next month in Japan (YYYY-MM-DD): when a booked plan takes effect. */
export function firstOfNextMonthJst(now: Date = new Date()): string {
  const jst = toJapanClock(now);
  return new Date(Date.UTC(jst.getUTCFullYear(), jst.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/**
 * An instant as Japan wall-clock time with the zone named, `2026-11-25 15:47 JST`: the one way the back office
 * writes a time for people (lists on screen and their CSV files alike). Empty for no instant.
 */
export function formatJapanTime(at: Date | string | number | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  const s = toJapanClock(d).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 16)} JST`;
}

/** An instant as Japan wall-clock text `YYYY-MM-DD HH:mm:ss` (what a date-time picker edits), or null. */
export function japanWallClock(at: Date | string | number | null | undefined): string | null {
  if (at === null || at === undefined || at === '') return null;
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return null;
  const s = toJapanClock(d).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)}`;
}

/** The instant (ISO, UTC) of a Japan wall-clock text `YYYY-MM-DD HH:mm[:ss]`, or null when it is not one. */
export function fromJapanWallClock(text: string | null | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text ?? '');
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - JST_OFFSET_MS).toISOString();
}
