import type { Redis } from 'ioredis';

/**
 * Counters and a cache that live in Redis when REDIS_URL is set (shared by all processes),
 * otherwise in this process's memory.
 */
export interface Kv {
  /** Adds 1 to key within a window; returns the count in the window. */
  incr(key: string, windowSeconds: number): Promise<number>;
  /** The count under key now (0 when none). */
  peek(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  del(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryKv implements Kv {
  private counters = new Map<string, { n: number; until: number }>();
  private values = new Map<string, { v: string; until: number }>();
  private readonly maxEntries = 20_000;

  async incr(key: string, windowSeconds: number): Promise<number> {
    const now = Date.now();
    const c = this.counters.get(key);
    if (!c || c.until <= now) {
      if (this.counters.size > this.maxEntries) this.sweep(this.counters);
      this.counters.set(key, { n: 1, until: now + windowSeconds * 1000 });
      return 1;
    }
    c.n++;
    return c.n;
  }
  async peek(key: string) {
    const c = this.counters.get(key);
    return c && c.until > Date.now() ? c.n : 0;
  }
  async reset(key: string) {
    this.counters.delete(key);
  }
  async get(key: string) {
    const v = this.values.get(key);
    if (!v) return null;
    if (v.until <= Date.now()) {
      this.values.delete(key);
      return null;
    }
    return v.v;
  }
  async set(key: string, value: string, ttlSeconds: number) {
    if (this.values.size > this.maxEntries) this.sweep(this.values);
    this.values.set(key, { v: value, until: Date.now() + ttlSeconds * 1000 });
  }
  async del(prefix: string) {
    for (const k of this.values.keys()) if (k.startsWith(prefix)) this.values.delete(k);
  }
  async close() {}
  private sweep(m: Map<string, { until: number }>) {
    const now = Date.now();
    for (const [k, v] of m) if (v.until <= now) m.delete(k);
    if (m.size > this.maxEntries) m.clear();
  }
}

export class RedisKv implements Kv {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}
  async incr(key: string, windowSeconds: number) {
    const r = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').exec();
    return Number(r?.[0]?.[1] ?? 0);
  }
  async peek(key: string) {
    return Number((await this.redis.get(key)) ?? 0);
  }
  async reset(key: string) {
    await this.redis.del(key);
  }
  get(key: string) {
    return this.redis.get(key);
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.redis.set(key, value, 'EX', ttlSeconds);
  }
  async del(prefix: string) {
    let cursor = '0';
    do {
      // SCAN sees full key names; DEL adds the client's prefix again, so strip it first.
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.keyPrefix}${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await this.redis.del(...keys.map((k) => k.slice(this.keyPrefix.length)));
    } while (cursor !== '0');
  }
  async close() {
    await this.redis.quit();
  }
}

export async function createKv(redisUrl: string | undefined, prefix = 'swipe:'): Promise<Kv> {
  if (!redisUrl) return new MemoryKv();
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  return new RedisKv(redis, prefix);
}
