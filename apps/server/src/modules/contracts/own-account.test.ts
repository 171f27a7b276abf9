import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers.js';

// Deleting one's own account after the password (POST /delete-account): never the platform master, never an owner
// with customers below it, never inside the 12-month minimum; its staff go with it and every session ends.

let s: TestServer;
let base: string;
let masterId: number;
let plan: number;

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  plan = await makePlan(s.ctx);
  masterId = (await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@profile.test' })).id;
});
afterAll(async () => {
  await s?.drop();
});

const call = <T = Record<string, unknown>>(method: string, url: string, token: string, body?: unknown) =>
  http<T>(base, method, `/api/v1${url}`, { token, body, lang: 'en' });

/** Back-dates an account's creation (the minimum period counts from it where no start date is set). */
const createdDaysAgo = (id: number, days: number) =>
  s.ctx.db.query('UPDATE accounts SET created_at = $2 WHERE id = $1', [id, new Date(Date.now() - days * 86_400_000)]);

/** A customer created 400 days ago (past the 12-month minimum), signed in. */
async function user(email: string, extra: { authority?: 'VIEW' | 'EDIT'; parentId?: number } = {}) {
  const row = await makeAccount(s.ctx, { parentId: extra.parentId ?? masterId, type: 'MASTER_USER', email, planId: plan, ...extra });
  await createdDaysAgo(row.id, 400);
  return { id: row.id, access: (await login(base, email)).access };
}

describe('delete own account', () => {
  it('the platform master cannot delete itself', async () => {
    const master = (await login(base, 'root@profile.test')).access;
    expect((await call('POST', '/delete-account', master, { password: TEST_PASSWORD })).status).toBe(403);
  });

  it('refuses a wrong password, then throttles (the right one too) before any hash', async () => {
    const u = await user('guess@profile.test');
    const wrong = await call<{ fields: { path: string; message: string }[] }>('POST', '/delete-account', u.access, {
      password: 'Wrong-pass1!',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields[0]?.path).toBe('password');
    for (let i = 0; i < 4; i++) expect((await call('POST', '/delete-account', u.access, { password: 'Wrong-pass1!' })).status).toBe(422);
    expect((await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD })).status).toBe(429);
    const row = await s.ctx.db.one<{ deleted_at: string | null }>('SELECT deleted_at FROM accounts WHERE id = $1', [u.id]);
    expect(row.deleted_at).toBeNull();
  });

  it('refuses an owner that still has customers below it (its staff do not count)', async () => {
    const oem = await makeAccount(s.ctx, { parentId: masterId, type: 'OEM_MASTER', email: 'oem@profile.test' });
    await createdDaysAgo(oem.id, 400);
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'oem-staff@profile.test' });
    const admin = await makeAccount(s.ctx, { parentId: oem.id, type: 'OEM_ADMIN', email: 'oem-admin@profile.test' });
    const token = (await login(base, 'oem@profile.test')).access;
    const r = await call('POST', '/delete-account', token, { password: TEST_PASSWORD });
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'ACCOUNT_HAS_CUSTOMERS',
      message: 'This account still has customer accounts below it. Delete them first, then delete this account.',
    });
    // once the customer is gone, only its own staff remain: allowed
    await s.ctx.db.query('UPDATE accounts SET deleted_at = now() WHERE id = $1', [admin.id]);
    expect((await call('POST', '/delete-account', token, { password: TEST_PASSWORD })).status).toBe(200);
  });

  it('refuses inside the 12-month minimum contract period', async () => {
    const u = await user('young@profile.test');
    await s.ctx.db.query("UPDATE accounts SET contract_start = (now() AT TIME ZONE 'Asia/Tokyo')::date - 30 WHERE id = $1", [u.id]);
    const r = await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('CONTRACT_MINIMUM_PERIOD');
    await s.ctx.db.query("UPDATE accounts SET contract_start = (now() AT TIME ZONE 'Asia/Tokyo')::date - 400 WHERE id = $1", [u.id]);
    expect((await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD })).status).toBe(200);
  });

  it('without a start date, refuses inside 12 months of the creation', async () => {
    const u = await user('new@profile.test');
    await createdDaysAgo(u.id, 100);
    const r = await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('CONTRACT_MINIMUM_PERIOD');
    await createdDaysAgo(u.id, 370);
    expect((await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD })).status).toBe(200);
  });

  it('deletes the account and its staff (soft) and ends every session; a staff member deletes only itself', async () => {
    const u = await user('leaving@profile.test');
    await makeAccount(s.ctx, { parentId: u.id, type: 'SUB_ADMIN', email: 'leaving-staff@profile.test' });
    await makeAccount(s.ctx, { parentId: u.id, type: 'SUB_ADMIN', email: 'quitter@profile.test' });
    const staff = (await login(base, 'leaving-staff@profile.test')).access;
    const quitter = (await login(base, 'quitter@profile.test')).access;
    const refresh = (await login(base, 'leaving@profile.test')).refresh;
    // a staff member: itself only
    expect((await call('POST', '/delete-account', quitter, { password: TEST_PASSWORD })).status).toBe(200);
    expect((await call('GET', '/auth/user-info', quitter)).status).toBe(401);
    expect((await call('GET', '/auth/user-info', u.access)).status).toBe(200);
    // the owner: itself and its staff
    const r = await call('POST', '/delete-account', u.access, { password: TEST_PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Your account has been deleted.' });
    for (const t of [u.access, staff]) expect((await call('GET', '/auth/user-info', t)).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: refresh })).status).toBe(401);
    for (const email of ['leaving@profile.test', 'leaving-staff@profile.test'])
      expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } })).status).toBe(401);
    const rows = await s.ctx.db.query<{ deleted: boolean }>(
      "SELECT deleted_at IS NOT NULL AS deleted FROM accounts WHERE email IN ('leaving@profile.test', 'leaving-staff@profile.test', 'quitter@profile.test')",
    );
    expect(rows.map((x) => x.deleted)).toEqual([true, true, true]);
  });
});
