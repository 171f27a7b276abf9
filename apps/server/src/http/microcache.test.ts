import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import type { AppContext } from '../context.js';
import { seedDemo } from '../demo/seed.js';
import { readSiteDocument } from '../modules/sites/read.js';
import { findSite, type SiteRow, writeSiteDocument } from '../modules/sites/repo.js';
import { invalidateSite, planOf, publishSnapshot } from '../modules/sites/service.js';
import { startTestServer, type TestServer } from '../test/helpers.js';
import { Drain } from './drain.js';
import { MicroCache, NODE_HEADERS, REFRESH_MS } from './microcache.js';

// The sites origin's micro-cache: repeated public requests are answered before routing, with the
// same bytes and headers; anything personal, failed or changed is never answered from it.

let srv: TestServer;
let siteId = 0;
let base = '';
let pageId = 0;

async function seed(ctx: AppContext) {
  const r = await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } });
  siteId = r?.siteId ?? 0;
}
const hits = () => srv.sites.microcache?.hits ?? -1;
const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });

beforeAll(async () => {
  srv = await startTestServer({ microcacheTtlMs: 60_000 }, { seed });
  base = srv.sitesUrl;
  const shell = (await (await get(`/api/v1/end-user/site/${siteId}`)).json()) as { categories: { pages: { id: number }[] }[] };
  pageId = shell.categories[0]?.pages[0]?.id ?? 0;
  // the demo data makes image variants: minutes on a loaded 2-core machine
}, 300_000);
afterAll(async () => {
  await srv?.drop();
});

