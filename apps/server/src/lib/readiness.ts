// What a readiness probe asks of this process beyond the database (modules/health): whether it is shutting down
// and how long ago its worker, if it runs one, went round its loop. Set by the code that starts the process
// (server.ts startServer), read per context.

export interface Readiness {
  /** true from the first stop signal on: the load balancer should send new requests elsewhere */
  stopping(): boolean;
  /** the worker this process runs, if any */
  worker?: { lastBeatMs(): number };
  /** a worker that has not gone round its loop for this long is stale (a job stuck past its lease) */
  staleAfterMs: number;
}

const states = new WeakMap<object, Readiness>();

export function readinessOf(ctx: object): Readiness {
  let r = states.get(ctx);
  if (!r) {
    r = { stopping: () => false, staleAfterMs: 120_000 };
    states.set(ctx, r);
  }
  return r;
}
