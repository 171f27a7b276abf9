import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, createPgliteDb, type Db } from '../db/db.js';
import { verifyPassword } from '../lib/passwords.js';
import { spawnedDatabase } from '../test/slow.js';

// npm run create-master, run as operators run it: its own process, the password on standard input,
// on the embedded database in DATA_DIR (or PostgreSQL when DATABASE_URL is set, in a schema of its own).

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = path.join(ROOT, 'apps/server/src/cli/create-master.ts');
const PASSWORD = 'Master-Pass2026#';

let dataDir: string;
let env: Record<string, string>;
let dropDb: () => Promise<void>;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'create-master-'));
  const spawned = await spawnedDatabase();
  dropDb = spawned.drop;
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', LANG: 'en_US.UTF-8', ...spawned.env };
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(args: string[], stdin: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _omit, ...base } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env: { ...base, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The database the script wrote, opened after it exited. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const db = env.DATABASE_URL ? createPgDb(env.DATABASE_URL, { max: 1 }) : await createPgliteDb(path.join(dataDir, 'pglite'));
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}
const masters = () =>
  withDb((db) =>
    db.query<{ email: string; password_hash: string; must_change_password: boolean; parent_id: number | null }>(
      "SELECT email, password_hash, must_change_password, parent_id FROM accounts WHERE type = 'MASTER' ORDER BY id",
    ),
  );

describe('npm run create-master', { timeout: 180_000 }, () => {
  it('creates the first master from a piped password, migrating an empty database, and prints nothing secret', async () => {
    const r = await run(['--email', 'Boss@Example.test', '--company', 'Platform Inc.'], `${PASSWORD}\n`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Boss@Example.test');
    expect(r.stdout + r.stderr).not.toContain(PASSWORD);
    const rows = await masters();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: 'Boss@Example.test', must_change_password: false, parent_id: null });
    expect(rows[0]?.password_hash).not.toContain(PASSWORD);
    expect(await verifyPassword(rows[0]?.password_hash as string, PASSWORD)).toBe(true);
    const history = await withDb((db) =>
      db.query<{ executor_id: number | null; process_content: string }>('SELECT * FROM contract_history'),
    );
    expect(history.map((h) => [h.executor_id, h.process_content])).toEqual([[null, 'created']]);
  });

  it('refuses a second master unless --another, and a taken e-mail either way', async () => {
    const second = await run(['--email', 'second@example.test'], `${PASSWORD}\n`);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain('A platform master already exists');
    const taken = await run(['--email', 'boss@example.test', '--another'], `${PASSWORD}\n`);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('already registered');
    const another = await run(['--email', 'second@example.test', '--another'], `${PASSWORD}\n`);
    expect(another.code).toBe(0);
    expect((await masters()).map((m) => m.email)).toEqual(['Boss@Example.test', 'second@example.test']);
  });

  it('applies the operator password rule and says why, never echoing the password', async () => {
    const weak = 'weakpass';
    const r = await run(['--email', 'third@example.test', '--another'], `${weak}\n`);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('uppercase');
    expect(r.stdout + r.stderr).not.toContain(weak);
    const empty = await run(['--email', 'third@example.test', '--another'], '');
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain('no password');
    expect(await masters()).toHaveLength(2);
  });

  it('needs --email (a valid one): usage errors exit non-zero', async () => {
    const none = await run([], `${PASSWORD}\n`);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--email is required');
    const bad = await run(['--email', 'not-an-address', '--another'], `${PASSWORD}\n`);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('email:');
    const unknown = await run(['--email', 'x@example.test', '--bogus'], `${PASSWORD}\n`);
    expect(unknown.code).toBe(2);
    expect(await masters()).toHaveLength(2);
  });
});
