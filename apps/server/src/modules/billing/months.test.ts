import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { http, login, makeAccount, startTestServer, type TestServer, testPasswordHash } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/service.js';
import { NEXT_PLANS_JOB, nextPlansJob } from '../plans/jobs.js';
import { createSite } from '../sites/service.js';
import { MONTHLY_BILLS_JOB, monthlyBillsJob } from './jobs.js';
import { billMonth } from './service.js';

// Three months of a platform's customers with the app's clock walked through them, each bill figure computed by hand
// below (10 % tax floored once per invoice per rate; initial fee ¥100,000 in the first billed month; licence fee
// ¥10,000 a month; page views in started blocks of 1,000 over the plan's limit):
//
// Plans: Standard ¥29,800 (50,000 PV included, ¥800 a block); Light ¥10,005 (10,000 PV, ¥1,005 a block).
// Accounts, all created 2026-11-05 10:00 JST by the platform master, no contract dates:
//   A  Standard; books Light on 2026-11-20 (in force from 2026-12-01)
//   B  Light with the licence; 999 PV in November, 10,001 PV in December (one block over)
//   C  Standard; paused on 2026-12-10 (a pause keeps the contract: still billed)
//   D  Standard; terminated on 2026-12-10 by the platform master (inside the minimum, with the override)
//
// November (billed 2026-12-01 00:00 JST), due 2026-12-31:
//   A  Standard 29,800 + initial 100,000 = 129,800; tax 12,980; total 142,780 (never the booked Light)
//   B  Light 10,005 + licence 10,000 + initial 100,000 = 120,005; tax floor(12,000.5) = 12,000; total 132,005
//   C  as A: 142,780          D  as A: 142,780
// December (billed 2027-01-01), due 2027-01-31:
//   A  Light 10,005; tax floor(1,000.5) = 1,000; total 11,005
//   B  Light 10,005 + 1 block 1,005 + licence 10,000 = 21,010; tax floor(2,101.0) = 2,101 (per line 1,000 + 100 +
//      1,000 = 2,100); total 23,111
//   C  Standard 29,800; tax 2,980; total 32,780 (paused)     D  32,780 (its contract ran in December)
// January (billed 2027-02-01), due 2027-02-28:
//   A  11,005      B  Light 10,005 + licence 10,000 = 20,005; tax floor(2,000.5) = 2,000; total 22,005
//   C  32,780      D  none (terminated before January)
// MRR (plan + licence of the contracts in force): on 2026-11-20 A 29,800 + B 20,005 + C 29,800 + D 29,800 = 109,405;
// on 2027-02-01 A 10,005 + B 20,005 + C 29,800 = 59,810.

let s: TestServer;
let base: string;
let master: AccountRow;
let token: string;
const id: Record<string, number> = {};
const plan: Record<string, number> = {};

const at = (jst: string) => s.ctx.clock.set(`${jst}+09:00`, { frozen: true });

interface Bill {
  account_id: number;
  year_month: string;
  plan_name: string;
  plan_fee: number;
  pv_fee: number;
  license_fee: number;
  initial_fee: number;
  subtotal: number;
  tax: number;
  total: number;
  due_date: string;
  blocks_used: number;
}

/** Each customer's bill of a month as the seller's API lists it (the bills it issued): [plan, subtotal, tax, total, due date]. */
async function bills(month: string): Promise<Record<string, [string, number, number, number, string]>> {
  const r = await http<{ items: Bill[] }>(base, 'GET', `/api/v1/bill/issued?month=${month}&page_size=100`, { token });
  expect(r.status).toBe(200);
  const name = (accountId: number) => Object.keys(id).find((k) => id[k] === accountId) ?? String(accountId);
  return Object.fromEntries(r.body.items.map((b) => [name(b.account_id), [b.plan_name, b.subtotal, b.tax, b.total, b.due_date]]));
}

/** The jobs of 00:00 JST on the 1st of `period`, as the scheduler runs them (next month's plans, then the bills). */
async function firstOfMonth(period: string): Promise<void> {
  at(`${period}-01T00:00:00`);
  await nextPlansJob(s.ctx, { period });
  await monthlyBillsJob(s.ctx, { period });
}

