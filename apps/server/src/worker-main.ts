// npm run worker: the job and mail worker alone, for deployments that run it apart from the web processes
// (web processes then set RUN_WORKER=false).
import { loadConfig } from './config.js';
import { Worker } from './jobs/worker.js';
import { jobHandlers } from './modules/index.js';
import { createContext } from './open.js';

const config = loadConfig();
const ctx = await createContext(config);
const handlers = jobHandlers();
const worker = new Worker(ctx, handlers);
await worker.start();
ctx.log.info({ kinds: Object.keys(handlers), smtp: Boolean(config.smtpUrl) }, 'worker started');
// One stop however many signals arrive (a process-group signal plus a forwarded one).
let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    if (stopping) return;
    stopping = true;
    // Finish the current job, then leave.
    worker
      .stop()
      .then(() => ctx.db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
