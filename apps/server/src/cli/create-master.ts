// npm run create-master -- --email <address> [--company <name>] [--another]
// Creates the platform master of a deployment. The password comes from standard input: typed without
// echo (twice) on a terminal, or the first line of a pipe (`printf '%s\n' "$PW" | npm run create-master ...`).
// Works on DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR (stop the server first: the
// embedded database takes one process). Prints nothing secret; exits 1 with a message on any failure.
// The arguments are checked before the server's code is loaded (below): a usage error answers at once.
import { parseArgs } from 'node:util';
import { type Lang, translate } from '@swipe/i18n';
import type { Db } from '../db/db.js';

const lang: Lang = /^ja/i.test(process.env.LANG ?? '') ? 'ja' : 'en';
const USAGE = 'usage: npm run create-master -- --email <address> [--company <name>] [--another]  (password on standard input)';

function fail(message: string, code = 1): never {
  process.stderr.write(`create-master: ${message}\n`);
  process.exit(code);
}

/** Reads one line from a terminal without echoing it. */
function readHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let buf = '';
    const done = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const c of chunk) {
        if (c === '\r' || c === '\n' || c === '\u0004') {
          done();
          resolve(buf);
          return;
        }
        if (c === '\u0003') {
          done();
          reject(new Error('cancelled'));
          return;
        }
        if (c === '\u007f' || c === '\b') buf = buf.slice(0, -1);
        else buf += c;
      }
    };
    stdin.on('data', onData);
  });
}

/** The first line of a pipe (or file) on standard input. */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return (Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '').trimEnd();
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await readHidden('Password: ');
  const again = await readHidden('Password (again): ');
  if (first !== again) fail(translate(lang, 'validation.passwords_mismatch'));
  return first;
}

let args: { email?: string; company?: string; another?: boolean; help?: boolean };
try {
  args = parseArgs({
    options: { email: { type: 'string' }, company: { type: 'string' }, another: { type: 'boolean' }, help: { type: 'boolean' } },
  }).values;
} catch (e) {
  fail(`${(e as Error).message}\n${USAGE}`, 2);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (!args.email) fail(`--email is required\n${USAGE}`, 2);

let password: string;
try {
  password = await readPassword();
} catch (e) {
  fail((e as Error).message);
}
if (!password) fail('no password on standard input');

const [{ loadConfig }, { migrate }, { AppError }, { createMaster }, { openDb }] = await Promise.all([
  import('../config.js'),
  import('../db/migrate.js'),
  import('../errors.js'),
  import('../modules/users/service.js'),
  import('../open.js'),
]);

let db: Db | undefined;
try {
  const config = loadConfig();
  db = await openDb(config);
  await migrate(db);
  const master = await createMaster(db, { email: args.email, password, companyName: args.company, another: args.another });
  process.stdout.write(`Created the platform master ${master.email} (account ${master.id}). Sign in at ${config.adminUrl}\n`);
  await db.close();
  process.exit(0);
} catch (e) {
  await db?.close().catch(() => {});
  if (e instanceof AppError) {
    const details = (e.fields ?? []).map((f) => `${f.path}: ${translate(lang, f.key, f.params)}`);
    fail(details.length ? details.join('\n') : translate(lang, e.key, e.params));
  }
  fail(`could not create the master: ${(e as Error).message}`);
}
