import { describe, expect, it } from 'vitest';
import { nextPeriod, periodOf, runAtOf, type Schedule } from './schedule.js';

// Periods of recurring jobs are days or months in Japan (UTC+9).

const daily: Schedule = { every: 'day', atMinutes: 5 };
const monthly: Schedule = { every: 'month', atMinutes: 0 };

describe('schedule periods', () => {
  it('a day starts at its run time in Japan', () => {
    expect(periodOf(daily, new Date('2026-11-24T15:04:59Z'))).toBe('2026-11-24');
    expect(periodOf(daily, new Date('2026-11-24T15:05:00Z'))).toBe('2026-11-25');
    expect(runAtOf(daily, '2026-11-25').toISOString()).toBe('2026-11-24T15:05:00.000Z');
    expect(nextPeriod(daily, '2026-12-31')).toBe('2027-01-01');
    expect(nextPeriod(daily, '2028-02-28')).toBe('2028-02-29');
  });

  it('a month starts at 00:00 on the 1st in Japan', () => {
    expect(periodOf(monthly, new Date('2026-11-30T14:59:59Z'))).toBe('2026-11');
    expect(periodOf(monthly, new Date('2026-11-30T15:00:00Z'))).toBe('2026-12');
    expect(runAtOf(monthly, '2027-01').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(nextPeriod(monthly, '2026-12')).toBe('2027-01');
    expect(nextPeriod(monthly, '2027-01')).toBe('2027-02');
  });
});
