import { describe, expect, it } from 'vitest';
import { Clock } from './clock.js';

describe('Clock', () => {
  it('is the system time until moved', () => {
    const c = new Clock();
    expect(Math.abs(c.nowMs() - Date.now())).toBeLessThan(50);
  });

  it('runs on from a time it was set to, and stands still when frozen', () => {
    const c = new Clock().set('2026-12-01T00:00:00+09:00');
    const ms = Date.parse('2026-11-30T15:00:00Z');
    expect(c.nowMs()).toBeGreaterThanOrEqual(ms);
    expect(c.nowMs() - ms).toBeLessThan(1000);
    c.set('2027-01-01T00:00:00+09:00', { frozen: true });
    expect(c.now().toISOString()).toBe('2026-12-31T15:00:00.000Z');
    c.advance(31 * 60_000);
    expect(c.now().toISOString()).toBe('2026-12-31T15:31:00.000Z');
    c.reset();
    expect(Math.abs(c.nowMs() - Date.now())).toBeLessThan(50);
  });

  it('refuses a time that is not one', () => {
    expect(() => new Clock().set('not a date')).toThrow(/not a time/);
  });
});
