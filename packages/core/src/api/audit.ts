import { z } from 'zod';
import { paged } from './common.js';

/** GET /sites/{id}/audit-log: who changed which operator code, and when (hashes, never the code). */
export const auditEntry = z.object({
  id: z.number().int(),
  accountId: z.number().int().nullable(),
  accountEmail: z.string().nullable(),
  accountName: z.string().nullable(),
  action: z.string(),
  field: z.string().nullable(),
  oldHash: z.string().nullable(),
  newHash: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntryView = z.output<typeof auditEntry>;
export const auditList = paged(auditEntry);
