import { launchChromium } from '@swipe/viewer/testing/harness.ts';
import type { TraceEvent } from './lighthouse.js';

// The longest main-thread task while a visitor swipes on a phone with the CPU slowed 4x, from Chromium's trace.

export async function longestSwipeTask(
  url: string,
): Promise<{ longest: number; swipes: number; moved: string[]; tasks: number; over50: number }> {
  const browser = await launchChromium();
  try {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    // Traced from the start (the page's main thread is the one that parsed its HTML); only tasks
    // after the marker, i.e. during the swipes, count.
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url);
    await page.waitForSelector('.vw[data-ready="1"]', { timeout: 30_000 });
    await page.waitForTimeout(1000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => console.timeStamp('swipes-start'));
    const moves: [[number, number], [number, number]][] = [
      [
        [195, 690],
        [195, 90],
      ],
      [
        [330, 500],
        [40, 505],
      ],
      // B1 to B2 (down): every swipe moves, so the trace covers four moves
      [
        [195, 690],
        [195, 90],
      ],
      [
        [40, 500],
        [330, 505],
      ],
    ];
    const moved: string[] = [];
    for (const [from, to] of moves) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from[0], y: from[1] }] });
      for (let i = 1; i <= 12; i++) {
        await cdp.send('Input.dispatchTouchEvent', {
          type: 'touchMove',
          touchPoints: [{ x: from[0] + ((to[0] - from[0]) * i) / 12, y: from[1] + ((to[1] - from[1]) * i) / 12 }],
        });
        await new Promise((r) => setTimeout(r, 16));
      }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await page.waitForTimeout(1500);
      moved.push((await page.locator('.vw').getAttribute('data-position')) ?? '?');
    }
    const buf = await browser.stopTracing();
    const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
    const parse = events.find((e) => e.name === 'ParseHTML');
    const marker = events.find((e) => e.name === 'TimeStamp' && JSON.stringify(e.args ?? {}).includes('swipes-start'));
    if (process.env.BENCH_DEBUG) console.log(`    main thread ${parse ? 'found' : 'missing'}, marker ${marker ? 'found' : 'missing'}`);
    const tasks = events.filter(
      (e) =>
        e.ph === 'X' &&
        (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
        parse !== undefined &&
        e.pid === parse.pid &&
        e.tid === parse.tid &&
        e.ts >= (marker?.ts ?? 0),
    );
    const longest = tasks.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0);
    const over50 = tasks.filter((e) => (e.dur ?? 0) > 50_000).length;
    if (process.env.BENCH_DEBUG)
      for (const t of tasks.filter((e) => (e.dur ?? 0) > 25_000)) {
        const inner = events.filter(
          (e) =>
            e.pid === t.pid &&
            e.tid === t.tid &&
            e.ph === 'X' &&
            e.ts >= t.ts &&
            e.ts + (e.dur ?? 0) <= t.ts + (t.dur ?? 0) &&
            e.name !== t.name,
        );
        const by = new Map<string, number>();
        for (const e of inner) by.set(e.name, (by.get(e.name) ?? 0) + (e.dur ?? 0));
        console.log(
          `    task ${((t.dur ?? 0) / 1000).toFixed(0)} ms at +${((t.ts - (marker?.ts ?? 0)) / 1e6).toFixed(1)} s:`,
          [...by]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 6)
            .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
            .join(', '),
          JSON.stringify(inner.find((e) => e.name === 'EventDispatch')?.args ?? {}).slice(0, 80),
        );
      }
    return { longest, swipes: moves.length, moved, tasks: tasks.length, over50 };
  } finally {
    await browser.close();
  }
}
