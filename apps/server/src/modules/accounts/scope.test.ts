import type { AccountType } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
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
        const site = await s.ctx.db.one<{ name: string; deleted_at: string | null }>('SELECT name, deleted_at FROM sites WHERE id = $1', [
          siteId,
        ]);
        expect(site).toEqual({ name: `${t} site`, deleted_at: null });
        const account = await s.ctx.db.one<{ company_name: string; deleted_at: string | null }>(
          'SELECT company_name, deleted_at FROM accounts WHERE id = $1',
          [accountId],
        );
        expect(account).toEqual({ company_name: t, deleted_at: null });
      }
      // And its own tenant's site is visible.
      expect((await http(base, 'GET', `/api/v1/sites/${siteOf[row.own]}`, { token: access })).status).toBe(200);
    });
  }

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
    expect(users.body.items.map((u) => u.email).sort()).toEqual([
      'a1@scope.test',
      'a2@scope.test',
      's1@scope.test',
      'u1@scope.test',
      'u2@scope.test',
    ]);
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
});
