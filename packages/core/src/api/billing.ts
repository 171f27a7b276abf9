import { z } from 'zod';
import { BILL_LINE_KINDS, PAYMENT_STATUSES } from '../billing.js';
import { paged, pageQuery } from './common.js';

// Shapes of the billing module (issue 10.4-5): bills (payment records) with their lines, cards, the plan usage.

export const yearMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.year_month');

export const billLine = z.object({
  kind: z.enum(BILL_LINE_KINDS),
  quantity: z.number().int(),
  unitPrice: z.number().int(),
  amount: z.number().int(),
  taxRate: z.number().int(),
});
export const taxByRate = z.object({ rate: z.number().int(), subtotal: z.number().int(), tax: z.number().int() });

/** One bill as lists show it (a payment record of back-office.md 3). */
export const billSummary = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  accountCompany: z.string(),
  sellerAccountId: z.number().int(),
  yearMonth: z.string(),
  planName: z.string(),
  blocksUsed: z.number().int(),
  planFee: z.number().int(),
  pvFee: z.number().int(),
  licenseFee: z.number().int(),
  initialFee: z.number().int(),
  subtotal: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  method: z.enum(['CARD', 'BANK_TRANSFER']),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  issuedAt: z.string(),
  dueDate: z.string(),
});
export type BillSummary = z.output<typeof billSummary>;

/** Everything an invoice needs (the invoice PDF reads this). */
export const billDetail = billSummary.extend({
  lines: z.array(billLine),
  taxes: z.array(taxByRate),
  issuer: z.object({ name: z.string(), registrationNumber: z.string().nullable(), address: z.string() }),
  recipient: z.object({ accountId: z.number().int(), companyName: z.string(), contactName: z.string(), email: z.string() }),
  /** false when the issuer has no registration number: the bill is not a qualified invoice and says so */
  qualifiedInvoice: z.boolean(),
  bankTransferDestination: z.string().nullable(),
  language: z.string(),
});
export type BillDetail = z.output<typeof billDetail>;

export const billList = paged(billSummary);

export const BILL_SORTS = ['year_month', '-year_month', 'total', '-total', 'status', '-status'] as const;
export const billListQuery = pageQuery.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  month: yearMonth.optional(),
  sort: z.enum(BILL_SORTS).default('-year_month'),
});
export type BillListQuery = z.output<typeof billListQuery>;

/** POST /bill/card: what the test provider's endpoint (or a real provider's script) gave the browser. */
export const registerCardBody = z.object({ token: z.string().min(8).max(200) });
export const cardView = z.object({ brand: z.string(), last4: z.string() });
/** `cardPayments`: false when the deployment takes no card payments (PAYMENT_PROVIDER=none): bills are paid by transfer. */
export const cardResponse = z.object({ card: cardView.nullable(), cardPayments: z.boolean() });
export type CardResponse = z.output<typeof cardResponse>;

/** POST /bill/test-provider/tokens: the built-in test provider's own endpoint (never the app's tables). */
export const testCardBody = z.object({
  number: z.string().regex(/^\d{12,19}$/, 'validation.card_number'),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().regex(/^\d{3,4}$/, 'validation.card_cvc'),
});
export const testCardToken = z.object({ token: z.string(), brand: z.string(), last4: z.string() });

export const payBillBody = z.object({ idempotencyKey: z.string().min(8).max(100).optional() });

/** GET /plan/usage: this month's usage against the plan and the projected bill. */
export const planUsage = z.object({
  month: z.string(),
  planName: z.string().nullable(),
  sites: z.number().int(),
  quantitySite: z.number().int().nullable(),
  /** pages (creatives) over all live sites */
  pages: z.number().int(),
  quantitySwipe: z.number().int().nullable(),
  pageViews: z.number().int(),
  limitAccess: z.number().int().nullable(),
  projected: z.object({
    lines: z.array(billLine),
    taxes: z.array(taxByRate),
    subtotal: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
  }),
});
export type PlanUsage = z.output<typeof planUsage>;
