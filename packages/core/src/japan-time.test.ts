import { describe, expect, it } from 'vitest';
import { formatJapanTime, fromJapanWallClock, japanWallClock } from './japan-time.js';

// Every time the back office shows or takes is Japan time with the zone named (one formatter, whatever the
// browser's zone): the expected texts are worked out by hand (JST = UTC+9, no daylight saving time).

describe('Japan time for people', () => {
  it('writes an instant in Japan time with the zone named', () => {
    expect(formatJapanTime('2026-11-27T04:01:00Z')).toBe('2026-11-27 13:01 JST');
    expect(formatJapanTime('2026-12-31T15:00:00Z')).toBe('2027-01-01 00:00 JST');
    expect(formatJapanTime('2026-11-27T13:01:00+09:00')).toBe('2026-11-27 13:01 JST');
    expect(formatJapanTime(null)).toBe('');
    expect(formatJapanTime('not a time')).toBe('');
  });
  it('edits wall-clock text in Japan time both ways', () => {
    expect(japanWallClock('2026-03-31T15:30:00Z')).toBe('2026-04-01 00:30:00');
    expect(fromJapanWallClock('2026-04-01 00:30:00')).toBe('2026-03-31T15:30:00.000Z');
    expect(fromJapanWallClock('2026-11-27 13:01')).toBe('2026-11-27T04:01:00.000Z');
    expect(fromJapanWallClock('')).toBeNull();
    expect(japanWallClock(undefined)).toBeNull();
  });
});
