import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, freePort } from '@swipe/viewer/testing/harness.ts';
import { median } from './lib.js';

// Lighthouse in Debian's Chromium, as the browser benches run it: several runs, the run with the median score.

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** thread (CPU) time of the event, where the trace has it */
  tdur?: number;
  ts: number;
  args?: { name?: string };
}

export interface MainThread {
  /** the page's main-thread tasks after FCP: their time, and the part of it the thread ran on a CPU */
  wall: number;
  cpu: number;
  /** the most CPU any one of those tasks used */
  longestCpu: number;
}

/**
 * What the page's main thread did after FCP in a Lighthouse trace, by the wall clock (what TBT counts) and by the
 * thread's own CPU clock (tdur). Where the host keeps the thread waiting (the other core busy with decoding,
 * raster and compositing, or slow context switches in a virtual machine), the first grows and the second does not.
 */
function mainThreadAfterFcp(events: TraceEvent[]): MainThread | null {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) return null;
  let wall = 0;
  let cpu = 0;
  let longestCpu = 0;
  for (const e of events)
    if (e.ph === 'X' && e.name === 'RunTask' && e.pid === fcp.pid && e.tid === fcp.tid && e.ts >= fcp.ts) {
      wall += (e.dur ?? 0) / 1000;
      cpu += (e.tdur ?? 0) / 1000;
      longestCpu = Math.max(longestCpu, (e.tdur ?? 0) / 1000);
    }
  return { wall, cpu, longestCpu };
}

export interface LighthouseOptions {
  /** Lighthouse's desktop settings (its desktop-config: no CPU slow-down, a fast network) instead of a phone's */
  desktop?: boolean;
  /**
   * Run before each run with the browser's debugging port (to sign in, clear the HTTP cache): storage is then left
   * as it made it, where Lighthouse would clear it first.
   */
  prepare?: (port: number) => Promise<void>;
}

interface Result {
  score: number;
  lcp: number;
  cls: number;
  tbt: number;
  fcp: number;
  cpu: number;
  /** bytes over the wire for everything the page loaded (Lighthouse's total byte weight) */
  bytes: number;
  /** the same by resource type (script, stylesheet, document, font, other…) */
  byType: Record<string, number>;
  /** every request of the run: address and bytes over the wire */
  requests: { url: string; transferSize: number }[];
  main: MainThread | null;
}

