import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer, testPasswordHash } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/repo.js';
import { createSite } from '../sites/service.js';

// The user list (filters, sort, search, pages, CSV), the detail and its contract
// history, creating an account with a set-up link instead of a password, and the plan assignment rules.

let s: TestServer;
let base: string;
let master: AccountRow;
let oem: AccountRow;
let otherOem: AccountRow;
let platformPlan: number;
let platformPlan2: number;
let oemPlan: number;
let oemPlan2: number;
let foreignPlan: number;
let oemToken: string;
let masterToken: string;

interface Item {
  id: number;
  email: string;
  company_name: string;
  type: string;
  plan_name: string | null;
  parent_company: string | null;
  contract_status: string;
  contract_start: string | null;
  contract_end: string | null;
  setup_pending: boolean;
  next_plan_id: number | null;
  plan_id: number | null;
}
type List = { items: Item[]; total: number; page: number; page_size: number };

const list = (token: string, query = '') => http<List>(base, 'GET', `/api/v1/user${query}`, { token });

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@users.test', companyName: 'Platform' });
  platformPlan = await makePlan(s.ctx, { name: 'Light' });
  platformPlan2 = await makePlan(s.ctx, { name: 'Premium' });
  oem = await makeAccount(s.ctx, {
    parentId: master.id,
    type: 'OEM_MASTER',
    email: 'oem@users.test',
    companyName: 'Reseller',
    planId: platformPlan,
  });
  otherOem = await makeAccount(s.ctx, { parentId: master.id, type: 'OEM_MASTER', email: 'oem2@users.test', companyName: 'Other' });
  oemPlan = await makePlan(s.ctx, { name: 'OEM Basic' });
  oemPlan2 = await makePlan(s.ctx, { name: 'OEM Plus' });
  foreignPlan = await makePlan(s.ctx, { name: 'Other Basic' });
  await s.ctx.db.query('UPDATE plans SET owner_account_id = $1 WHERE id = ANY($2::bigint[])', [oem.id, [oemPlan, oemPlan2]]);
  await s.ctx.db.query('UPDATE plans SET owner_account_id = $1 WHERE id = $2', [otherOem.id, foreignPlan]);
  const admin = await makeAccount(s.ctx, { parentId: oem.id, type: 'OEM_ADMIN', email: 'admin@users.test', companyName: 'Branch Osaka' });
  const companies = ['Alpha', 'bravo', 'Charlie', 'Delta', 'Echo', '=HYPERLINK("http://evil")'];
  for (const [i, c] of companies.entries()) {
    await makeAccount(s.ctx, {
      parentId: i % 2 ? admin.id : oem.id,
      type: 'USER',
      email: `u${i}@users.test`,
      companyName: c,
      contactName: `Contact ${i}`,
      planId: i < 3 ? oemPlan : null,
      contractStart: '2026-01-01',
      contractEnd: '2027-01-31',
    });
  }
  await s.ctx.db.query("UPDATE accounts SET contract_status = 'SUSPENDED' WHERE email = 'u3@users.test'");
  await makeAccount(s.ctx, {
    parentId: otherOem.id,
    type: 'USER',
    email: 'stranger@users.test',
    companyName: 'Stranger',
    planId: foreignPlan,
  });
  oemToken = (await login(base, oem.email)).access;
  masterToken = (await login(base, master.email)).access;
}, 120_000);
afterAll(async () => {
  await s?.drop();
});

