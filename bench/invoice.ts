import type { AppContext } from '../apps/server/src/context.js';
import { Clock } from '../apps/server/src/lib/clock.js';
import type { InvoiceDocument } from '../apps/server/src/modules/billing/invoice.js';
import { documentOf } from '../apps/server/src/modules/billing/invoice-export.js';
import { invoiceOfBill } from '../apps/server/src/modules/billing/invoice-issue.js';
import { renderInvoicePdf } from '../apps/server/src/modules/billing/invoice-pdf.js';
import { findPayment } from '../apps/server/src/modules/billing/repo.js';
import { billMonth } from '../apps/server/src/modules/billing/service.js';
import { http, login, makeAccount, makePlan, startTestServer } from '../apps/server/src/test/helpers.js';
import { line } from './lib.js';

// The invoice PDF p95 under 300 ms after the first render, through
// GET /bill/{id}/export-pdf (auth, scope, the bill and its stored invoice read, pdfkit with the Noto Sans JP subset)
// and the render alone. Database: DATABASE_URL if set (PostgreSQL), else PGlite. Figures are printed, never asserted.

const N = 60;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

export async function run(): Promise<void> {
  console.log('invoice PDF');
  // October 2026 has ended: its bill is issued at 00:00 JST on 1 November
  const s = await startTestServer({}, { clock: new Clock().set('2026-11-01T00:00:00+09:00') });
  try {
    const master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@bench-inv.test', companyName: 'Platform' });
    const user = await makeAccount(s.ctx, {
      parentId: master.id,
      type: 'MASTER_USER',
      email: 'user@bench-inv.test',
      companyName: '株式会社ベンチ',
    });
    const plan = await makePlan(s.ctx, { name: 'Standard' });
    // on the plan since 15 September (the history row a plan assignment writes)
    await s.ctx.db.query("UPDATE accounts SET plan_id = $2, created_at = '2026-09-15T10:00:00+09:00' WHERE id = $1", [user.id, plan]);
    await s.ctx.db.query(
      "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, '2026-09-15T10:00:00+09:00', 'created', 'ACTIVE', $2)",
      [user.id, plan],
    );
    await billMonth(s.ctx, '2026-10', s.ctx.clock.now());
    const ut = (await login(s.adminUrl, user.email)).access;
    const list = await http<{ items: { id: number }[] }>(s.adminUrl, 'GET', '/api/v1/bill', { token: ut });
    const id = list.body.items[0]?.id;
    if (!id) throw new Error('no bill was made');
    const get = async () => {
      const t0 = performance.now();
      const r = await fetch(`${s.adminUrl}/api/v1/bill/${id}/export-pdf`, { headers: { authorization: `Bearer ${ut}` } });
      const bytes = (await r.arrayBuffer()).byteLength;
      if (r.status !== 200) throw new Error(`export-pdf answered ${r.status}`);
      return { ms: performance.now() - t0, bytes };
    };
    const first = await get();
    const times: number[] = [];
    for (let i = 0; i < N; i++) times.push((await get()).ms);
    times.sort((a, b) => a - b);
    line('first download (font read, cold)', fmt(first.ms));
    line(`download p50 over ${N}`, fmt(pct(times, 50)));
    line(`download p95 over ${N}`, fmt(pct(times, 95)), '< 300 ms');
    line('PDF size', `${(first.bytes / 1024).toFixed(1)} KiB`);
    const direct = (
      await invoicePdfTimes(
        s.ctx,
        Array.from({ length: N + 1 }, () => id),
      )
    )
      .slice(1)
      .sort((a, b) => a - b);
    line(`bill read + render p95 over ${N} (no HTTP)`, fmt(pct(direct, 95)), '< 300 ms');
    const render: number[] = [];
    const input: InvoiceDocument = {
      kind: 'invoice',
      number: 'INV-0000001',
      issuedAt: new Date('2026-10-31T15:00:00Z'),
      content: {
        v: 1,
        lang: 'ja',
        issueDate: '2026-11-01',
        month: '2026-10',
        issuer: { name: 'スワイプ株式会社', registrationNumber: 'T1234567890123', address: '東京都千代田区1-1-1' },
        recipient: { companyName: '株式会社ベンチ' },
        planName: 'スタンダード',
        lines: [{ kind: 'plan', quantity: 1, unitPrice: 30000, amount: 30000, taxRate: 10 }],
        taxes: [{ rate: 10, subtotal: 30000, tax: 3000 }],
        subtotal: 30000,
        tax: 3000,
        total: 33000,
        dueDate: '2026-11-30',
        payment: { kind: 'card', brand: 'Visa', last4: '4242' },
        replaces: null,
        returnOf: null,
      },
    };
    for (let i = 0; i < N; i++) {
      const t0 = performance.now();
      await renderInvoicePdf(input);
      render.push(performance.now() - t0);
    }
    render.sort((a, b) => a - b);
    line(`render alone p95 over ${N}`, fmt(pct(render, 95)), '< 300 ms');
  } finally {
    await s.drop();
  }
}

/**
 * For `npm run bench -- billing`: the time to make each bill's invoice PDF (the bill and its stored invoice read, then
 * the render),
 * one bill after another, in milliseconds; the caller drops the first (cold font) and takes the p95.
 */
export async function invoicePdfTimes(ctx: AppContext, ids: number[]): Promise<number[]> {
  const times: number[] = [];
  for (const id of ids) {
    const t0 = performance.now();
    const row = await findPayment(ctx.db, id);
    if (!row) continue;
    await renderInvoicePdf(documentOf(await invoiceOfBill(ctx, row)));
    times.push(performance.now() - t0);
  }
  return times;
}
