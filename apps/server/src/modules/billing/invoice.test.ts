import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { pdfText } from './invoice-text.js';
import { billMonth } from './service.js';

// The invoice PDF for the payer and the seller (anyone else 404), the OEM master's registration number
// (GET/PUT /invoice-issuer), plain invoice without one (a number set later reaches invoices issued after it, never
// an issued one), the platform's from configuration.

let s: TestServer;
let base: string;
let master: AccountRow;
let oem: AccountRow;
let user: AccountRow;
let stranger: AccountRow;
const tok: Record<string, string> = {};

async function pdf(token: string, id: number): Promise<{ status: number; type: string | null; disposition: string | null; bytes: Buffer }> {
  const res = await fetch(`${base}/api/v1/bill/${id}/export-pdf`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

async function billOf(token: string): Promise<number> {
  const r = await http<{ items: Array<{ id: number }> }>(base, 'GET', '/api/v1/bill', { token });
  expect(r.status).toBe(200);
  const id = r.body.items[0]?.id;
  if (!id) throw new Error('no bill');
  return id;
}

beforeAll(async () => {
  s = await startTestServer(
    {
      billing: {
        paymentProvider: 'test',
        licenseFeeYen: 10_000,
        bankTransferDestination: 'テスト銀行 本店 普通 7654321',
        issuerName: 'スワイプ株式会社',
        issuerRegistrationNumber: 'T9876543210987',
        issuerAddress: '東京都千代田区1-1',
      },
    },
    // October 2026 has ended: its bills are issued at 00:00 JST on 1 November
    { clock: new Clock().set('2026-11-01T00:00:00+09:00', { frozen: true }) },
  );
  base = s.adminUrl;
  master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@inv.test', companyName: 'Platform' });
  oem = await makeAccount(s.ctx, { parentId: master.id, type: 'OEM_MASTER', email: 'oem@inv.test', companyName: '株式会社リセラー' });
  const other = await makeAccount(s.ctx, { parentId: master.id, type: 'OEM_MASTER', email: 'oem2@inv.test', companyName: 'Other' });
  user = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'user@inv.test', companyName: '株式会社テスト' });
  stranger = await makeAccount(s.ctx, { parentId: other.id, type: 'USER', email: 'stranger@inv.test', companyName: 'Stranger' });
  const platformPlan = await makePlan(s.ctx, { name: 'Standard' });
  const oemPlan = await makePlan(s.ctx, { name: 'Reseller Light' });
  await s.ctx.db.query('UPDATE plans SET owner_account_id = $1, price = 105 WHERE id = $2', [oem.id, oemPlan]);
  await s.ctx.db.query('UPDATE plans SET price = 30000 WHERE id = $1', [platformPlan]);
  for (const [k, a] of Object.entries({ master, oem, user, stranger, other })) tok[k] = (await login(base, a.email)).access;
  // on their plans since 15 September (the history rows a plan assignment writes)
  for (const [a, plan] of [
    [oem, platformPlan],
    [user, oemPlan],
  ] as const) {
    await s.ctx.db.query("UPDATE accounts SET plan_id = $2, created_at = '2026-09-15T10:00:00+09:00' WHERE id = $1", [a.id, plan]);
    await s.ctx.db.query(
      "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, '2026-09-15T10:00:00+09:00', 'created', 'ACTIVE', $2)",
      [a.id, plan],
    );
  }
  await billMonth(s.ctx, '2026-10', s.ctx.clock.now());
});
afterAll(async () => {
  await s?.drop();
});

