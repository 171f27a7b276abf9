import { operatorPassword } from '@swipe/core';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { Clock } from '../lib/clock.js';
import { verifyPassword } from '../lib/passwords.js';
import { createContext } from '../open.js';
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
      expect(await count('SELECT count(*) AS n FROM contract_history')).toBe(2);
      expect(await count(`SELECT count(*) AS n FROM site_publications WHERE site_id = ${first?.siteId}`)).toBeGreaterThan(0);
      expect(await count(`SELECT count(*) AS n FROM surveys WHERE site_id = ${first?.siteId}`)).toBe(1);
      expect(await count('SELECT count(*) AS n FROM survey_questions')).toBe(3);
      expect(
        await count(
          `SELECT count(*) AS n FROM notification_deliveries WHERE site_id = ${first?.siteId} AND status = 'PUBLIC' AND start_date < now() AND end_date > now()`,
        ),
      ).toBe(4);
      expect(await count('SELECT count(*) AS n FROM preview_shares')).toBe(1);
      // the preview works out of the box: the invitee's passcode is set
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

  it("has last month's bills from the first start: Demo Shop's paid by its card, Sample Cafe's open awaiting its transfer", {
    timeout: 180_000,
  }, async () => {
    const { db, drop } = await testDb();
    // started on 15 November: October is last month, both customers signed up on 1 October (10:00 JST)
    const ctx = await createContext(testConfig(), {
      db,
      logger: pino({ level: 'silent' }),
      clock: new Clock().set('2026-11-15T12:00:00+09:00'),
    });
    try {
      await seedDemo(ctx);
      const bills = await db.query<{
        company_name: string;
        year_month: string;
        subtotal: number;
        tax: number;
        total: number;
        status: string;
        method: string;
      }>(
        `SELECT a.company_name, p.year_month, p.subtotal, p.tax, p.total, p.status, p.method
           FROM payments p JOIN accounts a ON a.id = p.account_id ORDER BY a.company_name`,
      );
      // by hand: Standard 29,800 + the first month's initial fee 100,000 = 129,800, tax 12,980 -> 142,780;
      // Light 9,800 + 100,000 = 109,800, tax 10,980 -> 120,780
      expect(bills).toEqual([
        {
          company_name: 'Demo Shop Inc.',
          year_month: '2026-10',
          subtotal: 129_800,
          tax: 12_980,
          total: 142_780,
          status: 'PAID',
          method: 'CARD',
        },
        {
          company_name: 'Sample Cafe LLC',
          year_month: '2026-10',
          subtotal: 109_800,
          tax: 10_980,
          total: 120_780,
          status: 'UNPAID',
          method: 'BANK_TRANSFER',
        },
      ]);
      const receipts = await db.query<{ kind: string; amount: number; card_last4: string; received_on: string }>(
        "SELECT kind, amount, card_last4, to_char(received_on, 'YYYY-MM-DD') AS received_on FROM payment_receipts",
      );
      expect(receipts).toEqual([{ kind: 'CARD', amount: 142_780, card_last4: '4242', received_on: '2026-11-15' }]);
      expect(await db.query('SELECT 1 FROM invoices')).toHaveLength(2);
    } finally {
      await ctx.kv.close();
      await db.close();
      await drop();
    }
  });
});
