import { z } from 'zod';

// Shapes of the invoice calls (issue 10.6), served by the billing module: who issues the caller's invoices.

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
  }),
});
export type MyPlanBrief = z.output<typeof myPlanBrief>;
export const myPlan = z.object({ current: myPlanBrief.nullable(), next: myPlanBrief.nullable() });
export type MyPlan = z.output<typeof myPlan>;
