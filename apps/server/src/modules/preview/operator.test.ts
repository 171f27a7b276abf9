import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';

// The signed-in operator's one-click preview (docs/decisions.md): an operator call mints a
// single-use ticket for a site in its scope; the sites origin exchanges it once for a preview session.

let s: TestServer;
const tok: Record<string, string> = {};
let siteId = 0;
let otherSite = 0;
type Ticket = { url: string; expires_in: number; message?: string };

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx);
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@opv.test' });
  const u = await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'u@opv.test', planId: plan });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'o@opv.test', planId: plan });
  await makeAccount(s.ctx, { parentId: u.id, type: 'SUB_ADMIN', email: 'v@opv.test', authority: 'VIEW' });
  for (const k of ['u', 'o', 'v']) tok[k] = (await login(s.adminUrl, `${k}@opv.test`)).access;
  const create = (token: string | undefined, name: string) =>
    http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', { token, body: { name, number_horizontal: 1, number_vertical: 1 } });
  siteId = (await create(tok.u, 'Operator draft LP')).body.id;
  otherSite = (await create(tok.o, 'Other tenant LP')).body.id;
});
afterAll(async () => {
  await s?.drop();
});

const mint = (id: number, token: string | undefined, lang?: string) =>
  http<Ticket>(s.adminUrl, 'POST', `/api/v1/preview/site/${id}/share/ticket`, { token, body: lang ? { lang } : {}, lang: 'ja' });