describe('user list (point 2)', () => {
  it('lists the subtree with plan, parent and status, never itself or another tenant', async () => {
    const r = await list(oemToken, '?page_size=100');
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(7);
    const emails = r.body.items.map((i) => i.email);
    expect(emails).not.toContain('oem@users.test');
    expect(emails).not.toContain('stranger@users.test');
    const alpha = r.body.items.find((i) => i.company_name === 'Alpha') as Item;
    expect(alpha).toMatchObject({
      plan_name: 'OEM Basic',
      parent_company: 'Reseller',
      contract_status: 'ACTIVE',
      contract_start: '2026-01-01',
    });
    expect(r.body.items.find((i) => i.company_name === 'bravo')?.parent_company).toBe('Branch Osaka');
  });

  it('filters by type, status and plan, and searches company, e-mail and contact', async () => {
    expect((await list(oemToken, '?type=OEM_ADMIN')).body.items.map((i) => i.email)).toEqual(['admin@users.test']);
    expect((await list(oemToken, '?status=SUSPENDED')).body.items.map((i) => i.email)).toEqual(['u3@users.test']);
    expect((await list(oemToken, `?plan_id=${oemPlan}`)).body.total).toBe(3);
    // the filter offers the plans the subtree holds (the master's includes its resellers' own plans)
    const inUse = (token: string) => http<{ items: { name: string }[] }>(base, 'GET', '/api/v1/user/plans-in-use', { token });
    expect((await inUse(oemToken)).body.items.map((p) => p.name)).toEqual(['OEM Basic']);
    expect((await inUse(masterToken)).body.items.map((p) => p.name)).toEqual(['Light', 'OEM Basic', 'Other Basic']);
    expect((await list(oemToken, '?search=charlie')).body.items.map((i) => i.email)).toEqual(['u2@users.test']);
    expect((await list(oemToken, '?search=Contact%204')).body.items.map((i) => i.email)).toEqual(['u4@users.test']);
    expect((await list(oemToken, '?search=u5@users')).body.total).toBe(1);
    // LIKE wildcards are searched as text
    expect((await list(oemToken, '?search=%25')).body.total).toBe(0);
  });

  it('sorts by a whitelisted column in both directions and pages', async () => {
    const asc = await list(oemToken, '?type=USER&sort=company&order=asc');
    expect(asc.body.items.map((i) => i.company_name)).toEqual(['=HYPERLINK("http://evil")', 'Alpha', 'bravo', 'Charlie', 'Delta', 'Echo']);
    const desc = await list(oemToken, '?type=USER&sort=company&order=desc&page_size=2&page=2');
    expect(desc.body.items.map((i) => i.company_name)).toEqual(['Charlie', 'bravo']);
    expect(desc.body).toMatchObject({ total: 6, page: 2, page_size: 2 });
    const byPlan = await list(oemToken, '?type=USER&sort=plan&order=asc');
    expect(byPlan.body.items.slice(0, 3).every((i) => i.plan_name === 'OEM Basic')).toBe(true);
    for (const sort of ['email', 'contact', 'type', 'contract_start', 'contract_end', 'parent', 'status', 'created'])
      expect((await list(oemToken, `?sort=${sort}&order=asc`)).status, sort).toBe(200);
    expect((await list(oemToken, '?page=9')).body.items).toEqual([]);
  });

  it('refuses a sort outside the whitelist and bad filters (400/422, never 500)', async () => {
    for (const q of [
      '?sort=password_hash',
      '?sort=id;DROP TABLE accounts',
      '?order=sideways',
      '?status=HAPPY',
      '?type=GOD',
      '?plan_id=x',
    ]) {
      const r = await list(oemToken, q);
      expect([400, 422], q).toContain(r.status);
    }
  });

  it('exports CSV with a BOM, translated headers, neutralised formulas, the filters applied', async () => {
    const r = await fetch(`${base}/api/v1/user/export-csv?type=USER&sort=company&order=asc`, {
      headers: { authorization: `Bearer ${oemToken}`, 'accept-language': 'en' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toContain('Company,E-mail,Contact name,Type');
    expect(lines).toHaveLength(7);
    expect(lines[1]?.startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);
    expect(text).toContain('Alpha,u0@users.test,Contact 0,OEM/Enterprise direct user,OEM Basic,,2026-01-01,2027-01-31,Reseller,Active');
    expect(text).not.toContain('admin@users.test');
    const ja = await fetch(`${base}/api/v1/user/export-csv`, { headers: { authorization: `Bearer ${oemToken}`, 'accept-language': 'ja' } });
    expect(await ja.text()).toContain('会社名');
  });

  it('is a menu entry of the resellers and the platform: a user gets 403 (menu matrix)', async () => {
    const user = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'menu@users.test', planId: oemPlan });
    const { access } = await login(base, user.email);
    expect((await list(access)).status).toBe(403);
    expect((await http(base, 'GET', '/api/v1/user/export-csv', { token: access })).status).toBe(403);
    expect((await http(base, 'GET', '/api/v1/user/assignable-plans', { token: access })).status).toBe(403);
    expect((await http(base, 'GET', '/api/v1/user/plans-in-use', { token: access })).status).toBe(403);
    const body = { type: 'USER', email: 'nope@users.test', company_name: 'Nope' };
    expect((await http(base, 'POST', '/api/v1/user', { token: access, body })).status).toBe(403);
  });
});

describe('create: a set-up link instead of a password (point 3)', () => {
  it('creates the account with no usable password and queues the set-up mail job in the same transaction', async () => {
    const r = await http<Item>(base, 'POST', '/api/v1/user', {
      token: oemToken,
      lang: 'en',
      body: {
        type: 'USER',
        email: 'new@users.test',
        company_name: 'Newco',
        contact_name: 'Nina',
        plan_id: oemPlan,
        contract_start: '2026-04-01',
        contract_end: '2027-03-31',
        authority: 'EDIT',
        license_issue: true,
        logo_url: 'https://cdn.example.com/logo.png',
        password: 'Ignored-Passw0rd#',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ plan_id: oemPlan, plan_name: 'OEM Basic', setup_pending: true, contract_start: '2026-04-01' });
    const row = await s.ctx.db.one<{ password_hash: string; license_issue: boolean; logo_url: string; must_change_password: boolean }>(
      'SELECT password_hash, license_issue, logo_url, must_change_password FROM accounts WHERE id = $1',
      [r.body.id],
    );
    expect(row.password_hash.startsWith('!setup:')).toBe(true);
    expect(row).toMatchObject({ license_issue: true, logo_url: 'https://cdn.example.com/logo.png' });
    const jobs = await s.ctx.db.query<{ payload: { accountId: number; lang: string } }>(
      "SELECT payload FROM jobs WHERE kind = 'auth.account_setup' AND (payload->>'accountId')::bigint = $1",
      [r.body.id],
    );
    expect(jobs.map((j) => j.payload)).toEqual([{ accountId: r.body.id, lang: 'en' }]);
    // Neither the ignored password nor anything else signs in.
    for (const password of ['Ignored-Passw0rd#', row.password_hash, ''])
      expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email: 'new@users.test', password } })).status).not.toBe(200);

    // The set-up link can be sent again until the password is set; then 409.
    const again = await http<{ message: string }>(base, 'POST', `/api/v1/user/${r.body.id}/resend-setup`, { token: oemToken, lang: 'en' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('The set-up link has been sent.');
    await s.ctx.db.query('UPDATE accounts SET password_hash = $1 WHERE id = $2', [await testPasswordHash(), r.body.id]);
    const done = await http<{ code: string }>(base, 'POST', `/api/v1/user/${r.body.id}/resend-setup`, { token: oemToken });
    expect(done.status).toBe(409);
    expect(done.body.code).toBe('SETUP_DONE');
  });

  it('creates only the types the tree allows, and checks the fields (422 with the field)', async () => {
    const make = (body: object, token = oemToken) =>
      http<{ code: string; fields?: { path: string }[] }>(base, 'POST', '/api/v1/user', { token, body });
    expect((await make({ type: 'OEM_MASTER', email: 'up@users.test', company_name: 'Up' })).status).toBe(403);
    expect((await make({ type: 'MASTER', email: 'up@users.test', company_name: 'Up' }, masterToken)).status).toBe(403);
    const dates = await make({
      type: 'USER',
      email: 'd@users.test',
      company_name: 'D',
      contract_start: '2026-05-01',
      contract_end: '2026-04-01',
    });
    expect(dates.status).toBe(422);
    expect(dates.body.fields?.[0]?.path).toBe('contractEnd');
    expect(
      (await make({ type: 'USER', email: 'd@users.test', company_name: 'D', contract_start: '2026-02-30', contract_end: '2027-01-01' }))
        .status,
    ).toBe(422);
    expect((await make({ type: 'USER', email: 'not-an-email', company_name: 'D' })).status).toBe(422);
    expect((await make({ type: 'USER', email: 'd@users.test', company_name: '' })).status).toBe(422);
    expect((await make({ type: 'USER', email: 'd@users.test', company_name: 'D', logo_url: 'javascript:alert(1)' })).status).toBe(422);
    const taken = await make({ type: 'USER', email: 'U0@users.test', company_name: 'D' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('EMAIL_TAKEN');
  });
});

describe('edges: never 500, staff and closed accounts', () => {
  it('two creates racing for one e-mail: one 201, one 409', async () => {
    const body = { type: 'USER', email: 'race@users.test', company_name: 'Race' };
    const both = await Promise.all([0, 1].map(() => http(base, 'POST', '/api/v1/user', { token: oemToken, body })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses a page size over 100 and a resend to a terminated account', async () => {
    expect([400, 422]).toContain((await list(oemToken, '?page_size=101')).status);
    const gone = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'gone@users.test', passwordHash: '!setup:x' });
    await s.ctx.db.query("UPDATE accounts SET contract_status = 'TERMINATED' WHERE id = $1", [gone.id]);
    expect((await http(base, 'POST', `/api/v1/user/${gone.id}/resend-setup`, { token: oemToken })).status).toBe(403);
    expect((await http(base, 'PUT', `/api/v1/user/${gone.id}`, { token: oemToken, body: { company_name: 'Back' } })).status).toBe(403);
  });

  it("staff: a reseller's staff lists its owner's subtree; a customer reads its own staff (admin settings) but has no list", async () => {
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'oem-staff@users.test', staffRole: 'EDITOR' });
    const staffToken = (await login(base, 'oem-staff@users.test')).access;
    const r = await list(staffToken, '?page_size=100');
    expect(r.status).toBe(200);
    expect(r.body.items.map((i) => i.email)).toContain('u0@users.test');
    const shop = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'shop@users.test', planId: oemPlan });
    const helper = await makeAccount(s.ctx, { parentId: shop.id, type: 'SUB_ADMIN', email: 'helper@users.test', staffRole: 'EDITOR' });
    const shopToken = (await login(base, shop.email)).access;
    expect((await list(shopToken)).status).toBe(403);
    expect((await http(base, 'GET', `/api/v1/user/${helper.id}`, { token: shopToken })).status).toBe(200);
    expect((await http(base, 'GET', `/api/v1/user/${shop.id}`, { token: shopToken })).status).toBe(403);
  });

  it('staff are not customers: the user list leaves them out unless their type is asked for (they have the staff list)', async () => {
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'invited-staff@users.test', staffRole: 'EDITOR' });
    const all = await list(oemToken, '?page_size=100&search=users.test');
    expect(all.status).toBe(200);
    expect(all.body.items.map((i) => i.email)).not.toContain('invited-staff@users.test');
    expect(all.body.items.every((i) => i.type !== 'SUB_ADMIN')).toBe(true);
    const staff = await list(oemToken, '?page_size=100&type=SUB_ADMIN');
    expect(staff.body.items.map((i) => i.email)).toContain('invited-staff@users.test');
  });

  it("a member of the platform's staff invited on the staff screen is not in the platform's user list", async () => {
    // the invite as the staff screen sends it: an e-mail and a name, no company (the account row takes the e-mail)
    const invited = await http(base, 'POST', '/api/v1/sub-admin', {
      token: masterToken,
      body: { email: 'platform-staff@users.test', name: 'New Colleague', role: 'EDITOR', authority: 'EDIT' },
    });
    expect(invited.status).toBe(201);
    for (const query of ['?page_size=100', '?page_size=100&search=platform-staff']) {
      const r = await list(masterToken, query);
      expect(r.status).toBe(200);
      expect(r.body.items.map((i) => i.email)).not.toContain('platform-staff@users.test');
      expect(r.body.items.map((i) => i.company_name)).not.toContain('platform-staff@users.test');
    }
  });
});

