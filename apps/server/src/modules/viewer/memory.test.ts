import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// Issue 13.7: anonymous public list calls with distinct query strings grew the server without bound
// (one cache entry per take/skip pair). 10,000 distinct calls must keep the process within 50 MB.

let srv: TestServer;
let siteId = 0;

beforeAll(async () => {
  srv = await startTestServer();
  // 100 columns of 2 pages: a list answer of some size (about 50 KB), as a big site's.
  siteId = (await makeVisitorSite(srv.ctx, { columns: 100 })).siteId;
});
afterAll(async () => {
  await srv?.drop();
});

async function run(urls: string[], concurrency = 16): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const r = await fetch(srv.sitesUrl + url);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

// A full collection before each reading, so the figure is what the server keeps, not garbage not yet
// collected (--expose-gc set at run time; `gc` is then a global of new contexts).
v8.setFlagsFromString('--expose-gc');
const fullGc = vm.runInNewContext('gc') as () => void;
const rssAfterGc = () => {
  fullGc();
  fullGc();
  return process.memoryUsage().rss;
};

describe('public list calls', () => {
  it('10,000 distinct take/skip pairs keep RSS growth under 50 MB', async () => {
    const list = (take: number, skip: number) => `/api/v1/pages?site_id=${siteId}&take=${take}&skip=${skip}&status=published`;
    const first = await http<{ total: number; items: unknown[] }>(srv.sitesUrl, 'GET', list(1000, 1));
    expect(first.body.total).toBe(200);
    // Warm up (JIT, sockets, allocator arenas) with 2,000 requests of the same shape, then measure.
    const warm: string[] = [];
    for (let i = 0; i < 2000; i++) warm.push(`${list(1000 - (i % 1000), 11 + Math.floor(i / 1000))}&lang=en`);
    await run(warm);
    const before = rssAfterGc();
    const urls: string[] = [];
    for (let skip = 1; skip <= 10; skip++) for (let take = 1; take <= 1000; take++) urls.push(list(take, skip));
    await run(urls);
    const grown = (rssAfterGc() - before) / 1024 / 1024;
    expect(grown).toBeLessThan(50);
    // The answer is still the asked slice.
    const slice = await http<{ items: { id: number }[]; skip: number; take: number }>(srv.sitesUrl, 'GET', list(5, 2));
    expect(slice.body.items).toHaveLength(5);
    expect(slice.body).toMatchObject({ skip: 2, take: 5 });
  }, 400_000);
});
