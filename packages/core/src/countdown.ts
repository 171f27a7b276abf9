import { VIEWER } from './constants.js';

export type Countdown =
  | { kind: 'none' }
  | { kind: 'empty' }
  | { kind: 'minutes'; value: number }
  | { kind: 'hours'; value: number }
  | { kind: 'days'; value: number };

/**
 * Countdown text of a popup item (viewer.md 4): none without dates; empty at zero or less;
 * minutes under 60 minutes; hours under 72 hours; otherwise days.
 */
export function countdown(
  startDate: string | Date | null | undefined,
  endDate: string | Date | null | undefined,
  now: Date = new Date(),
): Countdown {
  if (!startDate || !endDate) return { kind: 'none' };
  const end = new Date(endDate).getTime();
  if (Number.isNaN(end)) return { kind: 'none' };
  const ms = Math.max(0, end - now.getTime());
  if (ms <= 0) return { kind: 'empty' };
  const minutes = Math.ceil(ms / 60_000);
  if (minutes < 60) return { kind: 'minutes', value: minutes };
  const hours = Math.floor(ms / 3_600_000);
  if (hours < VIEWER.countdownHoursThreshold) return { kind: 'hours', value: hours };
  return { kind: 'days', value: Math.floor(ms / 86_400_000) };
}

/** What a countdown says: its viewer text key (`viewer.remaining_*`, plural by `count`), or null when it says nothing. */
export function countdownMessage(c: Countdown): { key: string; count: number } | null {
  return c.kind === 'days' || c.kind === 'hours' || c.kind === 'minutes' ? { key: `viewer.remaining_${c.kind}`, count: c.value } : null;
}

/** An item is active when now lies within its dates (open ends allowed) and the page order is effective. */
export function isPopupItemActive(
  item: { startDate?: string | null; endDate?: string | null; effectivePages?: number[] | null },
  pageOrder: number,
  now: Date = new Date(),
): boolean {
  const t = now.getTime();
  if (item.startDate && new Date(item.startDate).getTime() > t) return false;
  if (item.endDate && new Date(item.endDate).getTime() <= t) return false;
  return (item.effectivePages ?? []).includes(pageOrder);
}

export function isInTimeWindow(start: string | null | undefined, end: string | null | undefined, now: Date = new Date()): boolean {
  const t = now.getTime();
  if (start && new Date(start).getTime() > t) return false;
  if (end && new Date(end).getTime() < t) return false;
  return true;
}
