// Small helpers of the document writers.

export const n = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Keeps an id from the input only when it already belongs to this site (ids are never taken over). */
export function keep(id: number | undefined, owned: Set<number>): number | null {
  return id && owned.has(id) ? id : null;
}

/** Rows as written, each with the id insertMany gave it (the writers answer these for assembleDocument). */
export const withIds = <R extends Record<string, unknown>>(rows: R[], ids: number[]) => rows.map((r, i) => ({ ...r, id: ids[i] }));
