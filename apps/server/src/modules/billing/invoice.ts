import { japanDay } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';

/**
 * What an invoice says, independent of how it is drawn (invoice-pdf.ts draws it). Amounts are integer yen.
 * Tax is computed once per invoice per rate on the rate's subtotal and rounded down (the brief's rule:
 * three lines of 105 yen at 10 % give 31 yen, not 30).
 */
export const REGISTRATION_NUMBER_RE = /^T\d{13}$/;

export interface InvoiceIssuer {
  name: string;
  /** T + 13 digits; null: the seller has none, the bill is a plain invoice (請求書) and says so */
  registrationNumber: string | null;
  address: string | null;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
  /** percent, e.g. 10 */
  taxRate: number;
}

export type InvoicePayment =
  | { kind: 'card'; brand: string; last4: string }
  | { kind: 'bank_transfer'; destination: string }
  | { kind: 'none' };

export interface InvoiceInput {
  billId: number;
  /** the billed month, YYYY-MM (Japan) */
  month: string;
  /** when the bill was made: the issue date, and the PDF's fixed CreationDate/ModDate */
  issuedAt: Date;
  /** YYYY-MM-DD (Japan) */
  dueDate: string | null;
  issuer: InvoiceIssuer;
  recipientCompany: string;
  lines: InvoiceLine[];
  payment: InvoicePayment;
  lang: Lang;
}

export interface RateSummary {
  rate: number;
  subtotal: number;
  tax: number;
}

/** Subtotal and tax per rate (ascending rate), each tax rounded down once. */
export function taxByRate(lines: readonly InvoiceLine[]): RateSummary[] {
  const sums = new Map<number, number>();
  for (const l of lines) sums.set(l.taxRate, (sums.get(l.taxRate) ?? 0) + l.amount);
  return [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([rate, subtotal]) => ({ rate, subtotal, tax: Math.floor((subtotal * rate) / 100) }));
}

export function invoiceNumber(billId: number, month: string): string {
  return `INV-${month.replace('-', '')}-${String(billId).padStart(6, '0')}`;
}

/** "¥1,234" in every language (yen with thousands separators, no decimals). */
export function yen(n: number): string {
  const sign = n < 0 ? '-' : '';
  return `${sign}¥${String(Math.abs(Math.trunc(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** A day in Japan time, as the language writes it (a YYYY-MM-DD string is already a day). */
export function jstDay(lang: Lang, at: Date | string): string {
  const [y, m, d] = (typeof at === 'string' ? at.slice(0, 10) : japanDay(at)).split('-').map(Number) as [number, number, number];
  return translate(lang, 'server.invoice_date', { y, m: pad(lang, m), d: pad(lang, d) });
}

/** English writes ISO dates (2026-01-05), the others their own year-month-day words without zero padding. */
function pad(lang: Lang, n: number): string {
  return lang === 'en' ? String(n).padStart(2, '0') : String(n);
}

export function monthLabel(lang: Lang, month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return translate(lang, 'server.invoice_month_value', { y, m: pad(lang, m) });
}

/** Every text the PDF draws, resolved in the account's language. */
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
  taxNote: string;
}

export function invoiceView(input: InvoiceInput): InvoiceView {
  const { lang } = input;
  const t = (key: string, params?: Record<string, string | number>) => translate(lang, `server.${key}`, params);
  const qualified = input.issuer.registrationNumber !== null && REGISTRATION_NUMBER_RE.test(input.issuer.registrationNumber);
  const rates = taxByRate(input.lines);
  const subtotal = rates.reduce((s, r) => s + r.subtotal, 0);
  const tax = rates.reduce((s, r) => s + r.tax, 0);
  const total = subtotal + tax;
  const number = invoiceNumber(input.billId, input.month);
  const issuerLines = [input.issuer.name];
  if (input.issuer.address) issuerLines.push(input.issuer.address);
  if (qualified) issuerLines.push(`${t('invoice_registration_number')}: ${input.issuer.registrationNumber}`);
  const payment =
    input.payment.kind === 'card'
      ? t('invoice_payment_card', { brand: input.payment.brand, last4: input.payment.last4 })
      : input.payment.kind === 'bank_transfer'
        ? t('invoice_payment_bank', { destination: input.payment.destination })
        : '-';
  const footer: Array<[string, string]> = [[t('invoice_payment_method'), payment]];
  if (input.dueDate) footer.push([t('invoice_due_date'), jstDay(lang, input.dueDate)]);
  return {
    title: t(qualified ? 'invoice_title_qualified' : 'invoice_title_plain'),
    qualified,
    notQualifiedNote: qualified ? null : t('invoice_not_qualified'),
    fileName: `invoice-${input.month}-${input.billId}.pdf`,
    meta: [
      [t('invoice_number'), number],
      [t('invoice_issue_date'), jstDay(lang, input.issuedAt)],
      [t('invoice_month'), monthLabel(lang, input.month)],
    ],
    recipient: t('invoice_recipient', { name: input.recipientCompany }),
    issuer: { heading: t('invoice_issuer'), lines: issuerLines },
    amountDue: [t('invoice_amount_due'), yen(total)],
    columns: [t('invoice_description'), t('invoice_quantity'), t('invoice_unit_price'), t('invoice_tax_rate_col'), t('invoice_amount')],
    rows: input.lines.map((l) => [l.description, l.quantity.toLocaleString('en-US'), yen(l.unitPrice), `${l.taxRate}%`, yen(l.amount)]),
    summary: rates.flatMap(
      (r): Array<[string, string]> => [
        [t('invoice_subtotal_rate', { rate: r.rate }), yen(r.subtotal)],
        [t('invoice_tax_rate', { rate: r.rate }), yen(r.tax)],
      ],
    ),
    total: [t('invoice_total'), yen(total)],
    footer,
    taxNote: t('invoice_tax_note'),
  };
}
