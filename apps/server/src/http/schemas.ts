import { z } from 'zod';

/** Shared route schemas: numeric ids (paths and queries) and list paging. */
export const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
export const idParams = z.object({ id });
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
});
