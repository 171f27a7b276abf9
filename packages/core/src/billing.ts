import { INITIAL_FEE_YEN, PV_BLOCK, TAX_RATE_PERCENT } from './constants.js';

// The monthly bill as a pure function: the job and the /plan screen's projected bill both
// call computeBill, so a projection is exactly what the job will bill. Money is integer yen.

export const PAYMENT_STATUSES = ['UNPAID', 'PROCESSING', 'PAID', 'FAILED', 'COMPLETED', 'VOID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * Allowed payment transitions (docs/decisions.md "Payment transitions"): a card charge starts from UNPAID or a
 * FAILED attempt; bank transfers recorded by the seller pay an UNPAID or FAILED bill once they cover its total; the
 * seller force-completes an UNPAID or FAILED bill (settled outside) or voids an UNPAID one. PAID, COMPLETED and
 * VOID are final.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  UNPAID: ['PROCESSING', 'PAID', 'COMPLETED', 'VOID'],
  PROCESSING: ['PAID', 'FAILED'],
  FAILED: ['PROCESSING', 'PAID', 'COMPLETED'],
  PAID: [],
  COMPLETED: [],
  VOID: [],
};

export function canTransition(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

export const BILL_LINE_KINDS = ['plan', 'pv', 'license', 'initial'] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

export interface BillLine {
  kind: BillLineKind;
  /** the quantity billed (1, or PV blocks) */
  quantity: number;
  unitPrice: number;
  /** quantity x unitPrice, excluding tax */
  amount: number;
  taxRate: number;
}

export interface BillInput {
  /** the plan version in force in the month (null: nothing to bill) */
  plan: { price: number; limitAccess: number; limitAccessPrice: number } | null;
  pageViews: number;
  licenseIssue: boolean;
  licenseFeeYen: number;
  /** true in the account's first billed month */
  firstMonth: boolean;
}

export interface TaxByRate {
  rate: number;
  /** sum of the lines at this rate, excluding tax */
  subtotal: number;
  tax: number;
}

export interface BillAmounts {
  lines: BillLine[];
  /** PV blocks billed over limitAccess */
  blocksUsed: number;
  subtotal: number;
  taxes: TaxByRate[];
  tax: number;
  total: number;
}

/** Started blocks of PV_BLOCK page views over the limit (0 at or under it; a limit of 0 or less means unlimited). */
export function pvBlocks(pageViews: number, limitAccess: number): number {
  if (limitAccess <= 0 || pageViews <= limitAccess) return 0;
  return Math.ceil((pageViews - limitAccess) / PV_BLOCK);
}

/** Tax per rate over whole lines, rounded down once per invoice per rate (three lines of 105 yen at 10 %: 31). */
export function taxesOf(lines: Pick<BillLine, 'amount' | 'taxRate'>[]): TaxByRate[] {
  const by = new Map<number, number>();
  for (const l of lines) by.set(l.taxRate, (by.get(l.taxRate) ?? 0) + l.amount);
  return [...by.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, subtotal]) => ({ rate, subtotal, tax: Math.floor((subtotal * rate) / 100) }));
}

export function totalsOf(lines: BillLine[]): Omit<BillAmounts, 'lines' | 'blocksUsed'> {
  const taxes = taxesOf(lines);
  const subtotal = taxes.reduce((s, t) => s + t.subtotal, 0);
  const tax = taxes.reduce((s, t) => s + t.tax, 0);
  return { subtotal, taxes, tax, total: subtotal + tax };
}

export function computeBill(i: BillInput): BillAmounts {
  const lines: BillLine[] = [];
  const line = (kind: BillLineKind, quantity: number, unitPrice: number) =>
    lines.push({ kind, quantity, unitPrice, amount: quantity * unitPrice, taxRate: TAX_RATE_PERCENT });
  let blocksUsed = 0;
  if (i.plan) {
    line('plan', 1, i.plan.price);
    blocksUsed = pvBlocks(i.pageViews, i.plan.limitAccess);
    if (blocksUsed > 0) line('pv', blocksUsed, i.plan.limitAccessPrice);
    if (i.licenseIssue && i.licenseFeeYen > 0) line('license', 1, i.licenseFeeYen);
    if (i.firstMonth) line('initial', 1, INITIAL_FEE_YEN);
  }
  return { lines, blocksUsed, ...totalsOf(lines) };
}

/** The month (YYYY-MM) before this one. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
