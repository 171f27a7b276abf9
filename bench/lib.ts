import autocannon from 'autocannon';
import Fastify from 'fastify';

export interface LoadResult {
  rps: number;
  p99: number;
  non2xx: number;
}

/** autocannon against a URL on this machine, bounded in time and connections. */
export async function load(
  url: string,
  opts: { connections?: number; duration?: number; method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<LoadResult> {
  const r = await autocannon({
    url,
    connections: opts.connections ?? 100,
    duration: opts.duration ?? 5,
    method: (opts.method ?? 'GET') as 'GET',
    body: opts.body,
    headers: opts.headers,
  });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx };
}

/** A bare Fastify route on this machine: the yardstick the other figures are divided by. */
export async function bareFastify(): Promise<{ url: string; close(): Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const a = app.server.address();
  const port = typeof a === 'object' && a ? a.port : 0;
  return { url: `http://127.0.0.1:${port}/bare`, close: () => app.close() };
}

/** A printer of figures: the label padded to `labelWidth`, the value right-aligned in `valueWidth`, the target after. */
export function liner(labelWidth: number, valueWidth: number): (label: string, value: string, target?: string) => void {
  return (label, value, target) =>
    console.log(`  ${label.padEnd(labelWidth)} ${value.padStart(valueWidth)}${target ? `   (target ${target})` : ''}`);
}

export const line = liner(52, 14);

/** The median (the mean of the middle two for an even count; 0 for none). */
export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const o = [...xs].sort((x, y) => x - y);
  return o.length % 2 ? (o[(o.length - 1) / 2] as number) : ((o[o.length / 2 - 1] as number) + (o[o.length / 2] as number)) / 2;
}