const ticketOf = (url: string) => decodeURIComponent(new URL(url).hash.replace(/^#ticket=/, ''));
const exchange = (id: number, ticket: string, lang?: string) =>
  http<{ next: string; message: string; code: string }>(s.sitesUrl, 'POST', `/api/v1/preview/site/${id}/operator`, {
    body: { ticket, lang },
    lang: 'en',
  });

describe('operator preview ticket', () => {
  it('opens the working copy without a passcode, once per ticket', async () => {
    const r = await mint(siteId, tok.u, 'ja');
    expect(r.status).toBe(200);
    const url = new URL(r.body.url);
    expect(url.origin).toBe(new URL(s.sitesUrl).origin);
    expect(url.pathname).toBe(`/site/${siteId}/preview-enter`);
    expect(url.searchParams.get('lang')).toBe('ja');
    // the ticket travels in the fragment only: no request line (and so no access log) carries it
    expect(url.search).not.toContain('ticket');
    expect(r.body.expires_in).toBeLessThanOrEqual(60);

    const entrance = await fetch(`${url.origin}${url.pathname}${url.search}`);
    expect(entrance.status).toBe(200);
    expect(await entrance.text()).toContain('src="/_preview/enter.js"');
    const script = await fetch(`${s.sitesUrl}/_preview/enter.js`);
    expect(script.headers.get('content-type')).toContain('javascript');

    const ticket = ticketOf(r.body.url);
    const ok = await exchange(siteId, ticket, 'ja');
    expect(ok.status).toBe(200);
    expect(ok.body.next).toBe(`/site/${siteId}/preview/ja`);
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`Path=/site/${siteId}/preview`);
    expect(cookie).toContain('HttpOnly');
    const page = await fetch(`${s.sitesUrl}${ok.body.next}`, { headers: { cookie: cookie.split(';')[0] as string } });
    const html = await page.text();
    expect(html).not.toContain('"page":"preview-lock"');
    expect(html).toContain('Operator draft LP');

    // single use: the same ticket again is refused, translated
    const again = await exchange(siteId, ticket);
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('PREVIEW_TICKET_INVALID');
    expect(typeof again.body.message).toBe('string');
  });

  it('lets view authority preview too (reading is not editing)', async () => {
    const r = await mint(siteId, tok.v);
    expect(r.status).toBe(200);
    expect((await exchange(siteId, ticketOf(r.body.url))).status).toBe(200);
  });

  it('refuses another tenant, no token, a ticket for another site, and a ticket used as a session', async () => {
    const before = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM preview_shares');
    expect((await mint(otherSite, tok.u)).status).toBe(404);
    expect((await mint(siteId, undefined)).status).toBe(401);
    expect((await mint(siteId, tok.u, 'x'.repeat(11))).status).toBe(422);
    const r = await mint(siteId, tok.u);
    const ticket = ticketOf(r.body.url);
    expect((await exchange(otherSite, ticket)).status).toBe(401);
    // a ticket is not a preview session (and an invitee's route does not take it)
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${siteId}`, { token: ticket })).status).toBe(401);
    const forged = await s.ctx.tokens.sign({ kind: 'end-user', siteId }, { sub: `t:1:${'a'.repeat(24)}`, tv: 0 }, 60);
    expect((await exchange(siteId, forged)).status).toBe(401);
    expect((await exchange(siteId, '')).status).toBe(422);
    const after = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM preview_shares');
    expect(after.n).toBe(before.n);
  });

  it('opens the entrance and the lock page in the language of the link', async () => {
    const enter = await fetch(`${s.sitesUrl}/site/${siteId}/preview-enter?lang=ja`, { headers: { 'accept-language': 'en' } });
    const page = await enter.text();
    expect(page).toContain('<html lang="ja"');
    // it names its (empty) icon: otherwise a browser asks the sites origin for /favicon.ico, a 404 on every preview
    expect(page).toContain('<link rel="icon" href="data:,">');
    const lock = await fetch(`${s.sitesUrl}/site/${siteId}/preview?lang=ja`, { headers: { 'accept-language': 'en' } });
    expect(await lock.text()).toContain('"lang":"ja"');
  });
});

describe('invitations before a passcode exists', () => {
  it('tells the operator the invitees wait for a passcode, and the mail links in the inviter language', async () => {
    const r = await http<{ message: string }>(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share`, {
      token: tok.u,
      body: { emails: ['early@opv.test'] },
      lang: 'ja',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toContain('パスコード');
    const mail = await s.ctx.db.one<{ text_body: string }>("SELECT text_body FROM mail_outbox WHERE to_addr = 'early@opv.test'");
    expect(mail.text_body).toContain(`/site/${siteId}/preview?lang=ja`);
    await http(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share/set-password`, {
      token: tok.u,
      body: { password: 'Preview-Code-1', preview_security: true },
    });
    const later = await http<{ message: string }>(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share`, {
      token: tok.u,
      body: { emails: ['later@opv.test'] },
      lang: 'ja',
    });
    expect(later.body.message).not.toContain('パスコード');
  });
});

describe('live state of the working copy', () => {
  type Live = { published: boolean; unpublished_changes: boolean; published_at: string | null };
  const live = async (id = siteId, token = tok.u) => http<Live>(s.adminUrl, 'GET', `/api/v1/preview/site/${id}/share/live`, { token });
  const put = async (action: string, change?: (d: Record<string, unknown>) => void) => {
    const doc = (await http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, { token: tok.u })).body;
    change?.(doc);
    const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, { token: tok.u, body: { action, document: doc } });
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  };

  it('tells a draft saved after publishing from the live copy, and nothing else', async () => {
    expect((await live()).body).toMatchObject({ published: false, unpublished_changes: false });
    await put('publish');
    const first = (await live()).body;
    expect(first).toMatchObject({ published: true, unpublished_changes: false });
    expect(first.published_at).not.toBeNull();
    await put('draft'); // saved unchanged: still what visitors see
    expect((await live()).body.unpublished_changes).toBe(false);
    await put('draft', (d) => {
      d.name = 'Operator draft LP (new)';
    });
    expect((await live()).body).toMatchObject({ published: true, unpublished_changes: true });
    await put('save'); // on a published site too, save keeps the working copy: the changes stay unpublished
    expect((await live()).body).toMatchObject({ published: true, unpublished_changes: true });
    await put('publish');
    expect((await live()).body.unpublished_changes).toBe(false);
    await put('private');
    expect((await live()).body.published).toBe(false);
  });

  it('answers 404 for another tenant site', async () => {
    expect((await live(otherSite)).status).toBe(404);
  });
});
