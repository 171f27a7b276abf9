import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { seedDemo } from '../demo/seed.js';
import { startTestServer, type TestServer } from '../test/helpers.js';
import { IpBlock } from './ipblock.js';

// IP_BLOCKLIST: blocked addresses get the "blocked by IP" 403 on both origins (JSON on API paths,
// the 403-ip screen for pages), never a cached answer; everyone else is served as usual.

describe('IpBlock', () => {
  it('reads addresses and ranges of both families, and refuses anything else', () => {
    const b = new IpBlock(['203.0.113.7', '10.0.0.0/8', ' 2001:db8::/32 ', '']);
    expect(b.size).toBe(3);
    expect(b.blocks('203.0.113.7')).toBe(true);
    expect(b.blocks('203.0.113.8')).toBe(false);
    expect(b.blocks('10.255.1.2')).toBe(true);
    expect(b.blocks('11.0.0.1')).toBe(false);
    expect(b.blocks('::ffff:10.1.1.1')).toBe(true);
    expect(b.blocks('2001:db8:1::5')).toBe(true);
    expect(b.blocks('2001:db9::5')).toBe(false);
    expect(b.blocks(undefined)).toBe(false);
    expect(() => new IpBlock(['example.com'])).toThrow(/IP_BLOCKLIST/);
    expect(() => new IpBlock(['10.0.0.0/33'])).toThrow(/prefix/);
    expect(new IpBlock([]).blocks('10.0.0.1')).toBe(false);
  });
});

describe('blocked addresses on both origins', () => {
  let srv: TestServer;
  let siteId = 0;
  const blocked = { 'x-forwarded-for': '10.9.8.7' };
  const allowed = { 'x-forwarded-for': '198.51.100.20' };

  beforeAll(async () => {
    srv = await startTestServer(
      { ipBlocklist: ['10.0.0.0/8'], trustProxy: true, microcacheTtlMs: 60_000 },
      {
        seed: async (ctx: AppContext) => {
          siteId = (await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } }))?.siteId ?? 0;
        },
      },
    );
  });
  afterAll(async () => {
    await srv?.drop();
  });

  it('API calls get 403 IP_BLOCKED with a translated message', async () => {
    const path = `${srv.sitesUrl}/api/v1/end-user/site/${siteId}`;
    expect((await fetch(path, { headers: allowed })).status).toBe(200);
    // cached now for allowed visitors: a blocked one must still be refused
    expect((await fetch(path, { headers: allowed })).status).toBe(200);
    const r = await fetch(path, { headers: { ...blocked, 'accept-language': 'en' } });
    expect(r.status).toBe(403);
    expect(await r.json()).toEqual({ code: 'IP_BLOCKED', message: 'Access from your IP address is blocked.' });
    const ja = await fetch(`${srv.adminUrl}/api/v1/user-info`, { headers: { ...blocked, 'accept-language': 'ja' } });
    expect(ja.status).toBe(403);
    expect(((await ja.json()) as { message: string }).message).toBe('お使いのIPアドレスからのアクセスは制限されています。');
    const login = await fetch(`${srv.adminUrl}/api/v1/login`, {
      method: 'POST',
      headers: { ...blocked, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    });
    expect(login.status).toBe(403);
  });

  it('pages go to the blocked-by-IP screen, which is served with its assets', async () => {
    const page = await fetch(`${srv.sitesUrl}/B2`, { headers: blocked, redirect: 'manual' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/errors/403-ip');
    const screen = await fetch(`${srv.sitesUrl}/errors/403-ip`, { headers: { ...blocked, 'accept-language': 'en' } });
    expect(screen.status).toBe(403);
    expect(await screen.text()).toContain('<html lang="en">');
    const admin = await fetch(`${srv.adminUrl}/1/site-list`, { headers: blocked, redirect: 'manual' });
    expect(admin.status).toBe(302);
    expect(admin.headers.get('location')).toBe('/errors/403-ip');
    const ok = await fetch(`${srv.sitesUrl}/B2`, { headers: allowed });
    expect(ok.status).toBe(200);
  });
});
