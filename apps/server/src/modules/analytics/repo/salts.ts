import type { Queryable } from '../../../db/db.js';

// analytics_salts (migration 0026): one random salt per Japan day, under which that day's visitor ids are
// hashed; deleted once the day is over by more than a day.

/** The salt of a day: the stored one, or `candidate` stored first (first process wins). */
export async function saltOfDay(q: Queryable, day: string, candidate: string): Promise<string> {
  await q.query('INSERT INTO analytics_salts (day, salt) VALUES ($1::date, $2) ON CONFLICT (day) DO NOTHING', [day, candidate]);
  return (await q.one<{ salt: string }>('SELECT salt FROM analytics_salts WHERE day = $1::date', [day])).salt;
}

/** Deletes the salts of days before `firstKept`; how many went. */
export async function deleteSaltsBefore(q: Queryable, firstKept: string): Promise<number> {
  const rows = await q.query<{ day: string }>('DELETE FROM analytics_salts WHERE day < $1::date RETURNING day', [firstKept]);
  return rows.length;
}

/** The days whose salt is kept (tests and the privacy report). */
export async function saltDays(q: Queryable): Promise<string[]> {
  const rows = await q.query<{ day: string }>('SELECT day::text AS day FROM analytics_salts ORDER BY day');
  return rows.map((r) => String(r.day).slice(0, 10));
}
