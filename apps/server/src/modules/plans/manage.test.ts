import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { applyPlanChanges } from './service.js';

// Who manages which plans, validation, versions (edit in place vs a new version, existing
// accounts keep theirs, new assignments get the latest), archive instead of delete, move to the latest version
// as next month's plan, applied once by the monthly job.

let s: TestServer;
let base: string;
let master: AccountRow;
let oem: AccountRow;
let masterToken: string;
let oemToken: string;
let otherOemToken: string;
let userToken: string;
let staffToken: string;
let oemPlan: number;

interface Plan {
  id: number;
  family_id: number;
  version: number;
  name: string;
  names: Record<string, string>;
  price: number;
  accounts: number;
  accounts_on_older: number;
  archived: boolean;
  superseded: boolean;
  used: boolean;
}
interface Saved {
  plan: Plan;
  new_version: boolean;
  kept_accounts: number;
}

const body = (over: Record<string, unknown> = {}) => ({
  names: { ja: 'スタンダード', en: 'Standard', kr: '', cn: '' },
  contract_type: 'standard',
  price: 30000,
  quantity_swipe: 50,
  quantity_site: 3,
  limit_access: 10000,
  limit_access_price: 500,
  swipe: true,
  private_domain: true,
  setting_popup_cta: true,
  setting_form_contact: true,
  analytics_effect: false,
  setting_tag_seo: false,
  multi_language: false,
  ...over,
});

const call = <T = Plan>(token: string, method: string, url: string, b?: unknown) =>
  http<T>(base, method, `/api/v1${url}`, { token, body: b });
const accountPlan = (id: number) =>
  s.ctx.db.one<{ plan_id: number | null; next_plan_id: number | null }>('SELECT plan_id, next_plan_id FROM accounts WHERE id = $1', [id]);
const assignable = async (token: string) =>
  (await call<{ items: { id: number; name: string }[] }>(token, 'GET', '/user/assignable-plans')).body.items.map((x) => x.id);
