import fs from 'node:fs';
import path from 'node:path';

// Which running server holds a data folder's embedded database: PGlite allows one process per folder, so tools
// that read it (npm run mail) must ask the server that has it open, and only that one (a server on the default
// port may belong to another folder), and tools that copy or replace it (npm run backup, restore) must refuse. The
// server records itself in DATA_DIR/server.json from before it opens the database (`starting`: migrations, the
// demo's data) until its process ends; once it listens, the record names the admin origin as bound.

export interface InstanceRecord {
  pid: number;
  /** the admin origin as bound (the dev outbox is asked there); while starting, the configured one */
  adminUrl: string;
  /** the server has the database open and does not answer yet */
  starting?: boolean;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');
const watched = new Set<string>();

/** Written before the server opens the database and again once it listens; removed when its process ends. */
export function recordInstance(dataDir: string, rec: InstanceRecord): void {
  fs.mkdirSync(dataDir, { recursive: true });
  // written aside and renamed over: a tool reading it meanwhile sees the old record or the new one, never a torn one
  const aside = `${fileOf(dataDir)}.${process.pid}.tmp`;
  fs.writeFileSync(aside, `${JSON.stringify(rec)}\n`);
  fs.renameSync(aside, fileOf(dataDir));
  if (watched.has(dataDir)) return;
  watched.add(dataDir);
  process.once('exit', () => forgetInstance(dataDir, rec.pid));
}

/** Removes the record if it is still this process's (a newer server may have replaced it). */
export function forgetInstance(dataDir: string, pid: number): void {
  try {
    const cur = JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')) as InstanceRecord;
    if (cur.pid === pid) fs.rmSync(fileOf(dataDir), { force: true });
  } catch {
    /* no record */
  }
}

/** The server running over this data folder, or null (no record, or its process is gone). */
export function runningInstance(dataDir: string): InstanceRecord | null {
  let rec: InstanceRecord;
  try {
    rec = JSON.parse(fs.readFileSync(fileOf(dataDir), 'utf8')) as InstanceRecord;
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(rec.pid) || typeof rec.adminUrl !== 'string') return null;
  try {
    process.kill(rec.pid, 0);
  } catch (err) {
    // EPERM: the process exists (another user's); anything else: it is gone
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return rec;
}
