import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Anonymous public list calls with distinct query strings grew the server without bound
// (one cache entry per take/skip pair). 10,000 distinct calls must keep the process within 50 MB.
// Measured in a fresh process (memory.probe.ts): a vitest worker that ran other files first carries
// their heap and allocator state, which is not what the server keeps.

const probe = path.join(path.dirname(new URL(import.meta.url).pathname), 'memory.probe.ts');

function runProbe(): Promise<{
  total: number;
  grownMb: number;
  grownEachMb: number[];
  keptMb: number;
  slice: { n: number; skip: number; take: number };
}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--expose-gc', probe], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`probe exited ${code}: ${out.slice(-500)} ${err.slice(-2000)}`));
      }
    });
  });
}

describe('public list calls', () => {
  it('10,000 distinct take/skip pairs keep RSS growth under 50 MB', async () => {
    const r = await runProbe();
    expect(r.total).toBe(200);
    expect(r.grownMb, `RSS growth of each round: ${r.grownEachMb.join(', ')} MB`).toBeLessThan(50);
    // what the server holds on to (the old per-query cache kept hundreds of MB here)
    expect(r.keptMb).toBeLessThan(50);
    // The answer is still the asked slice.
    expect(r.slice).toEqual({ n: 5, skip: 2, take: 5 });
  }, 400_000);
});
