import { type BillLineKind, japanDay, type TaxByRate } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';

/**
 * What an invoice says, independent of how it is drawn (invoice-pdf.ts draws it). An issued document's content is
 * stored when it is issued (invoices table) and every PDF of it is drawn from that content alone, so the same
 * document always prints the same text: later payments, card changes or corrections live beside it.
 * Amounts are integer yen; tax is computed once per document per rate and rounded down (three lines of 105 yen at
 * 10 % give 31 yen, not 30).
 */
export const REGISTRATION_NUMBER_RE = /^T\d{13}$/;

export interface InvoiceIssuer {
  name: string;
  /** T + 13 digits; null: the seller has none, the document is not a qualified invoice and says so */
  registrationNumber: string | null;
  address: string | null;
}

export interface InvoiceLine {
  kind: BillLineKind;
  /** null on a return document's line (only the amount returned is stated) */
  quantity: number | null;
  unitPrice: number | null;
  /** excluding tax */
  amount: number;
  /** percent, e.g. 10 */
  taxRate: number;
}

/** How the bill was to be paid when the document was issued. */
export type InvoicePayment =
  | { kind: 'card'; brand: string; last4: string }
  | { kind: 'bank_transfer'; destination: string }
  | { kind: 'none' };

/** A document named by number and day (the invoice replaced, or the one a return belongs to). */
export interface InvoiceRef {
  number: string;
  /** YYYY-MM-DD (Japan) */
  issueDate: string;
}

/** Everything a document prints, stored at issue (jsonb `invoices.content`, version 1). */
export interface InvoiceContent {
  v: 1;
  lang: Lang;
  /** the day it was issued (Japan), YYYY-MM-DD; on a return document, the day of the return */
  issueDate: string;
  /** the billed month, YYYY-MM (the transaction's period) */
  month: string;
  issuer: InvoiceIssuer;
  recipient: { companyName: string };
  planName: string;
  lines: InvoiceLine[];
  /** per rate, descending rate: subtotal excluding tax and its tax, rounded down once */
  taxes: TaxByRate[];
  subtotal: number;
  tax: number;
  total: number;
  /** YYYY-MM-DD (Japan); null on a return document */
  dueDate: string | null;
  payment: InvoicePayment;
  /** the voided invoice this one replaces */
  replaces: InvoiceRef | null;
  /** a return document: the invoice of the transaction whose price is returned */
  returnOf: InvoiceRef | null;
}

export type InvoiceKind = 'invoice' | 'return';

/** An issued document: its number, kind and the moment it was issued (the PDF's fixed dates) with its content. */
export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issuedAt: Date;
  content: InvoiceContent;
}

/** Subtotal and tax per rate (descending rate), each tax rounded down once. */
export function taxByRate(lines: readonly Pick<InvoiceLine, 'amount' | 'taxRate'>[]): TaxByRate[] {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.taxRate, (sums.get(l.taxRate) ?? 0) + l.amount);
  return [...sums.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, subtotal]) => ({ rate, subtotal, tax: Math.floor((subtotal * rate) / 100) }));
}

