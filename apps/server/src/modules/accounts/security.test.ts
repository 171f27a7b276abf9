import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer, testPasswordHash } from '../../test/helpers.js';
import { NO_PLAN, PLATFORM_LIMITS, planLimitsOf } from '../plans/service.js';
import type { AccountRow } from './actor.js';

// Nobody changes the accounts above it, and plans fail closed.

let s: TestServer;
let base: string;
let root: AccountRow;

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@acc.test', companyName: 'Platform' });
});
afterAll(async () => {
  await s?.drop();
});

const row = (email: string) =>
  s.ctx.db.one<{ authority: string; company_name: string; contract_status: string; deleted_at: string | null }>(
    'SELECT authority, company_name, contract_status, deleted_at FROM accounts WHERE email = $1',
    [email],
  );

describe('no account changes its owner or anything above it (point 2)', () => {
  it("a staff member cannot demote, rename, pause or delete its owner, even the platform master's", async () => {
    const shop = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email: 'shop@acc.test', companyName: 'Shop' });
    await makeAccount(s.ctx, { parentId: shop.id, type: 'SUB_ADMIN', email: 'editor@acc.test', staffRole: 'EDITOR' });
    await makeAccount(s.ctx, { parentId: root.id, type: 'SUB_ADMIN', email: 'rootstaff@acc.test', staffRole: 'EDITOR' });
    for (const [staff, owner] of [
      ['editor@acc.test', shop],
      ['rootstaff@acc.test', root],
    ] as const) {
      const { access } = await login(base, staff);
      const put = (body: object) => http(base, 'PUT', `/api/v1/user/${owner.id}`, { token: access, body });
      expect((await put({ authority: 'VIEW' })).status, staff).toBe(403);
      expect((await put({ company_name: 'Hijacked' })).status, staff).toBe(403);
      const contract = await http(base, 'PUT', `/api/v1/user/${owner.id}/contract`, { token: access, body: { action: 'pause' } });
      expect(contract.status, staff).toBe(403);
      expect((await http(base, 'DELETE', `/api/v1/user/${owner.id}`, { token: access })).status, staff).toBe(403);
      expect(await row(owner.email)).toEqual({
        authority: 'EDIT',
        company_name: owner.company_name,
        contract_status: 'ACTIVE',
        deleted_at: null,
      });
    }
  });

  it('nobody raises its own authority', async () => {
    const shop = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email: 'shop2@acc.test' });
    const viewer = await makeAccount(s.ctx, { parentId: shop.id, type: 'SUB_ADMIN', email: 'viewer@acc.test', authority: 'VIEW' });
    const t = await login(base, viewer.email);
    expect((await http(base, 'PUT', `/api/v1/user/${viewer.id}`, { token: t.access, body: { authority: 'EDIT' } })).status).toBe(403);
    expect((await row(viewer.email)).authority).toBe('VIEW');
    // A view-authority staff member creates no one (who could then act with more).
    const created = await http(base, 'POST', '/api/v1/user', {
      token: t.access,
      body: { type: 'SUB_ADMIN', email: 'proxy@acc.test', company_name: 'x', authority: 'EDIT', password: 'Proxy-Passw0rd#' },
    });
    expect(created.status).toBe(403);
  });

  it('the owner still manages its staff', async () => {
    const shop = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email: 'shop3@acc.test' });
    const staff = await makeAccount(s.ctx, { parentId: shop.id, type: 'SUB_ADMIN', email: 'staff3@acc.test' });
    const t = await login(base, shop.email);
    const r = await http<{ authority: string }>(base, 'PUT', `/api/v1/user/${staff.id}`, { token: t.access, body: { authority: 'VIEW' } });
    expect(r.status).toBe(200);
    expect(r.body.authority).toBe('VIEW');
  });
});