/** Transfer sizes by resource type from Lighthouse's resource summary. */
function byType(details: unknown): Record<string, number> {
  const items = (details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
  return Object.fromEntries(items.filter((i) => i.resourceType !== 'total').map((i) => [i.resourceType, i.transferSize]));
}

/** BENCH_DEBUG: where a run's main-thread time went, by script and by kind of work, and its LCP element. */
function debugAudits(audits: Record<string, { details?: unknown; displayValue?: string }>) {
  type Item = Record<string, unknown>;
  const items = (id: string) => ((audits[id]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];
  const ms = (v: unknown) => `${Math.round(Number(v ?? 0))}`.padStart(6);
  console.log(
    '    main thread by kind (ms):',
    items('mainthread-work-breakdown')
      .map((i) => `${i.groupLabel} ${Math.round(Number(i.duration))}`)
      .join(', '),
  );
  for (const i of items('bootup-time'))
    console.log(
      `    ${ms(i.total)} total ${ms(i.scripting)} script ${ms(i.scriptParseCompile)} parse  ${String(i.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  for (const i of items('long-tasks').slice(0, 8))
    console.log(`    long task ${ms(i.duration)} at ${ms(i.startTime)}  ${String(i.url).replace(/^https?:\/\/[^/]+/, '')}`);
  const lcp = items('largest-contentful-paint-element')[0] as { items?: { node?: { snippet?: string } }[] } | undefined;
  if (lcp?.items?.[0]?.node?.snippet) console.log(`    LCP element: ${lcp.items[0].node.snippet.slice(0, 160)}`);
  const phases = items('largest-contentful-paint-element')[1] as { items?: Item[] } | undefined;
  if (phases?.items) console.log('    LCP phases:', phases.items.map((p) => `${p.phase} ${Math.round(Number(p.timing))}`).join(', '));
}

export async function lighthouseRun(url: string, runs: number, opts: LighthouseOptions = {}) {
  const { default: lighthouse } = await import('lighthouse');
  const config = opts.desktop ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const port = await freePort();
  const chrome = spawn(
    '/usr/bin/chromium',
    [
      ...CHROMIUM_ARGS,
      '--headless=new',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${fs.mkdtempSync(path.join(os.tmpdir(), 'lh-'))}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  try {
    for (let i = 0; i < 50; i++) {
      try {
        await fetch(`http://127.0.0.1:${port}/json/version`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) {
      await opts.prepare?.(port);
      const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
      const r = await lighthouse(url, opts.prepare ? { ...flags, disableStorageReset: true } : flags, config);
      const lhr = r?.lhr;
      if (!lhr) continue;
      if (process.env.BENCH_DEBUG) debugAudits(lhr.audits);
      results.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
        fcp: lhr.audits['first-contentful-paint']?.numericValue ?? 0,
        // Lighthouse's own measure of the host's CPU speed: TBT scales with it
        cpu: lhr.environment?.benchmarkIndex ?? 0,
        bytes: lhr.audits['total-byte-weight']?.numericValue ?? 0,
        byType: byType(lhr.audits['resource-summary']?.details),
        requests: ((lhr.audits['network-requests']?.details as { items?: Result['requests'] } | undefined)?.items ?? []).map(
          ({ url, transferSize }) => ({ url, transferSize }),
        ),
        main: mainThreadAfterFcp((r.artifacts as { Trace?: { traceEvents: TraceEvent[] } } | undefined)?.Trace?.traceEvents ?? []),
      });
    }
    results.sort((a, b) => a.score - b.score);
    // the run with the median score (its TBT, LCP and CLS go with it)
    const middle = results[Math.floor(results.length / 2)];
    const mains = results.flatMap((r) => (r.main ? [r.main] : []));
    const main = mains.length
      ? { wall: median(mains.map((m) => m.wall)), cpu: median(mains.map((m) => m.cpu)), longestCpu: median(mains.map((m) => m.longestCpu)) }
      : null;
    return middle && { ...middle, main, all: results, scores: results.map((r) => r.score), tbts: results.map((r) => Math.round(r.tbt)) };
  } finally {
    chrome.kill('SIGKILL');
  }
}

/**
 * The product's sites origin through a proxy that drops the page's bootstrap script (the one `<script>` with no
 * attributes: render.ts), so Lighthouse measures what this host's browser spends on the server-rendered page
 * alone: parsing, styles, the CJK font, layout, images, the CSS animations. TBT above that floor is the
 * viewer's own JavaScript; the floor itself moves with the host (docs/decisions.md, "Viewer speed by host").
 */
export async function withoutScript(target: string) {
  const port = await freePort();
  const server = http.createServer((req, res) => {
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    if (req.headers['user-agent']) headers['user-agent'] = req.headers['user-agent'];
    fetch(target + (req.url ?? '/'), { headers, redirect: 'manual' })
      .then(async (r) => {
        const type = r.headers.get('content-type') ?? 'application/octet-stream';
        let body = Buffer.from(await r.arrayBuffer());
        if (type.startsWith('text/html')) body = Buffer.from(body.toString('utf8').replace(/<script>[\s\S]*?<\/script>/, ''));
        const out: Record<string, string> = { 'content-type': type, 'cache-control': r.headers.get('cache-control') ?? 'no-cache' };
        const location = r.headers.get('location');
        if (location) out.location = location;
        res.writeHead(r.status, out).end(body);
      })
      .catch(() => res.writeHead(502).end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}
