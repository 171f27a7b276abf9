import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { http, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { storePreviousInvoices } from './invoice-issue.js';
import { pdfText } from './invoice-text.js';
import { billMonth } from './service.js';

// Issued invoices are documents: their content is stored at issue and every PDF is drawn from it, whatever happens to
// the bill afterwards (a declined card, a payment, a force-complete, a new registration number, a renamed customer).
// A correction voids the invoice and issues a new one with the issuer's next number naming it, plus a qualified
// return invoice where a settled bill's total goes down. Numbers run per issuer, gapless. Every figure below is
// worked out by hand in the comments.

const CARD_OK = '4242424242424242';
const CARD_DECLINED = '4000000000000002';
const BANK = 'テスト銀行 本店 普通 7654321';
let s: TestServer;
let base: string;
const acc: Record<string, AccountRow> = {};
const tok: Record<string, string> = {};
const plans: Record<string, number> = {};

async function plan(name: string, price: number, owner: number | null = null): Promise<number> {
  const r = await s.ctx.db.one<{ id: number }>(
    'INSERT INTO plans (name, price, limit_access, limit_access_price, owner_account_id) VALUES ($1, $2, 0, 0, $3) RETURNING id',
    [name, price, owner],
  );
  plans[name] = Number(r.id);
  return Number(r.id);
}

/** An account on a plan since 15 September 2026 (so October is billed, with the initial fee: its first bill). */
async function account(name: string, type: AccountRow['type'], parent: string | null, planName: string | null): Promise<AccountRow> {
  const a = await makeAccount(s.ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@docs.test`,
    companyName: `${name} 株式会社`,
    planId: planName ? plans[planName] : null,
  });
  await s.ctx.db.query("UPDATE accounts SET created_at = '2026-09-15T10:00:00+09:00' WHERE id = $1", [a.id]);
  if (planName)
    await s.ctx.db.query(
      "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, '2026-09-15T10:00:00+09:00', 'created', 'ACTIVE', $2)",
      [a.id, plans[planName]],
    );
  acc[name] = a;
  return a;
}

const billId = async (name: string, month = '2026-10'): Promise<number> =>
  Number(
    (await s.ctx.db.one<{ id: number }>('SELECT id FROM payments WHERE account_id = $1 AND year_month = $2', [acc[name]?.id, month])).id,
  );

/** The number of the first invoice of an account's October bill (the run numbers its bills in any order). */
const firstNumber = async (name: string): Promise<string> =>
  (
    await s.ctx.db.one<{ number: string }>(
      "SELECT number FROM invoices WHERE payment_id = $1 AND kind = 'invoice' AND replaces_id IS NULL",
      [await billId(name)],
    )
  ).number;

async function pdf(token: string, url: string): Promise<{ status: number; name: string; text: string }> {
  const res = await fetch(`${base}/api/v1${url}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '';
  return { status: res.status, name, text: res.status === 200 ? await pdfText(bytes) : '' };
}
const squeeze = (t: string) => t.replace(/\s+/g, '');

beforeAll(async () => {
  s = await startTestServer(
    {
      billing: {
        paymentProvider: 'test',
        licenseFeeYen: 10_000,
        bankTransferDestination: BANK,
        issuerName: 'スワイプ株式会社',
        issuerRegistrationNumber: 'T9876543210987',
        issuerAddress: '東京都千代田区1-1',
      },
    },
    // 00:00 JST on 1 November 2026: October has just ended and is billed now
    { clock: new Clock().set('2026-11-01T00:00:00+09:00', { frozen: true }) },
  );
  base = s.adminUrl;
  await account('M', 'MASTER', null, null);
  await plan('Odd', 10_005);
  await account('A', 'MASTER_USER', 'M', 'Odd');
  await account('B', 'MASTER_USER', 'M', 'Odd');
  await account('C', 'MASTER_USER', 'M', 'Odd');
  await account('O', 'OEM_MASTER', 'M', 'Odd');
  await plan('Reseller', 3_000, acc.O?.id);
  await account('OU1', 'USER', 'O', 'Reseller');
  await account('OU2', 'USER', 'O', 'Reseller');
  await account('X', 'OEM_MASTER', 'M', null);
  await account('XU', 'USER', 'X', null);
  for (const n of Object.keys(acc)) tok[n] = (await login(base, acc[n]?.email as string)).access;
  expect((await billMonth(s.ctx, '2026-10', s.ctx.clock.now())).billed).toBe(6);
}, 120_000);
afterAll(async () => {
  await s?.drop();
});

describe('issue', () => {
  it('numbers each issuer on its own sequence: the platform INV-0000001.., the OEM master INV-S<id>-0000001..', async () => {
    const rows = await s.ctx.db.query<{ account_id: number; number: string; issuer_key: string; seq: number }>(
      "SELECT p.account_id, i.number, i.issuer_key, i.seq FROM invoices i JOIN payments p ON p.id = i.payment_id WHERE i.kind = 'invoice' ORDER BY i.number",
    );
    const platform = rows.filter((r) => r.issuer_key === 'platform').map((r) => r.number);
    const oem = rows.filter((r) => r.issuer_key === `account:${acc.O?.id}`).map((r) => r.number);
    // A, B, C and O are billed by the platform; OU1 and OU2 by O on its own plan
    expect(platform).toEqual(['INV-0000001', 'INV-0000002', 'INV-0000003', 'INV-0000004']);
    expect(oem).toEqual([`INV-S${acc.O?.id}-0000001`, `INV-S${acc.O?.id}-0000002`]);
    const list = await http<{ items: { invoice_number: string }[] }>(base, 'GET', '/api/v1/bill', { token: tok.A });
    expect(list.body.items.map((b) => b.invoice_number)).toEqual([rows.find((r) => Number(r.account_id) === acc.A?.id)?.number]);
  });

  it('stores the content and prints it: issuer, registration number, recipient, lines, tax floored once, due date', async () => {
    // Odd: 10,005 + initial fee 100,000 = 110,005; tax floor(11,000.5) = 11,000; total 121,005; due 30 November
    const id = await billId('A');
    const c = await s.ctx.db.one<{ content: Record<string, unknown> }>('SELECT content FROM invoices WHERE payment_id = $1', [id]);
    expect(c.content).toMatchObject({
      issueDate: '2026-11-01',
      month: '2026-10',
      dueDate: '2026-11-30',
      issuer: { name: 'スワイプ株式会社', registrationNumber: 'T9876543210987', address: '東京都千代田区1-1' },
      recipient: { companyName: 'A 株式会社' },
      subtotal: 110_005,
      tax: 11_000,
      total: 121_005,
      taxes: [{ rate: 10, subtotal: 110_005, tax: 11_000 }],
      payment: { kind: 'bank_transfer', destination: BANK },
    });
    const r = await pdf(tok.A as string, `/bill/${id}/export-pdf`);
    expect(r.status).toBe(200);
    const number = await firstNumber('A');
    expect(number).toMatch(/^INV-000000[1-4]$/);
    expect(r.name).toBe(`invoice-${number}.pdf`);
    const text = squeeze(r.text);
    for (const part of [
      '適格請求書',
      number,
      '発行日2026年11月1日',
      'お支払期限2026年11月30日',
      'A株式会社御中',
      '登録番号:T9876543210987',
      '¥10,005',
      '¥100,000',
      '10%対象小計（税抜）¥110,005',
      '消費税（10%）¥11,000',
      '合計（税込）¥121,005',
      'テスト銀行本店普通7654321',
    ])
      expect(text).toContain(part);
    expect(text).not.toMatch(/NaN|undefined/);
    const detail = await http<{ invoice_number: string; due_date: string; total: number }>(base, 'GET', `/api/v1/bill/${id}`, {
      token: tok.M,
    });
    expect(detail.body).toMatchObject({ invoice_number: number, due_date: '2026-11-30', total: 121_005 });
  });

  it("an OEM master's customers get a plain invoice in the OEM master's name without a registration number", async () => {
    // Reseller: 3,000 + 100,000 = 103,000; tax 10,300; total 113,300
    const r = await pdf(tok.OU1 as string, `/bill/${await billId('OU1')}/export-pdf`);
    const text = squeeze(r.text);
    expect(text).toContain('O株式会社');
    expect(text).toContain('合計（税込）¥113,300');
    expect(text).toContain('適格請求書ではありません');
    expect(text).not.toContain('T9876543210987');
  });
});

describe('an issued invoice does not change', () => {
  it('reads the same text after a declined card, a payment, a new registration number and a renamed customer', async () => {
    const id = await billId('B');
    const url = `/bill/${id}/export-pdf`;
    const before = await pdf(tok.B as string, url);
    expect(squeeze(before.text)).toContain('テスト銀行本店普通7654321');
    const card = async (number: string) => {
      const t = await http<{ token: string }>(base, 'POST', '/api/v1/bill/test-provider/tokens', {
        token: tok.B,
        body: { number, exp_month: 12, exp_year: 2030, cvc: '123' },
      });
      expect((await http(base, 'POST', '/api/v1/bill/card', { token: tok.B, body: { token: t.body.token } })).status).toBe(200);
    };
    await card(CARD_DECLINED);
    expect((await http(base, 'POST', `/api/v1/bill/${id}/pay`, { token: tok.B, body: {} })).status).toBe(422);
    const afterDecline = await pdf(tok.B as string, url);
    expect(afterDecline.text).toBe(before.text);
    await card(CARD_OK);
    expect((await http(base, 'POST', `/api/v1/bill/${id}/pay`, { token: tok.B, body: {} })).status).toBe(200);
    expect((await s.ctx.db.one<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id])).status).toBe('PAID');
    const afterPay = await pdf(tok.B as string, url);
    expect(afterPay.text).toBe(before.text);
    expect(afterPay.text).not.toContain('4242');
    // the customer renames itself: the issued invoice keeps the name it was issued to
    await s.ctx.db.query("UPDATE accounts SET company_name = 'B Renamed' WHERE id = $1", [acc.B?.id]);
    expect((await pdf(tok.M as string, url)).text).toBe(before.text);
  });

  it('reads the same text after a force-complete, and after its OEM master gets a registration number', async () => {
    const id = await billId('OU2');
    const url = `/bill/${id}/export-pdf`;
    const before = await pdf(tok.O as string, url);
    const forced = await http(base, 'POST', `/api/v1/payments/${id}/force-complete`, { token: tok.O });
    expect(forced.status).toBe(200);
    expect((await pdf(tok.O as string, url)).text).toBe(before.text);
    const set = await http(base, 'PUT', '/api/v1/invoice-issuer', { token: tok.O, body: { registration_number: 'T1234567890123' } });
    expect(set.status).toBe(200);
    const after = await pdf(tok.OU2 as string, url);
    expect(after.text).toBe(before.text);
    expect(squeeze(after.text)).toContain('適格請求書ではありません');
  });

  it('the database refuses changing or deleting an issued invoice', async () => {
    const id = await billId('A');
    await expect(s.ctx.db.query(`UPDATE invoices SET content = '{}' WHERE payment_id = $1`, [id])).rejects.toThrow(/does not change/);
    await expect(s.ctx.db.query("UPDATE invoices SET number = 'INV-9' WHERE payment_id = $1", [id])).rejects.toThrow(/does not change/);
    await expect(s.ctx.db.query('DELETE FROM invoices WHERE payment_id = $1', [id])).rejects.toThrow(/never deleted/);
  });
});

