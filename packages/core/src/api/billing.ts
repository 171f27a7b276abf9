import { z } from 'zod';
import { BILL_LINE_KINDS, PAYMENT_STATUSES } from '../billing.js';
import { paged, pageQuery } from './common.js';

// Shapes of the billing module: bills (payment records) with their lines, cards, the plan usage.

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
  /** the number of the bill's invoice in force (a corrected bill: its newest invoice's) */
  invoiceNumber: z.string(),
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
/**
 * `cardPayments`: false when the deployment takes no card payments (PAYMENT_PROVIDER=none): bills are paid by transfer.
 * `provider`: how the browser enters a card: `test` the built-in provider's own form, `stripe` Stripe.js with
 * `publishableKey` (loaded only then).
 */
export const cardResponse = z.object({
  card: cardView.nullable(),
  cardPayments: z.boolean(),
  provider: z.string(),
  publishableKey: z.string().nullable(),
});
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
/**
 * POST /bill/{id}/pay: PAID at once, or PROCESSING while the card asks for 3-D Secure: the browser completes the
 * provider's next action with `clientSecret` (Stripe.js), and the provider's webhook settles the bill.
 */
export const payBillResponse = z.object({
  message: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  clientSecret: z.string().nullable(),
});
export type PayBillResponse = z.output<typeof payBillResponse>;

/** POST /bill/card/setup (Stripe): the SetupIntent's client secret the browser confirms with the card. */
export const cardSetupResponse = z.object({ clientSecret: z.string(), publishableKey: z.string() });
export type CardSetupResponse = z.output<typeof cardSetupResponse>;

/** Money received against a bill: a receipt kept beside the issued invoice (never written into it). */
export const paymentReceipt = z.object({
  id: z.number().int(),
  kind: z.enum(['CARD', 'BANK_TRANSFER']),
  amount: z.number().int(),
  /** the Japan day the money arrived, YYYY-MM-DD */
  receivedOn: z.string(),
  /** a transfer's payer as the bank statement prints it */
  payerName: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  recordedAt: z.string(),
});
export type PaymentReceipt = z.output<typeof paymentReceipt>;

/** GET /bill/{id}/payments: what was received against the bill, and what is still due. */
export const billPayments = z.object({
  status: z.enum(PAYMENT_STATUSES),
  total: z.number().int(),
  received: z.number().int(),
  /** total - received, never below 0 */
  balance: z.number().int(),
  receipts: z.array(paymentReceipt),
});
export type BillPayments = z.output<typeof billPayments>;

/** The largest single transfer the seller may record (a typo guard: no bill comes near it). */
export const MAX_TRANSFER_YEN = 100_000_000;

/** POST /payments/{id}/transfers: a bank transfer the seller saw arrive, as the statement shows it. */
export const recordTransferBody = z.object({
  receivedOn: z.iso.date({ error: 'validation.date' }),
  amount: z.number().int().min(1).max(MAX_TRANSFER_YEN),
  payerName: z.string().trim().min(1).max(100),
  /** one per form: a second submit with the same key records nothing more */
  idempotencyKey: z.string().min(8).max(100),
});
export type RecordTransferBody = z.output<typeof recordTransferBody>;

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
