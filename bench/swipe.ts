import { launchChromium } from '@swipe/viewer/testing/harness.ts';
import { median } from './lib.js';
import type { TraceEvent } from './lighthouse.js';

// The longest main-thread task while a visitor swipes on a phone with the CPU slowed 4x, from Chromium's trace.
// One trace varies a lot on a shared host (one task of a thousand decides it), so the bench takes several runs,
// each followed by the same swipes on the page without its script (the floor: what this host's browser does with
// the server-rendered page alone while input arrives), and reports the medians of both side by side.

export interface SwipeRun {
  /** the longest task, by the wall clock (what the target is about) */
  longest: number;
  /** the most CPU time any one task used (the thread's own clock): the host's waits left out */
  longestCpu: number;
  moved: string[];
  tasks: number;
  over50: number;
}

interface TraceEventArgs extends TraceEvent {
  args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number; totalObjects?: number } };
}

const MOVES: [[number, number], [number, number]][] = [
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

/** One trace of the four swipes. `script: false` for the page without its script: the same input, nothing moves. */
export async function longestSwipeTask(url: string, script = true): Promise<SwipeRun> {
  const browser = await launchChromium();
  try {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await ctx.newPage();
    const cdp = await ctx.newCDPSession(page);
    // Traced from the start (the page's main thread is the one that parsed its HTML); only tasks
    // after the marker, i.e. during the swipes, count.
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForSelector(script ? '.vw[data-ready="1"]' : '.vw-slide', { timeout: 30_000 });
    await page.waitForTimeout(1000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => console.timeStamp('swipes-start'));
    const moved: string[] = [];
    for (const [from, to] of MOVES) {
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
    const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEventArgs[] }).traceEvents;
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
    const longestCpu = tasks.reduce((m, e) => Math.max(m, (e.tdur ?? 0) / 1000), 0);
    const over50 = tasks.filter((e) => (e.dur ?? 0) > 50_000).length;
    if (process.env.BENCH_DEBUG) debugTasks(events, tasks, marker?.ts ?? 0);
    return { longest, longestCpu, moved, tasks: tasks.length, over50 };
  } finally {
    await browser.close();
  }
}

/** BENCH_DEBUG: what the tasks over 25 ms did (time inside each kind of event; style recalcs and layouts with their sizes). */
function debugTasks(events: TraceEventArgs[], tasks: TraceEventArgs[], start: number) {
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
    const sizes = inner.flatMap((e) =>
      e.name === 'UpdateLayoutTree'
        ? [`style ${e.args?.elementCount ?? '?'} el`]
        : e.name === 'Layout'
          ? [`layout ${e.args?.beginData?.dirtyObjects ?? '?'}/${e.args?.beginData?.totalObjects ?? '?'}`]
          : [],
    );
    console.log(
      `    task ${((t.dur ?? 0) / 1000).toFixed(0)} ms (cpu ${((t.tdur ?? 0) / 1000).toFixed(0)}) at +${((t.ts - start) / 1e6).toFixed(1)} s:`,
      [...by]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${(v / 1000).toFixed(0)}`)
        .join(', '),
      sizes.join(', '),
      JSON.stringify(inner.find((e) => e.name === 'EventDispatch')?.args ?? {}).slice(0, 80),
    );
  }
}

export interface SwipeFigures {
  runs: SwipeRun[];
  floor: SwipeRun[];
  /** medians over the runs: the longest task by the wall clock and by CPU time, the floor's likewise */
  longest: number;
  longestCpu: number;
  floorLongest: number;
  floorCpu: number;
}

/** `runs` traces of the page, each followed by one of the page without its script (`bare`), in turns. */
export async function swipeRuns(url: string, bare: string | null, runs: number): Promise<SwipeFigures> {
  const out: SwipeRun[] = [];
  const floor: SwipeRun[] = [];
  for (let i = 0; i < runs; i++) {
    out.push(await longestSwipeTask(url));
    if (bare) floor.push(await longestSwipeTask(bare, false));
  }
  return {
    runs: out,
    floor,
    longest: median(out.map((r) => r.longest)),
    longestCpu: median(out.map((r) => r.longestCpu)),
    floorLongest: median(floor.map((r) => r.longest)),
    floorCpu: median(floor.map((r) => r.longestCpu)),
  };
}
