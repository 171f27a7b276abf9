import type { FastifyInstance } from 'fastify';
import { httpDuration, httpErrors, httpRequests } from '../lib/metrics.js';

type Series = { count: { inc(): void }; time: { observe(v: number): void }; errors: { inc(): void } | null };

/**
 * Counts every answer the app gives (lib/metrics.ts) by route pattern, never the URL asked for: the set of series is
 * bounded by the routes, whatever clients send (an address no route matches counts as `(unmatched)`). A series is
 * looked up once per route, method and status and kept; the hook then costs two increments.
 */
export function installHttpMetrics(app: FastifyInstance, origin: string): void {
  const series = new Map<string, Series>();
  const of = (method: string, route: string, status: number): Series => {
    const key = `${method} ${status} ${route}`;
    let s = series.get(key);
    if (!s) {
      s = {
        count: httpRequests.labels(origin, method, route, String(status)),
        time: httpDuration.labels(origin, method, route),
        errors: status >= 500 ? httpErrors.labels(origin, route) : null,
      };
      series.set(key, s);
    }
    return s;
  };
  app.addHook('onResponse', (req, reply, done) => {
    const s = of(req.method, req.routeOptions.url ?? '(unmatched)', reply.statusCode);
    s.count.inc();
    s.time.observe(reply.elapsedTime / 1000);
    s.errors?.inc();
    done();
  });
}
