import { translate } from '@swipe/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../lib/passwords.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';

// Preview sharing through real HTTP: invite (mail queued with the share), list, revoke (and resend),
// password with the "required when security is on" rule, status; tenants and view authority.

let s: TestServer;
const JA_MIN = translate('ja', 'validation.min_length', { min: 8 });
const tok: Record<string, string> = {};
let siteId = 0;
let otherSite = 0;
const base = () => `/api/v1/preview/site/${siteId}/share`;
const mails = (to: string) =>
  s.ctx.db.query<{ subject: string; text_body: string }>('SELECT subject, text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY id', [to]);

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx);
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@share.test' });
  const u = await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'u@share.test', planId: plan });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'o@share.test', planId: plan });
  await makeAccount(s.ctx, { parentId: u.id, type: 'SUB_ADMIN', email: 'v@share.test', authority: 'VIEW' });
  for (const k of ['u', 'o', 'v']) tok[k] = (await login(s.adminUrl, `${k}@share.test`)).access;
  siteId = (
    await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.u,
      body: { name: 'Spring LP', number_horizontal: 1, number_vertical: 1 },
    })
  ).body.id;
  otherSite = (
    await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok.o,
      body: { name: 'Other', number_horizontal: 1, number_vertical: 1 },
    })
  ).body.id;
});
afterAll(async () => {
  await s?.drop();
});