describe('plan assignment on create and update (point 5)', () => {
  it('offers and accepts only the plans the creator may assign: unknown and foreign plans are 422', async () => {
    const offered = await http<{ items: { id: number; name: string }[] }>(base, 'GET', '/api/v1/user/assignable-plans?type=USER', {
      token: oemToken,
    });
    expect(offered.body.items.map((p) => p.id)).toEqual([oemPlan, oemPlan2]);
    const platform = await http<{ items: { id: number }[] }>(base, 'GET', '/api/v1/user/assignable-plans?type=OEM_MASTER', {
      token: masterToken,
    });
    expect(platform.body.items.map((p) => p.id)).toEqual([platformPlan, platformPlan2]);
    const none = await http<{ items: unknown[] }>(base, 'GET', '/api/v1/user/assignable-plans?type=SUB_ADMIN', { token: oemToken });
    expect(none.body.items).toEqual([]);
    const make = (email: string, planId: number) =>
      http<{ code: string }>(base, 'POST', '/api/v1/user', {
        token: oemToken,
        body: { type: 'USER', email, company_name: 'P', plan_id: planId },
      });
    expect((await make('p1@users.test', 987654)).status).toBe(422);
    expect((await make('p2@users.test', foreignPlan)).status).toBe(422);
    expect((await make('p3@users.test', platformPlan)).status).toBe(422);
    expect((await make('p4@users.test', oemPlan2)).status).toBe(201);
  });

  it('update: no plan -> at once; a plan -> next month (next_plan_id), null or the same plan cancels it; history records it', async () => {
    const bare = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'bare@users.test', companyName: 'Bare' });
    const put = (body: object) => http<Item & { code: string }>(base, 'PUT', `/api/v1/user/${bare.id}`, { token: oemToken, body });
    expect((await put({ plan_id: 987654 })).status).toBe(422);
    expect((await put({ plan_id: foreignPlan })).status).toBe(422);
    let r = await put({ plan_id: oemPlan });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ plan_id: oemPlan, next_plan_id: null });
    r = await put({ plan_id: oemPlan2 });
    expect(r.body).toMatchObject({ plan_id: oemPlan, next_plan_id: oemPlan2 });
    r = await put({ plan_id: null });
    expect(r.body).toMatchObject({ plan_id: oemPlan, next_plan_id: null });
    await put({ plan_id: oemPlan2 });
    r = await put({ plan_id: oemPlan });
    expect(r.body.next_plan_id).toBeNull();
    // the other fields
    r = await put({
      company_name: 'Bare Renamed',
      contact_name: 'Ben',
      license_issue: true,
      contract_start: '2026-01-01',
      contract_end: '2026-12-31',
    });
    expect(r.body).toMatchObject({ company_name: 'Bare Renamed', contact_name: 'Ben', license_issue: true, contract_end: '2026-12-31' });
    const early = await put({ contract_end: '2025-12-01' });
    expect(early.status).toBe(422);
    const history = await http<{ items: { content: string; executor_name: string; plan_name: string | null }[] }>(
      base,
      'GET',
      `/api/v1/user/${bare.id}/history`,
      { token: oemToken },
    );
    expect(history.status).toBe(200);
    expect(history.body.items.map((h) => h.content)).toEqual([
      'contract_period_changed',
      'plan_change_cancelled',
      'plan_change_scheduled',
      'plan_change_cancelled',
      'plan_change_scheduled',
      'plan_assigned',
    ]);
    expect(history.body.items[2]?.plan_name).toBe('OEM Plus');
    expect(history.body.items[0]?.executor_name).toBe('Reseller');
  });

  it('nobody changes its own plan, contract or authority', async () => {
    const r = await http(base, 'PUT', `/api/v1/user/${oem.id}`, { token: oemToken, body: { plan_id: oemPlan } });
    expect(r.status).toBe(403);
  });
});

