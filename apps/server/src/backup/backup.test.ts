import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import pino from 'pino';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createPgDb, createPgliteDb, type Queryable } from '../db/db.js';
import { DEMO_LOGINS, seedDemo } from '../demo/seed.js';
import { S3Storage } from '../modules/media/s3.js';
import { createContext } from '../open.js';
import { freePort, http, testPasswordHash } from '../test/helpers.js';
import { type Proc, startNode, startProc, stopProc, waitUp } from '../test/processes.js';
import { spawnedDatabase } from '../test/slow.js';

// npm run backup and npm run restore as an operator runs them, as processes, on a deployment with the demo's sites,
// media, customers and bills, site members and visitor events: wiped, restored, and found again table by table
// (every row's text) and file by file (every byte), the published page served byte for byte. PostgreSQL runs with
// its media in S3 (s3rver) and is backed up while the server runs; the embedded mode with the local folder, and
// its server must be stopped first.

const onPg = Boolean(process.env.DATABASE_URL);
const BUCKET = 'media';
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

let dir = '';
let env: NodeJS.ProcessEnv = {};
let database: Awaited<ReturnType<typeof spawnedDatabase>>;
let s3: S3rver | undefined;
let server: Proc | undefined;
let ports = { admin: 0, sites: 0 };
let siteId = 0;
/** what the deployment held when it was backed up, and what it served */
let held: { tables: Tables; media: Files; page: Buffer; a1: Buffer };
const backupDir = () => path.join(dir, 'backup');
const cfg = () => loadConfig(env);

type Tables = Record<string, { n: number; digest: string }>;
type Files = Record<string, string>;

/** Every table of the schema (partitions too), by its rows' count and a digest of every row's text. */
async function tablesOf(q: Queryable): Promise<Tables> {
  const names = await q.query<{ t: string }>(
    "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const out: Tables = {};
  for (const { t } of names)
    out[t] = await q.one<{ n: number; digest: string }>(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, E'\\n' ORDER BY x::text), '')) AS digest FROM "${t}" x`,
    );
  return out;
}

/** The database as the test reads it (the embedded one only while no server has it open). */
async function withDb<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
  const db = onPg ? createPgDb(env.DATABASE_URL as string, { max: 1 }) : await createPgliteDb(path.join(dir, 'data', 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');
const s3Client = () => new S3Storage(cfg().s3 as NonNullable<ReturnType<typeof cfg>['s3']>).client;

/** Every media file by key: its bytes' hash (and, in S3, its content type and cache header). */
async function mediaOf(): Promise<Files> {
  const out: Files = {};
  if (!onPg) {
    const root = path.join(dir, 'data', 'media');
    if (!fs.existsSync(root)) return out;
    for (const f of fs.readdirSync(root, { recursive: true, withFileTypes: true }))
      if (f.isFile()) out[path.relative(root, path.join(f.parentPath, f.name))] = sha(fs.readFileSync(path.join(f.parentPath, f.name)));
    return out;
  }
  const client = s3Client();
  const list = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  for (const o of list.Contents ?? []) {
    const got = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: o.Key }));
    out[o.Key as string] =
      `${sha(await (got.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray())} ${got.ContentType} ${got.CacheControl}`;
  }
  client.destroy();
  return out;
}

/** Removes every media file (an emptied folder, or bucket). */
async function wipeMedia(): Promise<void> {
  if (!onPg) return fs.rmSync(path.join(dir, 'data', 'media'), { recursive: true, force: true });
  const client = s3Client();
  for (const key of Object.keys(await mediaOf())) await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
  client.destroy();
}

/** A CLI through its npm script, as the README tells an operator; its exit code and what it printed. */
async function npm(
  script: 'backup' | 'restore',
  args: string[],
  extra: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; out: string }> {
  const p = startProc(script, 'npm', ['run', '-s', script, '--', ...args], { ...env, ...extra });
  const code = await p.exited;
  return { code, out: p.output() };
}

async function startServer(): Promise<void> {
  server = startNode('server', 'main-server.ts', env);
  await waitUp(server, `http://127.0.0.1:${ports.admin}/api/v1/health/ready`);
}
async function stopServer(): Promise<void> {
  if (!server) return;
  stopProc(server, 'SIGTERM');
  expect(await server.exited).toBe(0);
  server = undefined;
}
const sites = (url: string) => fetch(`http://127.0.0.1:${ports.sites}${url}`);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-backup-'));
  database = await spawnedDatabase();
  ports = { admin: await freePort(), sites: await freePort() };
  // the viewer's bundles of this moment, so a rebuild meanwhile (a shared checkout) leaves the pages' script names as they were
  const viewer = path.join(dir, 'viewer');
  fs.cpSync(loadConfig().viewerDistDir, viewer, { recursive: true });
  env = {
    ...process.env,
    ...database.env,
    DATA_DIR: path.join(dir, 'data'),
    PORT: String(ports.admin),
    SITES_PORT: String(ports.sites),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    VIEWER_DIST_DIR: viewer,
    // nothing runs in the background: the deployment holds, at every step, what its requests made
    RUN_WORKER: 'false',
    REDIS_URL: '',
    JWT_SECRET: 'backup-test-secret-0123456789-0123456789',
  };
  if (onPg) {
    const s3dir = path.join(dir, 's3');
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
    // s3rver's fixed credentials, read by the SDK of this process and of the spawned ones
    Object.assign(env, { S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  }
  // the demo (plans, a master and two customers, a published site with its creatives, last month's bills) and
  // two members of the site; then the server, and visitors' events through it
  const ctx = await createContext(cfg(), { logger: pino({ level: 'silent' }) });
  try {
    siteId = (await seedDemo(ctx))?.siteId ?? 0;
    const hash = await testPasswordHash();
    for (const email of ['member1@backup.test', 'member2@backup.test'])
      await ctx.db.query("INSERT INTO site_members (site_id, email, password_hash, status) VALUES ($1, $2, $3, 'ACTIVE')", [
        siteId,
        email,
        hash,
      ]);
  } finally {
    await ctx.db.close();
    await ctx.kv.close();
  }
  await startServer();
  for (let i = 0; i < 3; i++) {
    const r = await http(`http://127.0.0.1:${ports.sites}`, 'POST', '/api/v1/end-user/events', {
      headers: { 'user-agent': BROWSER },
      body: {
        events: [
          { event: 'page_view', site_id: siteId, lang: 'ja' },
          { event: 'page_view', site_id: siteId, lang: 'en' },
        ],
      },
    });
    expect(r.body).toEqual({ accepted: 2 });
  }
  const page = await sites('/');
  expect(page.status).toBe(200);
  const a1 = await sites(`/sites/${siteId}/en/A1`);
  expect(a1.status).toBe(200);
  held = { tables: {}, media: {}, page: Buffer.from(await page.arrayBuffer()), a1: Buffer.from(await a1.arrayBuffer()) };
}, 300_000);

