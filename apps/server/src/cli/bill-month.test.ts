import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monthOfJst, previousMonth } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnedDatabase, spawnedDataDir } from '../test/slow.js';

// The bill-month CLI, run as operators run it (its own process): a month is billed once it has ended in Japan time;
// an open or future month is refused with a translated reason and exit code 3, and nothing is billed.

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = path.join(ROOT, 'apps/server/src/cli/bill-month.ts');

let dataDir: string;
let env: Record<string, string>;
let dropDb: () => Promise<void>;

beforeAll(async () => {
  dataDir = await spawnedDataDir('bill-month-');
  const spawned = await spawnedDatabase();
  dropDb = spawned.drop;
  env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', LANG: 'en_US.UTF-8', ...spawned.env };
});
afterAll(async () => {
  await dropDb?.();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(args: string[], extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _omit, ...base } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env: { ...base, ...env, ...extra } });
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
  });
}

describe('bill-month', () => {
  it('refuses the month still running and a future one (exit 3, the reason in LANG), and bills one that has ended', async () => {
    const open = monthOfJst(new Date());
    const r = await run([open]);
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${open} has not ended yet`);
    const future = await run(['2099-03'], { LANG: 'ja_JP.UTF-8' });
    expect(future.code).toBe(3);
    expect(future.stderr).toBe('2099-03 はまだ終わっていません。請求できるのは日本時間で終わった月だけです（2099-04-01 0:00 以降）。\n');
    const ended = previousMonth(open);
    const done = await run([ended]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toEqual({ month: ended, billable: 0, billed: 0, skipped: 0 });
  }, 240_000);
});
