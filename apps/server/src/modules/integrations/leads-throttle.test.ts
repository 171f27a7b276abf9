import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http as call, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';

// The leads API throttles failures, never successes: failures count per client address (60 in 15 minutes) and
// per named account (300), and once either is over, a failing check answers 429 while a right credential keeps
// answering 200, so a stranger behind the customer's NAT or proxy cannot stop its integration.
// X-Forwarded-For names the address only when TRUST_PROXY is set.

const basic = (id: string, pw: string) => `Basic ${Buffer.from(`${id}:${pw}`).toString('base64')}`;
const leads = (s: TestServer, headers: Record<string, string>) =>
  call<{ code?: string }>(s.adminUrl, 'GET', '/api/v1/leads/contacts', { headers });

async function customer(s: TestServer, email: string, body: Record<string, unknown>): Promise<{ id: number; apiKey: string | null }> {
  const a = await makeAccount(s.ctx, { parentId: null, type: 'MASTER_USER', email });
  const token = (await login(s.adminUrl, email)).access;
  const r = await call<{ api_key: string | null }>(s.adminUrl, 'PUT', '/api/v1/integrations/settings', { token, body });
  expect(r.status).toBe(200);
  return { id: a.id, apiKey: r.body.api_key };
}

describe('without TRUST_PROXY', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.drop();
  });

  it('basic auth: after 60 wrong guesses from one address (each with another X-Forwarded-For) the right one still works there, the 61st wrong is 429', async () => {
    const c = await customer(s, 'basic@throttle.test', {
      enabled: true,
      auth_method: 'BASIC_AUTH',
      basic_id: 'crm',
      basic_password: 'S3cret-pass!',
    });
    const acct = { 'x-swipe-account': String(c.id) };
    const right = { ...acct, authorization: basic('crm', 'S3cret-pass!') };
    for (let i = 0; i < 60; i++) {
      const r = await leads(s, { ...acct, authorization: basic('crm', `guess-${i}`), 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(r.status, `guess ${i + 1}`).toBe(401);
    }
    expect((await leads(s, right)).status).toBe(200);
    const over = await leads(s, { ...acct, authorization: basic('crm', 'guess-61'), 'x-forwarded-for': '203.0.113.9' });
    expect(over.status).toBe(429);
    expect(over.body.code).toBe('TOO_MANY_REQUESTS');
    // successes never count, and keep working however many wrong guesses follow
    for (let i = 0; i < 5; i++) expect((await leads(s, right)).status).toBe(200);
    expect((await leads(s, { ...acct, authorization: basic('crm', 'guess-62') })).status).toBe(429);
    expect((await leads(s, { ...acct, authorization: basic('other', 'S3cret-pass!') })).status).toBe(429);
    expect((await leads(s, right)).status).toBe(200);
  });

  it('an API key keeps working from an address over its limit; a wrong key there is 429', async () => {
    const c = await customer(s, 'key@throttle.test', { enabled: true, auth_method: 'API_KEY' });
    // the address is over its limit from the test above
    expect((await leads(s, { 'x-api-key': 'swk_wrong' })).status).toBe(429);
    expect((await leads(s, { 'x-api-key': c.apiKey as string })).status).toBe(200);
  });
});

describe('with TRUST_PROXY', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ trustProxy: true });
  });
  afterAll(async () => {
    await s?.drop();
  });

  it("each forwarded address has its own count; one account's failures from many addresses stop at 300 while its list still answers", async () => {
    const c = await customer(s, 'ip@throttle.test', { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['192.0.2.10'] });
    const acct = { 'x-swipe-account': String(c.id) };
    for (let i = 0; i < 60; i++) expect((await leads(s, { ...acct, 'x-forwarded-for': '198.51.100.7' })).status).toBe(403);
    expect((await leads(s, { ...acct, 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
    // another address is not held back by that one's failures
    expect((await leads(s, { ...acct, 'x-forwarded-for': '198.51.100.8' })).status).toBe(403);
    // 61 + 1 so far: spread the rest of 300 over many addresses
    for (let i = 0; i < 238; i++) {
      const r = await leads(s, { ...acct, 'x-forwarded-for': `10.9.${Math.floor(i / 200)}.${i % 200}` });
      expect(r.status, `failure ${i + 63}`).toBe(403);
    }
    expect((await leads(s, { ...acct, 'x-forwarded-for': '10.9.9.9' })).status).toBe(429);
    // the allowed address still gets in
    expect((await leads(s, { ...acct, 'x-forwarded-for': '192.0.2.10' })).status).toBe(200);
  });
});
