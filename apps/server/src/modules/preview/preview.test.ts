import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../lib/passwords.js';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// Preview access (viewer.md 2, 4, 6, 7): invited e-mail plus the site's passcode; the token grants the
// unpublished site only; revocation and a new passcode end it.

let s: TestServer;
let draft: Fixture;
let other: Fixture;
const PASS = 'Preview-Pass-1';
type Body = { message: string | string[]; code: string; access_token?: string };

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  draft = await makeVisitorSite(s.ctx, { publish: false, previewPasscode: PASS, invited: ['guest@example.com', 'gone@example.com'] });
  other = await makeVisitorSite(s.ctx, { publish: false, previewPasscode: PASS, invited: ['guest@example.com'] });
  await s.ctx.db.query("UPDATE preview_shares SET revoked_at = now() WHERE email = 'gone@example.com'");
});
afterAll(async () => {
  await s?.drop();
});

const login = (siteId: number, email: string, password: string) =>
  http<Body>(s.sitesUrl, 'POST', `/api/v1/preview/site/${siteId}/login`, { body: { email, password }, lang: 'en' });

describe('preview access', () => {
  it('gives a preview token and cookie for an invited e-mail with the passcode', async () => {
    const r = await login(draft.siteId, 'Guest@Example.com', PASS);
    expect(r.status).toBe(200);
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`Path=/site/${draft.siteId}/preview`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    const site = await http<{ name: string; preview: boolean }>(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}?lang=en`, {
      token: r.body.access_token,
    });
    expect(site.status).toBe(200);
    expect(site.body.preview).toBe(true);
    expect(site.body.name).toMatch(/^Visitor site/);
    for (const p of ['seo?lang=en', 'company?lang=en']) {
      expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}/${p}`, { token: r.body.access_token })).status, p).toBe(
        200,
      );
    }
    const page = await s.ctx.db.one<{ id: number }>('SELECT id FROM pages WHERE site_id = $1 ORDER BY id LIMIT 1', [draft.siteId]);
    const prod = await http<{ products: unknown[] }>(
      s.sitesUrl,
      'GET',
      `/api/v1/preview/site/${draft.siteId}/page/${page.id}/product?lang=en`,
      {
        token: r.body.access_token,
      },
    );
    expect(prod.status).toBe(200);
    expect(prod.body.products).toEqual([]);
    // the draft is still not served to visitors
    expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${draft.siteId}`)).status).toBe(404);
  });

  it('refuses a wrong passcode, an uninvited or revoked e-mail alike', async () => {
    const wrong = await login(draft.siteId, 'guest@example.com', 'nope');
    const stranger = await login(draft.siteId, 'stranger@example.com', PASS);
    const revoked = await login(draft.siteId, 'gone@example.com', PASS);
    expect(wrong.status).toBe(401);
    expect(stranger.body).toEqual(wrong.body);
    expect(revoked.body).toEqual(wrong.body);
    expect(wrong.body.message).toBe('The e-mail address or passcode is wrong.');
    expect((await http(s.sitesUrl, 'POST', `/api/v1/preview/site/${draft.siteId}/login`, { body: { email: 'x' } })).status).toBe(422);
    expect(
      (await http(s.sitesUrl, 'POST', `/api/v1/preview/site/${draft.siteId}/login`, { body: { email: 'a@b.co', password: 5 } })).status,
    ).toBe(400);
  });

  it('grants one site only, and ends on revocation or a new passcode', async () => {
    const r = await login(draft.siteId, 'guest@example.com', PASS);
    const token = r.body.access_token as string;
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${other.siteId}`, { token })).status).toBe(401);
    const member = await s.ctx.tokens.sign({ kind: 'end-user', siteId: draft.siteId }, { sub: '1', tv: 0 }, 60);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}`, { token: member })).status).toBe(401);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}`)).status).toBe(401);

    await s.ctx.db.query('UPDATE sites SET preview_password_hash = $2 WHERE id = $1', [draft.siteId, await hashPassword('Another-1')]);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}`, { token })).status).toBe(401);
    const fresh = await login(draft.siteId, 'guest@example.com', 'Another-1');
    expect(fresh.status).toBe(200);
    await s.ctx.db.query("UPDATE preview_shares SET revoked_at = now() WHERE site_id = $1 AND email = 'guest@example.com'", [draft.siteId]);
    expect((await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${draft.siteId}`, { token: fresh.body.access_token })).status).toBe(401);
  });

  it('takes the e-mail and passcode as headers instead of a token', async () => {
    const ok = await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${other.siteId}/seo`, {
      headers: { 'x-preview-email': 'guest@example.com', password: PASS },
    });
    expect(ok.status).toBe(200);
    const bad = await http(s.sitesUrl, 'GET', `/api/v1/preview/site/${other.siteId}/seo`, {
      headers: { 'x-preview-email': 'guest@example.com', password: 'wrong' },
    });
    expect(bad.status).toBe(401);
  });

  it('shows a stranger nothing of the site on the lock screen, the same for a site that does not exist', async () => {
    const res = await fetch(`${s.sitesUrl}/site/${other.siteId}/preview/en`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('"page":"preview-lock"');
    expect(html).not.toContain('Visitor site');
    expect(html).toContain('"logoUrl":null');
    expect(html).toContain('<title>Preview</title>');
    const same = (h: string) => h.replace(/"siteId":\d+/g, '"siteId":0').replace(/\/site\/\d+\/preview/g, '/site/0/preview');
    const none = await fetch(`${s.sitesUrl}/site/987654321/preview/en`);
    expect(none.status).toBe(200);
    expect(same(await none.text())).toBe(same(html));
    // logging in to a site that does not exist fails like a wrong passcode
    const ghost = await login(987654321, 'guest@example.com', PASS);
    expect(ghost.status).toBe(401);
    expect(ghost.body).toEqual((await login(other.siteId, 'guest@example.com', 'Wrong-pass-1')).body);
  });

  it('sends the lock screen with a CSP that runs only scripts from the sites origin', async () => {
    const res = await fetch(`${s.sitesUrl}/site/${other.siteId}/preview`);
    const csp = res.headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(directive('object-src')).toBe("object-src 'none'");
    expect(directive('frame-ancestors')).toContain("'self'");
  });

  it('documents the preview calls with their response shapes', async () => {
    type Doc = { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const docs = await http<Doc>(s.sitesUrl, 'GET', '/api/v1/docs');
    expect(docs.status).toBe(200);
    const loginDoc = docs.body.paths['/api/v1/preview/site/{siteId}/login']?.post?.responses?.['200'];
    expect(JSON.stringify(loginDoc)).toContain('access_token');
    const seo = docs.body.paths['/api/v1/preview/site/{siteId}/seo']?.get?.responses?.['200'];
    expect(JSON.stringify(seo)).toContain('head_tags');
  });

  it('shows the lock screen until authorised, then the working copy', async () => {
    const lockPage = await fetch(`${s.sitesUrl}/site/${other.siteId}/preview`);
    const html = await lockPage.text();
    expect(html).toContain('"page":"preview-lock"');
    expect(html).toContain('name="password"');
    const r = await login(other.siteId, 'guest@example.com', PASS);
    const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const open = await fetch(`${s.sitesUrl}/site/${other.siteId}/preview/en/A1`, { headers: { cookie } });
    expect(open.status).toBe(200);
    const body = await open.text();
    expect(body).not.toContain('"page":"preview-lock"');
    expect(body).toContain('Visitor site');
  });
});
