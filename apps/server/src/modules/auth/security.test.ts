import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { LOGIN_LIMIT_ACCOUNT, LOGIN_LIMIT_PAIR } from './service.js';

// What an attacker's look at operator sign-in found.

let s: TestServer;
let base: string;
let root: AccountRow;

beforeAll(async () => {
  s = await startTestServer({ trustProxy: true });
  base = s.adminUrl;
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@sec.test' });
});
afterAll(async () => {
  await s?.drop();
});

const attempt = (email: string, password: string, ip: string) =>
  http<{ code: string; message: string }>(base, 'POST', '/api/v1/auth/login', {
    body: { email, password },
    headers: { 'x-forwarded-for': ip },
    lang: 'en',
  });

describe('login throttling (point 10)', () => {
  it("a stranger's failures never lock the owner out of an address they signed in from", async () => {
    const email = 'owner@sec.test';
    await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email });
    // The owner has signed in from 10.1.0.1 before.
    expect((await attempt(email, TEST_PASSWORD, '10.1.0.1')).status).toBe(200);
    // A stranger at one address: blocked after 5 failures, even with the right password.
    for (let i = 0; i < LOGIN_LIMIT_PAIR.max; i++) expect((await attempt(email, 'Wrong-pass1!', '10.9.0.1')).status).toBe(401);
    expect((await attempt(email, TEST_PASSWORD, '10.9.0.1')).status).toBe(429);
    // The owner, from their own address and from a new one, is not.
    expect((await attempt(email, TEST_PASSWORD, '10.1.0.1')).status).toBe(200);
    expect((await attempt(email, TEST_PASSWORD, '10.1.0.2')).status).toBe(200);
    // Strangers at many addresses reach the slower ceiling per account: new addresses wait...
    let failures = LOGIN_LIMIT_PAIR.max;
    for (let ip = 2; failures < LOGIN_LIMIT_ACCOUNT.max; ip++)
      for (let i = 0; i < LOGIN_LIMIT_PAIR.max && failures < LOGIN_LIMIT_ACCOUNT.max; i++, failures++)
        expect((await attempt(email, 'Wrong-pass1!', `10.9.0.${ip}`)).status).toBe(401);
    expect((await attempt(email, TEST_PASSWORD, '10.7.0.1')).status).toBe(429);
    // ...but the owner's known addresses still sign in.
    expect((await attempt(email, TEST_PASSWORD, '10.1.0.1')).status).toBe(200);
    expect((await attempt(email, TEST_PASSWORD, '10.1.0.2')).status).toBe(200);
  });
});

describe('no oracles (point 11)', () => {
  it('a suspended account answers the right and a wrong password alike, like an unknown one', async () => {
    const email = 'paused@sec.test';
    const acc = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email });
    const master = await login(base, 'root@sec.test');
    expect((await http(base, 'PUT', `/api/v1/user/${acc.id}/contract`, { token: master.access, body: { action: 'pause' } })).status).toBe(
      200,
    );
    const right = await attempt(email, TEST_PASSWORD, '10.2.0.1');
    const wrong = await attempt(email, 'Wrong-pass1!', '10.2.0.1');
    const unknown = await attempt('nobody@sec.test', 'Wrong-pass1!', '10.2.0.1');
    expect(right.status).toBe(401);
    expect(right.body).toEqual(wrong.body);
    expect(right.body).toEqual(unknown.body);
  });

  it('forgot-password does the same work for known and unknown addresses before it answers', async () => {
    const email = 'forgets@sec.test';
    await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email });
    const before = (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM one_time_tokens')).n;
    const known = await http(base, 'POST', '/api/v1/auth/forgot-password', { body: { email }, lang: 'en' });
    const unknown = await http(base, 'POST', '/api/v1/auth/forgot-password', { body: { email: 'ghost@sec.test' }, lang: 'en' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Nothing looked up, issued or mailed during the request: one queued job each, alike.
    expect((await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM one_time_tokens')).n).toBe(before);
    expect((await s.ctx.db.query('SELECT 1 FROM mail_outbox WHERE to_addr = $1', [email])).length).toBe(0);
    const jobs = await s.ctx.db.query<{ kind: string; payload: { email: string } }>(
      "SELECT kind, payload FROM jobs WHERE kind = 'auth.password_reset' ORDER BY id",
    );
    expect(jobs.map((j) => j.payload.email)).toEqual(expect.arrayContaining([email, 'ghost@sec.test']));
  });
});

describe('first-time password change (point 3)', () => {
  it('is refused once the account no longer has to change its password', async () => {
    const email = 'settled@sec.test';
    await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email });
    const t = await login(base, email);
    const r = await http(base, 'POST', '/api/v1/auth/first-time-change-password', {
      token: t.access,
      body: { password: 'Taken-Over2026#', confirm_password: 'Taken-Over2026#' },
    });
    expect(r.status).toBe(403);
    // The password did not change, the session goes on.
    await login(base, email);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(200);
  });
});

