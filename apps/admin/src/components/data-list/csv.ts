import { csvBlob } from '@swipe/api-client';
import { csvDocument, japanDay } from '@swipe/core';
import { downloadBlob } from '../../lib/format';

// The one way a back-office list becomes a CSV file. A list whose server has an export route downloads that
// (it knows every row the filters match, in the server's own columns); any other list is written here from its
// columns' CSV values, over every page of its query (not only the page on screen), with core's cell rules.

/** The rows of one page of a list's query, as the list's API answers it. */
export type PageFetcher<Row> = (page: number, pageSize: number) => Promise<{ items: Row[]; total: number }>;

export interface CsvSource<Row> {
  /** The file's name before the day it was made: `users` gives `users-2026-11-15.csv` (Japan day). */
  fileName: string;
  /** The server's export of the list as filtered. */
  server?: () => Promise<string>;
  /** Without a server export: one page of the list's query; the file has every page. */
  pages?: PageFetcher<Row>;
}

export interface CsvColumn<Row> {
  title: string;
  csv?: (row: Row) => string | number | boolean | null | undefined;
}

/** Pages of 100 rows (the API's largest page), at most 10,000 rows in one file. */
const PAGE = 100;
const MAX_PAGES = 100;

/** Every row of a query, page after page, until its total is reached. */
export async function allRows<Row>(pages: PageFetcher<Row>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const r = await pages(page, PAGE);
    rows.push(...r.items);
    if (r.items.length < PAGE || rows.length >= r.total) break;
  }
  return rows;
}

/** The file's text: the columns that have a CSV value, titled as on screen. */
export function rowsCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const cols = columns.filter((c) => c.csv);
  return csvDocument([cols.map((c) => c.title), ...rows.map((r) => cols.map((c) => c.csv?.(r) ?? ''))]);
}

/** The list's CSV text: the server's, or written from the columns (`shown` when there is no page fetcher). */
export async function listCsv<Row>(source: CsvSource<Row>, columns: readonly CsvColumn<Row>[], shown: readonly Row[]): Promise<string> {
  if (source.server) return source.server();
  return rowsCsv(columns, source.pages ? await allRows(source.pages) : shown);
}

export function downloadCsv(text: string, fileName: string): void {
  downloadBlob(csvBlob(text), `${fileName}-${japanDay()}.csv`);
}
