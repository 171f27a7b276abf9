import { liner, median } from './lib.js';
import { type CannonResult, hasWrk, wrk } from './load-generator.js';
import { loadGenerator, PIN, quiet, startBare } from './processes.js';

// The viewer's throughput: req/s with 100 connections (wrk where installed, else autocannon) for the cached page
// detail and the server-rendered page, as shares of a bare Fastify route measured in turns with them; their p99
// latency (autocannon, the median of rounds).

const line = liner(54, 12);
const cpuLine = (c: { cpuPer1k: number }) => `${c.cpuPer1k.toFixed(0)} ms`;

/** BENCH_CLIENT=autocannon measures the ratios with autocannon even where wrk is installed. */
const BENCH_CLIENT = process.env.BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'wrk';
export async function throughput(product: { pid: number; sites: string }, a1: number | undefined): Promise<void> {
  const quietAfter = await quiet(product.pid, 60_000);
  line('  product quiet before the throughput rounds after', `${(quietAfter / 1000).toFixed(0)} s`);

  const detailUrl = `${product.sites}/api/v1/end-user/site/1/page/${a1}/public?lang=ja`;
  const detailBytes = (await (await fetch(detailUrl, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
  const ssrBytes = (await (await fetch(`${product.sites}/B3`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()).byteLength;
  // Browsers always ask for compressed answers (the viewer's calls as much as its pages): both are
  // measured as browsers ask. Their brotli forms are made in the background after the first answer:
  // waited for, then their sizes read.
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const settledForm = async (url: string) => {
    let sent = await fetch(url, { headers: browser });
    for (let i = 0; i < 100 && sent.headers.get('content-encoding') !== 'br'; i++) {
      await sent.arrayBuffer();
      await new Promise((r) => setTimeout(r, 50));
      sent = await fetch(url, { headers: browser });
    }
    await sent.arrayBuffer();
    return { bytes: Number(sent.headers.get('content-length')), encoding: sent.headers.get('content-encoding') ?? 'none' };
  };
  const { bytes: detailSent, encoding: detailEncoding } = await settledForm(detailUrl);
  const { bytes: ssrSent, encoding: ssrEncoding } = await settledForm(`${product.sites}/B3`);
  const bare = await startBare(detailSent, ssrSent);
  const load = await loadGenerator().catch((e: unknown) => {
    bare.stop();
    throw e;
  });
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  type C = CannonResult;
  type Measure = (url: string, seconds: number, pid: number, headers?: Record<string, string>, warm?: boolean) => Promise<C>;
  // The ratios' load generator: wrk where the machine has it (the server is then the busy side), else
  // autocannon. Latency is autocannon's in both cases, as it has always been measured here: wrk keeps
  // the server at its full capacity, where a p99 is the queue of 100 connections (decisions.md).
  const byWrk: Measure | null =
    BENCH_CLIENT !== 'autocannon' && hasWrk()
      ? (url, secs, pid, headers = {}, warm = true) => wrk(PIN ? '0' : null, { url, seconds: secs, pid, headers, warm })
      : null;
  const byCannon: Measure = load.cannon;
  const main = byWrk ?? byCannon;
  try {
    // The machine's speed drifts within a minute (other tenants of the host): the bare route and the
    // answers compared with it are measured in turns, in several rounds, and each ratio is the median
    // of its rounds' ratios. Each round's answers are measured between two bare-route figures (the last
    // of a round is the first of the next), and compared with their mean: the host's drift during a
    // round cancels out.
    const inTurns = async (m: Measure) => {
      const runs: { b: C; samePage: C; detail: C; ssr: C }[] = [];
      let before = await m(bare.url, seconds, bare.pid, {}, true);
      for (let i = 0; i < rounds; i++) {
        const warm = i === 0;
        const detail = await m(detailUrl, seconds, product.pid, browser, warm);
        const ssr = await m(`${product.sites}/B3`, seconds, product.pid, browser, warm);
        const samePage = await m(bare.page, seconds, bare.pid, {}, warm);
        const after = await m(bare.url, seconds, bare.pid, {}, false);
        const b = { ...after, rps: (before.rps + after.rps) / 2, cpuPer1k: (before.cpuPer1k + after.cpuPer1k) / 2 };
        runs.push({ b, samePage, detail, ssr });
        before = after;
      }
      return runs;
    };
    const runs = await inTurns(main);
    const latency = byWrk ? await inTurns(byCannon) : runs;
    const med = (rs: typeof runs, f: (r: (typeof runs)[number]) => number) => median(rs.map(f));
    const ratio = (rs: typeof runs, k: 'samePage' | 'detail' | 'ssr', of: 'b' | 'samePage' = 'b') =>
      rs.map((r) => (r[k].rps / r[of].rps) * 100);
    const pct = (xs: number[]) => `${median(xs).toFixed(0)} %`;
    const each = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' / ');
    const b = { rps: med(runs, (r) => r.b.rps), cpuPer1k: med(runs, (r) => r.b.cpuPer1k) };
    // context, once: another body size, the app's cheapest answer (an unknown API path: JSON 404
    // through every shared hook), and the page uncompressed
    const sized = await main(bare.sized, seconds, bare.pid);
    const floor = await main(`${product.sites}/api/v1/end-user/none`, seconds, product.pid);
    const ssrPlain = await main(`${product.sites}/B3`, seconds, product.pid);
    const detailPlain = await main(detailUrl, seconds, product.pid);
    const all = [...runs, ...(byWrk ? latency : [])];
    const failed = {
      non2xx: all.reduce((n, r) => n + r.detail.non2xx + r.ssr.non2xx, 0),
      errors: all.reduce((n, r) => n + r.detail.errors + r.ssr.errors, 0),
    };
    line(`throughput: ${rounds} rounds of ${seconds} s each, 100 connections; medians`, '');
    line(
      '  load generator',
      byWrk ? 'wrk, 1 thread' : BENCH_CLIENT === 'autocannon' ? 'autocannon' : 'autocannon (no wrk here: apt-get install wrk)',
    );
    if (byWrk) line('    latency', 'autocannon');
    line('  load generator and servers on a core each', PIN ? 'yes (taskset)' : 'no');
    line('bare Fastify route req/s', `${b.rps.toFixed(0)}`);
    line(`  each round`, each(runs.map((r) => r.b.rps)));
    line(
      `  bare route sending ${detailSent} bytes (the page detail's size, ${detailEncoding}), for context`,
      `${sized.rps.toFixed(0)} (${((sized.rps / b.rps) * 100).toFixed(0)} %)`,
    );
    line('  this app, unknown API path (shared hooks only)', `${floor.rps.toFixed(0)} (${((floor.rps / b.rps) * 100).toFixed(0)} %)`);
    line('  server CPU per 1,000 answers: bare route', cpuLine(b));
    const answer = (k: 'detail' | 'ssr') => {
      line('  server CPU per 1,000 answers', cpuLine({ cpuPer1k: med(runs, (r) => r[k].cpuPer1k) }));
      line('  as a share of the bare route', pct(ratio(runs, k)), k === 'detail' ? '>= 70 %' : '>= 60 %');
      line('    each round (%)', each(ratio(runs, k)));
      // p99 as every other figure here: the median of its rounds (each round's is printed; the worst round
      // followed the host's worst 3 s, the bare route's as much as the page's: decisions.md)
      const p99s = latency.map((r) => r[k].p99);
      line(`  p99 latency (median of rounds${byWrk ? ', autocannon' : ''})`, `${median(p99s)} ms`, '<= 25 ms');
      line('    each round (ms)', each(p99s));
      // the same client and rounds against the bare route sending as many bytes: the client's and the host's share
      const floor = latency.map((r) => (k === 'detail' ? r.b.p99 : r.samePage.p99));
      line(`    the bare route ${k === 'detail' ? '' : "sending the page's bytes "}in the same rounds, for context`, `${median(floor)} ms`);
      line('      each round (ms)', each(floor));
      if (byWrk) {
        // autocannon's own figures, for comparison with earlier runs: its client is then the busy side
        line('  with autocannon as the load generator: share, for context', pct(ratio(latency, k)));
        line(
          '    its CPU per 1,000 answers: the client / the server',
          `${cpuLine({ cpuPer1k: med(latency, (r) => r[k].clientPer1k ?? Number.NaN) })} / ${cpuLine({ cpuPer1k: med(latency, (r) => r[k].cpuPer1k) })}`,
        );
      }
    };
    line('cached page detail req/s, compression accepted as browsers do', med(runs, (r) => r.detail.rps).toFixed(0));
    answer('detail');
    line(
      `  without compression (${(detailBytes / 1024).toFixed(1)} KB of JSON each), req/s`,
      `${detailPlain.rps.toFixed(0)} (${((detailPlain.rps / b.rps) * 100).toFixed(0)} %)`,
    );
    line('server-rendered page (/B3) req/s, compression accepted as browsers do', med(runs, (r) => r.ssr.rps).toFixed(0));
    answer('ssr');
    line(`  for context: bare route sending the page's ${ssrSent} bytes (${ssrEncoding}), share`, pct(ratio(runs, 'samePage')));
    line('  server CPU per 1,000 answers: that bare route', cpuLine({ cpuPer1k: med(runs, (r) => r.samePage.cpuPer1k) }));
    line('  the page as a share of that', pct(ratio(runs, 'ssr', 'samePage')));
    line(
      `  without compression (${(ssrBytes / 1024).toFixed(0)} KB of HTML each), req/s`,
      `${ssrPlain.rps.toFixed(0)} (${((ssrPlain.rps / b.rps) * 100).toFixed(0)} %)`,
    );
    if (failed.non2xx || failed.errors) line('  non-2xx / errors', `${failed.non2xx} / ${failed.errors}`);
  } finally {
    bare.stop();
    load.stop();
  }
}
