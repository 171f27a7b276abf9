import { describe, expect, it } from 'vitest';
import { addDays, change, checkPeriod, daysOf, earliestDay, periodDays, presetPeriod, previousPeriod, ratio } from './analytics.js';
import { analysisQuery } from './api/analytics.js';

// Period rules of the analysis screens (back-office.md 5): Japan days, to >= from, no future, not more than one
// year back; the comparison is the same length just before.

// 2026-03-10 01:00 JST = 2026-03-09 16:00 UTC
const now = new Date('2026-03-09T16:00:00Z');

describe('period rules', () => {
  it('today is the Japan day', () => {
    expect(presetPeriod(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(earliestDay(now)).toBe('2025-03-10');
  });
  it('accepts today and exactly one year back', () => {
    expect(checkPeriod('2025-03-10', '2026-03-10', now)).toBeNull();
    expect(checkPeriod('2026-03-10', '2026-03-10', now)).toBeNull();
  });
  it('refuses the future, more than a year back, reversed and invalid days', () => {
    expect(checkPeriod('2026-03-01', '2026-03-11', now)).toEqual(['to', 'validation.date_future']);
    expect(checkPeriod('2025-03-09', '2026-03-01', now)).toEqual(['from', 'validation.date_too_old']);
    expect(checkPeriod('2026-03-05', '2026-03-04', now)).toEqual(['to', 'validation.date_end_after_start']);
    expect(checkPeriod('2026-02-30', '2026-03-04', now)).toEqual(['from', 'validation.date']);
    expect(checkPeriod('2026-3-1', '2026-03-04', now)).toEqual(['from', 'validation.date']);
  });
  it('the comparison period has the same length, just before', () => {
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-10' })).toEqual({ from: '2026-02-19', to: '2026-02-28' });
    expect(previousPeriod({ from: '2026-03-10', to: '2026-03-10' })).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(periodDays('2024-02-01', '2024-03-01')).toBe(30);
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
  it('the query schema gives the last 30 days by default and translated keys otherwise', () => {
    const d = analysisQuery.parse({});
    expect(periodDays(d.from, d.to)).toBe(30);
    const bad = analysisQuery.safeParse({ from: '2000-01-01', to: '2000-01-02' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.date_too_old');
    expect(analysisQuery.safeParse({ from: '2026-01-01' }).error?.issues[0]?.message).toBe('validation.date_end_required');
  });
  it('shares and changes are null without a base', () => {
    expect(ratio(1, 0)).toBeNull();
    expect(ratio(1, 4)).toBe(0.25);
    expect(change(5, 0)).toBeNull();
    expect(change(15, 10)).toBeCloseTo(0.5);
  });
});