describe("the owner's contract governs its staff and subtree (point 5)", () => {
  it('at login and on every call with an existing token', async () => {
    const oem = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'oem@sec.test' });
    const user = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'user@sec.test' });
    await makeAccount(s.ctx, { parentId: user.id, type: 'SUB_ADMIN', email: 'staff@sec.test', staffRole: 'EDITOR' });
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'oemstaff@sec.test', staffRole: 'EDITOR' });
    const tokens = {
      user: await login(base, 'user@sec.test'),
      staff: await login(base, 'staff@sec.test'),
      oemstaff: await login(base, 'oemstaff@sec.test'),
    };
    const master = await login(base, 'root@sec.test');
    const act = (action: string) => http(base, 'PUT', `/api/v1/user/${oem.id}/contract`, { token: master.access, body: { action } });
    expect((await act('pause')).status).toBe(200);
    for (const [name, t] of Object.entries(tokens)) {
      expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status, name).not.toBe(200);
      expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: t.refresh })).status, name).toBe(401);
      expect((await attempt(`${name}@sec.test`, TEST_PASSWORD, '10.3.0.1')).status, name).toBe(401);
    }
    expect((await act('resume')).status).toBe(200);
    for (const name of Object.keys(tokens)) expect((await attempt(`${name}@sec.test`, TEST_PASSWORD, '10.3.0.1')).status, name).toBe(200);
  });

  it('terminate: the subtree and staff of a terminated owner stay out for good (resume is refused)', async () => {
    // an OEM for 13 months (created without contract dates): past the 12-month minimum, so no override is needed
    const createdAt = new Date(s.ctx.clock.nowMs() - 400 * 86_400_000);
    const oem = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'oem3@sec.test', createdAt });
    const user = await makeAccount(s.ctx, { parentId: oem.id, type: 'USER', email: 'user3@sec.test' });
    await makeAccount(s.ctx, { parentId: user.id, type: 'SUB_ADMIN', email: 'staff3@sec.test', staffRole: 'EDITOR' });
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'oemstaff3@sec.test', staffRole: 'EDITOR' });
    const names = ['oem3', 'user3', 'staff3', 'oemstaff3'];
    const tokens = await Promise.all(names.map((name) => login(base, `${name}@sec.test`)));
    const master = await login(base, 'root@sec.test');
    const act = (action: string) => http(base, 'PUT', `/api/v1/user/${oem.id}/contract`, { token: master.access, body: { action } });
    expect((await act('terminate')).status).toBe(200);
    expect((await act('resume')).status).toBe(409);
    for (const [i, name] of names.entries()) {
      const t = tokens[i] as { access: string; refresh: string };
      expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status, name).toBe(401);
      expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: t.refresh })).status, name).toBe(401);
      expect((await attempt(`${name}@sec.test`, TEST_PASSWORD, '10.4.0.1')).status, name).toBe(401);
    }
  });

  it('a status set above is seen by a cached session below at its next call', async () => {
    const oem = await makeAccount(s.ctx, { parentId: root.id, type: 'OEM_MASTER', email: 'oem2@sec.test' });
    await makeAccount(s.ctx, { parentId: oem.id, type: 'SUB_ADMIN', email: 'oem2staff@sec.test', staffRole: 'EDITOR' });
    const t = await login(base, 'oem2staff@sec.test');
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(200);
    // The owner's status changes without touching the staff member's row or token version.
    await s.ctx.db.query("UPDATE accounts SET contract_status = 'SUSPENDED' WHERE id = $1", [oem.id]);
    const { accountsChanged } = await import('../accounts/service.js');
    const staff = await s.ctx.db.one<{ id: number }>("SELECT id FROM accounts WHERE email = 'oem2staff@sec.test'");
    await accountsChanged(s.ctx, [Number(staff.id)]);
    const r = await http<{ code: string }>(base, 'GET', '/api/v1/auth/user-info', { token: t.access });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('ACCOUNT_SUSPENDED');
  });
});

describe('operator tokens (point 12)', () => {
  it('a token without an expiry is refused', async () => {
    const key = new TextEncoder().encode(s.ctx.config.jwtSecret as string);
    const claims = { sub: String(root.id), tv: 0 };
    const noExp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('swipe-sites')
      .setAudience('operator')
      .setIssuedAt()
      .sign(key);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: noExp })).status).toBe(401);
    const withExp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('swipe-sites')
      .setAudience('operator')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(key);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: withExp })).status).toBe(200);
  });
});
