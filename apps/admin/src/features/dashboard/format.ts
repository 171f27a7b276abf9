// The dashboard's units (back-office.md 9): MRR in ten-thousand yen (万円), ARR in hundred-million yen (億円).

/** A yen amount divided by `unit`, with two decimals at most and two significant digits for small values. */
export function inUnits(yen: number, unit: number, lang: string): string {
  const v = yen / unit;
  const locale = lang === 'en' ? 'en-US' : lang === 'kr' ? 'ko-KR' : lang === 'cn' ? 'zh-CN' : 'ja-JP';
  const opts: Intl.NumberFormatOptions =
    v !== 0 && Math.abs(v) < 0.01 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 2, minimumFractionDigits: 0 };
  return v.toLocaleString(locale, opts);
}

export const MAN = 10_000;
export const OKU = 100_000_000;

/** YYYY-MM as a short axis label: 26/11. */
export function monthLabel(month: string): string {
  return `${month.slice(2, 4)}/${month.slice(5, 7)}`;
}

export function yen(n: number): string {
  return `¥${Math.trunc(n).toLocaleString('en-US')}`;
}

export const PALETTE = ['indigo.6', 'teal.6', 'orange.6', 'grape.6', 'cyan.7', 'lime.7', 'pink.6', 'yellow.7', 'blue.4', 'gray.6'];
