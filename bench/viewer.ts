import path from 'node:path';
import { buildViewerIfStale, FIRST_LOAD_BUDGET, firstLoadJs } from '@swipe/viewer/testing/harness.ts';
import { liner, median } from './lib.js';
import { lighthouseRun, withoutScript } from './lighthouse.js';
import { startProduct } from './processes.js';
import { swipeRuns } from './swipe.js';
import { experimentThroughput } from './viewer-experiment.js';
import { throughput } from './viewer-throughput.js';

// The viewer's figures, each printed next to its target; nothing asserts.
//  - first-load JavaScript of the viewer (gzip), hls.js excluded (dynamic import)
//  - Lighthouse mobile (default simulated throttling) on the demo site served like `npm start`
//  - longest main-thread task during swipes with the CPU slowed 4x (median of 5 runs; the page without its script
//    the same way, in turns with them: the floor)
//  - req/s with 100 connections (wrk where installed, else autocannon): cached page detail and the SSR page
//    vs a bare Fastify route; their p99 latency (autocannon, the median of rounds): viewer-throughput.ts

const line = liner(54, 12);

/** BENCH_PARTS=js,lighthouse,swipe,throughput,experiment (comma-separated) runs only those parts; all by default. */
const parts = new Set((process.env.BENCH_PARTS ?? 'js,lighthouse,swipe,throughput,experiment').split(',').map((p) => p.trim()));

export async function run(): Promise<void> {
  console.log('\nViewer');
  const dist = buildViewerIfStale();
  const js = firstLoadJs(dist);
  if (parts.has('js')) {
    line('first-load JS of the viewer, gzip', `${(js.gzip / 1024).toFixed(1)} KB`, `< ${FIRST_LOAD_BUDGET / 1024} KB`);
    line('  raw (minified)', `${(js.raw / 1024).toFixed(1)} KB`);
    line('  hls.js in the first load', js.hlsInFirstLoad ? 'yes' : 'no', 'no');
    line('  V8 compile hint on every first-load chunk', js.hinted ? 'yes' : 'no', 'yes');
  }

  const product = await startProduct(dist);
  try {
    const siteRes = await fetch(`${product.sites}/api/v1/end-user/site/1`);
    const shell = (await siteRes.json()) as { categories: { pages: { id: number; position: string }[] }[] };
    const a1 = shell.categories[0]?.pages[0]?.id;

    if (parts.has('lighthouse')) {
      const lh = await lighthouseRun(`${product.sites}/`, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
      if (lh) {
        line('Lighthouse mobile performance score (median)', String(lh.score), '>= 98');
        line('  LCP', `${(lh.lcp / 1000).toFixed(2)} s`, '<= 1.2 s');
        line('  CLS', lh.cls.toFixed(3), '<= 0.02');
        line('  TBT / FCP', `${Math.round(lh.tbt)} ms / ${(lh.fcp / 1000).toFixed(2)} s`, 'TBT <= 150 ms');
        line(`  ${lh.scores.length} runs: scores / TBT ms`, `${lh.scores.join(' ')} / ${lh.tbts.join(' ')}`);
        line("  host CPU (Lighthouse's benchmark index)", String(Math.round(lh.cpu)));
        if (lh.main) {
          line('  main thread after FCP: wall / on a CPU (median)', `${Math.round(lh.main.wall)} / ${Math.round(lh.main.cpu)} ms`);
          line('  longest task by CPU time (median; TBT counts > 12.5)', `${lh.main.longestCpu.toFixed(1)} ms`);
        }
      } else line('Lighthouse', 'no result');
      const floorRuns = Number(process.env.LIGHTHOUSE_FLOOR_RUNS ?? 3);
      if (floorRuns > 0) {
        const proxy = await withoutScript(product.sites);
        try {
          const bare = await lighthouseRun(`${proxy.url}/`, floorRuns);
          if (bare) {
            line(
              `  for context, the page without its script: TBT median (${bare.tbts.length} runs)`,
              `${Math.round(median(bare.tbts))} ms`,
            );
            line('    its runs: scores / TBT ms', `${bare.scores.join(' ')} / ${bare.tbts.join(' ')}`);
            if (bare.main)
              line(
                '    main thread after FCP: wall / on a CPU (median)',
                `${Math.round(bare.main.wall)} / ${Math.round(bare.main.cpu)} ms`,
              );
          }
        } finally {
          proxy.close();
        }
      }
    }

    if (parts.has('swipe')) {
      const runs = Number(process.env.BENCH_SWIPE_RUNS ?? 5);
      const proxy = await withoutScript(product.sites);
      try {
        const s = await swipeRuns(`${product.sites}/`, `${proxy.url}/`, runs);
        const ms = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(' ');
        const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)}`;
        const wall = s.runs.map((r) => r.longest);
        line(`longest swipe task, CPU 4x slower (median of ${runs})`, `${s.longest.toFixed(1)} ms`, '<= 33 ms');
        line(`  its runs, ms (spread ${spread(wall)})`, ms(wall));
        line("  by the thread's CPU clock: median / runs", `${s.longestCpu.toFixed(1)} / ${ms(s.runs.map((r) => r.longestCpu))}`);
        line('  swipes (positions reached)', [...new Set(s.runs.map((r) => r.moved.join(' ')))].join(' | '));
        line(
          '  main-thread tasks traced / over 50 ms (median)',
          `${median(s.runs.map((r) => r.tasks))} / ${median(s.runs.map((r) => r.over50))}`,
        );
        const floorWall = s.floor.map((r) => r.longest);
        line(`  floor: the page without its script, same swipes`, `${s.floorLongest.toFixed(1)} ms`);
        line(`    its runs, ms (spread ${spread(floorWall)})`, ms(floorWall));
        line("    by the thread's CPU clock: median / runs", `${s.floorCpu.toFixed(1)} / ${ms(s.floor.map((r) => r.longestCpu))}`);
      } finally {
        proxy.close();
      }
    }
    if (parts.has('throughput')) await throughput(product, a1);
    // last: it starts an A/B test on the demo site
    if (parts.has('experiment')) await experimentThroughput(product, a1);
  } finally {
    await product.stop();
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  await run();
  process.exit(0);
}
