import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from './config.js';
import { seedDemo } from './demo/seed.js';
import { claimInstance, FolderInUse, recordInstance } from './lib/instance.js';
import { createContext } from './open.js';
import { startServer } from './server.js';

const config = loadConfig();
// from before the embedded database opens: npm run backup and restore refuse while it is open, npm run mail waits
// for this process to answer, and a second server on the same folder is refused (lib/instance.ts)
if (!config.databaseUrl)
  try {
    claimInstance(config.dataDir, { pid: process.pid, adminUrl: config.adminUrl, starting: true });
  } catch (err) {
    if (!(err instanceof FolderInUse)) throw err;
    console.error(`Not started: ${err.message}, or give this server a DATA_DIR of its own.`);
    process.exit(3);
  }
const starting = (async () => {
  const ctx = await createContext(config);
  const demo = config.demoData ? await seedDemo(ctx) : null;
  const running = await startServer(config, { ctx });
  // tools that read this folder's embedded database (npm run mail) ask this process while it runs
  if (!config.databaseUrl) recordInstance(config.dataDir, { pid: process.pid, adminUrl: running.adminUrl });
  return { running, demo };
})();

// One stop, however many signals arrive: a terminal's Ctrl-C or systemd signals the whole process group
// (npm, scripts/start.mjs and this process), and start.mjs forwards its own too. A second signal during
// the drain must not cut the in-flight requests short; the drain ends in time on its own (STOP_LIMIT_MS).
// Signals are taken from the first moment: one that arrives while the server is still starting (migrations,
// one origin already listening while the other and the worker start) stops it once started, with the same
// drain, instead of Node's default action killing it half-way.
const STOP_LIMIT_MS = 28_000;
let stopping = false;
let log: FastifyBaseLogger | undefined;
starting.then(
  ({ running }) => {
    log = running.ctx.log;
  },
  () => {}, // a failed start ends the process below, with its error
);
/** An error of the stop: in the server's log once it has one, else on stderr. */
const fail = (message: string, err?: unknown) => {
  if (log) log.error({ err }, message);
  else console.error(message, err ?? '');
  process.exit(1);
};
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    if (stopping) {
      log?.info({ signal: sig }, 'already shutting down');
      return;
    }
    stopping = true;
    setTimeout(() => fail('shutdown took too long; leaving'), STOP_LIMIT_MS).unref();
    starting
      .then(({ running }) => {
        running.ctx.log.info({ signal: sig }, 'shutting down');
        return running.stop();
      })
      .then(
        () => process.exit(0),
        (err) => fail('shutdown failed', err),
      );
  });
}

const { demo } = await starting;
const lines = [
  '',
  '  Swipe Sites is running',
  `  Admin origin (back-office):  ${config.adminUrl}`,
  `  Sites origin (visitors):     ${config.sitesUrl}`,
  `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
  `  Mail: ${config.smtpUrl ? 'SMTP (SMTP_URL)' : `kept in the outbox: npm run mail, or ${config.adminUrl}/dev/mail`}`,
];
if (demo) {
  lines.push('  Demo logins (embedded mode only):');
  for (const l of demo.logins) lines.push(`    ${l.role.padEnd(8)} ${l.email}  /  ${l.password}`);
  lines.push(`  Demo site: ${config.sitesUrl}/  (site ${demo.siteId})`);
}
console.log(lines.join('\n'));
