import { z } from 'zod';
import { id } from './common.js';
import { companyTab, pageDetailResponse, pageProductsResponse, viewerSite } from './viewer.js';

// The invitee preview of a draft on the sites origin (viewer.md 2, 4, 6): the passcode gate, then the
// site's working copy through the same shapes visitors get from the public viewer calls.

export const previewSiteParams = z.object({ siteId: id });
export const previewPageParams = z.object({ siteId: id, pageId: id });
export const previewPathParams = previewSiteParams.extend({ '*': z.string().max(200).optional() });
export const previewLangQuery = z.object({ lang: z.string().max(10).optional(), domain: z.string().max(255).optional() });
/** The preview page: `revision` shows that kept revision instead of the working copy (an operator's session only). */
export const previewPageQuery = previewLangQuery.extend({ revision: id.optional() });

/** POST preview/site/{id}/login: checked by checkLogin (forms.ts), the rule the lock screen runs too. */
export const previewLoginBody = z.object({ email: z.unknown().optional(), password: z.unknown().optional() });
export type PreviewLoginInput = z.output<typeof previewLoginBody>;
export const previewLoginResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int(),
  message: z.string(),
});
export type PreviewLoginView = z.output<typeof previewLoginResponse>;

/** GET preview/site/{id}: the viewer's site shell of the working copy, marked as a preview. */
export const previewSiteResponse = viewerSite.extend({ preview: z.literal(true) });
export const previewSeoResponse = z.object({
  title: z.string(),
  h1: z.string(),
  description: z.string(),
  headTags: z.string(),
  body: z.string(),
});
/** Company tabs (company website, profile, clauses, terms, privacy): each a text when set. */
export const previewCompanyResponse = z.partialRecord(companyTab, z.string());
/** GET preview/site/{id}/page/{pageId}: the page detail visitors get (members-only content included). */
export const previewPageResponse = pageDetailResponse;
/** GET preview/site/{id}/page/{pageId}/product: the page's products. */
export const previewProductsResponse = pageProductsResponse;

/** POST preview/site/{id}/operator {ticket, lang, revision}: a ticket from the back-office becomes a preview session. */
export const previewTicketExchangeBody = z.object({
  ticket: z.string().min(1).max(2000),
  lang: z.string().max(10).optional(),
  revision: id.optional(),
});
export const previewTicketExchangeResponse = z.object({ next: z.string() });