const historyOf = (id: number) =>
  s.ctx.db.query<{ process_content: string; plan_id: number | null; executor_id: number | null }>(
    'SELECT process_content, plan_id, executor_id FROM contract_history WHERE account_id = $1 ORDER BY id',
    [id],
  );

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@plans.test', companyName: 'Platform' });
  oem = await makeAccount(s.ctx, { parentId: master.id, type: 'OEM_MASTER', email: 'oem@plans.test', companyName: 'Reseller' });
  await makeAccount(s.ctx, { parentId: master.id, type: 'OEM_MASTER', email: 'oem2@plans.test', companyName: 'Other' });
  await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: 'mu@plans.test', companyName: 'Customer' });
  await makeAccount(s.ctx, {
    parentId: master.id,
    type: 'SUB_ADMIN',
    email: 'staff@plans.test',
    companyName: 'Platform',
    staffRole: 'MAIN_CONTACT',
    authority: 'EDIT',
  });
  oemPlan = await makePlan(s.ctx, { name: 'OEM seed' });
  await s.ctx.db.query('UPDATE plans SET owner_account_id = $1 WHERE id = $2', [oem.id, oemPlan]);
  masterToken = (await login(base, 'root@plans.test')).access;
  oemToken = (await login(base, 'oem@plans.test')).access;
  otherOemToken = (await login(base, 'oem2@plans.test')).access;
  userToken = (await login(base, 'mu@plans.test')).access;
  staffToken = (await login(base, 'staff@plans.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

describe('who manages which plans', () => {
  it('the master manages the platform plans, an OEM master its own; customers and staff get 403', async () => {
    const created = await call(masterToken, 'POST', '/plans', body());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ version: 1, name: 'スタンダード', accounts: 0, used: false, archived: false });
    const own = await call(oemToken, 'POST', '/plans', body({ names: { ja: 'OEMライト' } }));
    expect(own.status).toBe(201);
    expect(own.body.names).toEqual({ ja: 'OEMライト', en: '', kr: '', cn: '' });

    const masterList = await call<{ items: Plan[]; total: number }>(masterToken, 'GET', '/plans');
    expect(masterList.body.items.map((p) => p.id)).toContain(created.body.id);
    expect(masterList.body.items.map((p) => p.id)).not.toContain(own.body.id);
    const oemList = await call<{ items: Plan[] }>(oemToken, 'GET', '/plans?search=OEM');
    expect(oemList.body.items.map((p) => p.id).sort()).toEqual([oemPlan, own.body.id].sort());

    for (const t of [userToken, staffToken]) {
      expect((await call(t, 'GET', '/plans')).status).toBe(403);
      expect((await call(t, 'POST', '/plans', body())).status).toBe(403);
    }
  });

  it("exports the caller's plans as CSV (BOM, translated headers, formula-safe names); customers get 403", async () => {
    await call(oemToken, 'POST', '/plans', body({ names: { ja: '=HYPERLINK("x")' }, price: 12_345 }));
    const res = await fetch(`${base}/api/v1/plans/export-csv?status=all&sort=price&order=desc`, {
      headers: { authorization: `Bearer ${oemToken}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toContain('Monthly price (yen, excl. tax)');
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain('12345');
    // only its own plans: the master's are not there
    expect(text).not.toContain('スタンダード');
    const refused = await fetch(`${base}/api/v1/plans/export-csv`, { headers: { authorization: `Bearer ${userToken}` } });
    expect(refused.status).toBe(403);
  });

  it("another owner's plan does not exist (404) for reading, editing, archiving or deleting", async () => {
    for (const [method, url, b] of [
      ['GET', `/plans/${oemPlan}`, undefined],
      ['PUT', `/plans/${oemPlan}`, body()],
      ['POST', `/plans/${oemPlan}/archive`, undefined],
      ['DELETE', `/plans/${oemPlan}`, undefined],
    ] as const) {
      expect((await call(otherOemToken, method, url, b)).status).toBe(404);
      expect((await call(masterToken, method, url, b)).status).toBe(404);
    }
  });

  it('validates with translated messages (422)', async () => {
    const r = await http<{ code: string; fields: { path: string; message: string }[] }>(base, 'POST', '/api/v1/plans', {
      token: masterToken,
      lang: 'ja',
      body: body({ names: { ja: '  ' }, price: -1, quantity_swipe: 0, limit_access: 1_000_000_000 }),
    });
    expect(r.status).toBe(422);
    const paths = r.body.fields.map((f) => f.path).sort();
    expect(paths).toEqual(['limitAccess', 'names.ja', 'price', 'quantitySwipe'].sort());
    expect(r.body.fields.every((f) => !f.message.includes('validation.'))).toBe(true);
    expect((await call(masterToken, 'POST', '/plans', body({ contract_type: 'gold' }))).status).toBe(422);
    // not a whole number: malformed (400), still translated
    const frac = await http<{ message: string }>(base, 'POST', '/api/v1/plans', {
      token: masterToken,
      lang: 'en',
      body: body({ price: 1.5 }),
    });
    expect(frac.status).toBe(400);
    expect(frac.body.message).not.toContain('validation.');
  });
});

describe('versions', () => {
  let v1: number;
  let user: AccountRow;

  it('edits a plan no account uses in place', async () => {
    v1 = (await call(masterToken, 'POST', '/plans', body({ names: { ja: '版テスト' }, price: 10000 }))).body.id;
    const r = await call<Saved>(masterToken, 'PUT', `/plans/${v1}`, body({ names: { ja: '版テスト' }, price: 12000 }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ new_version: false, kept_accounts: 0, plan: { id: v1, version: 1, price: 12000 } });
  });

  it('a new assignment writes history with the plan; editing a plan in use makes version 2 and the user keeps version 1', async () => {
    const created = await call<{ id: number }>(masterToken, 'POST', '/user', {
      type: 'MASTER_USER',
      email: 'versioned@plans.test',
      company_name: 'Versioned',
      plan_id: v1,
    });
    expect(created.status).toBe(201);
    user = { id: created.body.id } as AccountRow;
    expect((await historyOf(user.id)).map((h) => [h.process_content, h.plan_id])).toEqual([['created', v1]]);

    const r = await call<Saved>(masterToken, 'PUT', `/plans/${v1}`, body({ names: { ja: '版テスト' }, price: 15000 }));
    expect(r.body.new_version).toBe(true);
    expect(r.body.kept_accounts).toBe(1);
    expect(r.body.plan).toMatchObject({ version: 2, family_id: v1, price: 15000, accounts: 0, accounts_on_older: 1 });
    expect(await accountPlan(user.id)).toEqual({ plan_id: v1, next_plan_id: null });

    const detail = await call<Plan & { versions: { id: number; version: number; accounts: number }[] }>(
      masterToken,
      'GET',
      `/plans/${r.body.plan.id}`,
    );
    expect(detail.body.versions.map((v) => [v.version, v.accounts])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    // the old version is no longer editable, nor assignable; the new one is
    expect((await call(masterToken, 'PUT', `/plans/${v1}`, body())).status).toBe(409);
    const ids = await assignable(masterToken);
    expect(ids).toContain(r.body.plan.id);
    expect(ids).not.toContain(v1);
    const late = await call(masterToken, 'POST', '/user', {
      type: 'MASTER_USER',
      email: 'late@plans.test',
      company_name: 'L',
      plan_id: v1,
    });
    expect(late.status).toBe(422);
    // the list shows one row per family: the latest version
    const list = await call<{ items: Plan[] }>(masterToken, 'GET', '/plans?search=版テスト');
    expect(list.body.items.map((p) => [p.id, p.version])).toEqual([[r.body.plan.id, 2]]);
  });

  it('move to the latest version books it as next month’s plan; the monthly job applies it once', async () => {
    const latest = (await call<Plan>(masterToken, 'GET', `/plans/${v1}`)).body;
    const latestId = (await s.ctx.db.one<{ id: number }>('SELECT id FROM plans WHERE family_id = $1 AND version = 2', [latest.family_id]))
      .id;
    const r = await call<{ scheduled: number; latest_id: number }>(masterToken, 'POST', `/plans/${v1}/move-to-latest`, {});
    expect(r.body).toEqual({ scheduled: 1, latest_id: latestId });
    expect(await accountPlan(user.id)).toEqual({ plan_id: v1, next_plan_id: latestId });
    expect((await call(masterToken, 'POST', `/plans/${latestId}/move-to-latest`, {})).status).toBe(409);
    expect((await call(masterToken, 'POST', `/plans/${v1}/move-to-latest`, { account_id: master.id })).status).toBe(404);

    // choosing the current (old) version again cancels the booking; it need not be assignable
    expect((await call(masterToken, 'PUT', `/user/${user.id}`, { plan_id: v1 })).status).toBe(200);
    expect(await accountPlan(user.id)).toEqual({ plan_id: v1, next_plan_id: null });
    expect((await call(masterToken, 'POST', `/plans/${v1}/move-to-latest`, { account_id: user.id })).body).toMatchObject({ scheduled: 1 });

    expect((await applyPlanChanges(s.ctx)).changed).toBeGreaterThanOrEqual(1);
    expect(await applyPlanChanges(s.ctx)).toEqual({ changed: 0 });
    expect(await accountPlan(user.id)).toEqual({ plan_id: latestId, next_plan_id: null });
    const h = await historyOf(user.id);
    expect(h.map((x) => [x.process_content, x.plan_id])).toEqual([
      ['created', v1],
      ['plan_change_scheduled', latestId],
      ['plan_change_cancelled', null],
      ['plan_change_scheduled', latestId],
      ['plan_changed', latestId],
    ]);
    expect(h.filter((x) => x.process_content === 'plan_changed')).toHaveLength(1);
  });

  it('a plan in use is archived, never deleted; archived plans are not assignable; an unused one is deleted', async () => {
    const p = (await call(masterToken, 'POST', '/plans', body({ names: { ja: 'アーカイブ' } }))).body.id;
    const u = await call<{ id: number }>(masterToken, 'POST', '/user', {
      type: 'MASTER_USER',
      email: 'arch@plans.test',
      company_name: 'A',
      plan_id: p,
    });
    expect(u.status).toBe(201);
    expect((await call(masterToken, 'DELETE', `/plans/${p}`)).status).toBe(409);
    const a = await call(masterToken, 'POST', `/plans/${p}/archive`);
    expect(a.body).toMatchObject({ archived: true, accounts: 1 });
    expect(await assignable(masterToken)).not.toContain(p);
    const again = await call(masterToken, 'POST', '/user', {
      type: 'MASTER_USER',
      email: 'arch2@plans.test',
      company_name: 'B',
      plan_id: p,
    });
    expect(again.status).toBe(422);
    expect((await call(masterToken, 'PUT', `/plans/${p}`, body())).status).toBe(409);
    expect(await accountPlan(u.body.id)).toEqual({ plan_id: p, next_plan_id: null });
    const archived = await call<{ items: Plan[] }>(masterToken, 'GET', '/plans?status=archived');
    expect(archived.body.items.map((x) => x.id)).toEqual([p]);
    expect((await call(masterToken, 'POST', `/plans/${p}/restore`)).body).toMatchObject({ archived: false });

    const unused = (await call(masterToken, 'POST', '/plans', body({ names: { ja: '未使用' } }))).body.id;
    expect((await call(masterToken, 'DELETE', `/plans/${unused}`)).status).toBe(200);
    expect((await call(masterToken, 'GET', `/plans/${unused}`)).status).toBe(404);
  });

  it('scheduling a plan for next month through the user screens writes plan_id, cancelling clears it', async () => {
    const plans = await assignable(masterToken);
    const target = plans.find((id) => id !== v1) as number;
    const u = await call<{ id: number }>(masterToken, 'POST', '/user', {
      type: 'MASTER_USER',
      email: 'sched@plans.test',
      company_name: 'S',
      plan_id: target,
    });
    const other = plans.find((id) => id !== target) as number;
    await call(masterToken, 'PUT', `/user/${u.body.id}`, { plan_id: other });
    expect(await accountPlan(u.body.id)).toEqual({ plan_id: target, next_plan_id: other });
    await call(masterToken, 'PUT', `/user/${u.body.id}`, { plan_id: null });
    expect(await accountPlan(u.body.id)).toEqual({ plan_id: target, next_plan_id: null });
    expect((await historyOf(u.body.id)).map((h) => [h.process_content, h.plan_id])).toEqual([
      ['created', target],
      ['plan_change_scheduled', other],
      ['plan_change_cancelled', null],
    ]);
  });
});
