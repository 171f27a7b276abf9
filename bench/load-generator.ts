import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import autocannon from 'autocannon';

// The throughput rounds' load generator, in a process of its own (forked by viewer.ts), fresh for the rounds:
// in the bench process, autocannon ran in a heap the browser parts had used and then left idle for minutes,
// the state in which Node's hot paths were found to slow down in the product (docs/decisions.md, "idle
// collections"). The client's speed shows in the ratios: it is the busier of the two cores.

export interface CannonRequest {
  url: string;
  seconds: number;
  /** the server whose CPU time per answer is read from /proc */
  pid: number;
  headers: Record<string, string>;
  warm: boolean;
}
export interface CannonResult {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuPer1k: number;
  /** the load generator's own CPU per 1,000 answers (autocannon) */
  clientPer1k?: number;
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
export function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parts = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return ((Number(parts[11]) + Number(parts[12])) * 1000) / 100; // clock ticks of 10 ms
  } catch {
    return Number.NaN;
  }
}

/**
 * autocannon appends every response body to a string (it can check bodies; we never ask it to).
 * Decoding compressed bytes as UTF-8 costs the client, which shares the 2 cores with the server,
 * more than the server spends answering: a bare route sending 9 KB of random bytes measured 39 % of
 * its tiny answer, the same 9 KB of "a" 89 %. Bytes are still counted (from the socket); only the
 * unused string is skipped, for every figure alike, so the ratios measure the server.
 */
function skipBodies(client: unknown): void {
  const c = client as { pipelinedRequests?: { addBody?: (data: Buffer) => void } };
  if (c.pipelinedRequests) c.pipelinedRequests.addBody = () => {};
}

/**
 * Requests/second with 100 connections, and the server's CPU per 1,000 answers: autocannon shares the
 * 2 cores with the server, so req/s partly measures the client; CPU per answer is the server's own cost.
 */
async function cannon({ url, seconds, pid, headers, warm }: CannonRequest): Promise<CannonResult> {
  if (warm) await autocannon({ url, connections: 100, duration: 2, headers, setupClient: skipBodies });
  const before = cpuMs(pid);
  const own = process.cpuUsage();
  const r = await autocannon({ url, connections: 100, duration: seconds, headers, setupClient: skipBodies });
  const cpu = cpuMs(pid) - before;
  const used = process.cpuUsage(own);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    cpuPer1k: (cpu / r.requests.total) * 1000,
    clientPer1k: (used.user + used.system) / r.requests.total,
  };
}

if (process.send) {
  // pinned to core 0 when the bench asks (the servers run on core 1)
  if (process.env.BENCH_LOAD_CORE)
    spawnSync('/usr/bin/taskset', ['-a', '-cp', process.env.BENCH_LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
  process.on('message', (req: CannonRequest) => {
    void cannon(req).then((r) => process.send?.(r));
  });
  process.send('ready');
}

/** Whether the machine has wrk on its PATH (Debian: `apt-get install wrk`): the system's own lookup, by name. */
export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** A wrk latency figure ("34.26ms", "812.00us", "1.02s") in ms. */
function wrkMs(v: string): number {
  const n = Number.parseFloat(v);
  return v.endsWith('us') ? n / 1000 : v.endsWith('ms') ? n : v.endsWith('s') ? n * 1000 : n;
}

/**
 * The same figures from wrk (C, one thread, 100 connections), on core `core` when given. autocannon is
 * JavaScript: for a server-rendered page (9 KB of body, 1 KB of headers) it spent more CPU per answer
 * than the server (50 against 40 us), so with it the ratios measured the load generator (decisions.md,
 * "Viewer speed: the load generator"). wrk spends a fraction of that, so the server is the busy one.
 */
export async function wrk(core: string | null, { url, seconds, pid, headers, warm }: CannonRequest): Promise<CannonResult> {
  const runOnce = (secs: number) =>
    new Promise<string>((resolve, reject) => {
      const args = ['-t1', '-c100', `-d${secs}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
      const child = core ? spawn('/usr/bin/taskset', ['-c', core, 'wrk', ...args]) : spawn('wrk', args);
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.stderr.on('data', (d: Buffer) => {
        out += d.toString();
      });
      child.on('error', reject);
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
    });
  if (warm) await runOnce(2);
  const before = cpuMs(pid);
  const out = await runOnce(seconds);
  const cpu = cpuMs(pid) - before;
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const sock = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN),
    p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? 'NaN'),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: sock ? sock.slice(1).reduce((n, x) => n + Number(x), 0) : 0,
    cpuPer1k: (cpu / total) * 1000,
  };
}
