import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helpers.js';

// Behind a TLS-terminating load balancer (TRUST_PROXY), both origins send HSTS; over plain HTTP they do not.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ trustProxy: true });
});
afterAll(async () => {
  await s?.drop();
});

describe('security headers behind a proxy', () => {
  it('HSTS only when the request came over TLS', async () => {
    for (const base of [s.adminUrl, s.sitesUrl]) {
      const tls = await fetch(`${base}/api/v1/health`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers.get('strict-transport-security')).toContain('max-age=');
      const plain = await fetch(`${base}/api/v1/health`);
      expect(plain.headers.get('strict-transport-security')).toBeNull();
      expect(plain.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
  it('a fresh CSP nonce for every admin response', async () => {
    const a = (await fetch(`${s.adminUrl}/api/v1/health`)).headers.get('content-security-policy');
    const b = (await fetch(`${s.adminUrl}/api/v1/health`)).headers.get('content-security-policy');
    const nonce = (h: string | null) => /'nonce-([^']+)'/.exec(h ?? '')?.[1];
    expect(nonce(a)).toBeTruthy();
    expect(nonce(a)).not.toBe(nonce(b));
  });
  it('sites-origin JSON answers forbid loading, running and framing anything', async () => {
    for (const path of ['/api/v1/health', '/api/v1/pages?site_id=999999', '/api/v1/no-such-route']) {
      const csp = (await fetch(`${s.sitesUrl}${path}`)).headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  });
  it('every answer carries its request id, one per request, or the one the caller sent (set in onSend)', async () => {
    for (const base of [s.adminUrl, s.sitesUrl]) {
      const ids = new Set<string>();
      for (const [path, init] of [
        ['/api/v1/health', {}],
        ['/api/v1/no-such-route', {}],
        ['/api/v1/health?x=%00', {}],
        ['/api/v1/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' }],
      ] as const) {
        const r = await fetch(`${base}${path}`, init);
        const id = r.headers.get('x-request-id') ?? '';
        expect(id, `${base}${path} ${r.status}`).toMatch(/^[0-9a-f-]{36}$/);
        ids.add(id);
      }
      expect(ids.size).toBe(4);
      const mine = await fetch(`${base}/api/v1/health`, { headers: { 'x-request-id': 'trace-123' } });
      expect(mine.headers.get('x-request-id')).toBe('trace-123');
    }
  });
});
