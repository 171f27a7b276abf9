import path from 'node:path';

// npm run restore -- <backup folder> [--force]: into the configured database and media store (README "Backups").
// Exit codes: 0 restored and checked, 1 failed, 2 usage, 3 refused (data there without --force, another mode or
// schema, the embedded server running, not a finished backup).

const usage = 'usage: npm run restore -- <backup folder> [--force]';
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(usage);
  process.exit(0);
}
const force = args.includes('--force');
const folders = args.filter((a) => a !== '--force');
const from = folders[0];
if (!from || folders.length !== 1 || from.startsWith('-')) {
  console.error(usage);
  process.exit(2);
}
// the server's code is loaded once the arguments are known to be usable: a usage error answers at once
const [{ Refused }, { restore }, { loadConfig }] = await Promise.all([
  import('../backup/backup.js'),
  import('../backup/restore.js'),
  import('../config.js'),
]);
try {
  await restore(loadConfig(), path.resolve(from), force, (line) => console.log(line));
  console.log('Restore finished. Start the server as usual.');
  process.exit(0);
} catch (e) {
  console.error(`Restore ${e instanceof Refused ? 'refused' : 'failed'}: ${(e as Error).message}`);
  process.exit(e instanceof Refused ? 3 : 1);
}
