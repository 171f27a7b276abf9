import { type AccountType, canUseMenu, monthOfJst, monthRangeJst } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { billMonth } from '../billing/service.js';
import { createSite } from '../sites/service.js';
import { type AccountRow, actorFromRow } from './actor.js';
import { findAccountById } from './repo.js';

// The tenant matrix: every account type tries to read, change and delete a sibling tenant's and a
// parent's resources (sites and accounts) and gets 404, and nothing changes.

let s: TestServer;
let plan: number;
const acc: Record<string, AccountRow> = {};
const siteOf: Record<string, number> = {};

async function make(name: string, type: AccountType, parent: string | null) {
  acc[name] = await makeAccount(s.ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@scope.test`,
    companyName: name,
    // No plan, no features: every tenant here has one (staff follow their parent's).
    planId: type === 'SUB_ADMIN' ? null : plan,
  });
}

beforeAll(async () => {
  s = await startTestServer();
  plan = await makePlan(s.ctx, { quantitySite: 10 });
  await make('M', 'MASTER', null);
  await make('M2', 'MASTER', null);
  await make('O1', 'OEM_MASTER', 'M');
  await make('O2', 'OEM_MASTER', 'M');
  await make('A1', 'OEM_ADMIN', 'O1');
  await make('A2', 'OEM_ADMIN', 'O1');
  await make('U1', 'USER', 'A1');
  await make('U2', 'USER', 'A1');
  await make('MU1', 'MASTER_USER', 'M');
  await make('MU2', 'MASTER_USER', 'M');
  await make('S1', 'SUB_ADMIN', 'U1');
  for (const name of ['M', 'M2', 'O1', 'O2', 'A1', 'A2', 'U1', 'U2', 'MU1', 'MU2']) {
    const row = (await findAccountById(s.ctx.db, (acc[name] as AccountRow).id)) as AccountRow;
    const site = await createSite(s.ctx, actorFromRow(row), {
      name: `${name} site`,
      numberHorizontal: 1,
      numberVertical: 1,
      defaultLanguage: 'ja',
      languages: ['ja'],
    });
    siteOf[name] = site.id;
  }
});
afterAll(async () => {
  await s?.drop();
});

const matrix: { actor: string; type: AccountType; sibling: string; parent: string | null; own: string }[] = [
  { actor: 'M', type: 'MASTER', sibling: 'M2', parent: null, own: 'M' },
  { actor: 'O1', type: 'OEM_MASTER', sibling: 'O2', parent: 'M', own: 'O1' },
  { actor: 'A1', type: 'OEM_ADMIN', sibling: 'A2', parent: 'O1', own: 'A1' },
  { actor: 'MU1', type: 'MASTER_USER', sibling: 'MU2', parent: 'M', own: 'MU1' },
  { actor: 'U1', type: 'USER', sibling: 'U2', parent: 'A1', own: 'U1' },
  // A sub-admin acts for its parent (U1): U1's site is its own; U2 is a sibling tenant; A1 is above.
  { actor: 'S1', type: 'SUB_ADMIN', sibling: 'U2', parent: 'A1', own: 'U1' },
];

/** Bills the month the accounts were made in, as of its end (a month is billed once it has ended). */
async function billThisMonth() {
  const month = monthOfJst(s.ctx.clock.now());
  await billMonth(s.ctx, month, monthRangeJst(month).end);
}

describe('tenant scoping matrix', () => {
  for (const row of matrix) {
    it(`${row.type} cannot read, change or delete a sibling's or a parent's sites and accounts (404)`, async () => {
      const base = s.adminUrl;
      const { access } = await login(base, `${row.actor.toLowerCase()}@scope.test`);
      const targets = [row.sibling, row.parent].filter((x): x is string => Boolean(x));
      for (const t of targets) {
        const siteId = siteOf[t] as number;
        const before = await http(base, 'GET', `/api/v1/sites/${siteId}`, {
          token: (await login(base, `${t.toLowerCase()}@scope.test`)).access,
        });
        expect(before.status).toBe(200);
        expect((await http(base, 'GET', `/api/v1/sites/${siteId}`, { token: access })).status).toBe(404);
        const doc = { ...(before.body as Record<string, unknown>), name: 'hijacked' };
        expect(
          (await http(base, 'PUT', `/api/v1/sites/${siteId}`, { token: access, body: { action: 'publish', document: doc } })).status,
        ).toBe(404);
        expect((await http(base, 'DELETE', `/api/v1/sites/${siteId}`, { token: access })).status).toBe(404);
        const list = await http<{ items: { id: number }[] }>(base, 'GET', '/api/v1/sites?page_size=100', { token: access });
        expect(list.body.items.map((i) => i.id)).not.toContain(siteId);
        const accountId = (acc[t] as AccountRow).id;
        expect((await http(base, 'GET', `/api/v1/user/${accountId}`, { token: access })).status).toBe(404);
        expect((await http(base, 'PUT', `/api/v1/user/${accountId}`, { token: access, body: { company_name: 'hijacked' } })).status).toBe(
          404,
        );
        expect((await http(base, 'DELETE', `/api/v1/user/${accountId}`, { token: access })).status).toBe(404);
        // contract changes (contracts.ts): a sibling's or a parent's contract does not exist for the caller
        for (const body of [{ action: 'pause' }, { action: 'resume' }, { action: 'terminate', override: true }])
          expect((await http(base, 'PUT', `/api/v1/user/${accountId}/contract`, { token: access, body })).status).toBe(404);
        expect((await http(base, 'GET', `/api/v1/user/${accountId}/history`, { token: access })).status).toBe(404);
        expect((await http(base, 'POST', `/api/v1/user/${accountId}/resend-setup`, { token: access })).status).toBe(404);
        // CSV imports: one the target made is 404 to anyone else.
        const imp = await http<{ id: number }>(base, 'POST', '/api/v1/user/import', {
          token: (await login(base, `${t.toLowerCase()}@scope.test`)).access,
          raw: `type,email,company_name,contact_name,plan,contract_start,contract_end,authority,license_issue\nSUB_ADMIN,imp-${t}@scope.test,X,,,,,,`,
          headers: { 'content-type': 'text/csv' },
        });
        expect([200, 202, 403]).toContain(imp.status);
        if (imp.status !== 403) expect((await http(base, 'GET', `/api/v1/user/import/${imp.body.id}`, { token: access })).status).toBe(404);
        const users = await http<{ items: { id: number }[] }>(base, 'GET', '/api/v1/user?page_size=100', { token: access });
        if (users.status === 200) expect(users.body.items.map((i) => i.id)).not.toContain(accountId);
        else expect(users.status).toBe(403); // no user list for this role (core/menu.ts)
        const csv = await http<string>(base, 'GET', '/api/v1/user/export-csv', { token: access });
        if (csv.status === 200) expect(csv.body).not.toContain(`,${t.toLowerCase()}@scope.test,`);
        else expect(csv.status).toBe(403);
        const site = await s.ctx.db.one<{ name: string; deleted_at: string | null }>('SELECT name, deleted_at FROM sites WHERE id = $1', [
          siteId,
        ]);
        expect(site).toEqual({ name: `${t} site`, deleted_at: null });
        const account = await s.ctx.db.one<{ company_name: string; deleted_at: string | null; contract_status: string }>(
          'SELECT company_name, deleted_at, contract_status FROM accounts WHERE id = $1',
          [accountId],
        );
        expect(account).toEqual({ company_name: t, deleted_at: null, contract_status: 'ACTIVE' });
        expect(await s.ctx.db.query('SELECT 1 FROM contract_history WHERE account_id = $1', [accountId])).toEqual([]);
      }
      // And its own tenant's site is visible.
      expect((await http(base, 'GET', `/api/v1/sites/${siteOf[row.own]}`, { token: access })).status).toBe(200);
    });
  }

  it("bills (billing module): another tenant's bill is 404 to read, pay or force-complete; one's own is readable", async () => {
    await billThisMonth();
    const billOf = async (name: string) =>
      (await s.ctx.db.maybeOne<{ id: number }>('SELECT id FROM payments WHERE account_id = $1', [(acc[name] as AccountRow).id]))?.id;
    for (const row of matrix) {
      const { access } = await login(s.adminUrl, `${row.actor.toLowerCase()}@scope.test`);
      const me = actorFromRow((await findAccountById(s.ctx.db, (acc[row.actor] as AccountRow).id)) as AccountRow);
      // a role without plan check (core/menu.ts) is refused every billing route (403) before any bill is looked up
      const hidden = canUseMenu(me, 'plan_check') ? 404 : 403;
      for (const t of [row.sibling, row.parent].filter((x): x is string => Boolean(x))) {
        const id = await billOf(t);
        if (id === undefined) continue; // the platform master is never billed
        expect((await http(s.adminUrl, 'GET', `/api/v1/bill/${id}`, { token: access })).status).toBe(hidden);
        expect((await http(s.adminUrl, 'POST', `/api/v1/bill/${id}/pay`, { token: access, body: {} })).status).toBe(hidden);
        const forced = (await http(s.adminUrl, 'POST', `/api/v1/payments/${id}/force-complete`, { token: access })).status;
        expect(row.actor === 'M' ? [200, 409] : [hidden]).toContain(forced);
      }
      const own = await billOf(row.own);
      if (own !== undefined)
        expect((await http(s.adminUrl, 'GET', `/api/v1/bill/${own}`, { token: access })).status).toBe(hidden === 404 ? 200 : 403);
    }
  });

  it('a parent sees its subtree', async () => {
    const { access } = await login(s.adminUrl, 'o1@scope.test');
    for (const t of ['A1', 'A2', 'U1', 'U2'])
      expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${siteOf[t]}`, { token: access })).status).toBe(200);
    const paged = await http<{ items: unknown[]; total: number; page_size: number }>(
      s.adminUrl,
      'GET',
      '/api/v1/sites?page_size=2&page=2',
      { token: access },
    );
    expect(paged.body.items).toHaveLength(2);
    expect(paged.body.page_size).toBe(2);
    expect(paged.body.total).toBe(5);
    const users = await http<{ items: { email: string }[] }>(s.adminUrl, 'GET', '/api/v1/user?page_size=100', { token: access });
    // its customers below it; staff are left out of the user list (they have the staff list)
    expect(users.body.items.map((u) => u.email).sort()).toEqual(['a1@scope.test', 'a2@scope.test', 'u1@scope.test', 'u2@scope.test']);
  });

  it('view authority may read but not change', async () => {
    const viewer = await makeAccount(s.ctx, {
      parentId: (acc.U1 as AccountRow).id,
      type: 'SUB_ADMIN',
      email: 'viewer@scope.test',
      authority: 'VIEW',
    });
    const { access } = await login(s.adminUrl, viewer.email);
    const got = await http(s.adminUrl, 'GET', `/api/v1/sites/${siteOf.U1}`, { token: access });
    expect(got.status).toBe(200);
    expect(
      (await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteOf.U1}`, { token: access, body: { action: 'save', document: got.body } })).status,
    ).toBe(403);
    expect((await http(s.adminUrl, 'DELETE', `/api/v1/sites/${siteOf.U1}`, { token: access })).status).toBe(403);
  });

  it('account types may only create the children the tree allows', async () => {
    const { access } = await login(s.adminUrl, 'u1@scope.test');
    const body = { type: 'OEM_MASTER', email: 'climber@scope.test', company_name: 'Climber', password: 'Climb-er2026#' };
    expect((await http(s.adminUrl, 'POST', '/api/v1/user', { token: access, body })).status).toBe(403);
    const staff = await http<{ type: string; parent_id: number }>(s.adminUrl, 'POST', '/api/v1/user', {
      token: access,
      body: { ...body, type: 'SUB_ADMIN', staff_role: 'EDITOR' },
    });
    expect(staff.status).toBe(201);
    expect(staff.body.parent_id).toBe((acc.U1 as AccountRow).id);
  });

  it("admin staff: another owner's staff is 404 on every /sub-admin route, and never listed", async () => {
    const owners = ['M', 'O1', 'A1', 'MU1', 'U1', 'U2'];
    const token: Record<string, string> = {};
    const staffOf: Record<string, number> = {};
    for (const o of owners) {
      token[o] = (await login(s.adminUrl, `${o.toLowerCase()}@scope.test`)).access;
      const r = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sub-admin', {
        token: token[o],
        body: { email: `staff-of-${o.toLowerCase()}@scope.test`, name: `Staff of ${o}`, role: 'EDITOR', authority: 'EDIT' },
      });
      expect(r.status).toBe(201);
      staffOf[o] = r.body.id;
    }
    for (const o of owners)
      for (const other of owners.filter((x) => x !== o)) {
        const id = staffOf[other] as number;
        const t = token[o] as string;
        expect((await http(s.adminUrl, 'PUT', `/api/v1/sub-admin/${id}`, { token: t, body: { name: 'hijacked' } })).status).toBe(404);
        expect((await http(s.adminUrl, 'POST', `/api/v1/sub-admin/${id}/resend`, { token: t })).status).toBe(404);
        expect((await http(s.adminUrl, 'DELETE', `/api/v1/sub-admin/${id}`, { token: t })).status).toBe(404);
      }
    for (const o of owners) {
      const list = await http<{ items: { id: number }[] }>(s.adminUrl, 'GET', '/api/v1/sub-admin?page_size=100', { token: token[o] });
      const ids = list.body.items.map((i) => i.id);
      expect(ids).toContain(staffOf[o]);
      for (const other of owners.filter((x) => x !== o)) expect(ids).not.toContain(staffOf[other]);
    }
    const untouched = await s.ctx.db.query<{ contact_name: string }>(
      "SELECT contact_name FROM accounts WHERE email LIKE 'staff-of-%' AND deleted_at IS NULL ORDER BY id",
    );
    expect(untouched.map((r) => r.contact_name)).toEqual(owners.map((o) => `Staff of ${o}`));
    // a sub-admin that is no main contact has no admin settings at all (the menu matrix: 403)
    const s1 = (await login(s.adminUrl, 's1@scope.test')).access;
    expect((await http(s.adminUrl, 'GET', '/api/v1/sub-admin', { token: s1 })).status).toBe(403);
  });

  it("plans: another owner's plan is 404 on every /plans route; customers and admins get 403", async () => {
    const tok = async (n: string) => (await login(s.adminUrl, `${n.toLowerCase()}@scope.test`)).access;
    const body = {
      names: { ja: 'スコープ' },
      contract_type: 'light',
      price: 1000,
      quantity_swipe: 10,
      quantity_site: 1,
      limit_access: 0,
      limit_access_price: 0,
      ...Object.fromEntries(
        [
          'swipe',
          'private_domain',
          'setting_popup_cta',
          'setting_form_contact',
          'analytics_effect',
          'setting_tag_seo',
          'multi_language',
        ].map((f) => [f, false]),
      ),
    };
    const planOf: Record<string, number> = {};
    for (const o of ['M', 'O1', 'O2']) {
      const r = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/plans', { token: await tok(o), body });
      expect(r.status).toBe(201);
      planOf[o] = r.body.id;
    }
    for (const [who, other] of [
      ['O1', 'O2'],
      ['O2', 'O1'],
      ['O1', 'M'],
      ['M', 'O1'],
    ] as const) {
      const t = await tok(who);
      const id = planOf[other] as number;
      for (const [method, url, b] of [
        ['GET', `/api/v1/plans/${id}`, undefined],
        ['PUT', `/api/v1/plans/${id}`, body],
        ['POST', `/api/v1/plans/${id}/archive`, undefined],
        ['POST', `/api/v1/plans/${id}/restore`, undefined],
        ['POST', `/api/v1/plans/${id}/move-to-latest`, {}],
        ['DELETE', `/api/v1/plans/${id}`, undefined],
      ] as const)
        expect((await http(s.adminUrl, method, url, { token: t, body: b })).status).toBe(404);
      const list = await http<{ items: { id: number }[] }>(s.adminUrl, 'GET', '/api/v1/plans?status=all&page_size=100', { token: t });
      expect(list.body.items.map((i) => i.id)).not.toContain(id);
    }
    for (const n of ['A1', 'U1', 'MU1', 'S1'])
      expect((await http(s.adminUrl, 'GET', `/api/v1/plans/${planOf.O1}`, { token: await tok(n) })).status).toBe(403);
    const names = await s.ctx.db.query<{ name: string }>('SELECT name FROM plans WHERE id = ANY($1::bigint[])', [Object.values(planOf)]);
    expect(names.map((r) => r.name)).toEqual(['スコープ', 'スコープ', 'スコープ']);
  });

  it("invoices: a bill's PDF is its payer's and its seller's only (404 for everyone else); the issuer call is for sellers", async () => {
    const tok = async (n: string) => (await login(s.adminUrl, `${n.toLowerCase()}@scope.test`)).access;
    await billThisMonth();
    const bills = await s.ctx.db.query<{ id: number; account_id: number; seller_account_id: number }>(
      'SELECT id, account_id, seller_account_id FROM payments ORDER BY id',
    );
    expect(bills.length).toBeGreaterThan(0);
    const names = ['M', 'M2', 'O1', 'O2', 'A1', 'A2', 'U1', 'U2', 'MU1', 'MU2'];
    const tokens = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await tok(n)] as const)));
    for (const b of bills)
      for (const n of names) {
        const a = acc[n] as AccountRow;
        const seller = Number(b.seller_account_id) === a.id && (a.type === 'MASTER' || a.type === 'OEM_MASTER');
        const want = Number(b.account_id) === a.id || seller ? 200 : 404;
        const r = await fetch(`${s.adminUrl}/api/v1/bill/${b.id}/export-pdf`, { headers: { authorization: `Bearer ${tokens[n]}` } });
        expect([n, b.id, r.status]).toEqual([n, b.id, want]);
        await r.arrayBuffer();
      }
    for (const n of ['A1', 'U1', 'MU1', 'S1']) {
      const t = await tok(n);
      expect((await http(s.adminUrl, 'GET', '/api/v1/invoice-issuer', { token: t })).status).toBe(403);
      expect((await http(s.adminUrl, 'PUT', '/api/v1/invoice-issuer', { token: t, body: { registration_number: null } })).status).toBe(403);
    }
    expect(
      (await fetch(`${s.adminUrl}/api/v1/bill/${bills[0]?.id}/export-pdf`, { headers: { authorization: `Bearer ${await tok('S1')}` } }))
        .status,
    ).toBe(403);
  });
});