async function pageViews(account: string, n: number, jst: string): Promise<void> {
  const row = (await findAccountById(s.ctx.db, id[account] as number)) as AccountRow;
  const site = await createSite(s.ctx, actorFromRow(row), {
    name: `${account} ${jst}`,
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'ja',
    languages: ['ja'],
  });
  await s.ctx.db.query(
    "INSERT INTO analytics_events (site_id, event, occurred_at) SELECT $1, 'page_view', $3::timestamptz FROM generate_series(1, $2::int)",
    [site.id, n, `${jst}+09:00`],
  );
}

const mrr = async () =>
  (await http<{ mrr: number; arr: number; paid_plans: number }>(base, 'GET', '/api/v1/dashboard/revenue', { token })).body;

beforeAll(async () => {
  s = await startTestServer({}, { clock: new Clock().set('2026-11-01T09:00:00+09:00', { frozen: true }) });
  base = s.adminUrl;
  master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@months.test', companyName: 'Platform' });
  token = (await login(base, master.email)).access;
  for (const [name, price, limit, block] of [
    ['Standard', 29_800, 50_000, 800],
    ['Light', 10_005, 10_000, 1_005],
  ] as const) {
    const r = await s.ctx.db.one<{ id: number }>(
      'INSERT INTO plans (name, price, limit_access, limit_access_price, quantity_site, quantity_swipe) VALUES ($1, $2, $3, $4, 3, 50) RETURNING id',
      [name, price, limit, block],
    );
    plan[name] = Number(r.id);
  }
  at('2026-11-05T10:00:00');
  for (const [name, planName, license] of [
    ['A', 'Standard', false],
    ['B', 'Light', true],
    ['C', 'Standard', false],
    ['D', 'Standard', false],
  ] as const) {
    const r = await http<{ id: number }>(base, 'POST', '/api/v1/user', {
      token,
      body: {
        type: 'MASTER_USER',
        email: `${name.toLowerCase()}@months.test`,
        company_name: `${name} Co.`,
        plan_id: plan[planName],
        license_issue: license,
      },
    });
    expect(r.status).toBe(201);
    id[name] = r.body.id;
  }
  // the customers sign in with a password of their own (the set-up link's part is the auth module's)
  await s.ctx.db.query('UPDATE accounts SET password_hash = $1 WHERE id = ANY($2::bigint[])', [
    await testPasswordHash(),
    Object.values(id),
  ]);
}, 120_000);
afterAll(async () => {
  await s?.drop();
});

