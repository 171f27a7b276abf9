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

let signals = 0;
for (const sig of ['SIGTERM', 'SIGINT'] as const) {
  process.on(sig, () => {
    if (++signals > 1) process.exit(1);
    running.ctx.log.info({ signal: sig }, 'shutting down');
    running.stop().then(
      () => process.exit(0),
      (err) => {
        running.ctx.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
