import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { migrate } from '../../db/migrate.js';
import { createContext } from '../../open.js';
import { testConfig, testDb } from '../../test/helpers.js';
import { partitionsJob } from './jobs.js';
import { addMonths, firstKeptMonth, japanMonth, maintainPartitions } from './partitions.js';
import { partitionMonths } from './repo/partitions.js';
import { countPageViewsBySite } from './service.js';

// The raw events' monthly partitions (migration 0013) and the daily job that keeps them: this month and the
// next two, DEFAULT rows moved into their month, months past the retention dropped (rollups untouched).

let ctx: AppContext;
let drop: () => Promise<void>;
let siteId = 0;

beforeAll(async () => {
  const t = await testDb();
  drop = t.drop;
  ctx = await createContext(testConfig(), { db: t.db, logger: pino({ level: 'silent' }) });
  await migrate(ctx.db);
  const a = await ctx.db.one<{ id: number }>(
    "INSERT INTO accounts (type, email, password_hash) VALUES ('MASTER', 'p@x.test', '') RETURNING id",
  );
  const s = await ctx.db.one<{ id: number }>(
    "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical) VALUES (gen_random_uuid(), $1, 'S', 1, 1) RETURNING id",
    [a.id],
  );
  siteId = Number(s.id);
});
afterAll(async () => {
  await ctx?.db.close();
  await drop?.();
});

