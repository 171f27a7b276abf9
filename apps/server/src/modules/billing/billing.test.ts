import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { createContext } from '../../open.js';
import { type Running, startServer } from '../../server.js';
import { http, login, makeAccount, testConfig, testDb } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { planInForce } from '../plans/service.js';
import { billMonth, pageViewsByAccount } from './service.js';

// Monthly bills on a database and payments over HTTP: the plan in force, PV blocks at the
// month's Japan-time bounds, idempotence, force-complete, cards (the number never stored nor logged).

const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
const logLines: string[] = [];
let srv: Running;
let ctx: AppContext;
let dropDb: () => Promise<void>;
const acc: Record<string, AccountRow> = {};
const plans: Record<string, number> = {};

async function plan(name: string, price: number, limitAccess: number, limitAccessPrice: number, owner: number | null = null) {
  const r = await ctx.db.one<{ id: number }>(
    'INSERT INTO plans (name, price, limit_access, limit_access_price, owner_account_id) VALUES ($1,$2,$3,$4,$5) RETURNING id',
    [name, price, limitAccess, limitAccessPrice, owner],
  );
  plans[name] = Number(r.id);
  return Number(r.id);
}
async function account(name: string, type: AccountRow['type'], parent: string | null, planName: string | null, extra = '') {
  acc[name] = await makeAccount(ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@billing.test`,
    companyName: `${name} Inc.`,
    planId: planName ? plans[planName] : null,
  });
  await ctx.db.query(`UPDATE accounts SET created_at = '2025-11-15T00:00:00+09:00'${extra} WHERE id = $1`, [acc[name]?.id]);
}
async function history(name: string, planName: string, at: string, content = 'plan_assigned') {
  await ctx.db.query(
    "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, $2, $3, 'ACTIVE', $4)",
    [acc[name]?.id, at, content, plans[planName]],
  );
}
async function site(name: string): Promise<number> {
  const r = await ctx.db.one<{ id: number }>(
    "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical) VALUES (gen_random_uuid(), $1, 's', 1, 1) RETURNING id",
    [acc[name]?.id],
  );
  return Number(r.id);
}
async function views(siteId: number, n: number, at: string) {
  await ctx.db.query(
    "INSERT INTO analytics_events (site_id, event, occurred_at) SELECT $1, 'page_view', $3::timestamptz FROM generate_series(1, $2::int)",
    [siteId, n, at],
  );
}
const bill = (name: string, month: string) =>
  ctx.db.maybeOne<{
    id: number;
    plan_name: string;
    plan_fee: number;
    pv_fee: number;
    blocks_used: number;
    license_fee: number;
    initial_fee: number;
    tax: number;
    total: number;
    status: string;
  }>('SELECT * FROM payments WHERE account_id = $1 AND year_month = $2', [acc[name]?.id, month]);

beforeAll(async () => {
  const { db, drop } = await testDb();
  dropDb = drop;
  const config = testConfig();
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  ctx = await createContext(config, { db, logger: pino({ level: 'trace' }, sink) });
  srv = await startServer(config, { ctx });
  await account('M', 'MASTER', null, null);
  await plan('Light', 10_000, 5_000, 500);
  await plan('Premium', 50_000, 5_000, 500);
  await account('AT', 'MASTER_USER', 'M', 'Light');
  await account('OVER', 'MASTER_USER', 'M', 'Light');
  await account('LIC', 'MASTER_USER', 'M', 'Light', ', license_issue = true');
  await account('CHG', 'MASTER_USER', 'M', 'Light');
  await account('O', 'OEM_MASTER', 'M', 'Premium');
  await plan('OemPlan', 3_000, 0, 0, acc.O?.id);
  await account('OU', 'USER', 'O', 'OemPlan');
  await account('LATE', 'MASTER_USER', 'M', 'Light', ", contract_start = '2026-02-01'");
  for (const n of ['AT', 'OVER', 'LIC', 'CHG']) await history(n, 'Light', '2025-11-15T00:00:00+09:00', 'created');
  // a change scheduled in mid-January takes effect at 00:00 JST on 1 February (the plan-change job's history row)
  await history('CHG', 'Premium', '2026-02-01T00:00:00+09:00', 'plan_changed');
  await views(await site('AT'), 5_000, '2026-01-10T12:00:00+09:00');
  const over = await site('OVER');
  await views(over, 5_000, '2026-01-31T23:59:59+09:00');
  await views(over, 1, '2026-01-31T23:59:59+09:00');
  await views(over, 7, '2026-02-01T00:00:00+09:00');
}, 120_000);
afterAll(async () => {
  await srv?.stop();
  await dropDb?.();
});

describe('monthly bills', () => {
  it('the plan in force: the last history row before 00:00 JST on the 1st of the next month', async () => {
    expect((await planInForce(ctx.db, acc.CHG?.id as number, '2026-01'))?.planId).toBe(plans.Light);
    expect((await planInForce(ctx.db, acc.CHG?.id as number, '2026-02'))?.planId).toBe(plans.Premium);
    expect(await planInForce(ctx.db, acc.CHG?.id as number, '2025-10')).toBeNull();
  });

  it('events at 23:59:59 and 00:00:00 JST land in their own months', async () => {
    const id = acc.OVER?.id as number;
    expect((await pageViewsByAccount(ctx.db, '2026-01', [id])).get(id)).toBe(5_001);
    expect((await pageViewsByAccount(ctx.db, '2026-02', [id])).get(id)).toBe(7);
  });

  it('bills every billable account once: first month, PV at and over the limit, licence, the version in force, seller', async () => {
    const r = await billMonth(ctx, '2026-01');
    expect(r.billed).toBe(6);
    const at = await bill('AT', '2026-01');
    expect([at?.plan_fee, at?.pv_fee, at?.initial_fee, at?.tax, at?.total]).toEqual([10_000, 0, 100_000, 11_000, 121_000]);
    const over = await bill('OVER', '2026-01');
    expect([over?.blocks_used, over?.pv_fee]).toEqual([1, 500]);
    expect((await bill('LIC', '2026-01'))?.license_fee).toBe(ctx.config.billing.licenseFeeYen);
    const chg = await bill('CHG', '2026-01');
    expect([chg?.plan_name, chg?.plan_fee]).toEqual(['Light', 10_000]);
    expect(await bill('LATE', '2026-01')).toBeUndefined();
    const ou = await ctx.db.one<{ seller_account_id: number }>('SELECT seller_account_id FROM payments WHERE account_id = $1', [
      acc.OU?.id,
    ]);
    expect(Number(ou.seller_account_id)).toBe(acc.O?.id);
    const lines = await ctx.db.query('SELECT kind FROM bill_lines WHERE payment_id = $1 ORDER BY position', [at?.id]);
    expect(lines.map((l) => l.kind)).toEqual(['plan', 'initial']);
  });

  it('run again: nobody is billed twice; the next month has no initial fee and the new version', async () => {
    expect((await billMonth(ctx, '2026-01')).billed).toBe(0);
    expect(Number((await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE year_month = '2026-01'")).n)).toBe(6);
    await billMonth(ctx, '2026-02');
    const chg = await bill('CHG', '2026-02');
    expect([chg?.plan_name, chg?.plan_fee, chg?.initial_fee]).toEqual(['Premium', 50_000, 0]);
    expect((await bill('LATE', '2026-02'))?.initial_fee).toBe(100_000);
  });
});

describe('payments over HTTP', () => {
  const as = async (name: string) => (await login(srv.adminUrl, `${name.toLowerCase()}@billing.test`)).access;

  it('the payer and the seller see the bill; others get 404', async () => {
    const b = await bill('AT', '2026-01');
    const mine = await http<{ items: { id: number }[] }>(srv.adminUrl, 'GET', '/api/v1/bill', { token: await as('AT') });
    expect(mine.body.items.map((i) => i.id)).toContain(Number(b?.id));
    const detail = await http<{
      lines: unknown[];
      taxes: { rate: number; tax: number }[];
      issuer: { name: string };
      bank_transfer_destination: string;
    }>(srv.adminUrl, 'GET', `/api/v1/bill/${b?.id}`, { token: await as('AT') });
    expect(detail.status).toBe(200);
    expect(detail.body.taxes).toEqual([{ rate: 10, subtotal: 110_000, tax: 11_000 }]);
    expect(detail.body.issuer.name).toBe(ctx.config.billing.issuerName);
    expect(detail.body.bank_transfer_destination).toBe(ctx.config.billing.bankTransferDestination);
    expect((await http(srv.adminUrl, 'GET', `/api/v1/bill/${b?.id}`, { token: await as('OVER') })).status).toBe(404);
    expect((await http(srv.adminUrl, 'GET', `/api/v1/bill/${b?.id}`, { token: await as('O') })).status).toBe(404);
    const issued = await http<{ total: number }>(srv.adminUrl, 'GET', '/api/v1/bill/issued?month=2026-01', { token: await as('M') });
    expect(issued.body.total).toBe(5);
    const oem = await http<{ total: number }>(srv.adminUrl, 'GET', '/api/v1/bill/issued', { token: await as('O') });
    expect(oem.body.total).toBe(2);
    const csv = await fetch(`${srv.adminUrl}/api/v1/bill/issued/export-csv`, { headers: { authorization: `Bearer ${await as('M')}` } });
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('AT Inc.');
    expect((await http(srv.adminUrl, 'GET', '/api/v1/bill/issued?month=2026-13', { token: await as('M') })).status).toBe(422);
  });

  it('force-complete: the seller only, audited, the success message, and never undone (409)', async () => {
    const b = await bill('OVER', '2026-01');
    const url = `/api/v1/payments/${b?.id}/force-complete`;
    expect((await http(srv.adminUrl, 'POST', url, { token: await as('OVER') })).status).toBe(404);
    expect((await http(srv.adminUrl, 'POST', url, { token: await as('O') })).status).toBe(404);
    const ok = await http<{ message: string }>(srv.adminUrl, 'POST', url, { token: await as('M'), lang: 'en' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('The payment was force-completed.');
    expect((await bill('OVER', '2026-01'))?.status).toBe('COMPLETED');
    const again = await http<{ message: string }>(srv.adminUrl, 'POST', url, { token: await as('M'), lang: 'ja' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/支払い/);
    const audit = await ctx.db.query("SELECT detail FROM audit_log WHERE action = 'payment.force_complete'");
    expect(audit).toHaveLength(1);
    expect((await http(srv.adminUrl, 'POST', `/api/v1/payments/${b?.id}/void`, { token: await as('M') })).status).toBe(409);
    const other = await bill('CHG', '2026-01');
    expect((await http(srv.adminUrl, 'POST', `/api/v1/payments/${other?.id}/void`, { token: await as('CHG') })).status).toBe(404);
    expect((await http(srv.adminUrl, 'POST', `/api/v1/payments/${other?.id}/void`, { token: await as('M') })).status).toBe(200);
    expect((await http(srv.adminUrl, 'POST', `/api/v1/payments/${other?.id}/force-complete`, { token: await as('M') })).status).toBe(409);
  });

  it('cards: token from the test provider, declined then paid, double submit refused, the number nowhere', async () => {
    const token = await as('LIC');
    const b = await bill('LIC', '2026-01');
    const tok = async (number: string) =>
      (
        await http<{ token: string; last4: string }>(srv.adminUrl, 'POST', '/api/v1/bill/test-provider/tokens', {
          token,
          body: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
        })
      ).body;
    expect((await http(srv.adminUrl, 'POST', `/api/v1/bill/${b?.id}/pay`, { token, body: {} })).status).toBe(422);
    expect((await http(srv.adminUrl, 'POST', '/api/v1/bill/card', { token, body: { token: 'tok_forged.sig' } })).status).toBe(422);
    const declined = await tok(CARD_DECLINED);
    expect((await http(srv.adminUrl, 'POST', '/api/v1/bill/card', { token, body: { token: declined.token } })).status).toBe(200);
    const failed = await http<{ message: string }>(srv.adminUrl, 'POST', `/api/v1/bill/${b?.id}/pay`, { token, body: {}, lang: 'en' });
    expect([failed.status, failed.body.message]).toEqual([422, 'The card was declined. Try another card.']);
    expect((await bill('LIC', '2026-01'))?.status).toBe('FAILED');
    const ok = await tok(CARD_OK);
    expect(ok.last4).toBe('4242');
    const card = await http<{ card: { brand: string; last4: string }; card_payments: boolean }>(srv.adminUrl, 'POST', '/api/v1/bill/card', {
      token,
      body: { token: ok.token },
    });
    expect(card.body.card).toEqual({ brand: 'Visa', last4: '4242' });
    // the screen offers "pay by card" only when the deployment takes cards (the test provider here)
    expect(card.body.card_payments).toBe(true);
    const pay = () =>
      http(srv.adminUrl, 'POST', `/api/v1/bill/${b?.id}/pay`, { token, body: {}, headers: { 'idempotency-key': 'key-12345678' } });
    expect((await pay()).status).toBe(200);
    expect((await pay()).status).toBe(409);
    expect((await bill('LIC', '2026-01'))?.status).toBe('PAID');
    // the card is recorded on the receipt beside the bill, never written into it
    const receipt = await ctx.db.one<{ kind: string; card_last4: string }>(
      'SELECT kind, card_last4 FROM payment_receipts WHERE payment_id = $1',
      [b?.id],
    );
    expect(receipt).toEqual({ kind: 'CARD', card_last4: '4242' });
    const tables = await ctx.db.query<{ t: string }>(
      "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
    );
    for (const { t } of tables) {
      const hit = await ctx.db.query(`SELECT 1 FROM "${t}" x WHERE x::text LIKE $1 OR x::text LIKE $2 LIMIT 1`, [
        `%${CARD_OK}%`,
        `%${CARD_DECLINED}%`,
      ]);
      expect(hit, t).toHaveLength(0);
    }
    const bad = await http<{ fields: { path: string; message: string }[] }>(srv.adminUrl, 'POST', '/api/v1/bill/test-provider/tokens', {
      token,
      lang: 'en',
      body: { number: `${CARD_OK}4242`, exp_month: 12, exp_year: 2030, cvc: '123' },
    });
    expect(bad.status, JSON.stringify(bad.body)).toBe(422);
    expect(bad.body.fields).toEqual([{ path: 'number', message: 'Enter a valid card number.' }]);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.filter((l) => l.includes(CARD_OK) || l.includes(CARD_DECLINED))).toEqual([]);
  });

  it('plan usage: this month against the plan, the projected bill from the job function', async () => {
    const u = await http<{ plan_name: string; limit_access: number; projected: { total: number } }>(
      srv.adminUrl,
      'GET',
      '/api/v1/plan/usage',
      { token: await as('AT') },
    );
    expect(u.status).toBe(200);
    expect(u.body.limit_access).toBe(5_000);
    expect(u.body).toMatchObject({ sites: 1, pages: 0 });
    expect(u.body.projected.total).toBeGreaterThan(0);
  });
});
