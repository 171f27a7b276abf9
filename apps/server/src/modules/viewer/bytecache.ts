/**
 * An in-process cache bounded in bytes (issue 13.7): least recently used entries go first once the
 * entries' estimated sizes pass `maxBytes`, and an optional time to live. Every in-process cache of the
 * visitor side is one of these, so no request pattern (distinct query strings, Host headers, cookies)
 * can grow the process beyond the sum of their budgets.
 */
export class ByteCache<V> {
  private readonly entries = new Map<string, { value: V; bytes: number; at: number }>();
  private used = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sizeOf: (value: V) => number,
    private readonly ttlMs = 0,
  ) {}

  get bytes(): number {
    return this.used;
  }
  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (this.ttlMs > 0 && Date.now() - e.at > this.ttlMs) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: re-insert.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    // Keys count too (an attacker chooses them); a value bigger than an eighth of the budget is not kept.
    const bytes = this.sizeOf(value) + key.length * 2 + 64;
    if (bytes > this.maxBytes / 8) return;
    while (this.entries.size > 0 && this.used + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value as string;
      this.delete(oldest);
    }
    this.entries.set(key, { value, bytes, at: Date.now() });
    this.used += bytes;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= e.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}

/** One cache per context (tests run several servers, each with its own database, in one process). */
export function perContext<V>(make: () => ByteCache<V>): (ctx: object) => ByteCache<V> {
  const caches = new WeakMap<object, ByteCache<V>>();
  return (ctx) => {
    let c = caches.get(ctx);
    if (!c) {
      c = make();
      caches.set(ctx, c);
    }
    return c;
  };
}

/** A rough size of a JSON-able value (UTF-16 in memory, about twice its JSON). */
export function jsonBytes(v: unknown): number {
  return JSON.stringify(v ?? null).length * 2;
}
