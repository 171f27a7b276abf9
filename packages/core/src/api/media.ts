import { z } from 'zod';

// Uploads (back-office.md 7): signed upload URLs, completion by content, bulk ZIPs. Operator calls on
// the admin origin under /api/v1/sites; the signed URLs themselves under /api/v1/uploads.

const siteRef = z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish();
export const uploadFile = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  sizeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  kind: z.enum(['image', 'video']),
});
export type UploadFileInput = z.output<typeof uploadFile>;
/** purpose 'profile': the caller's own profile image (one JPG/PNG up to 2 MB, no site), stored on completion. */
export const generateUploadBody = z.object({
  siteId: siteRef,
  files: z.array(uploadFile).max(200),
  purpose: z.enum(['creative', 'profile']).default('creative'),
});
/** Logo and favicon: the list form, or a single file without the list. */
export const generateLogoBody = z.union([generateUploadBody, uploadFile.partial({ kind: true }).extend({ siteId: siteRef })]);
export const uploadTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
export const completeUploadBody = z.object({ key: z.string().min(1).max(600) });
export const bulkParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
  uploadId: z.string().min(1).max(64),
});
export const completeBulkBody = z.object({ uploadId: z.string().min(1).max(64) });

/** One signed URL: PUT the bytes there with these headers before it expires. */
export const signedUpload = z.object({
  key: z.string(),
  uploadUrl: z.string(),
  method: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
});
export type SignedUpload = z.output<typeof signedUpload>;
export const signedUploads = z.object({ uploads: z.array(signedUpload) });
export const signedLogoUpload = z.union([signedUploads, signedUpload.extend({ uploads: z.array(signedUpload) })]);
export const receivedUpload = z.object({ size: z.number().int() });
export const receivedBulk = z.object({ size: z.number().int(), message: z.string() });

/** A completed upload: checked by content, served at `url`. */
export const mediaView = z.object({
  key: z.string(),
  url: z.string(),
  kind: z.enum(['image', 'video']),
  contentType: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  status: z.string(),
});
export type MediaView = z.output<typeof mediaView>;

export const bulkStart = z.object({
  uploadId: z.string(),
  uploadUrl: z.string(),
  method: z.string(),
  headers: z.record(z.string(), z.string()),
  maxBytes: z.number().int(),
});
export const bulkQueued = z.object({ uploadId: z.string(), status: z.string(), message: z.string() });
export const bulkState = z.object({
  uploadId: z.string(),
  status: z.string(),
  processed: z.number().int(),
  total: z.number().int(),
  placed: z.array(z.object({ cell: z.string(), key: z.string(), kind: z.string(), name: z.string(), url: z.string() })),
  rejected: z.array(z.object({ name: z.string(), reason: z.string(), code: z.string() })),
  error: z.string().nullable(),
});
export type BulkState = z.output<typeof bulkState>;
