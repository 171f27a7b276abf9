import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { AppContext } from '../../context.js';
import { registerErrorHandling } from '../../http/errors.js';
import { adminSecurityHeaders } from '../../http/security.js';
import { zodValidatorCompiler } from '../../http/validation.js';
import { ADMIN_DIST, adminAppRoutes, withNonce } from './routes.js';

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
let real: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"><script type="module" crossorigin src="/assets/app-1.js"></script></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
  // over the 1 KB from which bodies are compressed, and without the build's precompressed forms beside it
  fs.writeFileSync(path.join(dist, 'assets', 'big-2.css'), `.a{color:red}\n`.repeat(200));
  // the build's manifest names each language's first table (apps/admin/vite.config.ts)
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify(
      Object.fromEntries(
        ['ja', 'en', 'kr', 'cn'].map((l) => [`virtual:admin-messages/messages-${l}`, { file: `assets/messages-${l}-x.js` }]),
      ),
    ),
  );
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(os.tmpdir(), 'outside-secret.txt'), 'secret');
  built = await appFor(dist);
  missing = await appFor(path.join(dist, 'nope'));
  real = await appFor(ADMIN_DIST);
});

afterAll(async () => {
  await built.close();
  await missing.close();
  await real.close();
});

/** The body as the client reads it, decoded as its content-encoding says. */
function decoded(r: { rawPayload: Buffer; headers: Record<string, unknown> }): Buffer {
  const enc = r.headers['content-encoding'];
  if (enc === 'br') return zlib.brotliDecompressSync(r.rawPayload);
  if (enc === 'gzip') return zlib.gunzipSync(r.rawPayload);
  if (enc !== undefined) throw new Error(`unexpected encoding ${String(enc)}`);
  return r.rawPayload;
}

/** Every file of a build, relative, without the precompressed forms and the bundler's manifest folder. */
function builtFiles(dir: string, rel = ''): string[] {
  return fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = `${rel}/${e.name}`;
    if (e.isDirectory()) return e.name === '.vite' ? [] : builtFiles(dir, r);
    return /\.(br|gz)$/.test(e.name) ? [] : [r];
  });
}

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

  it('preloads the language table the page will fetch first: a pick (cookie), then ?lang=, then the browser’s', async () => {
    const preloaded = async (headers: Record<string, string>, url = '/login') => {
      const r = await built.inject({ method: 'GET', url, headers });
      return [...r.body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/messages-(\w+)-x\.js">/g)].map((m) => m[1]);
    };
    expect(await preloaded({})).toEqual(['ja']);
    expect(await preloaded({ 'accept-language': 'fr-FR, en-US;q=0.8, ja;q=0.5' })).toEqual(['en']);
    expect(await preloaded({ 'accept-language': 'en' }, '/login?lang=kr')).toEqual(['kr']);
    expect(await preloaded({ 'accept-language': 'en', cookie: 'x=1; lang=cn' }, '/login?lang=kr')).toEqual(['cn']);
    expect(await preloaded({ 'accept-language': 'en', cookie: 'lang=xx' })).toEqual(['en']);
    // before the closing head, once
    const page = (await built.inject({ method: 'GET', url: '/' })).body;
    expect(page.indexOf('modulepreload')).toBeLessThan(page.indexOf('</head>'));
  });

  it('serves hashed assets with a year of cache and other files briefly; a missing asset is 404', async () => {
    const js = await built.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect(js.headers['cache-control']).toContain('immutable');
    // a script is no document: nosniff, and none of the document-only headers (a CSP, framing, opener, permissions)
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    for (const h of ['content-security-policy', 'x-frame-options', 'cross-origin-opener-policy', 'permissions-policy'])
      expect(js.headers[h], h).toBeUndefined();
    const html = await built.inject({ method: 'GET', url: '/login' });
    expect(html.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(html.headers['x-frame-options']).toBe('DENY');
    const svg = await built.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['cache-control']).not.toContain('immutable');
    expect((await built.inject({ method: 'GET', url: '/assets/app-2.js' })).statusCode).toBe(404);
    expect((await built.inject({ method: 'GET', url: '/robots.txt' })).statusCode).toBe(404);
  });

  it('answers brotli, gzip or the file as it is, as the request accepts, with Vary', async () => {
    const file = fs.readFileSync(path.join(dist, 'assets', 'big-2.css'));
    const asked = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ] as const;
    for (const [accept, encoding] of asked) {
      const r = await built.inject({ method: 'GET', url: '/assets/big-2.css', headers: { 'accept-encoding': accept } });
      expect(r.statusCode, accept).toBe(200);
      expect(r.headers['content-encoding'], accept).toBe(encoding);
      expect(r.headers.vary, accept).toContain('accept-encoding');
      expect(r.headers['content-type']).toContain('text/css');
      expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decoded(r).equals(file), accept).toBe(true);
    }
    // under 1 KB the body goes as it is
    const small = await built.inject({ method: 'GET', url: '/assets/app-1.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('console.log(1)');
  });

  it('answers every file of the back-office build in brotli, gzip and as it is, the compressed forms made by the build', async () => {
    expect(fs.existsSync(path.join(ADMIN_DIST, 'index.html')), 'the back-office is built (npm run build)').toBe(true);
    const files = builtFiles(ADMIN_DIST).filter((f) => f !== '/index.html');
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(10);
    let compressed = 0;
    for (const f of files) {
      const bytes = fs.readFileSync(path.join(ADMIN_DIST, f));
      const text = /\.(js|css|svg|json|txt|html)$/.test(f) && bytes.length >= 1024;
      for (const accept of ['br', 'gzip', 'identity']) {
        const r = await real.inject({ method: 'GET', url: f, headers: { 'accept-encoding': accept } });
        expect(r.statusCode, f).toBe(200);
        expect(decoded(r).equals(bytes), `${f} ${accept}`).toBe(true);
        expect(r.headers['content-encoding'], `${f} ${accept}`).toBe(text && accept !== 'identity' ? accept : undefined);
        if (f.startsWith('/assets/')) expect(r.headers['cache-control']).toContain('immutable');
        // sent as the build wrote it: nothing compressed while answering
        if (text && accept !== 'identity')
          expect(r.rawPayload.equals(fs.readFileSync(path.join(ADMIN_DIST, `${f}.${accept === 'br' ? 'br' : 'gz'}`))), f).toBe(true);
      }
      if (text) compressed++;
    }
    expect(compressed).toBeGreaterThan(10);
    // the forms are not files of their own
    const js = files.find((f) => f.endsWith('.js')) as string;
    expect((await real.inject({ method: 'GET', url: `${js}.br` })).statusCode).toBe(404);
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
