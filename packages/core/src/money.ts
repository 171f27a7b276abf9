// Money on screens: integer yen as people read it. Japanese readers count in 万 (ten thousand) and 億 (a hundred
// million): 357,600 yen is 35.8万円. Other languages keep the yen sign and thousands separators: ¥357,600.

/** Three significant digits or so: two decimals under 10 (3.96万円), one above (35.8万円, 429.1万円). */
const ja = (v: number) => v.toLocaleString('ja-JP', { maximumFractionDigits: Math.abs(v) < 10 ? 2 : 1 });

/** A yen amount for a screen in `lang` (ja: 9,800円, 3.96万円, 35.8万円, 1.23億円; others: ¥357,600). */
export function formatYen(yen: number, lang: string): string {
  const n = Math.round(yen);
  if (lang === 'ja') {
    const a = Math.abs(n);
    if (a >= 100_000_000) return `${ja(n / 100_000_000)}億円`;
    if (a >= 10_000) return `${ja(n / 10_000)}万円`;
    return `${n.toLocaleString('ja-JP')}円`;
  }
  return `${n < 0 ? '-' : ''}¥${Math.abs(n).toLocaleString('en-US')}`;
}
