import {
  canTransition,
  computeBill,
  INITIAL_FEE_YEN,
  monthOfJst,
  monthRangeJst,
  PAYMENT_STATUSES,
  PAYMENT_TRANSITIONS,
  type PaymentStatus,
  previousMonth,
  pvBlocks,
  taxesOf,
} from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { dueDateOf } from './run.js';

// The bill as a table: plan fee, PV blocks, licence, initial fee, tax once per invoice per rate.

const plan = { price: 10_000, limitAccess: 5_000, limitAccessPrice: 500 };
const base = { plan, pageViews: 0, licenseIssue: false, licenseFeeYen: 10_000, firstMonth: false };

describe('computeBill', () => {
  it.each([
    ['plan only', {}, ['plan'], 10_000, 1_000, 11_000],
    ['first month with the initial fee', { firstMonth: true }, ['plan', 'initial'], 10_000 + INITIAL_FEE_YEN, 11_000, 121_000],
    ['page views exactly at the limit', { pageViews: 5_000 }, ['plan'], 10_000, 1_000, 11_000],
    ['one page view over: one started block', { pageViews: 5_001 }, ['plan', 'pv'], 10_500, 1_050, 11_550],
    ['a whole block over', { pageViews: 6_000 }, ['plan', 'pv'], 10_500, 1_050, 11_550],
    ['a block and one', { pageViews: 6_001 }, ['plan', 'pv'], 11_000, 1_100, 12_100],
    ['licence fee', { licenseIssue: true }, ['plan', 'license'], 20_000, 2_000, 22_000],
    ['no plan in force: nothing', { plan: null, firstMonth: true }, [], 0, 0, 0],
  ])('%s', (_name, over, kinds, subtotal, tax, total) => {
    const b = computeBill({ ...base, ...over });
    expect(b.lines.map((l) => l.kind)).toEqual(kinds);
    expect([b.subtotal, b.tax, b.total]).toEqual([subtotal, tax, total]);
    expect(b.taxes.every((t) => t.rate === 10)).toBe(true);
  });

  it('three lines of 105 yen at 10 % give 31 yen of tax (once per invoice, rounded down), not 30', () => {
    const lines = [105, 105, 105].map((amount) => ({ amount, taxRate: 10 }));
    expect(taxesOf(lines)).toEqual([{ rate: 10, subtotal: 315, tax: 31 }]);
    const perLine = lines.reduce((s, l) => s + Math.floor((l.amount * 10) / 100), 0);
    expect(perLine).toBe(30);
    const b = computeBill({ ...base, plan: { price: 105, limitAccess: 0, limitAccessPrice: 0 }, licenseIssue: true, licenseFeeYen: 105 });
    expect(b.tax).toBe(Math.floor((210 * 10) / 100));
  });

  it('a limit of 0 means no PV fee', () => {
    expect(pvBlocks(1_000_000, 0)).toBe(0);
    expect(pvBlocks(5_000, 5_000)).toBe(0);
    expect(pvBlocks(5_001, 5_000)).toBe(1);
  });
});

describe('months in Japan time', () => {
  it('23:59:59 and 00:00:00 JST on a month boundary land in the right month', () => {
    expect(monthOfJst(new Date('2026-01-31T23:59:59+09:00'))).toBe('2026-01');
    expect(monthOfJst(new Date('2026-02-01T00:00:00+09:00'))).toBe('2026-02');
    const { start, end } = monthRangeJst('2026-01');
    expect(start.toISOString()).toBe('2025-12-31T15:00:00.000Z');
    expect(end.toISOString()).toBe('2026-01-31T15:00:00.000Z');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(dueDateOf('2025-12')).toBe('2026-01-31');
    expect(dueDateOf('2026-01')).toBe('2026-02-28');
  });
});

describe('payment transitions', () => {
  const allowed: [PaymentStatus, PaymentStatus][] = [
    ['UNPAID', 'PROCESSING'],
    ['UNPAID', 'PAID'],
    ['UNPAID', 'COMPLETED'],
    ['UNPAID', 'VOID'],
    ['PROCESSING', 'PAID'],
    ['PROCESSING', 'FAILED'],
    ['FAILED', 'PROCESSING'],
    ['FAILED', 'PAID'],
    ['FAILED', 'COMPLETED'],
  ];
  it('allows exactly the table', () => {
    for (const from of PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES)
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(allowed.some(([f, t]) => f === from && t === to));
  });
  it('PAID, COMPLETED and VOID are final (a forced completion cannot be undone)', () => {
    for (const s of ['PAID', 'COMPLETED', 'VOID'] as const) expect(PAYMENT_TRANSITIONS[s]).toEqual([]);
  });
});
