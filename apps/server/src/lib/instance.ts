import fs from 'node:fs';
import path from 'node:path';

// Which running server holds a data folder's embedded database: PGlite allows one process per folder, so tools
// that read it (npm run mail) must ask the server that has it open, and only that one (a server on the default
// port may belong to another folder), and tools that copy or replace it (npm run backup, restore) must refuse. The
// server records itself in DATA_DIR/server.json from before it opens the database (`starting`: migrations, the
// demo's data) until its process ends; once it listens, the record names the admin origin as bound. A second
// server on the same folder is refused (claimInstance), and so is any other process opening the folder's database
// while a server has it (open.ts): two processes writing one PGlite folder damage it.

export interface InstanceRecord {
  pid: number;
  /** the admin origin as bound (the dev outbox is asked there); while starting, the configured one */
  adminUrl: string;
  /** the server has the database open and does not answer yet */
  starting?: boolean;
  /**
   * When the process started, as the kernel counts it (Linux): a record left by a killed server whose pid another
   * process has since been given (a container's restart hands out the same small pids) is told from a live one.
   */
  started?: string;
}

/** What an operator is told when a server holds the folder (a second server, a tool, a backup or restore). */
export const heldMessage = (holder: InstanceRecord, dataDir: string) =>
  `the server (process ${holder.pid}, ${holder.starting ? 'starting' : holder.adminUrl}) has the embedded database in ${dataDir} open: stop it first`;

/** A live process other than this one has the folder's embedded database open. */
export class FolderInUse extends Error {
  constructor(
    readonly holder: InstanceRecord,
    dataDir: string,
  ) {
    super(heldMessage(holder, dataDir));
  }
}

/** The process's start in clock ticks since boot, with the boot's id (Linux's /proc); undefined elsewhere. */
function startOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command's closing parenthesis begin at the third; the start time is the 22nd
    const starttime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const boot = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return starttime ? `${boot}:${starttime}` : undefined;
  } catch {
    return undefined;
  }
}

const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');
const watched = new Set<string>();

const writeAside = (dataDir: string, rec: InstanceRecord) => {
  fs.mkdirSync(dataDir, { recursive: true });
  const aside = `${fileOf(dataDir)}.${process.pid}.tmp`;
  fs.writeFileSync(aside, `${JSON.stringify({ ...rec, started: startOf(rec.pid) })}\n`);
  return aside;
};

const forgetOnExit = (dataDir: string, pid: number) => {
  if (watched.has(dataDir)) return;
  watched.add(dataDir);
  process.once('exit', () => forgetInstance(dataDir, pid));
};

const codeOf = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** `file` made from `aside` unless it exists (false then). */
function createOnce(aside: string, file: string): boolean {
  try {
    // a link appears whole: a tool reading the record meanwhile never sees it half-written
    fs.linkSync(aside, file);
    return true;
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false;
  }
  // a file system without hard links (some network and FAT ones): the file is created only if it does not exist
  // either, written at once (a reader may meet it empty for that moment, and takes it for no record)
  try {
    fs.writeFileSync(file, fs.readFileSync(aside), { flag: 'wx' });
    return true;
  } catch (err) {
    if (codeOf(err) === 'EEXIST') return false;
    throw err;
  }
}

/**
 * The first record, before the server opens the database: made only where no live process holds the folder
 * (FolderInUse otherwise); a record whose process is gone is replaced. Made by creating the file, which fails if
 * it exists, so of two servers started at once only one gets the folder.
 */
export function claimInstance(dataDir: string, rec: InstanceRecord): void {
  const aside = writeAside(dataDir, rec);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (createOnce(aside, fileOf(dataDir))) {
        forgetOnExit(dataDir, rec.pid);
        return;
      }
      const holder = runningInstance(dataDir);
      if (holder && holder.pid !== rec.pid) throw new FolderInUse(holder, dataDir);
      // left by a process that is gone (killed, the machine restarted) or by this one: this record replaces it
      fs.rmSync(fileOf(dataDir), { force: true });
    }
    throw new Error(`could not record the server in ${fileOf(dataDir)}`);
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

/** Rewritten once the server listens (the bound address); removed when its process ends. */
export function recordInstance(dataDir: string, rec: InstanceRecord): void {
  // written aside and renamed over: a tool reading it meanwhile sees the old record or the new one, never a torn one
  fs.renameSync(writeAside(dataDir, rec), fileOf(dataDir));
  forgetOnExit(dataDir, rec.pid);
}

/** Refuses to open the folder's database where a live process other than this one holds it. */
export function assertFolderFree(dataDir: string): void {
  const holder = runningInstance(dataDir);
  if (holder && holder.pid !== process.pid) throw new FolderInUse(holder, dataDir);
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
    if (codeOf(err) !== 'EPERM') return null;
  }
  // the pid lives, but another process has it now
  if (rec.started !== undefined) {
    const now = startOf(rec.pid);
    if (now !== undefined && now !== rec.started) return null;
  }
  return rec;
}
