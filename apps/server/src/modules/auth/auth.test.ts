import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { http, login, makeAccount, makePlan, startTestServer, TEST_PASSWORD, type TestServer } from '../../test/helpers.js';
import { jobHandlers } from '../index.js';

let s: TestServer;
let base: string;
let userEmail: string;

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  const plan = await makePlan(s.ctx);
  const master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@t.test' });
  userEmail = 'user@t.test';
  await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: userEmail, planId: plan, companyName: 'Shop' });
});
afterAll(async () => {
  await s?.drop();
});

/** Runs every due job (forgot-password queues its work). */
async function runJobs(): Promise<number> {
  const w = new Worker(s.ctx, jobHandlers());
  let n = 0;
  while (await w.runOneJob()) n++;
  return n;
}

describe('login', () => {
  it('issues an access and a refresh token and user info', async () => {
    const r = await http<{ access_token: string; refresh_token: string; user: { email: string; user_type_id: string } }>(
      base,
      'POST',
      '/api/v1/auth/login',
      {
        body: { email: userEmail, password: TEST_PASSWORD },
      },
    );
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe(userEmail);
    expect(r.body.user.user_type_id).toBe('master-user');
    expect(JSON.stringify(r.body)).not.toContain('password_hash');
    const info = await http<{ email: string }>(base, 'GET', '/api/v1/auth/user-info', { token: r.body.access_token });
    expect(info.status).toBe(200);
    expect(info.body.email).toBe(userEmail);
  });

  it('answers an unknown account exactly like a wrong password', async () => {
    const a = await http(base, 'POST', '/api/v1/auth/login', { body: { email: 'nobody@t.test', password: 'Wrong-pass1!' }, lang: 'en' });
    const b = await http(base, 'POST', '/api/v1/auth/login', { body: { email: userEmail, password: 'Wrong-pass1!' }, lang: 'en' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body).toEqual(b.body);
    expect(a.body).toEqual({ message: 'The login ID or password is wrong. Check them and log in again.', code: 'LOGIN_FAILED' });
  });

  it('translates by Accept-Language (ja by default)', async () => {
    const ja = await http<{ message: string }>(base, 'POST', '/api/v1/auth/login', { body: { email: 'x@t.test', password: 'y' } });
    const cn = await http<{ message: string }>(base, 'POST', '/api/v1/auth/login', {
      body: { email: 'x@t.test', password: 'y' },
      lang: 'zh-CN',
    });
    expect(ja.body.message).toContain('ログイン');
    expect(cn.body.message).toContain('登录');
  });

  it('throttles per account after 5 failures, whether or not the account exists', async () => {
    for (const email of ['throttle-real@t.test', 'throttle-ghost@t.test']) {
      if (email.includes('real')) await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email });
      for (let i = 0; i < 5; i++)
        expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: 'Wrong-pass1!' } })).status).toBe(401);
      const blocked = await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } });
      expect(blocked.status).toBe(429);
    }
  });
});

describe('refresh-token rotation', () => {
  it('rotates, and a reused refresh token revokes its whole family', async () => {
    const first = await login(base, userEmail);
    const r1 = await http<{ access_token: string; refresh_token: string }>(base, 'POST', '/api/v1/auth/refresh-token', {
      token: first.refresh,
    });
    expect(r1.status).toBe(200);
    expect(r1.body.refresh_token).not.toBe(first.refresh);
    // The first token again: reuse. The family (including the fresh r1 token) is revoked.
    const reuse = await http<{ code: string }>(base, 'POST', '/api/v1/auth/refresh-token', { token: first.refresh });
    expect(reuse.status).toBe(401);
    expect(reuse.body.code).toBe('REFRESH_TOKEN_REUSED');
    const afterReuse = await http(base, 'POST', '/api/v1/auth/refresh-token', { token: r1.body.refresh_token });
    expect(afterReuse.status).toBe(401);
    // Another family (another login) is untouched.
    const other = await login(base, userEmail);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: other.refresh })).status).toBe(200);
  });

  it('refuses a missing or unknown refresh token and an access token used as refresh', async () => {
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token')).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: 'made-up' })).status).toBe(401);
    const t = await login(base, userEmail);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: t.access })).status).toBe(401);
  });
});

