import { spawnSync } from 'node:child_process';
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
  const r = await autocannon({ url, connections: 100, duration: seconds, headers, setupClient: skipBodies });
  const cpu = cpuMs(pid) - before;
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, cpuPer1k: (cpu / r.requests.total) * 1000 };
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