describe('micro-cache', () => {
  it('answers a repeated page-detail call with the same bytes and headers, and a fresh request id', async () => {
    const path = `/api/v1/end-user/site/${siteId}/page/${pageId}/public?lang=en`;
    const a = await get(path);
    const before = hits();
    const b = await get(path);
    expect(hits()).toBe(before + 1);
    expect(b.status).toBe(200);
    expect(await b.text()).toBe(await a.text());
    for (const h of ['etag', 'cache-control', 'content-type', 'content-security-policy', 'x-content-type-options', 'vary'])
      expect(b.headers.get(h), h).toBe(a.headers.get(h));
    expect(b.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
    // revalidation from the cache
    const c = await get(path, { 'if-none-match': a.headers.get('etag') as string });
    expect(c.status).toBe(304);
    expect(hits()).toBe(before + 2);
  });

  it('keeps languages and encodings apart, and serves rendered pages', async () => {
    const ja = await (await get(`/api/v1/end-user/site/${siteId}/page/${pageId}/public?lang=ja`)).text();
    const en = await (await get(`/api/v1/end-user/site/${siteId}/page/${pageId}/public?lang=en`)).text();
    expect(ja).not.toBe(en);
    const plain = await get('/B2', { 'accept-encoding': 'identity' });
    const html = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const before = hits();
    const gz = await get('/B2', { 'accept-encoding': 'gzip' });
    expect(await gz.text()).toBe(html);
    const gz2 = await get('/B2', { 'accept-encoding': 'gzip' });
    expect(gz2.headers.get('content-encoding')).toBe('gzip');
    expect(await gz2.text()).toBe(html);
    expect(hits()).toBe(before + 1);
    const again = await get('/B2', { 'accept-encoding': 'identity' });
    expect(again.headers.get('content-encoding')).toBeNull();
    expect(await again.text()).toBe(html);
    // brotli, as browsers ask: made in the background, so gzip until it is there, and only the
    // brotli answer is kept for the key
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    let br = await get('/B2', browser);
    for (let i = 0; i < 200 && br.headers.get('content-encoding') !== 'br'; i++) {
      expect(br.headers.get('content-encoding')).toBe('gzip');
      expect(await br.text()).toBe(html);
      await new Promise((r) => setTimeout(r, 25));
      br = await get('/B2', browser);
    }
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toBe(html);
    const kept = hits();
    const br2 = await get('/B2', browser);
    expect(br2.headers.get('content-encoding')).toBe('br');
    expect(await br2.text()).toBe(html);
    expect(hits()).toBe(kept + 1);
  });

  it('sends published JSON compressed as browsers ask, and keeps only its final form', async () => {
    const path = `/api/v1/end-user/site/${siteId}/page/${pageId}/public?lang=ja`;
    const plain = await get(path, { 'accept-encoding': 'identity' });
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    let br = await get(path, browser);
    for (let i = 0; i < 200 && br.headers.get('content-encoding') !== 'br'; i++) {
      expect(br.headers.get('content-encoding')).toBe('gzip');
      expect(await br.text()).toBe(json);
      await new Promise((r) => setTimeout(r, 25));
      br = await get(path, browser);
    }
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('accept-language, accept-encoding');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(json.length / 2);
    expect(await br.text()).toBe(json);
    const kept = hits();
    const again = await get(path, browser);
    expect(again.headers.get('content-encoding')).toBe('br');
    expect(await again.text()).toBe(json);
    expect(hits()).toBe(kept + 1);
    // revalidation gives the same Vary
    const notModified = await get(path, { ...browser, 'if-none-match': br.headers.get('etag') as string });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('vary')).toBe('accept-language, accept-encoding');
  });

  it('a page id cookie is part of the key; other cookies are not', async () => {
    const c1 = await (await get('/', { cookie: `page_id=${pageId + 1}` })).text();
    const c2 = await (await get('/', { cookie: 'page_id=999999; other=1' })).text();
    const c3 = await (await get('/', { cookie: 'page_id=999999; other=2' })).text();
    expect(c1).toContain('data-position="A2"');
    expect(c2).toContain('data-position="A1"');
    expect(c3).toBe(c2);
  });

  it('never answers calls with a token, failures or unknown sites', async () => {
    const path = `/api/v1/end-user/site/${siteId}/page/${pageId}/public?lang=en`;
    await get(path);
    const before = hits();
    const withToken = await get(path, { authorization: 'Bearer x' });
    expect(withToken.status).toBe(200);
    expect(hits()).toBe(before);
    await get('/api/v1/end-user/site/987654');
    const missing = await get('/api/v1/end-user/site/987654');
    expect(missing.status).toBe(404);
    await get('/sites/987654/A1');
    expect((await get('/sites/987654/A1')).status).toBe(404);
    expect(hits()).toBe(before);
  });

  it('publishing shows the new content at once', async () => {
    const path = `/api/v1/end-user/site/${siteId}`;
    const first = (await (await get(path)).json()) as { name: string };
    await get(path);
    const site = (await findSite(srv.ctx.db, siteId)) as SiteRow;
    const doc = siteDocumentSchema.parse(await readSiteDocument(srv.ctx.db, site));
    const owner = await srv.ctx.db.one<{ account_id: number }>('SELECT account_id FROM sites WHERE id = $1', [siteId]);
    await srv.ctx.db.tx(async (q) => {
      await writeSiteDocument(q, siteId, { ...doc, name: `${doc.name} (renamed)` });
      await publishSnapshot(q, siteId, await planOf(q, owner.account_id));
    });
    await invalidateSite(srv.ctx, siteId);
    const after = (await (await get(path)).json()) as { name: string };
    expect(after.name).toBe(`${first.name} (renamed)`);
  });

  it('is not used while the server drains', async () => {
    const drain = new Drain();
    const app = await buildApp(srv.ctx, 'sites', drain);
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/end-user/site/${siteId}`;
      await fetch(url);
      expect((await fetch(url)).status).toBe(200);
      expect(app.microcache?.hits).toBe(1);
      drain.draining = true;
      const r = await fetch(url);
      expect(r.status).toBe(503);
      expect(app.microcache?.hits).toBe(1);
    } finally {
      drain.draining = false;
      await app.close();
    }
  });
});

describe('micro-cache expiry', () => {
  // The class in front of a plain handler that counts the requests reaching it and, while `release` is set,
  // holds its answers until the test calls it (a render on its way); no clock is faked.
  let reached = 0;
  let status = 200;
  let release: (() => void) | undefined;
  let server: http.Server;
  let url = '';
  const micro = new MicroCache({ ttlMs: 200 });
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (micro.serve(req, res)) return;
      reached++;
      const body = Buffer.from(`answer ${reached}`);
      const answer = () => {
        const key = micro.keyOf(req);
        if (status === 200 && key !== null) micro.store(key, { 'content-type': 'text/plain' }, body);
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(body);
      };
      if (release === undefined) answer();
      else {
        const before = release;
        release = () => {
          before();
          answer();
        };
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));
  const expired = async () => {
    const at = Date.now();
    await vi.waitUntil(() => Date.now() - at > 250, { timeout: 5000, interval: 20 });
  };

  it('lets one request through when an entry expires and answers the others from it meanwhile', async () => {
    reached = 0;
    expect(await (await fetch(url)).text()).toBe('answer 1');
    await expired();
    release = () => {};
    const refresh = fetch(url).then((r) => r.text());
    await vi.waitUntil(() => reached === 2, { timeout: 5000 });
    // the render is still on its way: eight more requests get the expired answer, none reaches the handler
    const meanwhile = await Promise.all(Array.from({ length: 8 }, () => fetch(url).then((r) => r.text())));
    expect(meanwhile).toEqual(Array(8).fill('answer 1'));
    expect(reached).toBe(2);
    const done = release;
    release = undefined;
    done();
    expect(await refresh).toBe('answer 2');
    expect(await (await fetch(url)).text()).toBe('answer 2');
    expect(reached).toBe(2);
  });

  it('drops an expired entry whose fresh answer is not kept, after REFRESH_MS at most', async () => {
    micro.clear();
    reached = 0;
    status = 200;
    expect(await (await fetch(url)).text()).toBe('answer 1');
    await expired();
    status = 404;
    const failed = await fetch(url);
    expect(failed.status).toBe(404);
    expect(reached).toBe(2);
    // within REFRESH_MS the old answer still stands in; after it, every request reaches the handler
    const at = Date.now();
    await vi.waitUntil(
      async () => {
        const r = await fetch(url);
        await r.text();
        return r.status === 404;
      },
      { timeout: 5000, interval: 50 },
    );
    expect(Date.now() - at).toBeLessThan(REFRESH_MS + 1000);
    const count = reached;
    expect((await fetch(url)).status).toBe(404);
    expect(reached).toBe(count + 1);
    status = 200;
  });
});

describe('micro-cache headers', () => {
  // Cached answers are written from Node's own record of a response's headers, checked once when stored
  // (microcache.ts, NODE_HEADERS): the same bytes as writeHead would send, and nothing Node would refuse.
  let server: http.Server;
  let base = '';
  const micro = new MicroCache({ ttlMs: 60_000 });
  const sent: Record<string, Record<string, string | string[]>> = {
    '/ok': { 'content-type': 'text/plain', etag: '"v1"', vary: 'accept-encoding', 'set-later': ['a', 'b'] },
    '/bad': { 'content-type': 'text/plain', 'x-bad': 'one\r\nset-cookie: stolen=1' },
  };
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (micro.serve(req, res)) return;
      const headers = sent[req.url ?? ''] ?? {};
      const key = micro.keyOf(req);
      const body = Buffer.from(`body of ${req.url}`);
      if (key !== null) micro.store(key, headers, body);
      // what the app itself sends: the bad header is left out (Node would refuse it)
      const { 'x-bad': _bad, ...fine } = headers;
      res.writeHead(200, { ...fine, 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('is the fast path on this Node', () => {
    expect(NODE_HEADERS).toBeTypeOf('symbol');
  });

  it('sends a cached answer with the headers the first one had, and a request id of its own each time', async () => {
    const first = await fetch(`${base}/ok`);
    const before = micro.hits;
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const r = await fetch(`${base}/ok`);
      expect(await r.text()).toBe('body of /ok');
      for (const h of ['content-type', 'etag', 'vary', 'set-later', 'content-length'])
        expect(r.headers.get(h), h).toBe(first.headers.get(h));
      ids.add(r.headers.get('x-request-id') ?? '');
    }
    expect(micro.hits).toBe(before + 3);
    expect([...ids].every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
    expect(ids.size).toBe(3);
    const notModified = await fetch(`${base}/ok`, { headers: { 'if-none-match': '"v1"' } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe('"v1"');
    expect(notModified.headers.get('content-length')).toBeNull();
  });

  it('never keeps an answer whose headers Node would refuse', async () => {
    const before = micro.hits;
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${base}/bad`);
      expect(r.status).toBe(200);
      expect(r.headers.get('set-cookie')).toBeNull();
    }
    expect(micro.hits).toBe(before);
  });
});
