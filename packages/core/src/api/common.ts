import { z } from 'zod';

/**
 * Wire shapes shared by every route: numeric ids, list paging and the envelopes answers come in.
 * Request schemas parse what the server receives (after snake_case keys become camelCase); response
 * schemas type what handlers return and what clients read, and show in the OpenAPI document.
 */
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
export type PageQuery = z.output<typeof pageQuery>;

/** A page of a list: its items, how many there are in all, and which page this is. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };

/** A translated confirmation (delete, send, ...). */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.output<typeof messageResponse>;

/** What every failed call answers: a translated message, a stable code, and per-field issues. */
export const errorResponse = z.object({
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.output<typeof errorResponse>;
