import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../test/helpers.js';
import type { Db } from './db.js';

// A `date` column is a calendar day on both drivers: PostgreSQL's own YYYY-MM-DD text, never a JS Date at the
// process's local midnight (a day off in other zones, "Thu Dec 31" once turned into a string).

let db: Db;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ db, drop } = await testDb());
});
afterAll(async () => {
  await db?.close();
  await drop?.();
});

describe('date columns', () => {
  it('come back as YYYY-MM-DD whatever the process time zone, and go in as such', async () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Honolulu', 'Asia/Tokyo', 'UTC']) {
        process.env.TZ = tz;
        const r = await db.one<{ d: unknown; n: unknown; p: unknown }>("SELECT DATE '2026-12-31' AS d, NULL::date AS n, $1::date AS p", [
          '2027-01-01',
        ]);
        expect(r).toEqual({ d: '2026-12-31', n: null, p: '2027-01-01' });
        expect(`${r.d}`).toBe('2026-12-31');
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it('keeps table rows as days too (inside a transaction as well)', async () => {
    await db.exec('CREATE TEMP TABLE days_probe (d date)');
    await db.tx((q) => q.query("INSERT INTO days_probe VALUES ('2026-02-28'), ('2024-02-29')"));
    const rows = await db.tx((q) => q.query<{ d: unknown }>('SELECT d FROM days_probe ORDER BY d'));
    expect(rows.map((r) => r.d)).toEqual(['2024-02-29', '2026-02-28']);
  });
});
