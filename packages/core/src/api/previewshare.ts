import { z } from 'zod';
import { email, previewSecurity } from '../validation.js';
import { id } from './common.js';

// Preview sharing (back-office.md 2, 3, 6, 7): operators invite e-mails to the preview of a site and set
// its passcode. Operator calls on the admin origin under /api/v1/preview/site/{id}/share.

/**
 * Shortest preview passcode an operator may set (docs/decisions.md): every guess is throttled, and
 * 8 characters keep a passcode out of reach of the guesses the throttle lets through.
 */
export const PREVIEW_PASSCODE_MIN = 8;

export const shareBody = z.object({ emails: z.array(email).min(1).max(50) });
export const revokeBody = z.object({
  emails: z.array(z.string().trim().min(1).max(254)).max(200).default([]),
  resendAll: z.boolean().default(false),
});

/**
 * POST .../share/set-password: the back-office rule (validation.ts previewSecurity: an empty password keeps
 * the stored one, security on needs one) plus the passcode length: PREVIEW_PASSCODE_MIN characters at least.
 */
export const setPreviewPasswordBody = previewSecurity.superRefine((v, c) => {
  if (v.password.length > 0 && v.password.length < PREVIEW_PASSCODE_MIN)
    c.addIssue({
      code: 'too_small',
      origin: 'string',
      minimum: PREVIEW_PASSCODE_MIN,
      inclusive: true,
      input: v.password,
      path: ['password'],
      message: `Too small: expected at least ${PREVIEW_PASSCODE_MIN} characters`,
    });
});
export type SetPreviewPasswordInput = z.output<typeof setPreviewPasswordBody>;

export const shareResponse = z.object({ message: z.string(), emails: z.array(z.string()) });
export const shareList = z.object({
  items: z.array(z.object({ id: z.number().int(), email: z.string(), invitedBy: z.string().nullable(), invitedAt: z.string() })),
  total: z.number().int(),
});
export type ShareListView = z.output<typeof shareList>;
export const revokeResponse = z.object({ message: z.string(), revoked: z.array(z.string()) });
export const setPreviewPasswordResponse = z.object({ message: z.string(), previewSecurity: z.boolean(), hasPassword: z.boolean() });
export const shareStatusResponse = z.object({
  siteId: z.number().int(),
  siteStatus: z.string(),
  previewSecurity: z.boolean(),
  hasPassword: z.boolean(),
  sharedCount: z.number().int(),
  revokedCount: z.number().int(),
  previewUrl: z.string(),
  /** viewing needs an invited e-mail and the password */
  ready: z.boolean(),
});
export type ShareStatusView = z.output<typeof shareStatusResponse>;

/**
 * POST .../share/ticket {lang, revision}: the signed-in operator's one-click preview (docs/decisions.md). The answer's
 * `url` opens the sites origin's preview entrance with a single-use ticket of PREVIEW_TICKET_TTL_S seconds in
 * its fragment (a fragment is never sent to a server, so the ticket reaches no access log). With `revision`, the
 * preview shows that kept revision of the site instead of the working copy (operators only).
 */
export const previewTicketBody = z.object({ lang: z.string().max(10).optional(), revision: id.optional() });
export const previewTicketResponse = z.object({ url: z.string(), expiresIn: z.number().int() });
export type PreviewTicketView = z.output<typeof previewTicketResponse>;

/**
 * GET .../share/live: how the working copy stands against what visitors see: published (a live
 * copy exists), unpublishedChanges (the saved working copy differs from the live copy), publishedAt.
 */
export const liveStateResponse = z.object({
  published: z.boolean(),
  unpublishedChanges: z.boolean(),
  publishedAt: z.string().nullable(),
});
export type LiveStateView = z.output<typeof liveStateResponse>;
