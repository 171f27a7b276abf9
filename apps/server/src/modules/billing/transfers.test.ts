import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { billOf, makeBillingPlan, makeCustomer } from '../../test/bills.js';
import { http, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { billMonth } from './service.js';

// Bank transfers recorded by the seller against a bill: partial, then covering (PAID), a double submit recorded
// once, validation in the caller's language, only the bill's seller with edit authority. The amounts are worked
// out by hand: Standard 29,800 + the first month's initial fee 100,000 = 129,800; tax floor(129,800 x 10 %) =
// 12,980; total 142,780. A first transfer of 100,000 leaves 42,780.

const MONTH = '2026-10';
const TOTAL = 142_780;
let s: TestServer;
let master: AccountRow;
let shop: AccountRow;
let other: AccountRow;
let staff: AccountRow;
const tok: Record<string, string> = {};
let billId: number;

const base = () => s.adminUrl;
const transfer = (token: string, id: number, body: Record<string, unknown>, lang = 'en') =>
  http(base(), 'POST', `/api/v1/payments/${id}/transfers`, { token, body, lang });

beforeAll(async () => {
  s = await startTestServer({}, { clock: new Clock().set('2026-11-10T10:00:00+09:00') });
  const ctx = s.ctx;
  master = await makeAccount(ctx, { parentId: null, type: 'MASTER', email: 'master@transfers.test' });
  const standard = await makeBillingPlan(ctx, 'Standard', 29_800);
  staff = await makeAccount(ctx, { parentId: master.id, type: 'SUB_ADMIN', email: 'staff@transfers.test', staffRole: 'MAIN_CONTACT' });
  shop = await makeCustomer(ctx, {
    parentId: master.id,
    email: 'shop@transfers.test',
    companyName: 'Shop K.K.',
    planId: standard,
    since: '2026-09-20T10:00:00+09:00',
  });
  other = await makeCustomer(ctx, {
    parentId: master.id,
    email: 'other@transfers.test',
    companyName: 'Other K.K.',
    planId: standard,
    since: '2026-09-20T10:00:00+09:00',
  });
  await billMonth(ctx, MONTH);
  billId = (await billOf(ctx, shop.id, MONTH)).id;
  for (const a of [master, shop, other]) tok[a.email] = (await login(base(), a.email)).access;
}, 120_000);

afterAll(async () => {
  await s?.drop();
});

describe('bank transfers', () => {
  it('without Stripe the back-office loads nothing of it', async () => {
    expect((await fetch(`${base()}/login`)).headers.get('content-security-policy')).not.toContain('stripe');
  });

  it('the bill is issued at the amount worked out by hand, open, nothing received', async () => {
    expect((await billOf(s.ctx, shop.id, MONTH)).total).toBe(TOTAL);
    const r = await http(base(), 'GET', `/api/v1/bill/${billId}/payments`, { token: tok[shop.email] });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'UNPAID', total: TOTAL, received: 0, balance: TOTAL, receipts: [] });
  });

  it('validates each field in the caller language (422), before anything is recorded', async () => {
    const bad = await transfer(
      tok[master.email] as string,
      billId,
      { received_on: '2026-13-01', amount: 0, payer_name: '  ', idempotency_key: 'k-bad-0001' },
      'ja',
    );
    expect(bad.status).toBe(422);
    const fields = (bad.body as { fields: { path: string; message: string }[] }).fields;
    expect(fields.map((f) => f.path).sort()).toEqual(['amount', 'payerName', 'receivedOn'].sort());
    expect(fields.find((f) => f.path === 'receivedOn')?.message).toBe('日付の形式が正しくありません。');
    const future = await transfer(tok[master.email] as string, billId, {
      received_on: '2026-11-11',
      amount: 1000,
      payer_name: 'ｼｮｯﾌﾟ',
      idempotency_key: 'k-future-01',
    });
    expect(future.status).toBe(422);
    expect((future.body as { fields: { path: string; message: string }[] }).fields).toEqual([
      { path: 'receivedOn', message: 'Enter a date on or before 2026-11-10.' },
    ]);
    expect((await http(base(), 'GET', `/api/v1/bill/${billId}/payments`, { token: tok[master.email] })).body).toMatchObject({
      received: 0,
    });
  });

  it('only the bill seller records a transfer: the payer and another tenant get 404, the seller staff 403', async () => {
    const body = { received_on: '2026-11-05', amount: 1000, payer_name: 'ｼｮｯﾌﾟ', idempotency_key: 'k-scope-001' };
    expect((await transfer(tok[shop.email] as string, billId, body)).status).toBe(404);
    expect((await transfer(tok[other.email] as string, billId, body)).status).toBe(404);
    // staff act for their owner but never run its bills (the menu matrix)
    expect((await transfer((await login(base(), staff.email)).access, billId, body)).status).toBe(403);
    expect((await http(base(), 'GET', `/api/v1/bill/${billId}/payments`, { token: tok[other.email] })).status).toBe(404);
  });

  it('a partial transfer leaves the bill open with its balance; the same submit again records nothing more', async () => {
    const body = { received_on: '2026-11-05', amount: 100_000, payer_name: 'ｼｮｯﾌﾟ(ｶ', idempotency_key: 'k-first-0001' };
    const [a, b] = await Promise.all([
      transfer(tok[master.email] as string, billId, body),
      transfer(tok[master.email] as string, billId, body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toMatchObject({ status: 'UNPAID', total: TOTAL, received: 100_000, balance: 42_780 });
    const again = await transfer(tok[master.email] as string, billId, body);
    expect(again.body).toMatchObject({ status: 'UNPAID', received: 100_000, balance: 42_780 });
    const receipts = (again.body as { receipts: { kind: string; amount: number; received_on: string; payer_name: string }[] }).receipts;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ kind: 'BANK_TRANSFER', amount: 100_000, received_on: '2026-11-05', payer_name: 'ｼｮｯﾌﾟ(ｶ' });
    expect((await billOf(s.ctx, shop.id, MONTH)).status).toBe('UNPAID');
  });

  it('more than the balance is refused with the balance in the message', async () => {
    const r = await transfer(tok[master.email] as string, billId, {
      received_on: '2026-11-06',
      amount: 42_781,
      payer_name: 'ｼｮｯﾌﾟ(ｶ',
      idempotency_key: 'k-over-0001',
    });
    expect(r.status).toBe(422);
    expect((r.body as { fields: { path: string; message: string }[] }).fields).toEqual([
      { path: 'amount', message: 'More than the balance due (¥42,780).' },
    ]);
  });

  it('the transfer that covers the rest pays the bill, audited; afterwards nothing more can be recorded', async () => {
    const r = await transfer(tok[master.email] as string, billId, {
      received_on: '2026-11-09',
      amount: 42_780,
      payer_name: 'ｼｮｯﾌﾟ(ｶ',
      idempotency_key: 'k-second-001',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'PAID', total: TOTAL, received: 142_780, balance: 0 });
    expect((await billOf(s.ctx, shop.id, MONTH)).status).toBe('PAID');
    const audit = await s.ctx.db.query<{ detail: { amount: number; balance: number } }>(
      "SELECT detail FROM audit_log WHERE action = 'payment.transfer' ORDER BY id",
    );
    expect(audit.map((a) => [a.detail.amount, a.detail.balance])).toEqual([
      [100_000, 42_780],
      [42_780, 0],
    ]);
    const late = await transfer(tok[master.email] as string, billId, {
      received_on: '2026-11-10',
      amount: 1,
      payer_name: 'ｼｮｯﾌﾟ(ｶ',
      idempotency_key: 'k-late-00001',
    });
    expect(late.status).toBe(409);
    // the payer sees both transfers beside its bill
    const mine = await http<{ receipts: { amount: number }[] }>(base(), 'GET', `/api/v1/bill/${billId}/payments`, {
      token: tok[shop.email],
    });
    expect(mine.body.receipts.map((x) => x.amount)).toEqual([100_000, 42_780]);
  });

  it('force-complete stays for the exceptions (a bill settled outside)', async () => {
    const id = (await billOf(s.ctx, other.id, MONTH)).id;
    const r = await http(base(), 'POST', `/api/v1/payments/${id}/force-complete`, { token: tok[master.email] });
    expect(r.status).toBe(200);
    expect((await billOf(s.ctx, other.id, MONTH)).status).toBe('COMPLETED');
    const after = await transfer(tok[master.email] as string, id, {
      received_on: '2026-11-10',
      amount: 1,
      payer_name: 'x',
      idempotency_key: 'k-after-0001',
    });
    expect(after.status).toBe(409);
  });

  it('the bills CSV: translated headers, invoice number, amounts, received and balance, status, Japan time, due date', async () => {
    await s.ctx.db.query("UPDATE payments SET issued_at = '2026-10-31T15:00:00Z' WHERE id = $1", [billId]);
    const detail = await http<{ invoice_number: string }>(base(), 'GET', `/api/v1/bill/${billId}`, { token: tok[master.email] });
    const r = await fetch(`${base()}/api/v1/bill/issued/export-csv?sort=year_month`, {
      headers: { authorization: `Bearer ${tok[master.email]}`, 'accept-language': 'ja' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="bills-2026-11-10.csv"');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [head, ...rows] = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(head).toBe(
      '請求書番号,請求月,会社名,プラン,プラン料金（円・税抜）,PV 超過料金（円・税抜）,ライセンス料（円・税抜）,初期費用（円・税抜）,小計（円・税抜）,消費税（円）,合計（円・税込）,入金済み（円）,未入金残高（円）,支払方法,ステータス,発行日時（日本時間）,支払期限',
    );
    const shopRow = rows.find((l) => l.includes('Shop K.K.'));
    expect(shopRow).toBe(
      `${detail.body.invoice_number},2026-10,Shop K.K.,Standard,29800,0,0,100000,129800,12980,142780,142780,0,銀行振込,支払済み,2026-11-01 00:00 JST,2026-11-30`,
    );
    expect(rows.find((l) => l.includes('Other K.K.'))).toMatch(
      /,142780,0,142780,銀行振込,完了（強制）,\d{4}-\d{2}-\d{2} \d{2}:\d{2} JST,2026-11-30$/,
    );
  });
});