describe('token kinds and algorithms', () => {
  it('refuses end-user and preview tokens where an operator token is expected', async () => {
    const account = await s.ctx.db.one<{ id: number; token_version: number }>('SELECT id, token_version FROM accounts WHERE email = $1', [
      userEmail,
    ]);
    const claims = { sub: String(account.id), tv: account.token_version };
    const endUser = await s.ctx.tokens.sign({ kind: 'end-user', siteId: 1 }, claims, 600);
    const preview = await s.ctx.tokens.sign({ kind: 'preview', siteId: 1 }, claims, 600);
    const operator = await s.ctx.tokens.sign({ kind: 'operator' }, claims, 600);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: endUser })).status).toBe(401);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: preview })).status).toBe(401);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: operator })).status).toBe(200);
    expect(await s.ctx.tokens.verify({ kind: 'end-user', siteId: 2 }, endUser)).toBeNull();
    expect(await s.ctx.tokens.verify({ kind: 'end-user', siteId: 1 }, endUser)).not.toBeNull();
  });

  it('pins the algorithm: alg none and other HMACs are refused', async () => {
    const account = await s.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [userEmail]);
    const payload = { sub: String(account.id), tv: 0, aud: 'operator', iss: 'swipe-sites', exp: Math.floor(Date.now() / 1000) + 600 };
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`;
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: none })).status).toBe(401);
    const hs512 = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(s.ctx.config.jwtSecret as string));
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: hs512 })).status).toBe(401);
  });
});

describe('sessions end', () => {
  it('on log-out: access and refresh tokens of every session stop working', async () => {
    const a = await login(base, userEmail);
    const b = await login(base, userEmail);
    expect((await http(base, 'POST', '/api/v1/auth/log-out', { token: a.access })).status).toBe(200);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: a.access })).status).toBe(401);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: b.access })).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: b.refresh })).status).toBe(401);
  });

  it('on password change: other sessions end, the caller gets a fresh pair', async () => {
    const email = 'changer@t.test';
    await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email });
    const other = await login(base, email);
    const mine = await login(base, email);
    const wrong = await http<{ fields: { path: string }[] }>(base, 'POST', '/api/v1/auth/change-password', {
      token: mine.access,
      body: { current_password: 'Nope-nope1!', password: 'New-Passw0rd#', confirm_password: 'New-Passw0rd#' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.fields[0]?.path).toBe('currentPassword');
    const mismatch = await http(base, 'POST', '/api/v1/auth/change-password', {
      token: mine.access,
      body: { current_password: TEST_PASSWORD, password: 'New-Passw0rd#', confirm_password: 'New-Passw0rd@' },
    });
    expect(mismatch.status).toBe(422);
    const ok = await http<{ access_token: string }>(base, 'POST', '/api/v1/auth/change-password', {
      token: mine.access,
      body: { current_password: TEST_PASSWORD, password: 'New-Passw0rd#', confirm_password: 'New-Passw0rd#' },
    });
    expect(ok.status).toBe(200);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: other.access })).status).toBe(401);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: ok.body.access_token })).status).toBe(200);
    await login(base, email, 'New-Passw0rd#');
  });

  it('on a terminated contract', async () => {
    const email = 'terminated@t.test';
    const root = await s.ctx.db.one<{ id: number }>("SELECT id FROM accounts WHERE email = 'root@t.test'");
    // a customer for 13 months (created without contract dates): past the 12-month minimum, so no override is needed
    const createdAt = new Date(s.ctx.clock.nowMs() - 400 * 86_400_000);
    const acc = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email, createdAt });
    const t = await login(base, email);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(200);
    const master = await login(base, 'root@t.test');
    const done = await http<{ contract_status: string }>(base, 'PUT', `/api/v1/user/${acc.id}/contract`, {
      token: master.access,
      body: { action: 'terminate' },
    });
    expect(done.body.contract_status).toBe('TERMINATED');
    expect((await http(base, 'PUT', `/api/v1/user/${acc.id}/contract`, { token: master.access, body: { action: 'resume' } })).status).toBe(
      409,
    );
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/refresh-token', { token: t.refresh })).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: TEST_PASSWORD } })).status).toBe(401);
  });
});

describe('forgot and reset password', () => {
  it('mails a one-time link; the link works once; old sessions end', async () => {
    const email = 'forgetful@t.test';
    await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email });
    const session = await login(base, email);
    const unknown = await http(base, 'POST', '/api/v1/auth/forgot-password', { body: { email: 'ghost@t.test' }, lang: 'en' });
    const known = await http(base, 'POST', '/api/v1/auth/forgot-password', { body: { email }, lang: 'en' });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    // Both answers only queued the work: nothing was looked up or mailed before the answer.
    expect((await s.ctx.db.query('SELECT 1 FROM mail_outbox WHERE to_addr = $1', [email])).length).toBe(0);
    expect(await runJobs()).toBe(2);
    const mail = await s.ctx.db.one<{ text_body: string; to_addr: string }>(
      'SELECT * FROM mail_outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text_body)?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);
    expect((await s.ctx.db.query('SELECT 1 FROM mail_outbox WHERE to_addr = $1', ['ghost@t.test'])).length).toBe(0);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token } })).status).toBe(200);
    const weak = await http(base, 'POST', '/api/v1/auth/reset-password', { body: { token, password: 'short', confirm_password: 'short' } });
    expect(weak.status).toBe(422);
    const reset = await http(base, 'POST', '/api/v1/auth/reset-password', {
      body: { token, password: 'Reset-Passw0rd#', confirm_password: 'Reset-Passw0rd#' },
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await http(base, 'POST', '/api/v1/auth/reset-password', {
          body: { token, password: 'Again-Passw0rd#', confirm_password: 'Again-Passw0rd#' },
        })
      ).status,
    ).toBe(400);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token } })).status).toBe(400);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: session.access })).status).toBe(401);
    await login(base, email, 'Reset-Passw0rd#');
  });
});

describe('first-time password change', () => {
  it('blocks other operator calls until the password is changed', async () => {
    const email = 'newbie@t.test';
    await s.ctx.db.tx(async (q) => {
      const { insertAccount } = await import('../accounts/repo.js');
      const { testPasswordHash } = await import('../../test/helpers.js');
      await insertAccount(q, { parentId: null, type: 'MASTER', email, passwordHash: await testPasswordHash(), mustChangePassword: true });
    });
    const t = await login(base, email);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: t.access })).status).toBe(200);
    const blocked = await http<{ code: string }>(base, 'GET', '/api/v1/sites', { token: t.access });
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe('PASSWORD_CHANGE_REQUIRED');
    const same = await http(base, 'POST', '/api/v1/auth/first-time-change-password', {
      token: t.access,
      body: { password: TEST_PASSWORD, confirm_password: TEST_PASSWORD },
    });
    expect(same.status).toBe(422);
    const changed = await http<{ access_token: string }>(base, 'POST', '/api/v1/auth/first-time-change-password', {
      token: t.access,
      body: { password: 'Fresh-Passw0rd#', confirm_password: 'Fresh-Passw0rd#' },
    });
    expect(changed.status).toBe(200);
    expect((await http(base, 'GET', '/api/v1/sites', { token: changed.body.access_token })).status).toBe(200);
  });
});

describe('bad input on every auth route', () => {
  const routes: [string, string][] = [
    ['POST', '/api/v1/auth/login'],
    ['POST', '/api/v1/auth/forgot-password'],
    ['POST', '/api/v1/auth/reset-password'],
    ['POST', '/api/v1/auth/verify-token'],
  ];
  it('wrong types, missing fields, random bytes, oversize bodies: 400/413/422 with a translated message', async () => {
    for (const [method, url] of routes) {
      for (const raw of ['{"email": 5, "password": []}', '{}', '[]', 'null', '\u0000\u00ff\u0001garbage', '{"email":']) {
        const r = await http<{ message: unknown; code: string }>(base, method, url, {
          raw,
          headers: { 'content-type': 'application/json' },
          lang: 'en',
        });
        expect([400, 422], `${url} ${raw}`).toContain(r.status);
        expect(r.body.message).toBeTruthy();
        expect(JSON.stringify(r.body.message)).not.toMatch(/validation\.|server\./);
      }
      const big = await http(base, method, url, {
        raw: JSON.stringify({ email: 'x'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.status).toBe(413);
      const form = await http(base, method, url, { raw: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(415);
    }
  });
});

describe('operator routes without a token', () => {
  it('are refused with 401 before the body is read', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/sites'],
      ['PUT', '/api/v1/sites/1'],
      ['POST', '/api/v1/user'],
    ] as const) {
      const r = await http<{ code: string }>(base, method, url, { raw: '\u0000not json', headers: { 'content-type': 'application/json' } });
      expect(r.status, url).toBe(401);
      const big = await http(base, method, url, {
        raw: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(big.status, url).toBe(401);
    }
  });
});

describe('API core', () => {
  it('health, request ids, OpenAPI document, security headers', async () => {
    const h = await fetch(`${base}/api/v1/health`);
    expect(h.status).toBe(200);
    expect(h.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
    expect(h.headers.get('x-content-type-options')).toBe('nosniff');
    const csp = h.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h.headers.get('strict-transport-security')).toBeNull();
    const viaProxy = await fetch(`${s.sitesUrl}/api/v1/health`);
    expect(viaProxy.headers.get('content-security-policy')).toContain('frame-ancestors');
    const docs = await http<{
      openapi: string;
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
    }>(base, 'GET', '/api/v1/docs');
    expect(docs.status).toBe(200);
    expect(docs.body.openapi).toMatch(/^3\./);
    const cp = docs.body.paths['/api/v1/auth/change-password']?.post?.requestBody?.content['application/json']?.schema.properties ?? {};
    expect(Object.keys(cp)).toEqual(expect.arrayContaining(['current_password', 'confirm_password']));
    // Response shapes are in the document too, in wire names.
    type Responses = Record<string, { responses?: Record<string, { content?: Record<string, { schema: { properties?: object } }> }> }>;
    const paths = docs.body.paths as unknown as Record<string, Responses>;
    const shape = (path: string, method: string, status: string) =>
      Object.keys(paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema.properties ?? {});
    expect(shape('/api/v1/auth/login', 'post', '200')).toEqual(expect.arrayContaining(['access_token', 'refresh_token', 'user']));
    expect(shape('/api/v1/auth/user-info', 'get', '200')).toEqual(expect.arrayContaining(['email', 'must_change_password']));
    expect(shape('/api/v1/user', 'post', '201')).toEqual(expect.arrayContaining(['id', 'contract_status']));
    expect(shape('/api/v1/user', 'get', '200')).toEqual(expect.arrayContaining(['items', 'total', 'page_size']));
  });
  it('unknown routes are a translated 404 in the error shape', async () => {
    const r = await http(base, 'GET', '/api/v1/nope', { lang: 'kr' });
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ message: '찾을 수 없습니다.', code: 'NOT_FOUND' });
  });
});
