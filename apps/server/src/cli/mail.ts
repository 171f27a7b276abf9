// npm run mail: prints the mail outbox (mail kept when SMTP_URL is not set) of the database this configuration
// names: PostgreSQL (DATABASE_URL) is read directly; the embedded database of DATA_DIR through the server that
// has it open (PGlite allows one process; lib/instance.ts says which), or directly when none runs. A server on
// PORT that serves another data folder is never asked.
// The count is checked before anything else is loaded: a usage error answers at once.
import type { OutboxMail } from '../modules/mail/service.js';

const limitArg = process.argv[2] ?? '20';
if (!/^[1-9]\d{0,3}$/.test(limitArg)) {
  process.stderr.write('usage: npm run mail [-- <how many of the latest mails, 1 to 9999; 20 when not given>]\n');
  process.exit(2);
}
const limit = Number(limitArg);

const [{ loadConfig }, { migrate }, { runningInstance }, { listOutbox }, { openDb }] = await Promise.all([
  import('../config.js'),
  import('../db/migrate.js'),
  import('../lib/instance.js'),
  import('../modules/mail/service.js'),
  import('../open.js'),
]);
const config = loadConfig();

async function fromServer(adminUrl: string): Promise<OutboxMail[]> {
  const r = await fetch(`${adminUrl}/dev/mail?format=json`, { signal: AbortSignal.timeout(10_000) });
  if (!r.ok) throw new Error(`${adminUrl}/dev/mail answered ${r.status}`);
  return ((await r.json()) as { mails: OutboxMail[] }).mails;
}

async function fromDatabase(): Promise<OutboxMail[]> {
  const db = await openDb(config);
  try {
    await migrate(db);
    return await listOutbox(db, limit);
  } finally {
    await db.close();
  }
}

/** This folder's server, once it answers: one that is starting (migrations, the demo's data) is waited for. */
async function answeringInstance() {
  const until = Date.now() + 120_000;
  let rec = runningInstance(config.dataDir);
  while (rec?.starting && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    rec = runningInstance(config.dataDir);
  }
  if (rec?.starting) {
    console.error(`The server (process ${rec.pid}) over ${config.dataDir} is still starting: run npm run mail again once it runs`);
    process.exit(1);
  }
  return rec;
}

const running = config.databaseUrl ? null : await answeringInstance();
let mails: OutboxMail[];
try {
  mails = running ? await fromServer(running.adminUrl) : await fromDatabase();
} catch (err) {
  console.error(`Could not read the outbox of ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}: ${(err as Error).message}`);
  process.exit(1);
}
console.log(
  `Outbox of ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}${running ? ` (through the server at ${running.adminUrl})` : ''}`,
);
if (mails.length === 0) console.log('The outbox is empty.');
for (const m of mails.slice(0, limit).reverse()) {
  console.log(`\n#${m.id}  ${m.status}  ${m.created_at}\nTo: ${m.to_addr}\nSubject: ${m.subject}\n\n${m.text_body}\n${'-'.repeat(60)}`);
}