describe('invoice PDF', () => {
  it('gives the payer a plain invoice while its OEM master has no registration number', async () => {
    const id = await billOf(tok.user as string);
    const r = await pdf(tok.user as string, id);
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/pdf');
    expect(r.disposition).toMatch(/^attachment; filename="invoice-INV-S\d+-\d{7}\.pdf"$/);
    expect(r.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfText(r.bytes)).replace(/\s+/g, '');
    expect(text).toContain('請求書');
    expect(text).not.toContain('適格請求書です');
    expect(text).toContain('適格請求書ではありません');
    expect(text).toContain('株式会社テスト御中');
    expect(text).toContain('株式会社リセラー');
  });

  it('lets the OEM master set a valid number (422 otherwise, translated) and then prints it', async () => {
    const bad = await http<{ message: string[] }>(base, 'PUT', '/api/v1/invoice-issuer', {
      token: tok.oem,
      body: { registration_number: 'T123' },
    });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toContain('登録番号は T に続く13桁の数字で入力してください。');
    const badEn = await http<{ message: string[] }>(base, 'PUT', '/api/v1/invoice-issuer', {
      token: tok.oem,
      lang: 'en',
      body: { registration_number: '1234567890123' },
    });
    expect(badEn.status).toBe(422);
    expect(String(badEn.body.message)).toContain('The registration number is T followed by 13 digits.');
    const ok = await http<{ registration_number: string; editable: boolean }>(base, 'PUT', '/api/v1/invoice-issuer', {
      token: tok.oem,
      body: { registration_number: ' T1234567890123 ' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ registration_number: 'T1234567890123', editable: true, qualified: true });
    const id = await billOf(tok.user as string);
    // the invoice was issued without a number: it stays a plain invoice
    const issued = (await pdfText((await pdf(tok.user as string, id)).bytes)).replace(/\s+/g, '');
    expect(issued).toContain('適格請求書ではありません');
    expect(issued).not.toContain('T1234567890123');
    // a corrected invoice is issued with the number the OEM master has now (105 + 100,000 initial fee, as before)
    const re = await http(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.oem,
      body: {
        lines: [
          { kind: 'plan', quantity: 1, unit_price: 105 },
          { kind: 'initial', quantity: 1, unit_price: 100_000 },
        ],
        reason: '登録番号の記載漏れ',
      },
    });
    expect(re.status, JSON.stringify(re.body)).toBe(200);
    const payer = await pdf(tok.user as string, id);
    const text = (await pdfText(payer.bytes)).replace(/\s+/g, '');
    expect(text).toContain('適格請求書');
    expect(text).not.toContain('適格請求書ではありません');
    expect(text).toContain('T1234567890123');
    // 100,105 at 10 %: tax floor(10,010.5) = 10,010, total 110,115
    expect(text).toContain('消費税（10%）¥10,010');
    expect(text).toContain('合計（税込）¥110,115');
    // the seller gets the same bytes; the same invoice always gives the same PDF
    const seller = await pdf(tok.oem as string, id);
    expect(seller.status).toBe(200);
    expect(seller.bytes.equals(payer.bytes)).toBe(true);
    expect((await pdf(tok.user as string, id)).bytes.equals(payer.bytes)).toBe(true);
  });

  it('is 404 outside the payer and the seller', async () => {
    const id = await billOf(tok.user as string);
    expect((await pdf(tok.stranger as string, id)).status).toBe(404);
    expect((await pdf(tok.other as string, id)).status).toBe(404);
    expect((await pdf(tok.user as string, 999_999)).status).toBe(404);
  });

  it("prints the platform's issuer from configuration on the OEM master's bill", async () => {
    const id = await billOf(tok.oem as string);
    const r = await pdf(tok.oem as string, id);
    expect(r.status).toBe(200);
    const text = (await pdfText(r.bytes)).replace(/\s+/g, '');
    expect(text).toContain('T9876543210987');
    expect(text).toContain('スワイプ株式会社');
    expect(text).toContain('株式会社リセラー御中');
    expect((await pdf(tok.master as string, id)).status).toBe(200);
  });
});

describe('invoice issuer', () => {
  it('shows the platform master its configured issuer, which it cannot change here', async () => {
    const r = await http(base, 'GET', '/api/v1/invoice-issuer', { token: tok.master });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'スワイプ株式会社', registration_number: 'T9876543210987', editable: false });
    const put = await http<{ code: string }>(base, 'PUT', '/api/v1/invoice-issuer', {
      token: tok.master,
      body: { registration_number: null },
    });
    expect(put.status).toBe(409);
  });

  it('is for sellers only, and an OEM master may clear its number', async () => {
    expect((await http(base, 'GET', '/api/v1/invoice-issuer', { token: tok.user })).status).toBe(403);
    expect((await http(base, 'PUT', '/api/v1/invoice-issuer', { token: tok.user, body: { registration_number: null } })).status).toBe(403);
    const cleared = await http(base, 'PUT', '/api/v1/invoice-issuer', { token: tok.oem, body: { registration_number: '' } });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ registration_number: null, qualified: false });
    expect((await http(base, 'PUT', '/api/v1/invoice-issuer', { token: tok.oem, body: {} })).status).toBe(400);
  });

  it('GET /plan/mine: the payer its plan now (none for the platform master), in the plan check menu', async () => {
    const mine = await http<{ current: { names: { ja: string }; price: number } | null; next: unknown }>(base, 'GET', '/api/v1/plan/mine', {
      token: tok.user,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.current).toMatchObject({ names: { ja: 'Reseller Light' }, price: 105, version: 1 });
    expect(mine.body.next).toBeNull();
    const none = await http(base, 'GET', '/api/v1/plan/mine', { token: tok.master });
    expect(none.body).toEqual({ current: null, next: null });
  });
});