describe('detail and history (point 3)', () => {
  it("shows the plan now and next month, the subtree's sites, and the history; 404 outside the subtree", async () => {
    const user = await makeAccount(s.ctx, {
      parentId: oem.id,
      type: 'USER',
      email: 'sites@users.test',
      companyName: 'Sites Inc',
      planId: oemPlan,
    });
    const row = (await findAccountById(s.ctx.db, user.id)) as AccountRow;
    for (const name of ['One', 'Two'])
      await createSite(s.ctx, actorFromRow(row), {
        name,
        numberHorizontal: 1,
        numberVertical: 1,
        defaultLanguage: 'ja',
        languages: ['ja'],
      });
    await http(base, 'PUT', `/api/v1/user/${user.id}`, { token: oemToken, body: { plan_id: oemPlan2 } });
    const d = await http<{ plan_name: string; next_plan_name: string; sites: { total: number; items: { name: string; url: string }[] } }>(
      base,
      'GET',
      `/api/v1/user/${user.id}`,
      { token: oemToken },
    );
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ plan_name: 'OEM Basic', next_plan_name: 'OEM Plus' });
    expect(d.body.sites.total).toBe(2);
    expect(d.body.sites.items.map((x) => x.name)).toEqual(['Two', 'One']);
    const stranger = (await s.ctx.db.one<{ id: number }>("SELECT id FROM accounts WHERE email = 'stranger@users.test'")).id;
    for (const url of [
      `/api/v1/user/${stranger}`,
      `/api/v1/user/${stranger}/history`,
      `/api/v1/user/${master.id}`,
      '/api/v1/user/99999999',
    ])
      expect((await http(base, 'GET', url, { token: oemToken })).status, url).toBe(404);
    expect((await http(base, 'POST', `/api/v1/user/${stranger}/resend-setup`, { token: oemToken })).status).toBe(404);
    // The master sees everything below it.
    expect((await http(base, 'GET', `/api/v1/user/${stranger}/history`, { token: masterToken })).status).toBe(200);
  });
});

