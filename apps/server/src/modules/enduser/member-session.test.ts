import type { EnduserState } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmationLink, type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// On the server: member sign-out ends the member's tokens; the end-user screens lead back
// to the page the visitor came from (a checked position of this site, never another address); and
// A screen in a language the site does not offer goes to its default language.

let s: TestServer;
let site: Fixture;
const pw = 'Aa1@aaaa';

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  s.ctx.config.enduserRateMultiplier = 1000;
  site = await makeVisitorSite(s.ctx);
});
afterAll(async () => {
  await s?.drop();
});

const base = () => s.sitesUrl;
const api = (p: string) => `/api/v1/end-user/site/${site.siteId}${p}`;

async function member(email: string): Promise<void> {
  expect((await http(base(), 'POST', api('/register'), { body: { email, password: pw, confirm_password: pw } })).status).toBe(201);
  const link = await confirmationLink(s.ctx, email);
  expect((await http(base(), 'POST', api('/confirm'), { body: { token: link?.token } })).status).toBe(200);
}
async function signIn(email: string): Promise<string> {
  const r = await http<{ access_token: string }>(base(), 'POST', api('/login'), { body: { email, password: pw } });
  expect(r.status).toBe(200);
  return r.body.access_token;
}

/** The state a visitor screen is rendered from, as the page inlines it. */
async function screen(path: string, cookie?: string): Promise<EnduserState> {
  const r = await fetch(`${base()}${path}`, { headers: cookie ? { cookie } : {} });
  expect(r.status, path).toBe(200);
  const m = /<script type="application\/json" id="eu-state">([\s\S]*?)<\/script>/.exec(await r.text());
  return JSON.parse((m?.[1] ?? '{}').replace(/\\u003c/g, '<')) as EnduserState;
}

describe('member sign-out', () => {
  it('ends every token of the member on this site, answering alike without one', async () => {
    const email = 'leaver@example.com';
    await member(email);
    const phone = await signIn(email);
    const laptop = await signIn(email);
    expect((await http(base(), 'GET', api('/me'), { token: phone })).status).toBe(200);

    const out = await http<{ message: string }>(base(), 'POST', api('/logout'), { token: phone, lang: 'ja' });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('ログアウトしました。');
    for (const t of [phone, laptop]) expect((await http(base(), 'GET', api('/me'), { token: t })).status).toBe(401);

    // again with the dead token, or with none: nothing to end, same answer
    const again = await http<{ message: string }>(base(), 'POST', api('/logout'), { token: phone, lang: 'en' });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('You have been signed out.');
    expect((await http(base(), 'POST', api('/logout'))).status).toBe(200);
    // signing in again works
    expect((await http(base(), 'GET', api('/me'), { token: await signIn(email) })).status).toBe(200);
  });
});

describe('return paths of the end-user screens', () => {
  it('lead back to the page the visitor came from, and sign-in returns there', async () => {
    const from = 'swipe_from=A2';
    const contact = await screen(`/sites/${site.siteId}/en/contact`, from);
    expect(contact.back).toBe(`/sites/${site.siteId}/en/A2`);
    const success = await screen(`/sites/${site.siteId}/contact-success`, from);
    expect(success.back).toBe(`/sites/${site.siteId}/A2`);
    const login = await screen(`/sites/${site.siteId}/en/login`, from);
    expect(login.next).toBe('A2');
    expect(login.back).toBe(`/sites/${site.siteId}/en/A2`);
    // an explicit next wins over the cookie
    const next = await screen(`/sites/${site.siteId}/en/login?next=b1`, from);
    expect(next.next).toBe('B1');
    // without a cookie: no return address (the screens lead to the site's start)
    const none = await screen(`/sites/${site.siteId}/en/register`);
    expect(none.back ?? null).toBeNull();
  });

  it('take nothing but a position of this site: no open redirect', async () => {
    for (const bad of ['//evil.example/', 'https://evil.example', '/A1', 'Z9', 'A3', 'javascript:alert(1)', '%2F%2Fevil.example']) {
      const st = await screen(`/sites/${site.siteId}/en/login?next=${encodeURIComponent(bad)}`, `swipe_from=${encodeURIComponent(bad)}`);
      expect(st.next ?? null, bad).toBeNull();
      expect(st.back ?? null, bad).toBeNull();
    }
  });
});

describe('languages the site does not offer', () => {
  it('send a screen to the same screen in the default language, query kept', async () => {
    const r = await fetch(`${base()}/sites/${site.siteId}/kr/register?token=abc`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe(`/sites/${site.siteId}/register?token=abc`);
    expect((await fetch(`${base()}/sites/${site.siteId}/en/register`, { redirect: 'manual' })).status).toBe(200);
  });
});
