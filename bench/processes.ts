import { type ChildProcess, fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, ROOT } from '@swipe/viewer/testing/harness.ts';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';
import { type CannonRequest, type CannonResult, cpuMs } from './load-generator.js';

// The processes the browser benches measure: the product as `npm start` runs it, a bare Fastify route as the
// yardstick, and the load generator, each in a process of its own.

function waitFor(child: ChildProcess, pattern: RegExp, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}: ${out.slice(-500)}`)), ms);
    const on = (d: Buffer) => {
      out += d.toString();
      if (pattern.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', on);
    child.stderr?.on('data', on);
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${out.slice(-500)}`)));
  });
}

/**
 * Throughput is measured with the load generator and the server on a core each (taskset, where there is
 * one and two cores or more): on two shared cores the scheduler moved them around and between runs of
 * the same code the ratios swung by 30 points. Both servers (the product and the bare route) get the same
 * core, so the ratio compares the servers. BENCH_PIN=0 turns it off.
 */
export const PIN = process.env.BENCH_PIN !== '0' && os.cpus().length >= 2 && fs.existsSync('/usr/bin/taskset');
export function spawnServer(args: string[], opts: Parameters<typeof spawn>[2]): ChildProcess {
  return PIN ? spawn('/usr/bin/taskset', ['-c', '1', process.execPath, ...args], opts) : spawn(process.execPath, args, opts);
}
/** The product as `npm start` runs it (production mode, demo data in a fresh folder). */
export async function startProduct(dist?: string) {
  const [port, sitesPort] = [await freePort(), await freePort()];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'viewer-bench-'));
  const child = spawnServer([...SERVER_NODE_ARGS, '--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITES_PORT: String(sitesPort),
      DATA_DIR: dataDir,
      ...(dist ? { VIEWER_DIST_DIR: dist } : {}),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      ENDUSER_RATE_MULTIPLIER: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitFor(child, /Swipe Sites is running/, 180_000);
  return {
    pid: child.pid as number,
    sites: `http://127.0.0.1:${sitesPort}`,
    // the address the product's ADMIN_URL defaults to (links, the CSP)
    admin: `http://localhost:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify route in its own process: the yardstick for the throughput ratios. */
export async function startBare(sizedBytes: number, pageBytes: number) {
  const port = await freePort();
  const code = `import Fastify from 'fastify'; const app = Fastify({ logger: false }); app.get('/bare', async () => ({ ok: true })); const sized = Buffer.alloc(${sizedBytes}, 97); app.get('/sized', (_q, r) => { r.type('application/json').send(sized); }); const page = Buffer.alloc(${pageBytes}, 97); app.get('/page', (_q, r) => { r.type('text/html').send(page); }); await app.listen({ host: '127.0.0.1', port: ${port} }); console.log('bare ready');`;
  const child = spawnServer(['--input-type=module', '-e', code], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  await waitFor(child, /bare ready/, 20_000);
  return {
    pid: child.pid as number,
    url: `http://127.0.0.1:${port}/bare`,
    sized: `http://127.0.0.1:${port}/sized`,
    page: `http://127.0.0.1:${port}/page`,
    stop: () => child.kill('SIGTERM'),
  };
}

/** Waits until the process has used under 5 % of a core for a whole second; the time waited (ms). */
export async function quiet(pid: number, limitMs: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 1000));
    if (cpuMs(pid) - before < 50) break;
  }
  return Date.now() - start;
}

/**
 * The load generator: a process of its own (bench/load-generator.ts), fresh for the throughput rounds,
 * on core 0 when the servers are pinned to core 1.
 */
export async function loadGenerator() {
  const child = fork(path.join(ROOT, 'bench/load-generator.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...(PIN ? { BENCH_LOAD_CORE: '0' } : {}) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // the generator's next message (its readiness, then each result), or an error if it exits first
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`load generator exited with ${code}`));
      child.once('exit', exited);
      child.once('message', (m) => {
        child.off('exit', exited);
        resolve(m);
      });
    });
  await next();
  return {
    /** req/s with 100 connections, and the server's CPU per 1,000 answers (see load-generator.ts) */
    cannon(url: string, seconds: number, pid: number, headers: Record<string, string> = {}, warm = true): Promise<CannonResult> {
      const result = next();
      child.send({ url, seconds, pid, headers, warm } satisfies CannonRequest);
      return result as Promise<CannonResult>;
    },
    stop: () => child.kill(),
  };
}
