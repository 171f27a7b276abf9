import { monthOfJst, monthRangeJst } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { monthsUpTo } from './service.js';

// The summary dashboard: every figure scoped to the caller's subtree (a sibling OEM's accounts, sites and bills
// never count), MRR from the recurring fees of the contracts in force, Japan months at the boundaries, the menu.

let s: TestServer;
const acc: Record<string, AccountRow> = {};
const plans: Record<string, number> = {};
const tokens: Record<string, string> = {};
const now = new Date();
const thisMonth = monthOfJst(now);
const months = monthsUpTo(undefined, now);
const prevMonth = months[10] as string;
const twoBack = months[9] as string;

async function plan(name: string, price: number, owner: string | null = null) {
  const r = await s.ctx.db.one<{ id: number }>('INSERT INTO plans (name, price, owner_account_id) VALUES ($1, $2, $3) RETURNING id', [
    name,
    price,
    owner ? acc[owner]?.id : null,
  ]);
  plans[name] = Number(r.id);
}
async function account(name: string, type: AccountRow['type'], parent: string | null, planName: string | null = null) {
  acc[name] = await makeAccount(s.ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@dash.test`,
    companyName: `${name} Inc.`,
    planId: planName ? plans[planName] : null,
    staffRole: type === 'SUB_ADMIN' ? 'VIEWER' : null,
    authority: type === 'SUB_ADMIN' ? 'VIEW' : 'EDIT',
  });
  // every account exists since the start of the window unless a test moves it
  await s.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [acc[name]?.id, monthRangeJst(months[0] as string).start]);
}
async function history(name: string, planName: string, at: Date, content = 'plan_assigned') {
  await s.ctx.db.query(
    "INSERT INTO contract_history (account_id, executed_at, process_content, to_status, plan_id) VALUES ($1, $2, $3, 'ACTIVE', $4)",
    [acc[name]?.id, at, content, plans[planName]],
  );
}
async function site(name: string, status = 'DRAFT') {
  await s.ctx.db.query(
    "INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical, status) VALUES (gen_random_uuid(), $1, 's', 1, 1, $2)",
    [acc[name]?.id, status],
  );
}
async function bill(name: string, month: string, subtotal: number, initialFee = 0, status = 'UNPAID') {
  await s.ctx.db.query(
    `INSERT INTO payments (account_id, seller_account_id, year_month, plan_name, subtotal, initial_fee, total, status)
     VALUES ($1, $2, $3, 'x', $4, $5, $4, $6)`,
    [acc[name]?.id, acc[name]?.parent_id, month, subtotal, initialFee, status],
  );
}
const get = <T = Record<string, unknown>>(who: string, path: string, lang = 'en') =>
  http<T>(s.adminUrl, 'GET', `/api/v1/dashboard/${path}`, { token: tokens[who], lang });

interface RevenueBody {
  billed_month: string | null;
  mrr: number;
  arr: number;
  paid_plans: number;
  months: { month: string; amount: number; source: string }[];
}

beforeAll(async () => {
  s = await startTestServer();
  await account('Root', 'MASTER', null);
  await plan('Free', 0);
  await plan('Basic', 10_000);
  await plan('Gold', 50_000);
  // OEM A (the one under test) and its sibling OEM B, each with customers, sites and (later) bills
  await account('OemA', 'OEM_MASTER', 'Root', 'Gold');
  await account('OemB', 'OEM_MASTER', 'Root', 'Gold');
  await account('AdminA', 'OEM_ADMIN', 'OemA', 'Basic');
  await account('A1', 'USER', 'AdminA', 'Basic');
  await account('A2', 'USER', 'OemA', 'Gold');
  await account('A3', 'USER', 'OemA', 'Free');
  await account('A4', 'USER', 'OemA', null);
  await account('StaffA', 'SUB_ADMIN', 'OemA');
  await account('B1', 'USER', 'OemB', 'Gold');
  await account('B2', 'USER', 'OemB', 'Basic');
  await account('Direct', 'MASTER_USER', 'Root', 'Basic');
  await account('Gone', 'USER', 'OemA', 'Gold');
  await s.ctx.db.query("UPDATE accounts SET deleted_at = now(), contract_status = 'TERMINATED' WHERE id = $1", [acc.Gone?.id]);
  for (const [name, st] of [
    ['OemA', 'PUBLISH'],
    ['A1', 'DRAFT'],
    ['A2', 'PUBLISH'],
    ['A2', 'PRIVATE'],
    ['B1', 'PUBLISH'],
    ['B2', 'DRAFT'],
    ['Direct', 'DRAFT'],
  ] as const)
    await site(name, st);
  // A2 moved from Basic to Gold at the start of last month (JST): the trend shows Basic before, Gold since
  await history('A2', 'Basic', monthRangeJst(months[0] as string).start, 'created');
  await history('A2', 'Gold', monthRangeJst(prevMonth).start, 'plan_changed');
  for (const name of ['Root', 'OemA', 'AdminA', 'A1', 'B1', 'StaffA'])
    tokens[name] = (await login(s.adminUrl, acc[name]?.email ?? '')).access;
});
afterAll(async () => {
  await s?.drop();
});

describe('dashboard: subtree scope', () => {
  it('counts only the OEM master’s subtree: sites, companies, sites by status', async () => {
    const a = await get<{ sites: number; companies: number; sites_by_status: Record<string, number> }>('OemA', 'user-site');
    expect(a.status).toBe(200);
    // OemA's own site + A1 + A2 x2; B's and Direct's never
    expect(a.body.sites).toBe(4);
    expect(a.body.sites_by_status).toEqual({ draft: 1, publish: 2, private: 1, domain_verifying: 0 });
    // AdminA, A1, A2, A3, A4 (not itself, not staff, not the deleted one, not OEM B's)
    expect(a.body.companies).toBe(5);
    const root = await get<{ sites: number; companies: number }>('Root', 'user-site');
    expect(root.body.sites).toBe(7);
    expect(root.body.companies).toBe(10);
    // a staff member sees its owner's figures
    expect((await get('StaffA', 'user-site')).body).toEqual(a.body);
    // an OEM admin sees its own subtree
    const admin = await get<{ sites: number; companies: number }>('AdminA', 'user-site');
    expect(admin.body).toMatchObject({ sites: 1, companies: 1 });
  });

  it('registrations per month by type, only below the caller', async () => {
    const r = await get<{ months: { month: string; total: number; user: number; oem_admin: number; oem_master: number }[] }>(
      'OemA',
      'registration-data',
    );
    expect(r.status).toBe(200);
    expect(r.body.months.map((m) => m.month)).toEqual(months);
    const first = r.body.months[0];
    // AdminA, A1..A4 and the deleted Gone (a registration happened); never staff, OEM B's or OEM A itself
    expect(first).toMatchObject({ total: 6, user: 5, oem_admin: 1, oem_master: 0 });
    expect(r.body.months.slice(1).every((m) => m.total === 0)).toBe(true);
    const root = await get<{ months: { total: number; oem_master: number; master_user: number }[] }>('Root', 'registration-data');
    expect(root.body.months[0]).toMatchObject({ total: 11, oem_master: 2, master_user: 1 });
  });

  it('accounts per plan now and the plan-wise trend by month', async () => {
    const r = await get<{
      plans: { plan_id: number; name: string; price: number; accounts: number }[];
      no_plan: number;
      months: { month: string; plans: { plan_id: number; accounts: number }[] }[];
    }>('OemA', 'adoption-by-plan');
    expect(r.status).toBe(200);
    const now = Object.fromEntries(r.body.plans.map((p) => [p.name, p.accounts]));
    expect(now).toEqual({ Free: 1, Basic: 2, Gold: 1 });
    expect(r.body.no_plan).toBe(1);
    const at = (month: string, name: string) =>
      r.body.months.find((m) => m.month === month)?.plans.find((p) => p.plan_id === plans[name])?.accounts ?? 0;
    // A2: Basic until the start of last month, Gold since; the deleted account left the count when deleted
    expect([at(twoBack, 'Basic'), at(twoBack, 'Gold')]).toEqual([3, 1]);
    expect([at(prevMonth, 'Basic'), at(prevMonth, 'Gold')]).toEqual([2, 2]);
    expect([at(thisMonth, 'Basic'), at(thisMonth, 'Gold')]).toEqual([2, 1]);
  });
});

describe('dashboard: revenue', () => {
  it('MRR is the monthly plan and licence fees of the contracts in force, never bills or one-off fees; the months chart shows bills', async () => {
    const before = await get<RevenueBody>('OemA', 'revenue');
    expect(before.status).toBe(200);
    // below OEM A: AdminA (Basic 10,000), A1 (Basic 10,000), A2 (Gold 50,000 since last month); A3 free, A4 none,
    // Gone deleted, OEM A itself and its staff never: 70,000 a month
    expect(before.body).toMatchObject({ billed_month: null, mrr: 70_000, arr: 840_000, paid_plans: 3 });
    expect(before.body.months.every((m) => m.source === 'plan_prices')).toBe(true);

    await bill('A1', twoBack, 110_000, 100_000); // the first month: the initial fee is one-off
    await bill('A2', prevMonth, 50_000);
    await bill('AdminA', prevMonth, 10_000);
    await bill('A1', prevMonth, 12_000, 0, 'PAID'); // page-view overage on top of the plan: usage, not recurring
    await bill('A3', prevMonth, 99_999, 0, 'VOID');
    await bill('OemA', prevMonth, 500_000); // OEM A's own bill to the platform: not its revenue
    await bill('B1', prevMonth, 50_000); // the sibling's
    await bill('B2', thisMonth, 10_000);
    const after = await get<RevenueBody>('OemA', 'revenue');
    // bills change nothing of MRR
    expect(after.body).toMatchObject({ billed_month: prevMonth, mrr: 70_000, arr: 840_000, paid_plans: 3 });
    const byMonth = Object.fromEntries(after.body.months.map((m) => [m.month, m]));
    expect(byMonth[twoBack]).toEqual({ month: twoBack, amount: 10_000, source: 'bills' });
    expect(byMonth[prevMonth]).toEqual({ month: prevMonth, amount: 72_000, source: 'bills' });
    expect(byMonth[thisMonth]).toEqual({ month: thisMonth, amount: 70_000, source: 'plan_prices' });

    const mrr = async () => (await get<RevenueBody>('OemA', 'revenue')).body;
    const set = (name: string, sql: string) => s.ctx.db.query(`UPDATE accounts SET ${sql} WHERE id = $1`, [acc[name]?.id]);
    // a licence adds its monthly fee (LICENSE_FEE_YEN 10,000): 80,000
    await set('A1', 'license_issue = true');
    expect(await mrr()).toMatchObject({ mrr: 80_000, arr: 960_000, paid_plans: 3 });
    // a pause keeps the contract (and its bill); outside its dates (INACTIVE) it is not in force: 80,000 - 10,000
    await set('A2', "contract_status = 'SUSPENDED'");
    await set('AdminA', "contract_status = 'INACTIVE'");
    expect(await mrr()).toMatchObject({ mrr: 70_000, paid_plans: 2 });
    // a booking for next month is not in force: A1 stays on Basic
    await set('A1', `next_plan_id = ${plans.Gold}`);
    await history('A1', 'Gold', new Date(), 'plan_change_scheduled');
    expect((await mrr()).mrr).toBe(70_000);
    // terminated: its plan and licence leave MRR (Gold of A2 alone: 50,000)
    await set('A1', "contract_status = 'TERMINATED'");
    expect(await mrr()).toMatchObject({ mrr: 50_000, arr: 600_000, paid_plans: 1 });

    // the platform: OemA, OemB, A2, B1 on Gold (4 x 50,000), B2 and Direct on Basic (2 x 10,000); A3 free
    const root = await get<RevenueBody>('Root', 'revenue');
    expect(root.body).toMatchObject({ billed_month: thisMonth, mrr: 220_000, arr: 2_640_000, paid_plans: 6 });
    expect(Object.fromEntries(root.body.months.map((m) => [m.month, m.amount]))[prevMonth]).toBe(72_000 + 500_000 + 50_000);
    // the later tests sign in as these accounts again
    for (const name of ['A1', 'A2', 'AdminA']) await set(name, "contract_status = 'ACTIVE'");
  });
});

describe('dashboard: Japan months', () => {
  it('counts an account made at 00:00 JST on the 1st in that month, one made a millisecond earlier in the month before', async () => {
    const start = monthRangeJst(thisMonth).start;
    await account('Early', 'USER', 'AdminA');
    await account('OnTime', 'USER', 'AdminA');
    await s.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [acc.Early?.id, new Date(start.getTime() - 1)]);
    await s.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [acc.OnTime?.id, start]);
    const r = await get<{ months: { month: string; user: number }[] }>('AdminA', 'registration-data');
    const m = Object.fromEntries(r.body.months.map((x) => [x.month, x.user]));
    expect(m[prevMonth]).toBe(1);
    expect(m[thisMonth]).toBe(1);
    // `to` moves the window: last month as the newest
    const back = await get<{ months: { month: string; user: number }[] }>('AdminA', `registration-data?to=${prevMonth}`);
    expect(back.body.months.at(-1)).toMatchObject({ month: prevMonth, user: 1 });
  });
});

describe('dashboard: menu and input', () => {
  it('403 for roles without the summary entry', async () => {
    for (const path of ['registration-data', 'user-site', 'adoption-by-plan', 'revenue']) {
      const r = await get<{ code: string }>('A1', path);
      expect(r.status).toBe(403);
    }
    expect((await http(s.adminUrl, 'GET', '/api/v1/dashboard/revenue')).status).toBe(401);
  });

  it('refuses a bad month with a translated message', async () => {
    const future = monthsUpTo(undefined, new Date(now.getTime() + 62 * 86_400_000))[11] as string;
    const r = await get<{ message: string; fields: { path: string; message: string }[] }>('OemA', `revenue?to=${future}`, 'en');
    expect(r.status).toBe(422);
    expect(r.body.fields?.[0]?.message).toBe('Future months cannot be chosen.');
    const old = await get<{ message: string }>('OemA', 'adoption-by-plan?to=2000-01', 'ja');
    expect(old.status).toBe(422);
    expect(String(old.body.message)).toMatch(/./);
    expect(String(old.body.message)).not.toMatch(/validation\./);
    const bad = await get<{ message: string }>('OemA', 'registration-data?to=2026-13', 'en');
    expect([400, 422]).toContain(bad.status);
    expect(String(bad.body.message)).not.toMatch(/validation\./);
  });

  it('judges a future or too old month on business time (the clock moved), not the system time', async () => {
    try {
      // 1 March 2031, 00:00 in Japan: March 2031 is this month, April the future, March 2030 a year back, February
      // 2030 too old (the system's time knows none of these months as past)
      s.ctx.clock.set('2031-03-01T00:00:00+09:00', { frozen: true });
      for (const path of ['registration-data', 'adoption-by-plan', 'revenue']) {
        const now = await get<{ months: { month: string }[] }>('OemA', `${path}?to=2031-03`);
        expect(now.status, path).toBe(200);
        expect(now.body.months.map((m) => m.month).slice(-2)).toEqual(['2031-02', '2031-03']);
        expect((await get('OemA', `${path}?to=2030-03`)).status, path).toBe(200);
        const future = await get<{ fields: { path: string; message: string }[] }>('OemA', `${path}?to=2031-04`);
        expect(future.status, path).toBe(422);
        expect(future.body.fields?.[0]).toMatchObject({ path: 'to', message: 'Future months cannot be chosen.' });
        expect((await get('OemA', `${path}?to=2030-02`)).status, path).toBe(422);
      }
      // one second earlier it is still February 2031 in Japan: March is the future
      s.ctx.clock.set('2031-02-28T23:59:59+09:00', { frozen: true });
      expect((await get('OemA', 'revenue?to=2031-03')).status).toBe(422);
      expect((await get('OemA', 'revenue?to=2031-02')).status).toBe(200);
    } finally {
      s.ctx.clock.reset();
    }
  });
});
