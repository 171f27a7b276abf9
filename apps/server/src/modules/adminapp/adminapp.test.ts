import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { registerErrorHandling } from '../../http/errors.js';
import { adminSecurityHeaders } from '../../http/security.js';
import { zodValidatorCompiler } from '../../http/validation.js';
import { adminAppRoutes, withNonce } from './routes.js';

// The SPA host alone (no database): static assets, index.html with the response's nonce, 503 without a build.

const config = loadConfig({ PORT: '0', SITES_PORT: '0', LOG_LEVEL: 'silent' });
const ctx = { config } as unknown as AppContext;

async function appFor(dist: string): Promise<FastifyInstance> {
  const app = Fastify();
  // the same compilers as app.ts: zod schemas, plain JSON out
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  registerErrorHandling(app);
  adminSecurityHeaders(app, config);
  await app.register(async (s) => adminAppRoutes({ dist })(s.withTypeProvider<ZodTypeProvider>(), ctx));
  await app.ready();
  return app;
}

let dist: string;
let built: FastifyInstance;
let missing: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" crossorigin src="/assets/app-1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-secret.txt'), 'secret');
  built = await appFor(dist);
  missing = await appFor(path.join(dist, 'nope'));
});

afterAll(async () => {
  await built.close();
  await missing.close();
});

describe('admin SPA host', () => {
  it('answers client routes with index.html carrying this response’s nonce', async () => {
    const a = await built.inject({ method: 'GET', url: '/master/site/3?x=1' });
    const b = await built.inject({ method: 'GET', url: '/login' });
    expect(a.statusCode).toBe(200);
    expect(a.headers['content-type']).toContain('text/html');
    expect(a.headers['cache-control']).toBe('no-store');
    const nonce = /'nonce-([^']+)'/.exec(String(a.headers['content-security-policy']))?.[1] as string;
    expect(a.body).toContain(`<meta name="csp-nonce" content="${nonce}">`);
    expect(a.body).toContain(`<script nonce="${nonce}" type="module"`);
    const nonceB = /'nonce-([^']+)'/.exec(String(b.headers['content-security-policy']))?.[1];
    expect(nonceB).not.toBe(nonce);
  });

  it('serves hashed assets with a year of cache and other files briefly; a missing asset is 404', async () => {
    const js = await built.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.headers['cache-control']).toContain('immutable');
    const svg = await built.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).not.toContain('immutable');
    expect((await built.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(404);
    expect((await built.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(404);
  });

  it('never leaves the build folder', async () => {
    for (const url of [
      '/../outside-secret.txt',
      '/assets/..%2F..%2Foutside-secret.txt',
      '/%2e%2e/%2e%2e/outside-secret.txt',
      '/assets/%00x.js',
    ]) {
      const r = await built.inject({ method: 'GET', url });
      expect(r.body).not.toContain('secret');
      expect([200, 404]).toContain(r.statusCode);
    }
  });

  it('keeps /api/* and /dev/* out of the SPA: JSON 404', async () => {
    for (const url of ['/api/v1/nothing', '/api', '/dev/nothing']) {
      const r = await built.inject({ method: 'GET', url });
      expect(r.statusCode).toBe(404);
      expect(r.headers['content-type']).toContain('application/json');
    }
  });

  it('answers 503 with a clear message when the SPA is not built', async () => {
    const r = await missing.inject({ method: 'GET', url: '/login', headers: { 'accept-language': 'en' } });
    expect(r.statusCode).toBe(503);
    expect(r.body).toContain('npm run build');
  });

  it('app-config tells the SPA where the sites origin is', async () => {
    const r = await built.inject({ method: 'GET', url: '/api/v1/app-config' });
    expect(r.statusCode).toBe(200);
    expect(r.json().sitesUrl).toBe(config.sitesUrl);
  });

  it('withNonce leaves scripts that already carry a nonce alone', () => {
    expect(withNonce('<script nonce="a"></script><script>', 'b')).toBe('<script nonce="a"></script><script nonce="b">');
  });
});
