import path from 'node:path';

// npm run backup [-- --out <folder>]: the database and every media file into a new folder (README "Backups").
// Exit codes: 0 written, 1 failed, 2 usage, 3 refused (the folder is not empty, or the embedded server runs).

const usage = 'usage: npm run backup [-- --out <new folder>]  (default: ./swipe-backup-<date>-<time>)';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const at = args.indexOf('--out');
const folder = at >= 0 ? args[at + 1] : undefined;
if ((at >= 0 && (!folder || folder.startsWith('--'))) || args.length !== (at >= 0 ? 2 : 0)) {
  console.error(usage);
  process.exit(2);
}
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const out = path.resolve(folder ?? `swipe-backup-${stamp}`);
// the server's code is loaded once the arguments are known to be usable: a usage error answers at once
const [{ backup, Refused }, { loadConfig }] = await Promise.all([import('../backup/backup.js'), import('../config.js')]);
try {
  await backup(loadConfig(), out, (line) => console.log(line));
  console.log(`Backup written to ${out}`);
  process.exit(0);
} catch (e) {
  console.error(`Backup ${e instanceof Refused ? 'refused' : 'failed'}: ${(e as Error).message}`);
  process.exit(e instanceof Refused ? 3 : 1);
}