describe('plans fail closed (point 4)', () => {
  const body = (email: string, type: string, planId?: number) => ({
    type,
    email,
    company_name: 'New',
    password: 'Fresh-Passw0rd#',
    ...(planId === undefined ? {} : { plan_id: planId }),
  });

  it('no plan means no features', async () => {
    const bare = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email: 'bare@acc.test' });
    expect(await planLimitsOf(s.ctx.db, bare.id)).toEqual(NO_PLAN);
    expect(NO_PLAN.quantitySite).toBe(0);
    expect(Object.values(NO_PLAN.flags).some(Boolean)).toBe(false);
  });

  it('the platform master, sold no plan, runs the platform: it and its staff may use everything', async () => {
    expect(await planLimitsOf(s.ctx.db, root.id)).toEqual(PLATFORM_LIMITS);
    const staff = await makeAccount(s.ctx, { parentId: root.id, type: 'SUB_ADMIN', email: 'plat-staff@acc.test', staffRole: 'EDITOR' });
    expect(await planLimitsOf(s.ctx.db, staff.id)).toEqual(PLATFORM_LIMITS);
    expect(Object.values(PLATFORM_LIMITS.flags).every(Boolean)).toBe(true);
    // an OEM master is a customer: no plan, nothing
    const oem = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'oem-bare@acc.test' });
    expect(await planLimitsOf(s.ctx.db, oem.id)).toEqual(NO_PLAN);
  });

  it('a plan must exist and be one the creator may assign: 422 otherwise, never 500', async () => {
    const platformPlan = await makePlan(s.ctx, { name: 'Platform Standard' });
    const master = await login(base, root.email);
    const create = (token: string, b: object) =>
      http<{ plan_id: number | null; code: string }>(base, 'POST', '/api/v1/user', { token, body: b });
    expect((await create(master.access, body('unknown-plan@acc.test', 'MASTER_USER', 987654))).status).toBe(422);
    const ok = await create(master.access, body('platform-plan@acc.test', 'MASTER_USER', platformPlan));
    expect(ok.status).toBe(201);
    expect(ok.body.plan_id).toBe(platformPlan);
    // An OEM master assigns its own plans in its subtree, never the platform's or another OEM's.
    const oem = await create(master.access, body('oem@acc.test', 'OEM_MASTER', platformPlan));
    expect(oem.status).toBe(201);
    const other = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'other-oem@acc.test' });
    const oemId = (await s.ctx.db.one<{ id: number }>("SELECT id FROM accounts WHERE email = 'oem@acc.test'")).id;
    const ownPlan = await makePlan(s.ctx, { name: 'OEM Basic' });
    const foreignPlan = await makePlan(s.ctx, { name: 'Other OEM Basic' });
    await s.ctx.db.query('UPDATE plans SET owner_account_id = $1 WHERE id = $2', [oemId, ownPlan]);
    await s.ctx.db.query('UPDATE plans SET owner_account_id = $1 WHERE id = $2', [other.id, foreignPlan]);
    // A new account has no password until its set-up link is used: give it the test one.
    await s.ctx.db.query('UPDATE accounts SET must_change_password = false, password_hash = $2 WHERE id = $1', [
      oemId,
      await testPasswordHash(),
    ]);
    const oemToken = (await login(base, 'oem@acc.test')).access;
    expect((await create(oemToken, body('u1@acc.test', 'USER', platformPlan))).status).toBe(422);
    expect((await create(oemToken, body('u2@acc.test', 'USER', foreignPlan))).status).toBe(422);
    expect((await create(master.access, body('mu@acc.test', 'MASTER_USER', ownPlan))).status).toBe(422);
    expect((await create(oemToken, body('u3@acc.test', 'USER', ownPlan))).status).toBe(201);
    // Staff take their parent's plan and get none of their own.
    const staff = await create(oemToken, body('s1@acc.test', 'SUB_ADMIN', ownPlan));
    expect(staff.status).toBe(422);
    expect(staff.body.code).toBe('VALIDATION_FAILED');
    expect((await create(oemToken, body('s2@acc.test', 'SUB_ADMIN'))).status).toBe(201);
  });
});
