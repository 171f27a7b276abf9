import { LIMITS } from './constants.js';

/** Cell reference: 1 to 3 letters (base-26 column) followed by a row 1..100. A1 is column 1, row 1. */
export const CELL_REF_PATTERN = /^([A-Za-z]{1,3})([1-9][0-9]{0,2})$/;

export interface Cell {
  /** 1-based column (category) */
  column: number;
  /** 1-based row (page) */
  row: number;
}

export function columnToLetters(column: number): string {
  if (!Number.isInteger(column) || column < 1) throw new RangeError('column must be a positive integer');
  let n = column;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export function lettersToColumn(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export function parseCellRef(ref: string): Cell | null {
  const m = CELL_REF_PATTERN.exec(ref.trim());
  if (!m) return null;
  const row = Number(m[2]);
  if (row < 1 || row > LIMITS.cellRowMax) return null;
  return { column: lettersToColumn(m[1] as string), row };
}

export function formatCellRef(cell: Cell): string {
  return `${columnToLetters(cell.column)}${cell.row}`;
}
