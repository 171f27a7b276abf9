import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { dumpEmbedded, dumpPostgres } from '../db/backup.js';
import { migrationFiles } from '../db/migrate.js';
import { heldMessage, runningInstance } from '../lib/instance.js';
import { backupMedia, type MediaSummary } from './media.js';

// `npm run backup` and `npm run restore` (cli/backup.ts, cli/restore.ts; README "Backups"): one folder holds a
// deployment, the database (pg_dump's custom format, or the embedded database's tarball) and every media file, with
// a manifest of what it holds (rows per table, the migrations applied), which a restore checks what it restored against.

export interface Manifest {
  format: 1;
  createdAt: string;
  database: { mode: 'postgres' | 'embedded'; file: string; schema?: string };
  media: MediaSummary;
  migrations: string[];
  tables: Record<string, number>;
}

/** Something the operator must change before it can run (exit code 3): a folder in use, a running embedded server. */
export class Refused extends Error {}

export const embeddedDir = (config: Config) => path.join(config.dataDir, 'pglite');
export const modeOf = (config: Config): Manifest['database']['mode'] => (config.databaseUrl ? 'postgres' : 'embedded');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Refused while a server runs over the data folder: PGlite is one process's, and a second one would damage it. */
export function assertEmbeddedStopped(config: Config): void {
  const running = runningInstance(config.dataDir);
  if (running) throw new Refused(heldMessage(running, config.dataDir));
}

/**
 * The database first, then the media: keys are immutable, so every file the database names is there when the
 * media are copied (PostgreSQL is dumped while the deployment runs; the embedded mode needs the server stopped).
 */
export async function backup(config: Config, out: string, say: (line: string) => void): Promise<Manifest> {
  if (fs.existsSync(out) && fs.readdirSync(out).length > 0) throw new Refused(`${out} is not empty: choose a new folder for the backup`);
  const mode = modeOf(config);
  if (mode === 'embedded') assertEmbeddedStopped(config);
  fs.mkdirSync(out, { recursive: true });
  const file = mode === 'postgres' ? 'database.dump' : 'pglite.tar.gz';
  let schema: string | undefined;
  let facts: { tables: Record<string, number>; migrations: string[] };
  if (config.databaseUrl) {
    say('Database: PostgreSQL, with pg_dump...');
    const dumped = await dumpPostgres(config.databaseUrl, path.join(out, file));
    schema = dumped.schema;
    facts = dumped;
  } else {
    say(`Database: embedded (PGlite) in ${embeddedDir(config)}...`);
    facts = await dumpEmbedded(embeddedDir(config), path.join(out, file));
  }
  const rows = Object.values(facts.tables).reduce((a, b) => a + b, 0);
  say(
    `  ${mb(fs.statSync(path.join(out, file)).size)}: ${Object.keys(facts.tables).length} tables, ${rows} rows${schema ? ` (schema ${schema})` : ''}`,
  );
  say(`Media: ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `folder ${config.mediaDir}`}...`);
  const media = await backupMedia(config, path.join(out, 'media'), say);
  say(`  ${media.files} files, ${mb(media.bytes)}`);
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { mode, file, ...(schema ? { schema } : {}) },
    media,
    migrations: facts.migrations,
    tables: facts.tables,
  };
  // written last: a folder without it is an unfinished backup, which a restore refuses
  fs.writeFileSync(path.join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const newer = facts.migrations.filter((m) => !migrationFiles().includes(m));
  if (newer.length) say(`Note: the database has migrations this version does not know (${newer.join(', ')}).`);
  return manifest;
}
