import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/slow.js';
import { AppEvents } from './events.js';
import { createKv, type Kv, MemoryKv } from './kv.js';

// The events two processes share through Redis (127.0.0.1:6379 on every machine here): two kvs on one Redis stand
// for two processes. The multi-process test (scale.test.ts) checks the same through real processes and nginx.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test-events:${process.pid}:${Date.now()}:`;
const opened: Kv[] = [];
afterAll(async () => {
  for (const k of opened) await k.close();
});
const silent = { warn() {} };

async function processes(p = prefix): Promise<[AppEvents, AppEvents, Kv]> {
  const kvA = await createKv(redisUrl, p);
  const kvB = await createKv(redisUrl, p);
  opened.push(kvA, kvB);
  const a = new AppEvents();
  const b = new AppEvents();
  await a.share(kvA, silent);
  await b.share(kvB, silent);
  return [a, b, kvB];
}

describe('events shared through Redis', () => {
  it("a site's change in one process is heard once in the other, and once in its own", async () => {
    const [a, b] = await processes();
    const heardA: unknown[] = [];
    const heardB: unknown[] = [];
    a.on('site.invalidated', (id) => heardA.push(id));
    b.on('site.invalidated', (id) => heardB.push(id));
    b.on('deliveries.changed', (id) => heardB.push(`d${id}`));
    b.on('local.only', (id) => heardB.push(`l${id}`));
    a.emit('site.invalidated', 7);
    a.emit('local.only', 1);
    a.emit('deliveries.changed', 9);
    await waitFor('B to hear both', async () => (heardB.length >= 2 ? true : undefined), 10_000);
    // a late echo of its own message would show here
    b.emit('site.invalidated', 8);
    await waitFor("A to hear B's", async () => (heardA.length >= 2 ? true : undefined), 10_000);
    expect(heardB).toEqual([7, 'd9', 8]);
    expect(heardA).toEqual([7, 8]);
  });

  it('another deployment (another REDIS_PREFIX) hears nothing', async () => {
    const [a] = await processes(`${prefix}one:`);
    const [, other] = await processes(`${prefix}two:`);
    const [, same] = await processes(`${prefix}one:`);
    const heard: string[] = [];
    other.on('site.invalidated', () => heard.push('other'));
    same.on('site.invalidated', () => heard.push('same'));
    a.emit('site.invalidated', 3);
    await waitFor('the same deployment', async () => (heard.includes('same') ? true : undefined), 10_000);
    expect(heard).toEqual(['same']);
  });

  it('after a break in the link to Redis, every site is dropped (messages sent meanwhile are lost)', async () => {
    const [, b, kvB] = await processes();
    const heard: unknown[] = [];
    b.on('site.invalidated', (id) => heard.push(id));
    (kvB as unknown as { subscriber: { disconnect(reconnect: boolean): void } }).subscriber.disconnect(true);
    await waitFor('the drop of every site', async () => (heard.includes(0) ? true : undefined), 10_000);
    expect(heard).toEqual([0]);
  });

  it('without Redis, emits stay in the process', async () => {
    const a = new AppEvents();
    await a.share(new MemoryKv(), silent);
    const heard: unknown[] = [];
    a.on('site.invalidated', (id) => heard.push(id));
    expect(a.emit('site.invalidated', 5)).toBe(true);
    expect(heard).toEqual([5]);
  });
});