describe('bills walked through three months', () => {
  it('November: a mid-month booking is billed at the old plan; the first month carries the initial fee', async () => {
    at('2026-11-20T15:00:00');
    const booked = await http<{ next_plan_id: number; plan_id: number }>(base, 'PUT', `/api/v1/user/${id.A}`, {
      token,
      body: { plan_id: plan.Light },
    });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ plan_id: plan.Standard, next_plan_id: plan.Light });
    await pageViews('B', 999, '2026-11-25T12:00:00');
    // A's own screens: the plan in force and this month's projection are the old plan's
    const a = (await login(base, 'a@months.test')).access;
    const usage = await http<{ month: string; plan_name: string; projected: { total: number } }>(base, 'GET', '/api/v1/plan/usage', {
      token: a,
    });
    expect(usage.body).toMatchObject({ month: '2026-11', plan_name: 'Standard', projected: { total: 142_780 } });
    expect(await mrr()).toEqual({ mrr: 109_405, arr: 1_312_860, paid_plans: 4, billed_month: null, months: expect.any(Array) });

    // the month is still open: neither it nor a future one is billed
    for (const month of ['2026-11', '2027-01'])
      await expect(billMonth(s.ctx, month)).rejects.toMatchObject({ status: 422, code: 'MONTH_NOT_ENDED' });
    expect(await bills('2026-11')).toEqual({});

    await firstOfMonth('2026-12');
    expect(await bills('2026-11')).toEqual({
      A: ['Standard', 129_800, 12_980, 142_780, '2026-12-31'],
      B: ['Light', 120_005, 12_000, 132_005, '2026-12-31'],
      C: ['Standard', 129_800, 12_980, 142_780, '2026-12-31'],
      D: ['Standard', 129_800, 12_980, 142_780, '2026-12-31'],
    });
    // the same moment's run again writes nothing twice
    await monthlyBillsJob(s.ctx, { period: '2026-12' });
    expect(Object.keys(await bills('2026-11'))).toHaveLength(4);
  });

  it('December: the booking is in force from the 1st; a block over the limit; a pause and a termination are billed', async () => {
    at('2026-12-01T09:00:00');
    const a = (await login(base, 'a@months.test')).access;
    const usage = await http<{ plan_name: string; projected: { total: number } }>(base, 'GET', '/api/v1/plan/usage', { token: a });
    expect(usage.body).toMatchObject({ plan_name: 'Light', projected: { total: 11_005 } });

    at('2026-12-10T11:00:00');
    expect((await http(base, 'PUT', `/api/v1/user/${id.C}/contract`, { token, body: { action: 'pause' } })).status).toBe(200);
    // inside the 12-month minimum (from the creation, no start date): refused, then done with the override
    const refused = await http<{ code: string }>(base, 'PUT', `/api/v1/user/${id.D}/contract`, { token, body: { action: 'terminate' } });
    expect(refused.body.code).toBe('CONTRACT_MINIMUM_PERIOD');
    const done = await http(base, 'PUT', `/api/v1/user/${id.D}/contract`, { token, body: { action: 'terminate', override: true } });
    expect(done.status).toBe(200);
    await pageViews('B', 10_001, '2026-12-20T12:00:00');

    at('2026-12-31T23:59:59');
    await expect(billMonth(s.ctx, '2026-12')).rejects.toMatchObject({ status: 422 });
    await firstOfMonth('2027-01');
    expect(await bills('2026-12')).toEqual({
      A: ['Light', 10_005, 1_000, 11_005, '2027-01-31'],
      B: ['Light', 21_010, 2_101, 23_111, '2027-01-31'],
      C: ['Standard', 29_800, 2_980, 32_780, '2027-01-31'],
      D: ['Standard', 29_800, 2_980, 32_780, '2027-01-31'],
    });
    const b = await http<{ items: Bill[] }>(base, 'GET', '/api/v1/bill/issued?month=2026-12&page_size=100', { token });
    expect(b.body.items.find((x) => x.account_id === id.B)).toMatchObject({
      blocks_used: 1,
      pv_fee: 1_005,
      license_fee: 10_000,
      initial_fee: 0,
    });
  });

  it('January: the terminated account is billed no more; MRR counts the contracts in force', async () => {
    await firstOfMonth('2027-02');
    expect(await bills('2027-01')).toEqual({
      A: ['Light', 10_005, 1_000, 11_005, '2027-02-28'],
      B: ['Light', 20_005, 2_000, 22_005, '2027-02-28'],
      C: ['Standard', 29_800, 2_980, 32_780, '2027-02-28'],
    });
    expect(await mrr()).toMatchObject({ mrr: 59_810, arr: 717_720, paid_plans: 3 });
    // the next runs are queued for their own periods, once
    const queued = await s.ctx.db.query<{ kind: string; dedupe_key: string }>(
      'SELECT kind, dedupe_key FROM jobs WHERE kind = ANY($1::text[]) ORDER BY kind, dedupe_key',
      [[MONTHLY_BILLS_JOB, NEXT_PLANS_JOB]],
    );
    expect(queued.filter((j) => j.dedupe_key === 'schedule:2027-03')).toHaveLength(2);
  });

  it("the summary's plan trend reads the same rule: A counts on Standard through November, on Light from December", async () => {
    const r = await http<{ months: { month: string; plans: { plan_id: number; accounts: number }[] }[] }>(
      base,
      'GET',
      '/api/v1/dashboard/adoption-by-plan',
      { token },
    );
    const count = (month: string, name: string) =>
      r.body.months.find((m) => m.month === month)?.plans.find((p) => p.plan_id === plan[name])?.accounts ?? 0;
    // end of November: A, C, D on Standard, B on Light; end of December: C on Standard (D terminated), A and B on Light
    expect([count('2026-11', 'Standard'), count('2026-11', 'Light')]).toEqual([3, 1]);
    expect([count('2026-12', 'Standard'), count('2026-12', 'Light')]).toEqual([1, 2]);
  });
});
