import type { Queryable } from './db.js';

/** Column name -> SQL type, in insert order (without id). */
export type Columns = Record<string, string>;

/**
 * Inserts many rows with one statement (jsonb_to_recordset), so saving a 10 x 10 site is a handful
 * of round trips rather than hundreds. Ids are allocated first (or kept when given), so the result
 * is the ids in input order.
 */
export async function insertMany(
  q: Queryable,
  table: string,
  columns: Columns,
  rows: (Record<string, unknown> & { id?: number | null })[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const missing = rows.filter((r) => !r.id).length;
  const fresh = missing
    ? (
        await q.query<{ id: number }>(
          `SELECT nextval(pg_get_serial_sequence('${table}', 'id'))::bigint AS id FROM generate_series(1, $1)`,
          [missing],
        )
      ).map((r) => Number(r.id))
    : [];
  let k = 0;
  const withIds = rows.map((r) => ({ ...r, id: r.id ? r.id : (fresh[k++] as number) }));
  const names = ['id', ...Object.keys(columns)];
  const defs = ['id bigint', ...Object.entries(columns).map(([n, t]) => `${n} ${t}`)].join(', ');
  await q.query(`INSERT INTO ${table} (${names.join(', ')}) SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${defs})`, [
    JSON.stringify(withIds),
  ]);
  return withIds.map((r) => r.id);
}