afterAll(async () => {
  if (server) {
    stopProc(server);
    await server.exited;
  }
  await s3?.close();
  await database?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe(`npm run backup and npm run restore (${onPg ? 'PostgreSQL, media in S3' : 'embedded PGlite, media folder'})`, () => {
  it(onPg
    ? 'backs up the deployment while it runs'
    : 'refuses while the server has the embedded database open, then backs up the stopped deployment', { timeout: 180_000 }, async () => {
    if (!onPg) {
      const refused = await npm('backup', ['--out', backupDir()]);
      expect(refused.code, refused.out).toBe(3);
      expect(refused.out).toMatch(/has the embedded database in .* open: stop it first/);
      expect(fs.existsSync(backupDir())).toBe(false);
      await stopServer();
    }
    const r = await npm('backup', ['--out', backupDir()]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toContain(`Backup written to ${backupDir()}`);
    await stopServer();
    held.tables = await withDb(tablesOf);
    held.media = await mediaOf();
    // what the deployment holds: the demo's accounts, site, bills and creatives, the members, the events
    const n = (t: string) => held.tables[t]?.n ?? 0;
    expect(n('accounts')).toBeGreaterThanOrEqual(3);
    expect(n('sites')).toBe(1);
    expect(n('site_publications')).toBeGreaterThanOrEqual(1);
    expect(n('site_members')).toBe(2);
    expect(n('payments')).toBe(2);
    expect(n('invoices')).toBe(2);
    expect(n('analytics_events')).toBe(6);
    expect(Object.keys(held.media).length).toBeGreaterThan(100);
    expect(Object.keys(held.media)).toContain('demo/creative-a1.jpg');
    // the folder: the database, every media file, the manifest
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir(), 'manifest.json'), 'utf8'));
    expect(manifest.database.file).toBe(onPg ? 'database.dump' : 'pglite.tar.gz');
    expect(manifest.media).toMatchObject({ store: onPg ? 's3' : 'local', files: Object.keys(held.media).length });
    expect(manifest.tables.analytics_events).toBe(6);
    expect(fs.existsSync(path.join(backupDir(), 'media', 'demo', 'creative-a1.jpg'))).toBe(true);
    // a second backup into the same folder is refused
    const again = await npm('backup', ['--out', backupDir()]);
    expect(again.code, again.out).toBe(3);
  });

  it('refuses to restore over the data there without --force, and into the other mode', { timeout: 120_000 }, async () => {
    const r = await npm('restore', [backupDir()]);
    expect(r.code, r.out).toBe(3);
    expect(r.out).toContain('add --force');
    expect(await withDb(tablesOf)).toEqual(held.tables);
    if (onPg) {
      const wrong = await npm('restore', [backupDir()], { DATABASE_URL: '', DATA_DIR: path.join(dir, 'elsewhere') });
      expect(wrong.code, wrong.out).toBe(3);
      expect(wrong.out).toContain('this backup is of PostgreSQL');
    }
    expect((await npm('restore', [])).code).toBe(2);
    expect((await npm('restore', [path.join(dir, 'no-such-backup')])).code).toBe(3);
  });

  it('restores a wiped deployment: every table row for row, every media file byte for byte', { timeout: 180_000 }, async () => {
    if (onPg) {
      // an empty schema where the deployment's was, as a new database has its empty public schema
      const schema = await withDb(async (q) => (await q.one<{ s: string }>('SELECT current_schema() AS s')).s);
      const admin = createPgDb(process.env.DATABASE_URL as string, { max: 1 });
      await admin.exec(`DROP SCHEMA ${schema} CASCADE; CREATE SCHEMA ${schema}`);
      await admin.close();
    } else fs.rmSync(path.join(dir, 'data', 'pglite'), { recursive: true });
    await wipeMedia();
    expect(await mediaOf()).toEqual({});
    const r = await npm('restore', [backupDir()]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/Checked: \d+ tables of \d+ rows and \d+ media files/);
    expect(await withDb(tablesOf)).toEqual(held.tables);
    expect(await mediaOf()).toEqual(held.media);
  });

  it('restores with --force over changed data', { timeout: 180_000 }, async () => {
    await withDb(async (q) => {
      await q.exec(
        "DELETE FROM site_members; DELETE FROM analytics_events; UPDATE sites SET name = 'Changed'; CREATE TABLE stray (id int)",
      );
    });
    if (onPg) {
      const client = s3Client();
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'demo/creative-a1.jpg', Body: 'not the creative' }));
      client.destroy();
    } else fs.writeFileSync(path.join(dir, 'data', 'media', 'demo', 'creative-a1.jpg'), 'not the creative');
    expect((await npm('restore', [backupDir()])).code).toBe(3);
    const r = await npm('restore', [backupDir(), '--force']);
    expect(r.code, r.out).toBe(0);
    expect(await withDb(tablesOf)).toEqual(held.tables);
    expect(await mediaOf()).toEqual(held.media);
    // the embedded database that was there is kept aside, never deleted
    if (!onPg) expect(fs.readdirSync(path.join(dir, 'data')).filter((f) => f.startsWith('pglite.before-restore-'))).toHaveLength(1);
  });

  it('the restored deployment serves its published pages byte for byte, and its logins work', { timeout: 180_000 }, async () => {
    await startServer();
    const page = await sites('/');
    expect(page.status).toBe(200);
    expect(Buffer.from(await page.arrayBuffer()).toString('latin1')).toBe(held.page.toString('latin1'));
    const a1 = await sites(`/sites/${siteId}/en/A1`);
    expect(Buffer.from(await a1.arrayBuffer()).toString('latin1')).toBe(held.a1.toString('latin1'));
    const login = await http(`http://127.0.0.1:${ports.admin}`, 'POST', '/api/v1/auth/login', {
      body: { email: DEMO_LOGINS[0].email, password: DEMO_LOGINS[0].password },
    });
    expect(login.status).toBe(200);
    if (!onPg) {
      const creative = await sites('/media/demo/creative-a1.jpg');
      expect(sha(Buffer.from(await creative.arrayBuffer()))).toBe(held.media['demo/creative-a1.jpg']);
    }
  });
});
