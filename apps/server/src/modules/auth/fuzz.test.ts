import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// Property: whatever body arrives at an auth route, the answer is never a 5xx and always the error shape.
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.drop();
});

const routes = [
  '/api/v1/auth/login',
  '/api/v1/auth/forgot-password',
  '/api/v1/auth/reset-password',
  '/api/v1/auth/verify-token',
  '/api/v1/auth/refresh-token',
];

const jsonBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({
      email: fc.oneof(fc.string(), fc.emailAddress(), fc.integer(), fc.constant(null)),
      password: fc.oneof(fc.string(), fc.integer(), fc.array(fc.string())),
    })
    .map((v) => JSON.stringify(v)),
  fc
    .record({ token: fc.oneof(fc.string(), fc.integer()), password: fc.string(), confirm_password: fc.string() })
    .map((v) => JSON.stringify(v)),
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b).toString('latin1')),
  fc.string({ maxLength: 300 }),
);

describe('auth routes under random bodies', () => {
  it('never answer 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        jsonBody,
        fc.constantFrom('application/json', 'text/plain', 'application/octet-stream'),
        fc.constantFrom('ja', 'en', 'kr', 'cn'),
        async (url, raw, type, lang) => {
          const r = await http<{ message?: unknown; code?: string }>(s.adminUrl, 'POST', url, {
            raw,
            headers: { 'content-type': type, 'x-forwarded-for': '10.0.0.1' },
            lang,
          });
          expect(r.status).toBeLessThan(500);
          if (r.status >= 400) {
            expect(typeof r.body?.code).toBe('string');
            expect(r.body?.message).toBeTruthy();
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
