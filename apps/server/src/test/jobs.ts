import type { AppContext } from '../context.js';
import { Worker } from '../jobs/worker.js';
import { jobHandlers } from '../modules/index.js';

/** Runs every due job with the real handlers of every module, in this process; returns how many ran. */
export async function runJobs(s: { ctx: AppContext }): Promise<number> {
  const w = new Worker(s.ctx, jobHandlers());
  let n = 0;
  while (await w.runOneJob()) n++;
  return n;
}