const at = (month: string, day = 15) => `${month}-${String(day).padStart(2, '0')}T12:00:00+09:00`;
async function put(month: string, n: number, event = 'page_view', instant = at(month)) {
  await ctx.db.query(
    `INSERT INTO analytics_events (site_id, event, occurred_at) SELECT $1::bigint, $2, $3::timestamptz FROM generate_series(1, $4::int)`,
    [siteId, event, instant, n],
  );
}
const inDefault = async () => Number((await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM analytics_events_default')).n);
const where = async (month: string) =>
  (
    await ctx.db.query<{ t: string }>(
      'SELECT DISTINCT tableoid::regclass::text AS t FROM analytics_events WHERE occurred_at = $1::timestamptz',
      [at(month)],
    )
  ).map((r) => r.t);

describe('months', () => {
  it('japanMonth follows Japan time; retention counts whole months before the current one', () => {
    expect(japanMonth(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12');
    expect(japanMonth(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(addMonths('2026-01', -25)).toBe('2023-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(firstKeptMonth(new Date('2026-11-10T00:00:00Z'), 25)).toBe('2024-10');
    expect(firstKeptMonth(new Date('2026-11-10T00:00:00Z'), 0)).toBeNull();
  });
});

describe('the partitions job', () => {
  it('the migration made this month and the next two; the job is registered as a daily scheduled job', async () => {
    const now = japanMonth(new Date());
    const months = await partitionMonths(ctx.db);
    for (const m of [now, addMonths(now, 1), addMonths(now, 2)]) expect(months).toContain(m);
    expect(partitionsJob.schedule.every).toBe('day');
  });

  it('creates the months due, moving rows the DEFAULT partition caught into them, idempotently', async () => {
    const now = new Date('2030-05-10T00:00:00Z');
    // rows of months with no partition yet land in DEFAULT: none lost
    await put('2030-06', 3);
    await put('2030-05', 2);
    await put('2029-12', 4);
    expect(await where('2030-06')).toEqual(['analytics_events_default']);
    const r = await maintainPartitions(ctx, now);
    expect(r.created).toEqual(['2029-12', '2030-05', '2030-06', '2030-07']);
    expect(r.moved).toBe(9);
    expect(await where('2030-06')).toEqual(['analytics_events_203006']);
    expect(await where('2029-12')).toEqual(['analytics_events_202912']);
    // nothing left in DEFAULT for those months; counts unchanged
    const pv = await countPageViewsBySite(ctx.db, new Date('2030-05-01T00:00:00+09:00'), new Date('2030-07-01T00:00:00+09:00'), [siteId]);
    expect(pv.get(siteId)).toBe(5);
    const again = await maintainPartitions(ctx, now);
    expect(again.created).toEqual([]);
    expect(again.moved).toBe(0);
    // the new partition has the dedupe key and billing's index (attached from the parent)
    const idx = await ctx.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename = 'analytics_events_203006'");
    expect(idx.length).toBeGreaterThanOrEqual(3);
    await ctx.db.query(
      `INSERT INTO analytics_events (event_id, site_id, event, occurred_at) VALUES ('dup-1', $1, 'tap', $2), ('dup-1', $1, 'tap', $2)
       ON CONFLICT DO NOTHING`,
      [siteId, at('2030-06', 20)],
    );
    expect(Number((await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM analytics_events WHERE event_id = 'dup-1'")).n)).toBe(1);
  });

  it('drops months older than the retention (and DEFAULT rows that old), keeps the rest and the rollups', async () => {
    await put('2027-03', 2); // DEFAULT (no partition); the job without retention gives it a partition
    await ctx.db.query(
      `INSERT INTO analytics_site_days (site_id, day, visitors, page_views, cta_clicks, conversions) VALUES ($1, '2029-12-15', 1, 4, 0, 0)
       ON CONFLICT DO NOTHING`,
      [siteId],
    );
    const now = new Date('2030-05-10T00:00:00Z');
    const keep = { ...ctx, config: { ...ctx.config, analyticsRetentionMonths: 0 } };
    const k = await maintainPartitions(keep, now);
    expect(k.dropped).toEqual([]);
    expect(k.created).toEqual(['2027-03']);
    await put('2027-04', 2); // DEFAULT again, older than the retention below: deleted, not given a partition
    const short = { ...ctx, config: { ...ctx.config, analyticsRetentionMonths: 3 } };
    const r = await maintainPartitions(short, now);
    // kept: 2030-02 onwards; 2029-12 goes, and every older partition (the migration's current months included)
    expect(r.dropped).toEqual(expect.arrayContaining(['2027-03', '2029-12']));
    expect(r.created).toEqual([]);
    expect(r.deletedFromDefault).toBe(2);
    const months = await partitionMonths(ctx.db);
    expect(months.every((m) => m >= '2030-02')).toBe(true);
    expect(months).toEqual(expect.arrayContaining(['2030-05', '2030-06', '2030-07']));
    expect(await where('2029-12')).toEqual([]);
    expect(await inDefault()).toBe(0);
    const rollup = await ctx.db.maybeOne("SELECT 1 AS x FROM analytics_site_days WHERE site_id = $1 AND day = '2029-12-15'", [siteId]);
    expect(rollup).toBeDefined();
    // an event of a dropped month can still arrive: it lands in DEFAULT, never lost
    await put('2029-12', 1);
    expect(await inDefault()).toBe(1);
  });
});

describe('migration 0013 on a database with events', () => {
  it('keeps every old row (ids continue), gives their months partitions, and billing still counts them', async () => {
    const t = await testDb({ unmigrated: true });
    try {
      const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
      const before = fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql') && f < '0013')
        .sort();
      await t.db.exec('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const f of before) {
        await t.db.exec(fs.readFileSync(path.join(dir, f), 'utf8'));
        await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [f]);
      }
      const a = await t.db.one<{ id: number }>(
        "INSERT INTO accounts (type, email, password_hash) VALUES ('MASTER', 'm@x.test', '') RETURNING id",
      );
      const s = await t.db.one<{ id: number }>(
        "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical) VALUES (gen_random_uuid(), $1, 'S', 1, 1) RETURNING id",
        [a.id],
      );
      await t.db.query(
        `INSERT INTO analytics_events (site_id, event, session_id, occurred_at)
         SELECT $1::bigint, CASE WHEN g % 2 = 0 THEN 'page_view' ELSE 'slide_page' END, 's', TIMESTAMPTZ '2025-01-31T20:00:00+09:00' + g * interval '1 hour'
           FROM generate_series(1, 10) g`,
        [s.id],
      );
      expect(await migrate(t.db)).toContain('0013_analytics_events.sql');
      const rows = await t.db.query<{ id: number; event_id: string; t: string }>(
        'SELECT id, event_id, tableoid::regclass::text AS t FROM analytics_events ORDER BY id',
      );
      expect(rows).toHaveLength(10);
      expect(new Set(rows.map((r) => r.t))).toEqual(new Set(['analytics_events_202501', 'analytics_events_202502']));
      expect(rows[0]?.event_id).toBe(`old-${rows[0]?.id}`);
      const next = await t.db.one<{ id: number }>(
        "INSERT INTO analytics_events (site_id, event, occurred_at) VALUES ($1, 'tap', now()) RETURNING id",
        [s.id],
      );
      expect(Number(next.id)).toBeGreaterThan(Number(rows[9]?.id));
      const feb = await countPageViewsBySite(t.db, new Date('2025-02-01T00:00:00+09:00'), new Date('2025-03-01T00:00:00+09:00'));
      expect(feb.get(Number(s.id))).toBe(4); // page views are the even g: g = 2 is January (22:00 on the 31st), 4-10 February
    } finally {
      await t.db.close();
      await t.drop();
    }
  });
});