describe('void and re-issue', () => {
  it('is the seller only, scoped: the payer and another tenant get 404, bad lines 422 (translated)', async () => {
    const id = await billId('C');
    const body = { lines: [{ kind: 'plan', quantity: 1, unit_price: 10_005 }], reason: '初期費用の誤り' };
    expect((await http(base, 'POST', `/api/v1/bill/${id}/reissue`, { token: tok.C, body })).status).toBe(404);
    expect((await http(base, 'POST', `/api/v1/bill/${id}/reissue`, { token: tok.X, body })).status).toBe(404);
    expect((await http(base, 'POST', `/api/v1/bill/${id}/reissue`, { token: tok.O, body })).status).toBe(404);
    expect((await http(base, 'GET', `/api/v1/bill/${id}/documents`, { token: tok.X })).status).toBe(404);
    const own = await http<{ items: { id: number }[] }>(base, 'GET', `/api/v1/bill/${id}/documents`, { token: tok.C });
    expect((await pdf(tok.X as string, `/bill/${id}/documents/${own.body.items[0]?.id}/export-pdf`)).status).toBe(404);
    expect((await pdf(tok.XU as string, `/bill/${id}/export-pdf`)).status).toBe(404);
    expect((await http(base, 'POST', `/api/v1/bill/999999/reissue`, { token: tok.M, body })).status).toBe(404);
    const dup = await http<{ fields: { path: string; message: string }[] }>(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.M,
      lang: 'en',
      body: { ...body, lines: [body.lines[0], body.lines[0]] },
    });
    expect(dup.status).toBe(422);
    expect(dup.body.fields).toEqual([{ path: 'lines', message: 'This value is used twice.' }]);
    const noReason = await http<{ fields: { path: string }[] }>(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.M,
      body: { ...body, reason: '  ' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.fields.map((f) => f.path)).toEqual(['reason']);
    // nothing was issued by the refused calls
    expect((await http<{ items: unknown[] }>(base, 'GET', `/api/v1/bill/${id}/documents`, { token: tok.M })).body.items).toHaveLength(1);
  });

  it("voids the open invoice and issues the platform's next number, INV-0000005, naming it; the old PDF reads as issued", async () => {
    const id = await billId('C');
    const c = await firstNumber('C');
    const oldText = (await pdf(tok.C as string, `/bill/${id}/export-pdf`)).text;
    expect(squeeze(oldText)).toContain(c);
    s.ctx.clock.set('2026-11-10T15:00:00+09:00', { frozen: true });
    // the initial fee is taken off: 10,005, tax floor(1,000.5) = 1,000, total 11,005
    const r = await http<{ message: string; voided_number: string; invoice: { number: string }; return_invoice: unknown }>(
      base,
      'POST',
      `/api/v1/bill/${id}/reissue`,
      {
        token: tok.M,
        lang: 'en',
        body: { lines: [{ kind: 'plan', quantity: 1, unit_price: 10_005 }], reason: 'Initial fee charged twice' },
      },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ voided_number: c, invoice: { number: 'INV-0000005' }, return_invoice: null });
    expect(r.body.message).toBe(`Invoice INV-0000005 was issued; ${c} is void.`);
    const bill = await s.ctx.db.one<{ subtotal: number; tax: number; total: number; initial_fee: number; status: string }>(
      'SELECT subtotal, tax, total, initial_fee, status FROM payments WHERE id = $1',
      [id],
    );
    expect(bill).toEqual({ subtotal: 10_005, tax: 1_000, total: 11_005, initial_fee: 0, status: 'UNPAID' });
    const fresh = squeeze((await pdf(tok.C as string, `/bill/${id}/export-pdf`)).text);
    for (const part of [
      'INV-0000005',
      '発行日2026年11月10日',
      `この請求書は、${c}（2026年11月1日発行）を取り消して差し替えるものです。`,
      '合計（税込）¥11,005',
      'お支払期限2026年11月30日',
    ])
      expect(fresh).toContain(part);
    expect(fresh).not.toContain('¥100,000');
    const docs = await http<{ items: { id: number; number: string; voided_at: string | null; refers_to: string | null; total: number }[] }>(
      base,
      'GET',
      `/api/v1/bill/${id}/documents`,
      { token: tok.C },
    );
    expect(docs.body.items.map((d) => [d.number, d.voided_at !== null, d.refers_to, d.total])).toEqual([
      [c, true, null, 121_005],
      ['INV-0000005', false, c, 11_005],
    ]);
    const old = await pdf(tok.C as string, `/bill/${id}/documents/${docs.body.items[0]?.id}/export-pdf`);
    expect(old.text).toBe(oldText);
    expect(old.name).toBe(`invoice-${c}.pdf`);
    // a document of another bill is not found under this one
    const other = await billId('A');
    expect((await pdf(tok.A as string, `/bill/${other}/documents/${docs.body.items[0]?.id}/export-pdf`)).status).toBe(404);
  });

  it('a settled bill corrected downwards gets a qualified return invoice stating the return per rate', async () => {
    // B paid 121,005 (10,005 + 100,000, tax 11,000). Corrected to the plan alone: 10,005 + tax 1,000 = 11,005.
    // Returned: 100,000 at 10 %, tax 11,000 - 1,000 = 10,000, total 110,000 (= 121,005 - 11,005).
    const id = await billId('B');
    const b = await firstNumber('B');
    s.ctx.clock.set('2026-11-20T11:00:00+09:00', { frozen: true });
    const more = await http(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.M,
      body: {
        lines: [
          { kind: 'plan', quantity: 1, unit_price: 10_005 },
          { kind: 'initial', quantity: 1, unit_price: 100_001 },
        ],
        reason: 'x',
      },
    });
    expect(more.status).toBe(422);
    const r = await http<{ message: string; invoice: { number: string }; return_invoice: { id: number; number: string; total: number } }>(
      base,
      'POST',
      `/api/v1/bill/${id}/reissue`,
      { token: tok.M, body: { lines: [{ kind: 'plan', quantity: 1, unit_price: 10_005 }], reason: '初期費用の二重請求' } },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.invoice.number).toBe('INV-0000006');
    expect(r.body.return_invoice).toMatchObject({ number: 'RET-0000001', total: 110_000 });
    expect(r.body.message).toBe(
      `請求書 INV-0000006 を発行し、${b} を取り消しました。返還額 ¥110,000 の適格返還請求書 RET-0000001 を発行しました。`,
    );
    expect(await s.ctx.db.one<{ status: string; total: number }>('SELECT status, total FROM payments WHERE id = $1', [id])).toEqual({
      status: 'PAID',
      total: 11_005,
    });
    const ret = squeeze((await pdf(tok.B as string, `/bill/${id}/documents/${r.body.return_invoice.id}/export-pdf`)).text);
    for (const part of [
      '適格返還請求書',
      'スワイプ株式会社',
      '登録番号:T9876543210987',
      'RET-0000001',
      '返還日2026年11月20日',
      `元の取引2026年10月分/${b}（2026年11月1日発行）`,
      '初期費用',
      '10%対象返還額（税抜）¥100,000',
      '返還に係る消費税（10%）¥10,000',
      '返還額合計（税込）¥110,000',
    ])
      expect(ret).toContain(part);
    // the corrected invoice names the customer as it is now
    expect(squeeze((await pdf(tok.B as string, `/bill/${id}/export-pdf`)).text)).toContain('BRenamed御中');
  });

  it('an open bill part paid by transfer cannot go below what was received; down to it, it is paid', async () => {
    // OU1 owes 113,300 (3,000 + 100,000, tax 10,300); 33,000 arrived by transfer
    const id = await billId('OU1');
    const transfer = await http(base, 'POST', `/api/v1/payments/${id}/transfers`, {
      token: tok.O,
      body: { received_on: '2026-11-18', amount: 33_000, payer_name: 'OU1 カ', idempotency_key: 'transfer-ou1-1' },
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    // the plan alone: 3,000 + 300 = 3,300, below the 33,000 received
    const below = await http<{ message: string }>(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.O,
      lang: 'en',
      body: { lines: [{ kind: 'plan', quantity: 1, unit_price: 3_000 }], reason: 'x' },
    });
    expect([below.status, below.body.message]).toEqual([
      422,
      'The new total is below what was already received by transfer. Record the bill as settled first.',
    ]);
    // ten months of the plan: 30,000 + tax 3,000 = 33,000, what was received
    const r = await http<{ invoice: { number: string }; return_invoice: unknown }>(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.O,
      body: { lines: [{ kind: 'plan', quantity: 10, unit_price: 3_000 }], reason: '年払いへの訂正' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ invoice: { number: `INV-S${acc.O?.id}-0000003` }, return_invoice: null });
    expect(await s.ctx.db.one('SELECT status, total FROM payments WHERE id = $1', [id])).toEqual({ status: 'PAID', total: 33_000 });
  });

  it('refuses a void bill (409) and voids the invoice with the bill', async () => {
    const id = await billId('A');
    expect((await http(base, 'POST', `/api/v1/payments/${id}/void`, { token: tok.M })).status).toBe(200);
    const docs = await http<{ items: { voided_at: string | null }[] }>(base, 'GET', `/api/v1/bill/${id}/documents`, { token: tok.M });
    expect(docs.body.items.map((d) => d.voided_at !== null)).toEqual([true]);
    const again = await http<{ message: string }>(base, 'POST', `/api/v1/bill/${id}/reissue`, {
      token: tok.M,
      lang: 'en',
      body: { lines: [{ kind: 'plan', quantity: 1, unit_price: 1 }], reason: 'x' },
    });
    expect([again.status, again.body.message]).toEqual([409, 'A void bill cannot be re-issued.']);
  });
});

