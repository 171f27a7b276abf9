import { nestingDepth, toCamel, toSnake } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { hasNul, MAX_NESTING, refuseHostile } from './validation.js';

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { some_key: v };
  return v;
}

describe('hostile input', () => {
  it('converts keys of JSON nested 100,000 levels deep without overflowing the stack', () => {
    const deep = nested(100_000);
    expect(() => toCamel(deep)).not.toThrow();
    expect(() => toSnake(toCamel(deep))).not.toThrow();
    expect(nestingDepth(deep)).toBe(100_000);
  });

  it('keeps shapes and order and never sets a prototype from a key', () => {
    expect(toCamel({ a_b: [{ c_d: 1 }, 2, [3, { e_f: null }]], CONTACT_SETTING: { x_y: 'z' } })).toEqual({
      aB: [{ cD: 1 }, 2, [3, { eF: null }]],
      CONTACT_SETTING: { xY: 'z' },
    });
    const out = toCamel<Record<string, unknown>>(JSON.parse('{"__proto__": {"polluted": true}}'));
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting beyond the limit with 400 and a translated key', () => {
    expect(refuseHostile(nested(MAX_NESTING))).toBeNull();
    const err = refuseHostile(nested(5000));
    expect(err?.status).toBe(400);
    expect(err?.key).toBe('server.too_deep');
  });

  it('finds NUL in values and keys at any depth', () => {
    expect(hasNul({ a: ['x', { b: 'ok' }] })).toBe(false);
    expect(hasNul({ a: ['x', { b: 'o\0k' }] })).toBe(true);
    expect(hasNul({ 'k\0': 1 })).toBe(true);
    expect(refuseHostile({ search: 'a\u0000b' })?.key).toBe('server.nul_character');
  });
});

describe('what the guard leaves alone', () => {
  it('does not walk raw bodies (streams, buffers), only parsed JSON and query objects', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    class Stream {
      inner = cyclic;
    }
    expect(refuseHostile(new Stream())).toBeNull();
    expect(refuseHostile(Buffer.from('a\u0000b'))).toBeNull();
    expect(refuseHostile(Object.assign(Object.create(null), { q: 'a\u0000' }))?.key).toBe('server.nul_character');
  });
});
