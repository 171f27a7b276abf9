import { japanDay } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { CONTRACT_DATES_JOB, contractDatesJob } from './jobs.js';
import { applyContractDates } from './service.js';

// The scheduled contract job: INACTIVE by the contract dates (daily).

let s: TestServer;
let root: AccountRow;
let n = 0;

beforeAll(async () => {
  s = await startTestServer();
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@jobs.test' });
});
afterAll(async () => {
  await s?.drop();
});

// 00:30 today in Japan (never later than now): the job's clock; dates are days around it.
const today = japanDay(new Date());
const jobNow = new Date(Date.parse(`${today}T00:30:00+09:00`));
const day = (offset: number) => new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

async function account(status: string, start: string | null, end: string | null, parent = root): Promise<AccountRow> {
  n++;
  const row = await makeAccount(s.ctx, {
    parentId: parent.id,
    type: parent.type === 'MASTER' ? 'MASTER_USER' : 'SUB_ADMIN',
    email: `j${n}@jobs.test`,
    contractStart: start,
    contractEnd: end,
  });
  await s.ctx.db.query('UPDATE accounts SET contract_status = $2 WHERE id = $1', [row.id, status]);
  return row;
}
const status = async (a: AccountRow) =>
  (await s.ctx.db.one<{ contract_status: string }>('SELECT contract_status FROM accounts WHERE id = $1', [a.id])).contract_status;
const history = (a: AccountRow) =>
  s.ctx.db.query<{ executor_id: number | null; process_content: string; from_status: string; to_status: string; plan_id: number | null }>(
    'SELECT executor_id, process_content, from_status, to_status, plan_id FROM contract_history WHERE account_id = $1 ORDER BY id',
    [a.id],
  );

describe('INACTIVE: outside the contract dates (daily job)', () => {
  it('moves ACTIVE <-> INACTIVE in both directions, never SUSPENDED or TERMINATED, a system history row each, idempotent', async () => {
    const ended = await account('ACTIVE', day(-400), day(-1));
    const lastDay = await account('ACTIVE', day(-400), day(0));
    const notYet = await account('ACTIVE', day(1), day(400));
    const startsToday = await account('INACTIVE', day(0), day(400));
    const extended = await account('INACTIVE', day(-400), day(30));
    const noDates = await account('ACTIVE', null, null);
    const suspended = await account('SUSPENDED', day(-400), day(-1));
    const terminated = await account('TERMINATED', day(10), null);
    const stillOut = await account('INACTIVE', day(-400), day(-2));
    const staff = await account('ACTIVE', null, null, ended);
    const token = await login(s.adminUrl, staff.email);

    await applyContractDates(s.ctx, jobNow);
    const expected: [AccountRow, string][] = [
      [ended, 'INACTIVE'],
      [lastDay, 'ACTIVE'],
      [notYet, 'INACTIVE'],
      [startsToday, 'ACTIVE'],
      [extended, 'ACTIVE'],
      [noDates, 'ACTIVE'],
      [suspended, 'SUSPENDED'],
      [terminated, 'TERMINATED'],
      [stillOut, 'INACTIVE'],
    ];
    for (const [a, st] of expected) expect(await status(a), a.email).toBe(st);
    expect(await history(ended)).toEqual([
      { executor_id: null, process_content: 'inactive', from_status: 'ACTIVE', to_status: 'INACTIVE', plan_id: null },
    ]);
    expect(await history(startsToday)).toEqual([
      { executor_id: null, process_content: 'activated', from_status: 'INACTIVE', to_status: 'ACTIVE', plan_id: null },
    ]);
    for (const a of [lastDay, noDates, suspended, terminated, stillOut]) expect(await history(a), a.email).toEqual([]);
    // an inactive owner holds its staff like a pause: the session ends, sign-in is refused
    expect((await http(s.adminUrl, 'GET', '/api/v1/auth/user-info', { token: token.access })).status).not.toBe(200);
    const again = await http(s.adminUrl, 'POST', '/api/v1/auth/login', { body: { email: staff.email, password: TEST_PASSWORD } });
    expect(again.status).toBe(401);

    // A second run the same day changes nothing and writes nothing.
    const rows = (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM contract_history')).n;
    expect(await applyContractDates(s.ctx, jobNow)).toEqual({ inactive: 0, activated: 0 });
    expect((await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM contract_history')).n).toBe(rows);
    for (const [a, st] of expected) expect(await status(a), a.email).toBe(st);
    // Back inside its dates (the contract was extended), the owner's staff signs in again.
    await s.ctx.db.query('UPDATE accounts SET contract_end = $2 WHERE id = $1', [ended.id, day(30)]);
    expect(await applyContractDates(s.ctx, jobNow)).toEqual({ inactive: 0, activated: 1 });
    expect((await login(s.adminUrl, staff.email)).access).toBeTruthy();
  });

  it('the registered daily job applies the rule and queues its next day once', async () => {
    const a = await account('ACTIVE', day(-400), day(-1));
    await contractDatesJob(s.ctx, { period: today });
    await contractDatesJob(s.ctx, { period: today });
    expect(await status(a)).toBe('INACTIVE');
    const next = await s.ctx.db.query<{ run_at: Date }>('SELECT run_at FROM jobs WHERE kind = $1 AND dedupe_key = $2', [
      CONTRACT_DATES_JOB,
      `schedule:${day(1)}`,
    ]);
    expect(next).toHaveLength(1);
    // 00:05 in Japan the next day
    expect(new Date(next[0]?.run_at as Date).toISOString()).toBe(new Date(Date.parse(`${day(1)}T00:05:00+09:00`)).toISOString());
  });
});
