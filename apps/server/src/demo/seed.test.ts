import { operatorPassword } from '@swipe/core';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords.js';
import { createContext } from '../server.js';
import { testConfig, testDb } from '../test/helpers.js';
import { DEMO_LOGINS, DEMO_PREVIEW, seedDemo } from './seed.js';

describe('demo logins', () => {
  it('follow the product password rules themselves', () => {
    for (const l of DEMO_LOGINS) expect(operatorPassword.safeParse(l.password).success, l.email).toBe(true);
  });
});

describe('seedDemo', () => {
  it('creates plans, the two logins, the published default site with its survey, notices and preview invitee, once', {
    timeout: 180_000,
  }, async () => {
    const { db, drop } = await testDb();
    const ctx = await createContext(testConfig(), { db, logger: pino({ level: 'silent' }) });
    try {
      const first = await seedDemo(ctx);
      expect(first?.siteId).toBeGreaterThan(0);
      const count = async (sql: string) => Number((await db.one<{ n: number }>(sql)).n);
      expect(await count('SELECT count(*) AS n FROM plans')).toBe(4);
      expect(await count("SELECT count(*) AS n FROM accounts WHERE email LIKE '%@demo.swipe.test'")).toBe(2);
      expect(await count('SELECT count(*) AS n FROM contract_history')).toBe(1);
      expect(await count(`SELECT count(*) AS n FROM site_publications WHERE site_id = ${first?.siteId}`)).toBeGreaterThan(0);
      expect(await count(`SELECT count(*) AS n FROM surveys WHERE site_id = ${first?.siteId}`)).toBe(1);
      expect(await count('SELECT count(*) AS n FROM survey_questions')).toBe(3);
      expect(
        await count(
          `SELECT count(*) AS n FROM notification_deliveries WHERE site_id = ${first?.siteId} AND status = 'PUBLIC' AND start_date < now() AND end_date > now()`,
        ),
      ).toBe(4);
      expect(await count('SELECT count(*) AS n FROM preview_shares')).toBe(1);
      // the preview works out of the box (issue 14.18): the invitee's passcode is set
      const pv = await db.one<{ h: string; on: boolean }>(
        `SELECT preview_password_hash AS h, preview_security AS on FROM sites WHERE id = ${first?.siteId}`,
      );
      expect(pv.on).toBe(true);
      expect(await verifyPassword(pv.h, DEMO_PREVIEW.passcode)).toBe(true);
      expect(await count(`SELECT count(*) AS n FROM preview_shares WHERE email = '${DEMO_PREVIEW.email}'`)).toBe(1);
      // a second start finds the data and the default site
      expect((await seedDemo(ctx))?.siteId).toBe(first?.siteId);
      expect(await count('SELECT count(*) AS n FROM plans')).toBe(4);
    } finally {
      await ctx.kv.close();
      await db.close();
      await drop();
    }
  });
});
