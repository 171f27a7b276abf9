import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { databaseFacts, embeddedExists, openFor, postgresTarget, restoreEmbedded, restorePostgres } from '../db/backup.js';
import { migrationFiles } from '../db/migrate.js';
import { assertEmbeddedStopped, embeddedDir, type Manifest, modeOf, Refused } from './backup.js';
import { mediaHasFiles, restoreMedia } from './media.js';

export function readManifest(from: string): Manifest {
  const file = path.join(from, 'manifest.json');
  if (!fs.existsSync(file)) throw new Refused(`${from} is not a finished backup: it has no manifest.json (npm run backup writes it last)`);
  const m = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  if (m.format !== 1) throw new Refused(`${file}: backup format ${String(m.format)} is not one this version reads`);
  if (!fs.existsSync(path.join(from, m.database.file))) throw new Refused(`${from} lacks its database file ${m.database.file}`);
  return m;
}

/**
 * Restores a backup into the configured database and media store. Refused over a database that has tables or a media
 * store that has files unless `force`: then the schema is emptied and restored (PostgreSQL), the embedded database's
 * folder is kept aside under another name, and media files of the same keys are overwritten. Afterwards the rows of
 * every table and the media files are counted against the backup's manifest.
 */
export async function restore(config: Config, from: string, force: boolean, say: (line: string) => void): Promise<void> {
  const m = readManifest(from);
  const mode = modeOf(config);
  if (m.database.mode !== mode)
    throw new Refused(
      `this backup is of ${m.database.mode === 'postgres' ? 'PostgreSQL' : 'the embedded database'}, and ${
        mode === 'postgres' ? 'DATABASE_URL is set' : 'DATABASE_URL is not set'
      }: restore it into the mode it came from`,
    );
  let hasData: boolean;
  let target: Awaited<ReturnType<typeof postgresTarget>> | null = null;
  if (config.databaseUrl) {
    target = await postgresTarget(config.databaseUrl);
    if (m.database.schema && m.database.schema !== target.schema)
      throw new Refused(
        `this backup is of the schema ${m.database.schema}, and DATABASE_URL works in ${target.schema}: restore it into a database whose search_path names ${m.database.schema}`,
      );
    hasData = target.tables > 0;
  } else {
    assertEmbeddedStopped(config);
    hasData = embeddedExists(embeddedDir(config));
  }
  const hasMedia = await mediaHasFiles(config);
  if ((hasData || hasMedia) && !force)
    throw new Refused(
      `the ${[hasData ? 'database' : '', hasMedia ? 'media store' : ''].filter(Boolean).join(' and ')} already ${
        hasData && hasMedia ? 'hold' : 'holds'
      } data: restore into an empty database and media store, or add --force to replace what is there`,
    );
  const file = path.join(from, m.database.file);
  if (target && config.databaseUrl) {
    say(`Database: PostgreSQL schema ${target.schema}, with pg_restore${hasData ? ' (replacing what is there)' : ''}...`);
    await restorePostgres(config.databaseUrl, file, target, hasData);
  } else {
    say(`Database: embedded (PGlite) into ${embeddedDir(config)}...`);
    const kept = await restoreEmbedded(embeddedDir(config), file);
    if (kept) say(`  the database that was there is kept in ${kept}`);
  }
  say(`Media: ${m.media.files} files into ${config.s3 ? `S3 bucket ${config.s3.bucket}` : `folder ${config.mediaDir}`}...`);
  const media = await restoreMedia(config, path.join(from, 'media'), say);
  const db = await openFor(mode, config.databaseUrl ?? embeddedDir(config));
  let now: Awaited<ReturnType<typeof databaseFacts>>;
  try {
    now = await databaseFacts(db);
  } finally {
    await db.close();
  }
  const wrong = [...new Set([...Object.keys(m.tables), ...Object.keys(now.tables)])].filter((t) => now.tables[t] !== m.tables[t]);
  if (wrong.length)
    throw new Error(
      `restored, but these tables do not hold what the backup did: ${wrong.map((t) => `${t} (${now.tables[t] ?? 'missing'} rows, backup ${m.tables[t] ?? 'none'})`).join(', ')}`,
    );
  if (media.files !== m.media.files || media.bytes !== m.media.bytes)
    throw new Error(
      `restored, but the media are not what the backup held: ${media.files} files of ${media.bytes} bytes, backup ${m.media.files} of ${m.media.bytes}`,
    );
  const rows = Object.values(now.tables).reduce((a, b) => a + b, 0);
  say(
    `Checked: ${Object.keys(now.tables).length} tables of ${rows} rows and ${media.files} media files, as in the backup of ${m.createdAt}.`,
  );
  const newer = m.migrations.filter((x) => !migrationFiles().includes(x));
  if (newer.length) say(`Note: the backup has migrations this version does not know (${newer.join(', ')}): run the version that made it.`);
}
