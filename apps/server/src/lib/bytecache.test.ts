import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MicroCache } from '../http/microcache.js';
import { makeVisitorSite } from '../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../test/helpers.js';
import { liveByteCaches } from './bytecache.js';

// Every in-process cache is bounded in bytes (lib/bytecache.ts; the micro-cache keeps its own books): 10,000 public
// requests with distinct parameters (unknown site ids, long query strings, page lists, rendered pages) leave each
// cache within its budget, the micro-cache having dropped entries to stay there.

let s: TestServer;
let siteId: number;

beforeAll(async () => {
  // the micro-cache on for longer than the test, so only its budget can drop an entry
  s = await startTestServer({ microcacheTtlMs: 600_000 });
  siteId = (await makeVisitorSite(s.ctx, { columns: 20 })).siteId;
});
afterAll(async () => {
  await s?.drop();
});

async function run(urls: string[], concurrency = 8): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const r = await fetch(s.sitesUrl + (urls[next++] as string), { headers: { 'accept-encoding': 'gzip, br' } });
      await r.arrayBuffer();
      statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return statuses;
}

describe('in-process caches', () => {
  it('stay within their byte budgets after 10,000 requests with distinct parameters', async () => {
    const junk = 'q'.repeat(1500);
    const urls: string[] = [];
    for (let i = 0; i < 2_500; i++) {
      urls.push(`/api/v1/pages?site_id=${100_000 + i}&take=10&skip=1`);
      urls.push(`/api/v1/pages?site_id=${siteId}&take=${(i % 1000) + 1}&skip=${(i % 7) + 1}&x=${i}`);
      urls.push(`/api/v1/end-user/site/${siteId}?lang=${i % 2 ? 'en' : 'ja'}&v=${i}${junk}`);
      urls.push(`/sites/${siteId}/${i % 2 ? 'en' : 'ja'}/A1?utm_source=${i}${junk}`);
    }
    expect(new Set(urls).size).toBe(10_000);
    const statuses = await run(urls);
    expect(
      [...statuses.keys()].every((code) => code === 200 || code === 404),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(200)).toBeGreaterThanOrEqual(7_500);

    const caches = liveByteCaches();
    const names = new Set(caches.map((c) => c.name));
    for (const name of ['published snapshots', 'kv values', 'kv counters', 'viewer payloads', 'viewer values (page lists)', 'viewer pages'])
      expect(names, name).toContain(name);
    for (const c of caches) expect(c.bytes, c.name).toBeLessThanOrEqual(c.maxBytes);
    // 2,500 unknown sites each cached as "not served", well within the budget
    const published = caches.filter((c) => c.name === 'published snapshots').map((c) => c.size);
    expect(Math.max(...published)).toBeGreaterThanOrEqual(2_500);

    const micro = (s.sites as unknown as { microcache: MicroCache }).microcache;
    expect(micro.bytes).toBeLessThanOrEqual(micro.maxBytes);
    // 5,000 distinct cacheable answers, each with a 1.5 KB key: more than the budget holds
    expect(micro.size).toBeLessThan(5_000);
    expect(micro.bytes).toBeGreaterThan(micro.maxBytes / 2);
    // and what is still there answers
    expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${siteId}?lang=en`)).status).toBe(200);
  }, 600_000);
});
