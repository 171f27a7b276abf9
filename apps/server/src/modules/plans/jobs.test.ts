import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { NEXT_PLANS_JOB, nextPlansJob } from './jobs.js';
import { applyPlanChanges } from './service.js';

// The scheduled plan job: next month's plans take effect (monthly).

let s: TestServer;
let root: AccountRow;
let n = 0;

beforeAll(async () => {
  s = await startTestServer();
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@plan-jobs.test' });
});
afterAll(async () => {
  await s?.drop();
});

async function account(status: string, start: string | null, end: string | null, parent = root): Promise<AccountRow> {
  n++;
  const row = await makeAccount(s.ctx, {
    parentId: parent.id,
    type: parent.type === 'MASTER' ? 'MASTER_USER' : 'SUB_ADMIN',
    email: `j${n}@plan-jobs.test`,
    contractStart: start,
    contractEnd: end,
  });
  await s.ctx.db.query('UPDATE accounts SET contract_status = $2 WHERE id = $1', [row.id, status]);
  return row;
}
const _status = async (a: AccountRow) =>
  (await s.ctx.db.one<{ contract_status: string }>('SELECT contract_status FROM accounts WHERE id = $1', [a.id])).contract_status;
const history = (a: AccountRow) =>
  s.ctx.db.query<{ executor_id: number | null; process_content: string; from_status: string; to_status: string; plan_id: number | null }>(
    'SELECT executor_id, process_content, from_status, to_status, plan_id FROM contract_history WHERE account_id = $1 ORDER BY id',
    [a.id],
  );

describe("next month's plan (monthly job)", () => {
  it('moves next_plan_id into plan_id with a system history row, skips terminated accounts, idempotent', async () => {
    const p1 = await makePlan(s.ctx, { name: 'Light' });
    const p2 = await makePlan(s.ctx, { name: 'Premium' });
    const a = await account('ACTIVE', null, null);
    const t = await account('TERMINATED', null, null);
    const keep = await account('ACTIVE', null, null);
    await s.ctx.db.query('UPDATE accounts SET plan_id = $2, next_plan_id = $3 WHERE id = ANY($1::bigint[])', [[a.id, t.id], p1, p2]);
    await s.ctx.db.query('UPDATE accounts SET plan_id = $2 WHERE id = $1', [keep.id, p1]);
    const plans = (x: AccountRow) =>
      s.ctx.db.one<{ plan_id: number; next_plan_id: number | null }>('SELECT plan_id, next_plan_id FROM accounts WHERE id = $1', [x.id]);

    expect(await applyPlanChanges(s.ctx)).toEqual({ changed: 1 });
    expect(await plans(a)).toEqual({ plan_id: p2, next_plan_id: null });
    expect(await plans(t)).toEqual({ plan_id: p1, next_plan_id: p2 });
    expect(await plans(keep)).toEqual({ plan_id: p1, next_plan_id: null });
    expect(await history(a)).toEqual([
      { executor_id: null, process_content: 'plan_changed', from_status: 'ACTIVE', to_status: 'ACTIVE', plan_id: p2 },
    ]);
    expect(await applyPlanChanges(s.ctx)).toEqual({ changed: 0 });
    expect(await history(a)).toHaveLength(1);
  });

  it('the registered monthly job queues the 1st of the next month at 00:00 in Japan, once', async () => {
    await nextPlansJob(s.ctx, { period: '2026-12' });
    await nextPlansJob(s.ctx, { period: '2026-12' });
    const next = await s.ctx.db.query<{ run_at: Date }>('SELECT run_at FROM jobs WHERE kind = $1 AND dedupe_key = $2', [
      NEXT_PLANS_JOB,
      'schedule:2027-01',
    ]);
    expect(next).toHaveLength(1);
    expect(new Date(next[0]?.run_at as Date).toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});
