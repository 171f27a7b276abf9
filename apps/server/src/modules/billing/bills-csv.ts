import { type BillListQuery, formatJapanTime, japanDay } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { csvDocument } from '../../lib/csv.js';
import type { Actor } from '../accounts/actor.js';
import { receivedByPayment } from './repo/receipts.js';
import { listBills } from './service.js';

// The CSV of the bills a seller issued (GET /bill/issued/export-csv): headers in the caller's language, one row per
// bill with its invoice number, amounts in yen, what was received and the balance, method and status as the screen
// words them, the issue time in Japan time and the due date as YYYY-MM-DD. Written by the one CSV writer (BOM,
// formula-safe cells).

const COLUMNS = [
  'invoice_number',
  'month',
  'company',
  'plan',
  'plan_fee',
  'pv_fee',
  'license_fee',
  'initial_fee',
  'subtotal',
  'tax',
  'total',
  'received',
  'balance',
  'method',
  'status',
  'issued_at',
  'due_date',
] as const;

export async function billsCsv(ctx: AppContext, actor: Actor, f: BillListQuery, lang: Lang): Promise<{ csv: string; fileName: string }> {
  const { items } = await listBills(ctx, actor, 'issued', f, true);
  const received = await receivedByPayment(
    ctx.db,
    items.map((b) => b.id),
  );
  const t = (k: string) => translate(lang, `server.bills_csv_${k}`);
  const rows = items.map((b) => {
    const got = received.get(b.id) ?? 0;
    const cells: Record<(typeof COLUMNS)[number], string | number> = {
      invoice_number: b.invoiceNumber,
      month: b.yearMonth,
      company: b.accountCompany,
      plan: b.planName,
      plan_fee: b.planFee,
      pv_fee: b.pvFee,
      license_fee: b.licenseFee,
      initial_fee: b.initialFee,
      subtotal: b.subtotal,
      tax: b.tax,
      total: b.total,
      received: got,
      balance: Math.max(0, b.total - got),
      method: t(`method_${b.method.toLowerCase()}`),
      status: t(`status_${b.status.toLowerCase()}`),
      issued_at: formatJapanTime(b.issuedAt),
      due_date: b.dueDate.slice(0, 10),
    };
    return COLUMNS.map((c) => cells[c]);
  });
  return {
    csv: csvDocument([COLUMNS.map((c) => t(c)), ...rows]),
    fileName: `bills-${japanDay(ctx.clock.now())}.csv`,
  };
}
