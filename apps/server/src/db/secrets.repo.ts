import type { Queryable } from './db.js';

// app_secrets: generated secrets of one deployment (platform table; its SQL lives here only).

/** The stored value of a secret; `candidate` is stored first when there is none yet (first start wins). */
export async function storedSecret(q: Queryable, name: string, candidate: string): Promise<string> {
  await q.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, candidate]);
  return (await q.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name])).value;
}
