import { z } from 'zod';
import { BILL_LINE_KINDS } from '../billing.js';
import { id } from './common.js';

// Shapes of the invoice calls, served by the billing module: who issues the caller's invoices.

/** GET /invoice-issuer: the seller as its invoices name it; `editable` false for the platform (configuration). */
export const invoiceIssuerView = z.object({
  name: z.string(),
  registrationNumber: z.string().nullable(),
  address: z.string().nullable(),
  editable: z.boolean(),
  qualified: z.boolean(),
});
export type InvoiceIssuerView = z.output<typeof invoiceIssuerView>;

/** PUT /invoice-issuer: T + 13 digits, or empty / null to clear (the bills become plain invoices). */
export const invoiceIssuerBody = z.object({
  registrationNumber: z
    .string()
    .trim()
    .max(20)
    .nullable()
    .transform((v) => (v === '' ? null : v))
    .refine((v) => v === null || /^T\d{13}$/.test(v), 'validation.invoice_registration_number'),
});
export type InvoiceIssuerBody = z.input<typeof invoiceIssuerBody>;

export const INVOICE_REGISTRATION_NUMBER = /^T\d{13}$/;

/** GET /bill/{id}/export-pdf answers the PDF's bytes (application/pdf). */
export const pdfFile = z.custom<Uint8Array>((v) => v instanceof Uint8Array).describe('application/pdf');

/** GET /plan/mine: the caller's plan now and next month's if booked (the /plan screen; usage is GET /plan/usage). */
export const myPlanBrief = z.object({
  id: z.number().int(),
  names: z.object({ ja: z.string(), en: z.string(), kr: z.string(), cn: z.string() }),
  version: z.number().int(),
  contractType: z.string(),
  price: z.number().int(),
  quantitySwipe: z.number().int(),
  quantitySite: z.number().int(),
  limitAccess: z.number().int(),
  limitAccessPrice: z.number().int(),
  flags: z.object({
    swipe: z.boolean(),
    privateDomain: z.boolean(),
    settingPopupCta: z.boolean(),
    settingFormContact: z.boolean(),
    analyticsEffect: z.boolean(),
    settingTagSeo: z.boolean(),
    multiLanguage: z.boolean(),
    experiments: z.boolean(),
  }),
});
export type MyPlanBrief = z.output<typeof myPlanBrief>;
export const myPlan = z.object({ current: myPlanBrief.nullable(), next: myPlanBrief.nullable() });
export type MyPlan = z.output<typeof myPlan>;

/** The most a corrected line may come to (a typo guard: no bill comes near it). */
export const MAX_INVOICE_LINE_YEN = 100_000_000;

/** One line of a corrected invoice: the kind, the quantity and the unit price (yen, excluding tax). */
export const reissueLine = z.object({
  kind: z.enum(BILL_LINE_KINDS),
  quantity: z.number().int().min(0).max(1_000_000),
  unitPrice: z.number().int().min(0).max(MAX_INVOICE_LINE_YEN),
});

/**
 * POST /bill/{id}/reissue (the seller): voids the bill's invoice in force and issues a new one with a new number that
 * names it, with these lines and the issuer's and recipient's details as they are now. Each kind at most once.
 */
export const reissueBody = z.object({
  lines: z
    .array(reissueLine)
    .min(1)
    .max(BILL_LINE_KINDS.length)
    .refine((ls) => new Set(ls.map((l) => l.kind)).size === ls.length, 'validation.duplicate'),
  reason: z.string().trim().min(1).max(500),
});
export type ReissueBody = z.input<typeof reissueBody>;

export const reissueResult = z.object({
  message: z.string(),
  voidedNumber: z.string(),
  invoice: z.object({ id: z.number().int(), number: z.string() }),
  /** the qualified return invoice issued when a settled bill's total went down (money goes back) */
  returnInvoice: z.object({ id: z.number().int(), number: z.string(), total: z.number().int() }).nullable(),
});
export type ReissueResult = z.output<typeof reissueResult>;

/** One document issued for a bill: an invoice (void or in force) or a return invoice. */
export const billDocument = z.object({
  id: z.number().int(),
  kind: z.enum(['invoice', 'return']),
  number: z.string(),
  /** the day it was issued (Japan), YYYY-MM-DD */
  issueDate: z.string(),
  total: z.number().int(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  /** the number of the invoice this one replaces (an invoice) or whose price it returns (a return) */
  refersTo: z.string().nullable(),
});
export type BillDocument = z.output<typeof billDocument>;
export const billDocuments = z.object({ items: z.array(billDocument) });
export type BillDocuments = z.output<typeof billDocuments>;

export const billDocumentParams = z.object({ id, documentId: id });
