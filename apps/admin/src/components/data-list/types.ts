import type { ReactNode } from 'react';

// What a list page tells the list component about its rows: the columns (how a cell draws, what it sorts by on
// the server, what it writes to CSV, where it goes on a phone card) and the query that fetched the rows.

/**
 * Where a column's value goes on a phone's card (the card is drawn from the columns unless the page gives its own):
 * - title: the card's heading (several title columns stack);
 * - badge: beside the heading, at the right (a status);
 * - line: a line of its own, with the column's title as its label (the default);
 * - plain: a line of its own without a label (a URL, an e-mail address, a summary);
 * - actions: the card's foot, at the right;
 * - hidden: not on the card.
 */
export type PhonePlace = 'title' | 'badge' | 'line' | 'plain' | 'actions' | 'hidden';

export interface Column<Row, S extends string = never> {
  key: string;
  /** The translated column title: the table header, the card line's label and the CSV header. */
  title: string;
  render: (row: Row) => ReactNode;
  /** The server sort this column's header switches to. */
  sort?: S;
  phone?: PhonePlace;
  /** The value written to a CSV made in the browser (lists without a server export); absent: left out. */
  csv?: (row: Row) => string | number | boolean | null | undefined;
  align?: 'right';
  /** Keeps the cell (and its header) on one line: dates, amounts, badges. */
  nowrap?: boolean;
  minWidth?: number;
  maxWidth?: number;
  /** The header is for screen readers only (an actions column). */
  hiddenTitle?: boolean;
}

/** The part of a TanStack query result a list reads. */
export interface ListQuery<Row> {
  data?: { items: Row[]; total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
}
