// Run by memory.test.ts in a fresh process (node --import tsx --expose-gc), so what other test files left
// in a shared worker does not count: starts a server, sends 10,000 distinct public list calls, prints
// {"grownMb": …, "keptMb": …, "slice": …} on its last line.
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer } from '../../test/helpers.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');
/** After two full collections: the process's RSS, and what the heap and buffers still hold. */
const afterGc = () => {
  gc();
  gc();
  const m = process.memoryUsage();
  return { rss: m.rss, kept: m.heapUsed + m.external };
};
const mb = (bytes: number) => bytes / 1024 / 1024;

async function run(base: string, urls: string[], concurrency = 4): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++] as string;
      const r = await fetch(base + url);
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${url}: ${r.status}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const srv = await startTestServer();
try {
  // 100 columns of 2 pages: a list answer of some size (about 50 KB), as a big site's.
  const { siteId } = await makeVisitorSite(srv.ctx, { columns: 100 });
  const list = (take: number, skip: number) => `/api/v1/pages?site_id=${siteId}&take=${take}&skip=${skip}&status=published`;
  const first = await http<{ total: number }>(srv.sitesUrl, 'GET', list(1000, 1));
  const start = afterGc();
  // Warm up (JIT, sockets, allocator arenas up to their high-water mark) with as many requests of the
  // same shape (other pairs), then measure: RSS then grows only by what the server keeps.
  const warm: string[] = [];
  for (let skip = 11; skip <= 20; skip++) for (let take = 1; take <= 1000; take++) warm.push(list(take, skip));
  await run(srv.sitesUrl, warm);
  const warmed = afterGc();
  // Two measured rounds of 10,000 new pairs each. A per-query cache grows the process in both rounds; a
  // one-off high-water step (allocator arenas, PGlite's wasm memory, late JIT on a loaded machine) in one.
  const grown: number[] = [];
  let before = warmed;
  let end = warmed;
  for (const skips of [
    [1, 10],
    [21, 30],
  ] as const) {
    const urls: string[] = [];
    for (let skip = skips[0]; skip <= skips[1]; skip++) for (let take = 1; take <= 1000; take++) urls.push(list(take, skip));
    await run(srv.sitesUrl, urls);
    end = afterGc();
    grown.push(mb(end.rss - before.rss));
    before = end;
  }
  const slice = await http<{ items: unknown[]; skip: number; take: number }>(srv.sitesUrl, 'GET', list(5, 2));
  console.log(
    JSON.stringify({
      total: first.body.total,
      // RSS growth over 10,000 calls: the smaller of the two measured rounds (allocators warmed up first)
      grownMb: Math.min(...grown),
      grownEachMb: grown,
      // what the heap and buffers hold after all 30,000 calls more than after the first
      keptMb: mb(end.kept - start.kept),
      slice: { n: slice.body.items.length, skip: slice.body.skip, take: slice.body.take },
    }),
  );
} finally {
  await srv.drop();
  process.exit(0);
}