/** "¥1,234" in every language (yen with thousands separators, no decimals). */
export function yen(n: number): string {
  const sign = n < 0 ? '-' : '';
  return `${sign}¥${String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** A calendar day as the language writes it: a YYYY-MM-DD string is that day, an instant its day in Japan. */
export function jstDay(lang: Lang, at: Date | string): string {
  const day = typeof at === 'string' ? at : japanDay(at);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) throw new Error(`not a calendar day: ${day}`);
  return translate(lang, 'server.invoice_date', { y: Number(m[1]), m: pad(lang, Number(m[2])), d: pad(lang, Number(m[3])) });
}

/** English writes ISO dates (2026-01-05), the others their own year-month-day words without zero padding. */
function pad(lang: Lang, n: number): string {
  return lang === 'en' ? String(n).padStart(2, '0') : String(n);
}

export function monthLabel(lang: Lang, month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return translate(lang, 'server.invoice_month_value', { y, m: pad(lang, m) });
}

/** Every text the PDF draws, resolved in the document's language. */
export interface InvoiceView {
  title: string;
  qualified: boolean;
  notQualifiedNote: string | null;
  fileName: string;
  meta: Array<[string, string]>;
  recipient: string;
  issuer: { heading: string; lines: string[] };
  amountDue: [string, string];
  columns: [string, string, string, string, string];
  rows: Array<[string, string, string, string, string]>;
  summary: Array<[string, string]>;
  total: [string, string];
  footer: Array<[string, string]>;
  notes: string[];
}

export function invoiceView(doc: InvoiceDocument): InvoiceView {
  const c = doc.content;
  const lang = c.lang;
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, `server.${key}`, params);
  const qualified = c.issuer.registrationNumber !== null && REGISTRATION_NUMBER_RE.test(c.issuer.registrationNumber);
  const isReturn = doc.kind === 'return';
  const issuerLines = [c.issuer.name];
  if (c.issuer.address) issuerLines.push(c.issuer.address);
  if (qualified) issuerLines.push(`${t('invoice_registration_number')}: ${c.issuer.registrationNumber}`);
  const describe = (kind: BillLineKind): string =>
    kind === 'plan'
      ? t('invoice_line_plan', { plan: c.planName })
      : t(kind === 'pv' ? 'invoice_line_pv' : kind === 'license' ? 'invoice_line_license' : 'invoice_line_initial');
  const ref = (r: InvoiceRef) => t('invoice_ref', { number: r.number, date: jstDay(lang, r.issueDate) });
  const meta: Array<[string, string]> = [
    [t(isReturn ? 'invoice_return_number' : 'invoice_number'), doc.number],
    [t(isReturn ? 'invoice_return_date' : 'invoice_issue_date'), jstDay(lang, c.issueDate)],
    [t('invoice_month'), monthLabel(lang, c.month)],
  ];
  const footer: Array<[string, string]> = [];
  const notes: string[] = [];
  if (isReturn) {
    if (c.returnOf) footer.push([t('invoice_original_transaction'), `${monthLabel(lang, c.month)} / ${ref(c.returnOf)}`]);
  } else {
    const p = c.payment;
    const payment =
      p.kind === 'card'
        ? t('invoice_payment_card', { brand: p.brand, last4: p.last4 })
        : p.kind === 'bank_transfer'
          ? t('invoice_payment_bank', { destination: p.destination })
          : '-';
    footer.push([t('invoice_payment_method'), payment]);
    if (c.dueDate) footer.push([t('invoice_due_date'), jstDay(lang, c.dueDate)]);
    if (c.replaces) notes.push(t('invoice_replaces_note', { ref: ref(c.replaces) }));
  }
  notes.push(t('invoice_tax_note'));
  const dash = '-';
  return {
    title: t(
      isReturn
        ? qualified
          ? 'invoice_title_return_qualified'
          : 'invoice_title_return_plain'
        : qualified
          ? 'invoice_title_qualified'
          : 'invoice_title_plain',
    ),
    qualified,
    notQualifiedNote: qualified ? null : t(isReturn ? 'invoice_return_not_qualified' : 'invoice_not_qualified'),
    fileName: `${isReturn ? 'return' : 'invoice'}-${doc.number}.pdf`,
    meta,
    recipient: t('invoice_recipient', { name: c.recipient.companyName }),
    issuer: { heading: t('invoice_issuer'), lines: issuerLines },
    amountDue: [t(isReturn ? 'invoice_return_amount' : 'invoice_amount_due'), yen(c.total)],
    columns: [t('invoice_description'), t('invoice_quantity'), t('invoice_unit_price'), t('invoice_tax_rate_col'), t('invoice_amount')],
    rows: c.lines.map((l) => [
      describe(l.kind),
      l.quantity === null ? dash : l.quantity.toLocaleString('en-US'),
      l.unitPrice === null ? dash : yen(l.unitPrice),
      `${l.taxRate}%`,
      yen(l.amount),
    ]),
    summary: c.taxes.flatMap(
      (r): Array<[string, string]> => [
        [t(isReturn ? 'invoice_return_subtotal_rate' : 'invoice_subtotal_rate', { rate: r.rate }), yen(r.subtotal)],
        [t(isReturn ? 'invoice_return_tax_rate' : 'invoice_tax_rate', { rate: r.rate }), yen(r.tax)],
      ],
    ),
    total: [t(isReturn ? 'invoice_return_total' : 'invoice_total'), yen(c.total)],
    footer,
    notes,
  };
}
