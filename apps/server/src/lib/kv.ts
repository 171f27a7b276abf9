import type { Redis } from 'ioredis';
import { ByteCache } from './bytecache.js';

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
  /** Sends a message to every process that subscribed to the channel (none besides this one without Redis). */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `fn` with every message another process publishes on the channel. `onGap` runs when the link to Redis
   * came back after a break: messages sent meanwhile are lost (pub/sub keeps nothing), so what they would have
   * dropped must be dropped then.
   */
  subscribe(channel: string, fn: (message: string) => void, onGap?: () => void): Promise<void>;
  close(): Promise<void>;
}

/** What the in-memory kv may hold: counters (rate limits) and values (cached payloads, stamps). */
export const MEMORY_KV_COUNTER_BYTES = 8 * 1024 * 1024;
export const MEMORY_KV_VALUE_BYTES = 32 * 1024 * 1024;

/**
 * The kv of a single process (no REDIS_URL): bounded in bytes like every in-process cache (lib/bytecache.ts). Past
 * the budget the least recently used entries go: a cached value is read again from the database, a rate-limit
 * counter that nobody touched for longest starts over (keys an attacker floods push out their own first).
 */
export class MemoryKv implements Kv {
  private readonly counters = new ByteCache<{ n: number }>('kv counters', MEMORY_KV_COUNTER_BYTES, () => 16);
  private readonly values = new ByteCache<string>('kv values', MEMORY_KV_VALUE_BYTES, (v) => v.length * 2);

  async incr(key: string, windowSeconds: number): Promise<number> {
    const c = this.counters.get(key);
    if (c) return ++c.n;
    this.counters.set(key, { n: 1 }, windowSeconds * 1000);
    return 1;
  }
  async peek(key: string) {
    return this.counters.get(key)?.n ?? 0;
  }
  async reset(key: string) {
    this.counters.delete(key);
  }
  async get(key: string) {
    return this.values.get(key) ?? null;
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.values.set(key, value, ttlSeconds * 1000);
  }
  async del(prefix: string) {
    this.values.deleteWhere((k) => k.startsWith(prefix));
  }
  /** One process: nobody else to tell. */
  async publish() {}
  async subscribe() {}
  async close() {}
}

export class RedisKv implements Kv {
  /** a second connection: one that subscribed may send nothing else */
  private subscriber: Redis | undefined;
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
  // Channels are not keys (ioredis adds no prefix, and pub/sub spans Redis's databases): the prefix is added here,
  // so deployments sharing a Redis never hear each other.
  async publish(channel: string, message: string) {
    await this.redis.publish(`${this.keyPrefix}${channel}`, message);
  }
  async subscribe(channel: string, fn: (message: string) => void, onGap?: () => void) {
    const name = `${this.keyPrefix}${channel}`;
    if (!this.subscriber) {
      this.subscriber = this.redis.duplicate();
      this.subscriber.on('error', () => {
        /* reconnects by itself; the 'ready' after it reports the gap */
      });
    }
    const sub = this.subscriber;
    sub.on('message', (ch: string, message: string) => {
      if (ch === name) fn(message);
    });
    let first = true;
    // ioredis subscribes again after a reconnect; what was published in between never arrives
    sub.on('ready', () => {
      if (first) first = false;
      else onGap?.();
    });
    await sub.subscribe(name);
  }
  async close() {
    await this.subscriber?.quit().catch(() => {});
    await this.redis.quit();
  }
}

/** `prefix` (REDIS_PREFIX) starts every key and channel: deployments that share a Redis set different ones. */
export async function createKv(redisUrl: string | undefined, prefix = 'swipe:'): Promise<Kv> {
  if (!redisUrl) return new MemoryKv();
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { keyPrefix: prefix, maxRetriesPerRequest: 2, lazyConnect: false });
  return new RedisKv(redis, prefix);
}