describe('numbering', () => {
  it('is gapless per issuer under two bill runs at once', async () => {
    // twelve more platform customers and five more of the OEM master's, and 250 platform customers made in SQL (so a
    // run has several statements of bills and the two runs' statements interleave), billed for November by two runs
    for (let i = 0; i < 12; i++) await account(`P${i}`, 'MASTER_USER', 'M', 'Odd');
    for (let i = 0; i < 5; i++) await account(`Q${i}`, 'USER', 'O', 'Reseller');
    await s.ctx.db.query(
      `INSERT INTO accounts (parent_id, type, email, password_hash, company_name, plan_id, created_at)
       SELECT $1, 'MASTER_USER', 'bulk' || g || '@docs.test', 'x', 'Bulk ' || g, $2, '2026-09-15T10:00:00+09:00' FROM generate_series(1, 250) g`,
      [acc.M?.id, plans.Odd],
    );
    await s.ctx.db.query("UPDATE accounts SET path = '/' || $1 || '/' || id || '/' WHERE email LIKE 'bulk%@docs.test'", [acc.M?.id]);
    s.ctx.clock.set('2026-12-01T00:00:00+09:00', { frozen: true });
    const [r1, r2] = await Promise.all([billMonth(s.ctx, '2026-11', s.ctx.clock.now()), billMonth(s.ctx, '2026-11', s.ctx.clock.now())]);
    // November: A (void in October, still billable), B, C, O, P0..P11 and the 250 = 266 platform bills; OU1, OU2,
    // Q0..Q4 = 7 of the OEM master's
    expect(r1.billed + r2.billed).toBe(273);
    const rows = await s.ctx.db.query<{ issuer_key: string; seq: number; n: number }>(
      "SELECT issuer_key, seq, count(*)::int AS n FROM invoices WHERE kind = 'invoice' GROUP BY issuer_key, seq ORDER BY issuer_key, seq",
    );
    const seqs = (key: string) => rows.filter((r) => r.issuer_key === key).map((r) => Number(r.seq));
    // platform: 4 in October, 2 re-issues, 266 now = 1..272; the OEM master: 2 in October, 1 re-issue, 7 now = 1..10
    expect(seqs('platform')).toEqual(Array.from({ length: 272 }, (_, i) => i + 1));
    expect(seqs(`account:${acc.O?.id}`)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(rows.every((r) => r.n === 1)).toBe(true);
    const perBill = await s.ctx.db.query<{ n: number; numbers: string }>(
      `SELECT count(*)::int AS n, min(i.number) AS numbers FROM invoices i JOIN payments p ON p.id = i.payment_id
        WHERE p.year_month = '2026-11' GROUP BY p.id`,
    );
    expect(perBill.map((r) => r.n)).toEqual(Array(273).fill(1));
    expect(new Set(perBill.map((r) => r.numbers)).size).toBe(273);
  });
});

describe('bills issued before invoices were stored', () => {
  /** A bill as the earlier code wrote it: the row and its lines, no invoice (September, due 31 October). */
  async function earlierBill(name: string): Promise<number> {
    const r = await s.ctx.db.one<{ id: number }>(
      `INSERT INTO payments (account_id, seller_account_id, year_month, plan_name, plan_fee, monthly_fee, subtotal, tax, taxes, total,
          method, issued_at, due_date)
       VALUES ($1, $2, '2026-09', 'Odd', 10005, 10005, 10005, 1000, '[{"rate":10,"subtotal":10005,"tax":1000}]', 11005,
          'BANK_TRANSFER', '2026-09-30T15:00:00Z', '2026-10-31') RETURNING id`,
      [acc[name]?.id, acc.M?.id],
    );
    await s.ctx.db.query(
      "INSERT INTO bill_lines (payment_id, position, kind, quantity, unit_price, amount, tax_rate) VALUES ($1, 1, 'plan', 1, 10005, 10005, 10)",
      [r.id],
    );
    return Number(r.id);
  }

  it('the one-off job stores each under the number it was printed with, once; a read before it stores it the same way', async () => {
    const early = await earlierBill('P0');
    const read = await earlierBill('P1');
    // read before the job: stored on the spot, with the number and dates it had
    const first = await pdf(tok.M as string, `/bill/${read}/export-pdf`);
    const number = `INV-202609-${String(read).padStart(6, '0')}`;
    expect(first.name).toBe(`invoice-${number}.pdf`);
    const text = squeeze(first.text);
    for (const part of [number, '発行日2026年10月1日', 'お支払期限2026年10月31日', '合計（税込）¥11,005', 'P1株式会社御中'])
      expect(text).toContain(part);
    expect(await storePreviousInvoices(s.ctx)).toEqual({ stored: 1 });
    expect(await storePreviousInvoices(s.ctx)).toEqual({ stored: 0 });
    const rows = await s.ctx.db.query<{ payment_id: number; number: string; seq: number | null }>(
      'SELECT payment_id, number, seq FROM invoices WHERE payment_id = ANY($1::bigint[]) ORDER BY payment_id',
      [[early, read]],
    );
    expect(rows.map((r) => [Number(r.payment_id), r.number, r.seq])).toEqual([
      [early, `INV-202609-${String(early).padStart(6, '0')}`, null],
      [read, number, null],
    ]);
    // the stored one prints what it printed on the first read
    expect((await pdf(tok.M as string, `/bill/${read}/export-pdf`)).text).toBe(first.text);
  });
});
