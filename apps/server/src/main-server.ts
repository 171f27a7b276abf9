import { loadConfig } from './config.js';
import { seedDemo } from './demo/seed.js';
import { createContext, startServer } from './server.js';

const config = loadConfig();
const ctx = await createContext(config);
const demo = config.demoData ? await seedDemo(ctx) : null;
const running = await startServer(config, { ctx });

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

// One stop, however many signals arrive: a terminal's Ctrl-C or systemd signals the whole process group
// (npm, scripts/start.mjs and this process), and start.mjs forwards its own too. A second signal during
// the drain must not cut the in-flight requests short; the drain ends in time on its own (STOP_LIMIT_MS).
const STOP_LIMIT_MS = 28_000;
let stopping = false;
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    if (stopping) {
      running.ctx.log.info({ signal: sig }, 'already shutting down');
      return;
    }
    stopping = true;
    running.ctx.log.info({ signal: sig }, 'shutting down');
    setTimeout(() => {
      running.ctx.log.error('shutdown took too long; leaving');
      process.exit(1);
    }, STOP_LIMIT_MS).unref();
    running.stop().then(
      () => process.exit(0),
      (err) => {
        running.ctx.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
