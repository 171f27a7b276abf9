import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { PREVIEW_FAIL_LIMIT, PREVIEW_IP_FAIL_LIMIT } from './credential.js';

// Every path that checks a preview passcode (the login call and the e-mail + passcode
// headers of the preview calls) is throttled by one counter per site and e-mail, and one per address.
// Its own server: the counters of other test files do not leak in.

let s: TestServer;
let site: Fixture;
const PASS = 'Preview-Pass-1';

beforeAll(async () => {
  s = await startTestServer();
  site = await makeVisitorSite(s.ctx, {
    publish: false,
    previewPasscode: PASS,
    invited: ['a@example.com', 'b@example.com', 'c@example.com'],
  });
});
afterAll(async () => {
  vi.useRealTimers();
  await s?.drop();
});

const byHeaders = (email: string, password: string) =>
  http<{ code: string; message: string }>(s.sitesUrl, 'GET', `/api/v1/preview/site/${site.siteId}/seo?lang=en`, {
    headers: { 'x-preview-email': email, password },
    lang: 'en',
  });
const byLogin = (email: string, password: string) =>
  http<{ code: string; access_token?: string }>(s.sitesUrl, 'POST', `/api/v1/preview/site/${site.siteId}/login`, {
    body: { email, password },
    lang: 'en',
  });

describe('preview passcode throttle', () => {
  it('refuses the right passcode in headers after too many wrong ones, on both paths, until the window passes', async () => {
    for (let i = 0; i < PREVIEW_FAIL_LIMIT.max; i++) expect((await byHeaders('a@example.com', `wrong-${i}`)).status).toBe(401);
    const right = await byHeaders('a@example.com', PASS);
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Please wait and try again.');
    // the login shares the counter
    expect((await byLogin('A@example.com', PASS)).status).toBe(429);
    // another invitee of the site is not locked out by these guesses
    expect((await byHeaders('b@example.com', PASS)).status).toBe(200);
    // once the window has passed, the right passcode works again
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (PREVIEW_FAIL_LIMIT.windowSeconds + 1) * 1000 });
    expect((await byHeaders('a@example.com', PASS)).status).toBe(200);
    vi.useRealTimers();
  });

  it('counts wrong logins against the header path too', async () => {
    for (let i = 0; i < PREVIEW_FAIL_LIMIT.max; i++) expect((await byLogin('c@example.com', `wrong-${i}`)).status).toBe(401);
    expect((await byHeaders('c@example.com', PASS)).status).toBe(429);
  });

  it('limits the failures of one address across e-mails', async () => {
    let refused = 0;
    for (let i = 0; i < PREVIEW_IP_FAIL_LIMIT.max + 1 && refused === 0; i++) {
      const r = await byHeaders(`stranger${i}@example.com`, PASS);
      if (r.status === 429) refused = i + 1;
      else expect(r.status).toBe(401);
    }
    expect(refused).toBeGreaterThan(0);
    // from this address, even an invitee with the right passcode waits
    expect((await byHeaders('b@example.com', PASS)).status).toBe(429);
    expect((await byLogin('b@example.com', PASS)).status).toBe(429);
  });

  it('answers a malformed header pair like a wrong passcode, without a 500', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * (PREVIEW_IP_FAIL_LIMIT.windowSeconds + 1) * 1000 });
    expect((await byHeaders('not-an-email', PASS)).status).toBe(401);
    expect((await byHeaders('b@example.com', 'x'.repeat(500))).status).toBe(401);
    expect((await byHeaders('b@example.com', PASS)).status).toBe(200);
    vi.useRealTimers();
  });
});
