/**
 * The one in-process cache: bounded in bytes, so no request pattern (distinct query strings, site ids, Host headers,
 * cookies) can grow the process beyond the sum of the budgets. Least recently used entries go first once the
 * entries' estimated sizes pass `maxBytes`; an entry may expire (the cache's time to live, or its own). An entry's
 * size is the caller's estimate of its value plus its key (an attacker may choose keys) and the entry's own
 * overhead; a value bigger than an eighth of the budget is not kept. Every cache registers under its name, so a test
 * (bytecache.test.ts) can find them all and check each stays within its budget.
 */

interface Entry<V> {
  value: V;
  bytes: number;
  /** when it expires (ms since the epoch), 0 for never */
  until: number;
}

/** Map entry, key string header and bookkeeping, roughly. */
const ENTRY_OVERHEAD = 64;

const registry = new Set<WeakRef<ByteCache<unknown>>>();

export class ByteCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private used = 0;
  /** entries dropped to make room (not expired or deleted ones) */
  evictions = 0;

  constructor(
    readonly name: string,
    readonly maxBytes: number,
    private readonly sizeOf: (value: V, key: string) => number,
    private readonly ttlMs = 0,
  ) {
    registry.add(new WeakRef(this as ByteCache<unknown>));
  }

  get bytes(): number {
    return this.used;
  }
  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until !== 0 && Date.now() >= e.until) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: re-insert.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Keeps `value` under `key` (for `ttlMs`, else the cache's time to live); returns false when it is too big to keep. */
  set(key: string, value: V, ttlMs = this.ttlMs): boolean {
    this.delete(key);
    const bytes = this.sizeOf(value, key) + key.length * 2 + ENTRY_OVERHEAD;
    if (bytes > this.maxBytes / 8) return false;
    while (this.entries.size > 0 && this.used + bytes > this.maxBytes) {
      this.delete(this.entries.keys().next().value as string);
      this.evictions++;
    }
    this.entries.set(key, { value, bytes, until: ttlMs > 0 ? Date.now() + ttlMs : 0 });
    this.used += bytes;
    return true;
  }

  delete(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= e.bytes;
  }

  /** Drops every entry whose key passes `test` (a site's entries when it changes). */
  deleteWhere(test: (key: string) => boolean): void {
    for (const k of [...this.entries.keys()]) if (test(k)) this.delete(k);
  }

  keys(): IterableIterator<string> {
    return this.entries.keys();
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}

/** Every cache still in use (for tests and diagnostics). */
export function liveByteCaches(): ByteCache<unknown>[] {
  const out: ByteCache<unknown>[] = [];
  for (const ref of registry) {
    const c = ref.deref();
    if (c) out.push(c);
    else registry.delete(ref);
  }
  return out;
}

/** One cache per context (tests run several servers, each with its own database, in one process). */
export function perContext<V, C extends object = object>(make: (ctx: C) => ByteCache<V>): (ctx: C) => ByteCache<V> {
  const caches = new WeakMap<C, ByteCache<V>>();
  return (ctx) => {
    let c = caches.get(ctx);
    if (!c) {
      c = make(ctx);
      caches.set(ctx, c);
    }
    return c;
  };
}

/** A rough size of a JSON-able value in memory: UTF-16 strings, about twice its JSON. */
export function jsonBytes(v: unknown): number {
  return (JSON.stringify(v ?? null) ?? '').length * 2;
}