describe('preview sharing', () => {
  it('invites e-mails, queues one invitation mail each, and lists them', async () => {
    const bad = await http<{ message: string[] }>(s.adminUrl, 'POST', base(), {
      token: tok.u,
      lang: 'en',
      body: { emails: ['ok@x.test', 'not-an-email'] },
    });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toContain('valid e-mail');
    expect(await mails('ok@x.test')).toHaveLength(0); // nothing queued for a refused request
    const r = await http<{ message: string }>(s.adminUrl, 'POST', base(), {
      token: tok.u,
      lang: 'en',
      body: { emails: ['alice@x.test', 'BOB@x.test', 'bob@x.test'] },
    });
    expect(r.status).toBe(200);
    // no passcode yet: the operator is told the invitees wait for one
    expect(r.body.message).toBe(translate('en', 'sites.preview_shared_no_passcode'));
    const a = await mails('alice@x.test');
    expect(a).toHaveLength(1);
    expect(a[0]?.subject).toContain('Spring LP');
    expect(a[0]?.text_body).toContain(`${s.sitesUrl}/site/${siteId}/preview`);
    expect(a[0]?.text_body).toContain('u@share.test');
    const list = await http<{ items: { email: string; invited_by: string }[] }>(s.adminUrl, 'GET', base(), { token: tok.u });
    expect(list.body.items.map((i) => i.email.toLowerCase()).sort()).toEqual(['alice@x.test', 'bob@x.test']);
    expect(list.body.items[0]?.invited_by).toBe('u@share.test');
  });

  it('revokes e-mails; resend_all re-sends to those still invited', async () => {
    const r = await http<{ message: string }>(s.adminUrl, 'PUT', `${base()}/revoke`, {
      token: tok.u,
      lang: 'en',
      body: { emails: ['alice@x.test'], resend_all: false },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Sharing has been revoked.');
    const list = await http<{ items: { email: string }[] }>(s.adminUrl, 'GET', base(), { token: tok.u });
    expect(list.body.items.map((i) => i.email.toLowerCase())).toEqual(['bob@x.test']);
    expect(await mails('bob@x.test')).toHaveLength(1);
    await http(s.adminUrl, 'PUT', `${base()}/revoke`, { token: tok.u, body: { emails: [], resend_all: true } });
    expect(await mails('bob@x.test')).toHaveLength(2);
    expect(await mails('alice@x.test')).toHaveLength(1);
    // inviting again brings a revoked e-mail back
    await http(s.adminUrl, 'POST', base(), { token: tok.u, body: { emails: ['alice@x.test'] } });
    const again = await http<{ items: { email: string }[] }>(s.adminUrl, 'GET', base(), { token: tok.u });
    expect(again.body.items).toHaveLength(2);
  });

  it('preview security on requires a password; the password is stored hashed', async () => {
    const need = await http<{ message: string[] }>(s.adminUrl, 'POST', `${base()}/set-password`, {
      token: tok.u,
      lang: 'en',
      body: { password: '', preview_security: true },
    });
    expect(need.status).toBe(422);
    expect(String(need.body.message)).toContain('Enter a preview password');
    const ok = await http<{ has_password: boolean }>(s.adminUrl, 'POST', `${base()}/set-password`, {
      token: tok.u,
      body: { password: 'Peek-2026!', preview_security: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.has_password).toBe(true);
    const row = await s.ctx.db.one<{ preview_password_hash: string; preview_security: boolean }>(
      'SELECT preview_password_hash, preview_security FROM sites WHERE id = $1',
      [siteId],
    );
    expect(row.preview_security).toBe(true);
    expect(row.preview_password_hash).not.toContain('Peek');
    expect(await verifyPassword(row.preview_password_hash, 'Peek-2026!')).toBe(true);
    // turning security off keeps the stored password
    expect(
      (await http(s.adminUrl, 'POST', `${base()}/set-password`, { token: tok.u, body: { password: '', preview_security: false } })).status,
    ).toBe(200);
    const st = await http<Record<string, unknown>>(s.adminUrl, 'GET', `${base()}/status`, { token: tok.u });
    expect(st.status).toBe(200);
    expect(st.body).toMatchObject({ preview_security: false, has_password: true, shared_count: 2, revoked_count: 0, ready: true });
  });

  it('refuses a passcode shorter than 8 characters with a translated 422 and keeps the stored one', async () => {
    for (const [lang, text] of [
      ['en', 'Enter at least 8 characters.'],
      ['ja', JA_MIN],
    ] as const) {
      const short = await http<{ message: string[]; fields: { path: string; message: string }[] }>(
        s.adminUrl,
        'POST',
        `${base()}/set-password`,
        {
          token: tok.u,
          lang,
          body: { password: '1234567', preview_security: true },
        },
      );
      expect(short.status).toBe(422);
      expect(short.body.fields[0]).toEqual({ path: 'password', message: text });
    }
    const row = await s.ctx.db.one<{ preview_password_hash: string }>('SELECT preview_password_hash FROM sites WHERE id = $1', [siteId]);
    expect(await verifyPassword(row.preview_password_hash, 'Peek-2026!')).toBe(true);
    const eight = await http(s.adminUrl, 'POST', `${base()}/set-password`, {
      token: tok.u,
      body: { password: '12345678', preview_security: true },
    });
    expect(eight.status).toBe(200);
  });

  it('an invited e-mail with the password can open the preview on the sites origin; a revoked one cannot', async () => {
    await http(s.adminUrl, 'POST', `${base()}/set-password`, { token: tok.u, body: { password: 'Peek-2026!', preview_security: true } });
    const ok = await http(s.sitesUrl, 'POST', `/api/v1/preview/site/${siteId}/login`, {
      body: { email: 'bob@x.test', password: 'Peek-2026!' },
    });
    expect(ok.status).toBe(200);
    await http(s.adminUrl, 'PUT', `${base()}/revoke`, { token: tok.u, body: { emails: ['bob@x.test'] } });
    const no = await http(s.sitesUrl, 'POST', `/api/v1/preview/site/${siteId}/login`, {
      body: { email: 'bob@x.test', password: 'Peek-2026!' },
    });
    expect(no.status).toBe(401);
  });

  it("another tenant's site is 404 everywhere; a view-authority account gets 403 for changes", async () => {
    const other = `/api/v1/preview/site/${otherSite}/share`;
    expect((await http(s.adminUrl, 'POST', other, { token: tok.u, body: { emails: ['x@x.test'] } })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', other, { token: tok.u })).status).toBe(404);
    expect((await http(s.adminUrl, 'PUT', `${other}/revoke`, { token: tok.u, body: { emails: ['x@x.test'] } })).status).toBe(404);
    expect(
      (await http(s.adminUrl, 'POST', `${other}/set-password`, { token: tok.u, body: { password: 'Peek-2026!', preview_security: true } }))
        .status,
    ).toBe(404);
    expect((await http(s.adminUrl, 'GET', `${other}/status`, { token: tok.u })).status).toBe(404);
    expect(await mails('x@x.test')).toHaveLength(0);
    expect((await http(s.adminUrl, 'POST', base(), { token: tok.v, body: { emails: ['y@x.test'] } })).status).toBe(403);
    expect((await http(s.adminUrl, 'GET', base(), { token: tok.v })).status).toBe(200);
    expect((await http(s.adminUrl, 'GET', base())).status).toBe(401);
  });
});
