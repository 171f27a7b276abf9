import type { MyPlanBrief } from '@swipe/core';
import type { Lang } from '@swipe/i18n';

/** Yen with separators, no decimals, in every language (money is integer yen). */
export function yen(n: number): string {
  return `¥${Math.trunc(n).toLocaleString('en-US')}`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** A plan's name in the viewer's language, Japanese when that one is empty. */
export function planName(p: Pick<MyPlanBrief, 'names'>, lang: Lang): string {
  return p.names[lang] || p.names.ja;
}

/** The 1st of the month after `month` (YYYY-MM), when a booked plan takes effect (00:00 Japan time). */
export function firstOfNextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}
