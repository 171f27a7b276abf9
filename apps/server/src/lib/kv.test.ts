import { afterAll, describe, expect, it } from 'vitest';
import { createKv, type Kv, MemoryKv } from './kv.js';
import { hitLimits } from './ratelimit.js';

// The same contract in process memory and in a real Redis (127.0.0.1:6379, as on every machine here).
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:${process.pid}:${Date.now()}:`;
const kinds: [string, () => Promise<Kv>][] = [
  ['memory', async () => new MemoryKv()],
  ['redis', () => createKv(redisUrl, prefix)],
];
const opened: Kv[] = [];
afterAll(async () => {
  for (const k of opened) await k.close();
});

describe.each(kinds)('kv (%s)', (_name, make) => {
  it('counts within a window and resets', async () => {
    const kv = await make();
    opened.push(kv);
    expect(await kv.incr('c', 60)).toBe(1);
    expect(await kv.incr('c', 60)).toBe(2);
    expect(await kv.peek('c')).toBe(2);
    await kv.reset('c');
    expect(await kv.peek('c')).toBe(0);
  });
  it('stores values with a ttl and deletes by prefix', async () => {
    const kv = await make();
    opened.push(kv);
    await kv.set('site:1:a', 'x', 60);
    await kv.set('site:1:b', 'y', 60);
    await kv.set('site:2:a', 'z', 60);
    expect(await kv.get('site:1:a')).toBe('x');
    await kv.del('site:1:');
    expect(await kv.get('site:1:a')).toBeNull();
    expect(await kv.get('site:1:b')).toBeNull();
    expect(await kv.get('site:2:a')).toBe('z');
  });
  it('rate limits with 429 past the limit', async () => {
    const kv = await make();
    opened.push(kv);
    const limit = { max: 3, windowSeconds: 60 };
    for (let i = 0; i < 3; i++) await hitLimits(kv, [{ key: 'rl-test', limit }]);
    await expect(hitLimits(kv, [{ key: 'rl-test', limit }])).rejects.toMatchObject({ status: 429 });
  });
});
