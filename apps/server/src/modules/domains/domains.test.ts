import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { jobHandlers } from '../index.js';
import { getPublishedSite, resolveSiteId } from '../published/service.js';
import { emptyDocument } from '../sites/service.js';
import { setCnameResolver, VERIFY_WINDOW_MS, verifyDomainJob } from './service.js';

// Custom domains with a fake resolver (no network): DOMAIN_VERIFYING, the verification job with
// RetryLater, connected after the CNAME appears, the 72-hour limit, and serving by Host.

let s: TestServer;
let token = '';
let other = '';
const dns = new Map<string, string[]>();

async function runJobs(): Promise<number> {
  const handlers = jobHandlers();
  const w = new Worker(s.ctx, handlers);
  let n = 0;
  while (await w.runOneJob()) n++;
  return n;
}
const newSite = async (tok = token) =>
  (
    await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: tok,
      body: { name: 'Dom', number_horizontal: 1, number_vertical: 1 },
    })
  ).body.id;
const siteRow = (id: number) =>
  s.ctx.db.one<{ status: string; custom_domain: string | null; domain_verified_at: string | null; domain_failed_at: string | null }>(
    'SELECT status, custom_domain, domain_verified_at, domain_failed_at FROM sites WHERE id = $1',
    [id],
  );

beforeAll(async () => {
  s = await startTestServer();
  setCnameResolver(s.ctx, async (host) => {
    const r = dns.get(host);
    if (!r) throw Object.assign(new Error(`queryCname ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return r;
  });
  const plan = await makePlan(s.ctx, { quantitySite: 20 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@dom.test' });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'u@dom.test', planId: plan });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'o@dom.test', planId: plan });
  token = (await login(s.adminUrl, 'u@dom.test')).access;
  other = (await login(s.adminUrl, 'o@dom.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

describe('custom domain', () => {
  it('validates the domain, answers with the CNAME target, and checks it until the CNAME exists', async () => {
    const id = await newSite();
    expect((await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, { token, body: { domain: 'not a domain' } })).status).toBe(422);
    expect((await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, { token, body: { domain: '-bad-.com' } })).status).toBe(422);
    const r = await http<{ cname_target: string; status: string; domain: string }>(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, {
      token,
      body: { domain: 'Shop.Example.com' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ cname_target: s.ctx.config.cnameTarget, status: 'DOMAIN_VERIFYING', domain: 'shop.example.com' });
    // not there yet: the job asks again later (RetryLater), the site keeps checking
    expect(await runJobs()).toBe(1);
    const job = await s.ctx.db.one<{ status: string; run_at: string; attempts: number }>(
      "SELECT status, run_at, attempts FROM jobs WHERE kind = 'domain.verify' ORDER BY id DESC LIMIT 1",
    );
    expect(job.status).toBe('QUEUED');
    expect(new Date(job.run_at).getTime()).toBeGreaterThan(Date.now());
    expect((await siteRow(id)).status).toBe('DOMAIN_VERIFYING');
    // the CNAME appears (with the trailing dot DNS answers carry): connected, back to its own status
    dns.set('shop.example.com', [`${s.ctx.config.cnameTarget.toUpperCase()}.`]);
    const v = await http<{ verified: boolean; status: string }>(s.adminUrl, 'POST', `/api/v1/sites/${id}/domain/verify`, { token });
    expect(v.body).toMatchObject({ verified: true, status: 'DRAFT' });
    const row = await siteRow(id);
    expect(row.domain_verified_at).not.toBeNull();
    // a domain already in use by another site is refused
    const second = await newSite();
    const taken = await http<{ message: string[] }>(s.adminUrl, 'PUT', `/api/v1/sites/${second}/domain`, {
      token,
      lang: 'en',
      body: { domain: 'shop.example.com' },
    });
    expect(taken.status).toBe(422);
    expect(String(taken.body.message)).toContain('already used');
  });

  it('a published site keeps being served while checking, then the sites origin serves it by Host', async () => {
    const id = await newSite();
    const doc = emptyDocument({ name: 'Hosted', numberHorizontal: 1, numberVertical: 1, defaultLanguage: 'ja', languages: ['ja'] });
    expect((await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, { token, body: { action: 'publish', document: doc } })).status).toBe(200);
    // saving the document with a custom domain starts the check (saving as draft does too)
    const saved = await http<{ status: string }>(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, {
      token,
      body: { action: 'draft', document: { ...doc, customDomain: 'lp.brand.test' } },
    });
    expect(saved.body.status).toBe('DOMAIN_VERIFYING');
    expect(
      await s.ctx.db.maybeOne("SELECT id FROM jobs WHERE kind = 'domain.verify' AND payload->>'siteId' = $1 AND status = 'QUEUED'", [
        String(id),
      ]),
    ).toBeTruthy();
    expect((await getPublishedSite(s.ctx, id))?.document.name).toBe('Hosted');
    expect((await resolveSiteId(s.ctx, 'lp.brand.test', undefined))?.mode).not.toBe('custom-domain');
    dns.set('lp.brand.test', [s.ctx.config.cnameTarget]);
    await s.ctx.db.query("UPDATE jobs SET run_at = $1 WHERE kind = 'domain.verify'", [s.ctx.clock.now()]);
    await runJobs();
    expect((await siteRow(id)).status).toBe('PUBLISH');
    expect(await resolveSiteId(s.ctx, 'LP.brand.test:443', undefined)).toEqual({ siteId: id, mode: 'custom-domain' });
    expect((await getPublishedSite(s.ctx, id))?.customDomain).toBe('lp.brand.test');
    // through the sites origin: a request with that Host reaches this site
    const url = new URL(s.sitesUrl);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, path: '/', method: 'GET', headers: { host: 'lp.brand.test' } }, (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve(body.includes('Hosted') ? (res.statusCode ?? 0) : -(res.statusCode ?? 0)));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
  });

  it('gives up after 72 hours: the site returns to its status on the default address', async () => {
    const id = await newSite();
    await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, { token, body: { domain: 'never.example.org' } });
    const requested = new Date(
      (await s.ctx.db.one<{ t: string }>('SELECT domain_requested_at AS t FROM sites WHERE id = $1', [id])).t,
    ).getTime();
    await expect(verifyDomainJob(s.ctx, { siteId: id }, () => requested + VERIFY_WINDOW_MS - 60_000)).rejects.toThrow('retry later');
    expect(await verifyDomainJob(s.ctx, { siteId: id }, () => requested + VERIFY_WINDOW_MS + 1)).toEqual({
      verified: false,
      reason: 'expired',
    });
    const row = await siteRow(id);
    expect(row.status).toBe('DRAFT');
    expect(row.domain_failed_at).not.toBeNull();
    expect(row.domain_verified_at).toBeNull();
  });

  it('removing the domain returns the site to its status; other tenants get 404', async () => {
    const id = await newSite();
    await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, { token, body: { domain: 'gone.example.org' } });
    expect((await siteRow(id)).status).toBe('DOMAIN_VERIFYING');
    expect((await http(s.adminUrl, 'PUT', `/api/v1/sites/${id}/domain`, { token: other, body: { domain: 'x.example.org' } })).status).toBe(
      404,
    );
    expect((await http(s.adminUrl, 'POST', `/api/v1/sites/${id}/domain/verify`, { token: other })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${id}/domain`, { token: other })).status).toBe(404);
    const del = await http<{ status: string; domain: string | null }>(s.adminUrl, 'DELETE', `/api/v1/sites/${id}/domain`, { token });
    expect(del.body).toMatchObject({ status: 'DRAFT', domain: null });
  });
});
