// CSV files of the back-office (back-office.md 7: "a CSV download helper adds a byte-order mark"): the server's
// export routes and the back-office's export of a list without such a route write their cells and files through
// these, so a file reads the same in a spreadsheet whichever side wrote it.

/** A CSV cell: formula starters (= + - @ tab CR) neutralised with a leading quote, then quoted when needed. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A whole file: UTF-8 with a byte-order mark (what Excel needs to read it as UTF-8), CRLF lines. */
export function csvDocument(rows: unknown[][]): string {
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
