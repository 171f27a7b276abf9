// CSV files of the back-office (back-office.md 7: "a CSV download helper adds a byte-order mark"): the server's
// export routes (through apps/server/src/lib/csv.ts) and the back-office's export of a list without such a route
// write every file through csvDocument, so a file reads the same in a spreadsheet whichever side wrote it and no
// cell is ever taken for a formula (csv-writers.unit.test.ts finds any other writer).

/**
 * What a spreadsheet may take for the start of a formula: = + - @, a tab or CR, and the full-width ＝ ＋ － ＠ that
 * Excel in Japanese reads as their ASCII forms.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A CSV cell: formula starters (FORMULA_START) neutralised with a leading quote, then quoted when needed. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: UTF-8 with a byte-order mark (what Excel needs to read it as UTF-8), CRLF lines. */
export function csvDocument(rows: unknown[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
