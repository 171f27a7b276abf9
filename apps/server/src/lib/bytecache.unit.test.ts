import { afterEach, describe, expect, it, vi } from 'vitest';
import { ByteCache, liveByteCaches } from './bytecache.js';

// The one in-process cache: least recently used out first past its byte budget, keys counted, entries expire.

afterEach(() => {
  vi.useRealTimers();
});

describe('ByteCache', () => {
  it('keeps 10,000 distinct keys within its budget, the least recently used going first', () => {
    const c = new ByteCache<string>('unit', 64 * 1024, (v) => v.length * 2);
    c.set('keep', 'x'.repeat(100));
    for (let i = 0; i < 10_000; i++) {
      c.set(`k${i}-${'q'.repeat(i % 50)}`, 'v'.repeat(i % 300));
      if (i % 100 === 0) c.get('keep');
      expect(c.bytes).toBeLessThanOrEqual(64 * 1024);
    }
    expect(c.evictions).toBeGreaterThan(9_000);
    expect(c.get('keep')).toBe('x'.repeat(100));
    expect(c.get('k0-')).toBeUndefined();
    // what it counts: value, key and the entry itself
    const one = new ByteCache<string>('unit', 1024 * 1024, (v) => v.length * 2);
    one.set('abc', 'hello');
    expect(one.bytes).toBe(10 + 6 + 64);
  });

  it('refuses a value bigger than an eighth of its budget, and counts down on delete and clear', () => {
    const c = new ByteCache<string>('unit', 8 * 1024, (v) => v.length);
    expect(c.set('big', 'x'.repeat(1100))).toBe(false);
    expect(c.get('big')).toBeUndefined();
    expect(c.set('a:1', 'x')).toBe(true);
    c.set('a:2', 'y');
    c.set('b:1', 'z');
    c.deleteWhere((k) => k.startsWith('a:'));
    expect([...c.keys()]).toEqual(['b:1']);
    c.delete('b:1');
    expect(c.bytes).toBe(0);
    c.set('c', 'x');
    c.clear();
    expect(c.bytes).toBe(0);
    expect(c.size).toBe(0);
  });

  it("expires entries at the cache's time to live or their own", () => {
    vi.useFakeTimers({ now: 0 });
    const c = new ByteCache<number>('unit', 1024, () => 8, 1_000);
    c.set('short', 1, 100);
    c.set('default', 2);
    vi.setSystemTime(500);
    expect(c.get('short')).toBeUndefined();
    expect(c.get('default')).toBe(2);
    vi.setSystemTime(1_000);
    expect(c.get('default')).toBeUndefined();
    expect(c.bytes).toBe(0);
  });

  it('registers itself by name', () => {
    const c = new ByteCache<number>('registered-in-unit-test', 1024, () => 8);
    expect(liveByteCaches()).toContain(c);
  });
});