describe('open-ended contracts, and a status that follows the dates at once', () => {
  const day = (offset: number) => new Date(s.ctx.clock.nowMs() + 9 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  const put = (id: number, body: Record<string, unknown>) =>
    http<Item & { message?: string; fields?: { path: string; message: string }[] }>(base, 'PUT', `/api/v1/user/${id}`, {
      token: oemToken,
      body,
      lang: 'en',
    });
  const history = (id: number) =>
    s.ctx.db.query<{ process_content: string; to_status: string }>(
      'SELECT process_content, to_status FROM contract_history WHERE account_id = $1 ORDER BY id',
      [id],
    );

  it('an account with a start and no end date takes every edit and a plan change (the demo customer)', async () => {
    const a = await makeAccount(s.ctx, {
      parentId: oem.id,
      type: 'USER',
      email: 'open-ended@users.test',
      companyName: 'Open Ended',
      planId: oemPlan,
      contractStart: day(-30),
    });
    const named = await put(a.id, { contact_name: 'Still open' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const booked = await put(a.id, { plan_id: oemPlan2 });
    expect(booked.status).toBe(200);
    expect(booked.body).toMatchObject({ next_plan_id: oemPlan2, contract_end: null, contract_status: 'ACTIVE' });
    // clearing an end date again is an open-ended contract too; an end before the start is still refused
    expect((await put(a.id, { contract_end: day(300) })).status).toBe(200);
    expect((await put(a.id, { contract_end: null })).body.contract_end).toBeNull();
    const before = await put(a.id, { contract_end: day(-40) });
    expect(before.status).toBe(422);
    expect(before.body.fields?.[0]).toEqual({ path: 'contractEnd', message: 'The end must be after the start.' });
  });

  it('created before its start it is INACTIVE at once; new dates move it at once, with a history row each', async () => {
    const created = await http<Item>(base, 'POST', '/api/v1/user', {
      token: oemToken,
      body: { type: 'USER', email: 'starts-later@users.test', company_name: 'Later', contract_start: day(10) },
    });
    expect(created.status).toBe(201);
    expect(created.body.contract_status).toBe('INACTIVE');
    const id = created.body.id;
    expect(await history(id)).toEqual([{ process_content: 'created', to_status: 'INACTIVE' }]);
    const started = await put(id, { contract_start: day(-1) });
    expect(started.body.contract_status).toBe('ACTIVE');
    const ended = await put(id, { contract_end: day(-1), contract_start: day(-20) });
    expect(ended.body.contract_status).toBe('INACTIVE');
    expect((await history(id)).slice(1)).toEqual([
      { process_content: 'contract_period_changed', to_status: 'INACTIVE' },
      { process_content: 'activated', to_status: 'ACTIVE' },
      { process_content: 'contract_period_changed', to_status: 'ACTIVE' },
      { process_content: 'inactive', to_status: 'INACTIVE' },
    ]);
    // a paused account keeps its status: only running contracts follow their dates
    await s.ctx.db.query("UPDATE accounts SET contract_status = 'SUSPENDED' WHERE id = $1", [id]);
    expect((await put(id, { contract_end: null })).body.contract_status).toBe('SUSPENDED');
  });
});
