import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { seedDemo } from '../../demo/seed.js';
import { startTestServer, type TestServer } from '../../test/helpers.js';
import { memberLink } from '../enduser/service.js';
import { siteUrl } from '../sites/service.js';
import { siteHostsSource, siteIdOfHost, siteOrigin } from './hosts.js';
import { getPublishedSite } from './service.js';

// Per-site hosts (SITE_SUBDOMAIN_BASE): each site on its own origin, so no site's scripts share an
// origin (storage, tokens) with another's; the path forms move there.

const cfg = { sitesUrl: 'https://sites.example.com', siteSubdomainBase: 'sites.example.com' };

describe('site hosts', () => {
  it('names, reads and covers the hosts', () => {
    expect(siteOrigin(cfg, 42)).toBe('https://s42.sites.example.com');
    expect(siteOrigin({ sitesUrl: 'http://127.0.0.1:3001', siteSubdomainBase: 'localhost' }, 7)).toBe('http://s7.localhost:3001');
    expect(siteOrigin({ ...cfg, siteSubdomainBase: undefined }, 42)).toBeNull();
    expect(siteIdOfHost(cfg, 'S42.Sites.Example.com:443')).toBe(42);
    expect(siteIdOfHost(cfg, 'sites.example.com')).toBeNull();
    expect(siteIdOfHost(cfg, 'a.s42.sites.example.com')).toBeNull();
    expect(siteIdOfHost(cfg, 's42.other.com')).toBeNull();
    expect(siteIdOfHost(cfg, 'x42.sites.example.com')).toBeNull();
    expect(siteIdOfHost(cfg, undefined)).toBeNull();
    expect(siteHostsSource(cfg)).toBe('https://*.sites.example.com');
  });

  it('site URLs: custom domain, default site, own host, path form', () => {
    const row = { id: 5, custom_domain: null, domain_verified_at: null, is_default: false };
    expect(siteUrl(row, cfg)).toBe('https://s5.sites.example.com/');
    expect(siteUrl({ ...row, is_default: true }, cfg)).toBe('https://sites.example.com/');
    expect(siteUrl({ ...row, custom_domain: 'lp.brand.test', domain_verified_at: '2026-01-01' }, cfg)).toBe('https://lp.brand.test/');
    expect(siteUrl(row, { ...cfg, siteSubdomainBase: undefined })).toBe('https://sites.example.com/sites/5');
  });

  it('refuses a base that is not a host name', () => {
    expect(() => loadConfig({ SITE_SUBDOMAIN_BASE: 'bad host/x' })).toThrow(/SITE_SUBDOMAIN_BASE/);
    expect(loadConfig({ SITE_SUBDOMAIN_BASE: '.Sites.Example.com.' }).siteSubdomainBase).toBe('sites.example.com');
    expect(loadConfig({}).siteSubdomainBase).toBeUndefined();
  });
});

describe('serving with per-site hosts', () => {
  let srv: TestServer;
  let siteId = 0;
  let port = '';
  const own = () => `s${siteId}.localhost:${port}`;

  function get(
    path: string,
    host: string,
  ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, method: 'GET', headers: { host, 'accept-language': 'en' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  beforeAll(async () => {
    srv = await startTestServer(
      { siteSubdomainBase: 'localhost' },
      {
        seed: async (ctx: AppContext) => {
          siteId = (await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } }))?.siteId ?? 0;
        },
      },
    );
    port = new URL(srv.sitesUrl).port;
  });
  afterAll(async () => {
    await srv?.drop();
  });

  it('moves the path forms to the site host', async () => {
    const shared = `127.0.0.1:${port}`;
    const page = await get(`/sites/${siteId}/en/B2?variation_id=v1`, shared);
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe(`http://${own()}/en/B2?variation_id=v1`);
    expect((await get(`/sites/${siteId}`, shared)).headers.location).toBe(`http://${own()}/`);
    expect((await get(`/sites/${siteId}/en/register`, shared)).headers.location).toBe(`http://${own()}/en/register`);
    const preview = await get(`/site/${siteId}/preview`, shared);
    expect(preview.status).toBe(302);
    expect(preview.headers.location).toBe(`http://${own()}/site/${siteId}/preview`);
    // another site's path on a site host goes to that site's host, never served here
    expect((await get('/sites/77/A1', own())).headers.location).toBe(`http://s77.localhost:${port}/A1`);
  });

  it('serves the site, its screens and its data from its own host root', async () => {
    const b2 = await get('/en/B2', own());
    expect(b2.status).toBe(200);
    expect(b2.body).toContain('data-position="B2"');
    expect(b2.body).toContain(`<link rel="canonical" href="http://${own()}/en/B2">`);
    const register = await get('/en/register', own());
    expect(register.status).toBe(200);
    const api = await get(`/api/v1/end-user/site/${siteId}`, own());
    expect(api.status).toBe(200);
    expect((await get('/A1', `s987654.localhost:${port}`)).status).toBe(404);
    const preview = await get(`/site/${siteId}/preview`, own());
    expect(preview.status).not.toBe(302);
  });

  it('mail links point at the site host; the admin CSP allows the site hosts', async () => {
    const ps = await getPublishedSite(srv.ctx, siteId);
    if (!ps) throw new Error('demo site not published');
    expect(memberLink(srv.ctx, ps, 'en', 'register', 'token=x')).toBe(`http://${own()}/en/register?token=x`);
    const r = await fetch(`${srv.adminUrl}/login`);
    expect(r.headers.get('content-security-policy')).toContain(`frame-src http://127.0.0.1:${port} http://*.localhost:${port};`);
  });
});
