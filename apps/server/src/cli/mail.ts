// npm run mail: prints the mail outbox (mail kept when SMTP_URL is not set).
// Asks the running server first (PGlite allows one process); opens the database itself otherwise.
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { listOutbox, type OutboxMail } from '../modules/mail/service.js';
import { openDb } from '../server.js';

const config = loadConfig();
const limit = Number(process.argv[2] ?? 20);

async function fromServer(): Promise<OutboxMail[] | null> {
  try {
    const r = await fetch(`http://127.0.0.1:${config.port}/dev/mail?format=json`, { signal: AbortSignal.timeout(3000) });
    if (!r.ok) return null;
    return ((await r.json()) as { mails: OutboxMail[] }).mails;
  } catch {
    return null;
  }
}

let mails = await fromServer();
if (!mails) {
  const db = await openDb(config);
  await migrate(db);
  mails = await listOutbox(db, limit);
  await db.close();
}
if (mails.length === 0) console.log('The outbox is empty.');
for (const m of mails.slice(0, limit).reverse()) {
  console.log(`\n#${m.id}  ${m.status}  ${m.created_at}\nTo: ${m.to_addr}\nSubject: ${m.subject}\n\n${m.text_body}\n${'-'.repeat(60)}`);
}
