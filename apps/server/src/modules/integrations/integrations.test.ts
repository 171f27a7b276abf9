import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/db.js';
import { Worker } from '../../jobs/worker.js';
import { type Submission, submitted } from '../../lib/submissions.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http as call, freePort, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { LEADS_FAILURES_ADDRESS } from './leads-auth.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

// API settings, the leads API (401/403, the since-cursor) and signed webhooks delivered exactly once.

let s: TestServer;
let a: { accountId: number; siteId: number; token: string };
let b: { accountId: number; siteId: number; token: string };
const base = () => s.adminUrl;

async function owner(email: string) {
  const f = await makeVisitorSite(s.ctx, { email });
  return { accountId: f.accountId, siteId: f.siteId, token: (await login(s.adminUrl, email)).access };
}

async function contact(siteId: number, email: string, opts: { at?: string; hook?: boolean } = {}): Promise<number> {
  return s.ctx.db.tx((q) => contactIn(q, siteId, email, opts));
}
async function contactIn(q: Queryable, siteId: number, email: string, opts: { at?: string; hook?: boolean } = {}): Promise<number> {
  {
    const row = await q.one<{ id: number; created_at: Date }>(
      `INSERT INTO form_submissions (site_id, form_type, lang, email, data, created_at)
       VALUES ($1, 'CONTACT_SETTING', 'en', $2, $3, COALESCE($4::timestamptz, now())) RETURNING id, created_at`,
      [siteId, email, { email, companyName: 'ACME' }, opts.at ?? null],
    );
    if (opts.hook !== false) await submitted(q, s.ctx, submission(siteId, Number(row.id)));
    return Number(row.id);
  }
}
const submission = (siteId: number, id: number): Submission => ({
  kind: 'contact',
  siteId,
  id,
  occurredAt: new Date(),
  lang: 'en',
  visit: { sessionId: null, pageId: null, ctaId: null, source: null },
});

const put = (token: string, body: Record<string, unknown>, lang = 'en') =>
  call<Record<string, unknown>>(base(), 'PUT', '/api/v1/integrations/settings', { token, body, lang });
const leads = (kind: string, headers: Record<string, string>, query = '') =>
  call<{ items: { id: number }[]; next_cursor: string | null; has_more: boolean; code?: string }>(
    base(),
    'GET',
    `/api/v1/leads/${kind}${query}`,
    { headers },
  );
const basicHeader = (id: string, pw: string) => `Basic ${Buffer.from(`${id}:${pw}`).toString('base64')}`;

beforeAll(async () => {
  s = await startTestServer();
  a = await owner(`api-a-${Date.now()}@integrations.test`);
  b = await owner(`api-b-${Date.now()}@integrations.test`);
  // the analytics hook reads the published site through the pool (a second connection PGlite does not have
  // inside a transaction): read it once first, as a visitor's page view would have
  await getPublishedSite(s.ctx, a.siteId);
  await getPublishedSite(s.ctx, b.siteId);
});
afterAll(async () => {
  await s?.drop();
});

describe('API settings', () => {
  it('shows the defaults on first read, with no signing secret yet', async () => {
    const r = await call<{ webhook_secret_prefix: string | null; enabled: boolean; account_id: number }>(
      base(),
      'GET',
      '/api/v1/integrations/settings',
      { token: a.token },
    );
    expect(r.status).toBe(200);
    expect(r.body.enabled).toBe(false);
    expect(r.body.account_id).toBe(a.accountId);
    expect(r.body.webhook_secret_prefix).toBeNull();
  });

  it('refuses bad input with 422 and translated messages', async () => {
    const noIp = await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: [] });
    expect(noIp.status).toBe(422);
    expect([noIp.body.message].flat()[0]).toContain('Enter at least one IP address.');
    const ja = await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: [] }, 'ja');
    expect([ja.body.message].flat()[0]).toMatch(/IP/);
    expect([ja.body.message].flat()[0]).not.toBe([noIp.body.message].flat()[0]);
    const badIp = await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['10.0.0.300'] });
    expect(badIp.status).toBe(422);
    const badCidr = await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['10.0.0.0/33'] });
    expect(badCidr.status).toBe(422);
    const noBasic = await put(a.token, { enabled: true, auth_method: 'BASIC_AUTH', basic_id: 'crm' });
    expect(noBasic.status).toBe(422);
    expect(JSON.stringify(noBasic.body.fields)).toContain('basicPassword');
    const plainHttp = await put(a.token, { enabled: true, auth_method: 'API_KEY', webhook_url: 'http://example.com/hook' });
    expect(plainHttp.status).toBe(422);
    expect(JSON.stringify(plainHttp.body.fields)).toContain('webhookUrl');
    const ok = await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['203.0.113.0/24', '2001:db8::1', '::1'] });
    expect(ok.status).toBe(200);
  });
});

describe('leads API authentication', () => {
  it('an address outside the list is 403, inside 200; no account header 401', async () => {
    await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['203.0.113.0/24'] });
    const out = await leads('contacts', { 'x-swipe-account': String(a.accountId) });
    expect(out.status).toBe(403);
    expect(out.body.code).toBe('API_IP_NOT_ALLOWED');
    await put(a.token, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['203.0.113.0/24', '127.0.0.0/8', '::1'] });
    expect((await leads('contacts', { 'x-swipe-account': String(a.accountId) })).status).toBe(200);
    expect((await leads('contacts', {})).status).toBe(401);
  });

  it('wrong basic credentials are 401, right ones 200', async () => {
    const r = await put(a.token, { enabled: true, auth_method: 'BASIC_AUTH', basic_id: 'crm', basic_password: 'S3cret-pass!' });
    expect(r.status).toBe(200);
    const acct = { 'x-swipe-account': String(a.accountId) };
    expect((await leads('members', { ...acct, authorization: basicHeader('crm', 'wrong') })).status).toBe(401);
    expect((await leads('members', { ...acct, authorization: basicHeader('other', 'S3cret-pass!') })).status).toBe(401);
    expect((await leads('members', acct)).status).toBe(401);
    expect((await leads('members', { ...acct, authorization: basicHeader('crm', 'S3cret-pass!') })).status).toBe(200);
    // the stored password is kept when the dialog sends none
    expect((await put(a.token, { enabled: true, auth_method: 'BASIC_AUTH', basic_id: 'crm' })).status).toBe(200);
    expect((await leads('members', { ...acct, authorization: basicHeader('crm', 'S3cret-pass!') })).status).toBe(200);
  });

  it('a wrong key is 401; the key is shown once, rotates, and a disabled API is 403', async () => {
    const r = await put(a.token, { enabled: true, auth_method: 'API_KEY' });
    const key = r.body.api_key as string;
    expect(key).toMatch(/^swk_/);
    const settings = await call<Record<string, unknown>>(base(), 'GET', '/api/v1/integrations/settings', { token: a.token });
    expect(JSON.stringify(settings.body)).not.toContain(key);
    expect(settings.body.api_key_prefix).toBe(key.slice(0, 12));
    // saving again keeps the key and does not show it
    expect((await put(a.token, { enabled: true, auth_method: 'API_KEY' })).body.api_key).toBeNull();
    expect((await leads('contacts', { 'x-api-key': `${key}x` })).status).toBe(401);
    expect((await leads('contacts', { 'x-api-key': key })).status).toBe(200);
    expect((await leads('contacts', { authorization: `Bearer ${key}` })).status).toBe(200);
    const rotated = await call<{ api_key: string }>(base(), 'POST', '/api/v1/integrations/api-key/rotate', { token: a.token });
    expect(rotated.status).toBe(200);
    expect((await leads('contacts', { 'x-api-key': key })).status).toBe(401);
    expect((await leads('contacts', { 'x-api-key': rotated.body.api_key })).status).toBe(200);
    await put(a.token, { enabled: false, auth_method: 'API_KEY' });
    const off = await leads('contacts', { 'x-api-key': rotated.body.api_key });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('API_DISABLED');
    await put(a.token, { enabled: true, auth_method: 'API_KEY' });
  });

  it('is in the OpenAPI document with its security schemes', async () => {
    const doc = await call<{ paths: Record<string, Record<string, { security: unknown[] }>>; components: { securitySchemes: object } }>(
      base(),
      'GET',
      '/api/v1/docs',
    );
    expect(Object.keys(doc.body.components.securitySchemes)).toEqual(expect.arrayContaining(['apiKey', 'basicAuth']));
    expect(doc.body.paths['/api/v1/leads/{kind}']?.get?.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { basicAuth: [] }]));
  });
});

describe('leads API pages', () => {
  it("returns each of the account's own records once, through the since-cursor", async () => {
    const key = (await call<{ api_key: string }>(base(), 'POST', '/api/v1/integrations/api-key/rotate', { token: a.token })).body.api_key;
    const same = '2026-01-01T00:00:00.000001Z';
    const mine: number[] = [];
    for (let i = 0; i < 4; i++) mine.push(await contact(a.siteId, `same${i}@x.test`, { at: same, hook: false }));
    for (let i = 0; i < 3; i++) mine.push(await contact(a.siteId, `later${i}@x.test`, { hook: false }));
    await contact(b.siteId, 'theirs@x.test', { hook: false });
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = await leads('contacts', { 'x-api-key': key }, `?limit=3${cursor ? `&since=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((x) => x.id));
      cursor = page.body.next_cursor;
      if (!page.body.has_more) break;
    }
    expect(seen).toEqual(mine);
    // polling with the last cursor: nothing until something new arrives, then only that
    const idle = await leads('contacts', { 'x-api-key': key }, `?since=${cursor}`);
    expect(idle.body.items).toEqual([]);
    expect(idle.body.next_cursor).toBe(cursor);
    const fresh = await contact(a.siteId, 'fresh@x.test', { hook: false });
    expect((await leads('contacts', { 'x-api-key': key }, `?since=${cursor}`)).body.items.map((x) => x.id)).toEqual([fresh]);
    // snake_case records; a bad cursor or limit is 422
    const first = await leads('contacts', { 'x-api-key': key }, '?limit=1');
    expect(Object.keys(first.body.items[0] ?? {})).toEqual(expect.arrayContaining(['site_id', 'created_at', 'data']));
    expect((await leads('contacts', { 'x-api-key': key }, '?since=nonsense')).status).toBe(422);
    const feb30 = Buffer.from(JSON.stringify(['2026-02-30 00:00:00+00', 1])).toString('base64url');
    expect((await leads('contacts', { 'x-api-key': key }, `?since=${feb30}`)).status).toBe(422);
    expect((await leads('contacts', { 'x-api-key': key }, '?limit=201')).status).toBe(422);
  });

  it('CURRENT reads only records stored since it was chosen', async () => {
    await put(a.token, { enabled: true, auth_method: 'API_KEY', tags: 'CURRENT' });
    const key = (await call<{ api_key: string }>(base(), 'POST', '/api/v1/integrations/api-key/rotate', { token: a.token })).body.api_key;
    expect((await leads('contacts', { 'x-api-key': key })).body.items).toEqual([]);
    const now = await contact(a.siteId, 'current@x.test', { hook: false });
    expect((await leads('contacts', { 'x-api-key': key })).body.items.map((x) => x.id)).toEqual([now]);
    await put(a.token, { enabled: true, auth_method: 'API_KEY', tags: 'ALL' });
    expect((await leads('contacts', { 'x-api-key': key }, '?limit=200')).body.items.length).toBeGreaterThan(1);
  });
});

interface Received {
  deliveryId: string;
  signatureOk: boolean;
  method: string;
  body: { id: string; kind: string; submission: { id: number } };
}

describe('webhooks', () => {
  it('signs each submission and delivers it exactly once, with the receiver down and then up', async () => {
    const port = await freePort();
    const saved = await put(a.token, {
      enabled: true,
      auth_method: 'API_KEY',
      webhook_url: `http://127.0.0.1:${port}/hook`,
      webhook_method: 'PUT',
    });
    expect(saved.status).toBe(200);
    // shown once, in the answer of the save that set the first endpoint
    const secret = saved.body.webhook_secret as string;
    expect(secret).toMatch(/^whsec_/);

    // receiver down: three submissions, one hooked twice and one hooked in a rolled-back transaction first
    const ids = [await contact(a.siteId, 'w1@x.test'), await contact(a.siteId, 'w2@x.test')];
    await s.ctx.db.tx((q) => submitted(q, s.ctx, submission(a.siteId, ids[0] as number)));
    await expect(
      s.ctx.db.tx(async (q) => {
        const id = await contactIn(q, a.siteId, 'rolled@x.test', { hook: false });
        await submitted(q, s.ctx, submission(a.siteId, id));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    ids.push(await contact(a.siteId, 'w3@x.test'));
    const messages = () =>
      s.ctx.db.query<{ id: number; status: string; attempts: number }>(
        'SELECT id, status, attempts FROM webhook_messages WHERE account_id = $1',
        [a.accountId],
      );
    expect((await messages()).length).toBe(3);

    const worker = new Worker(s.ctx, { [WEBHOOK_JOB]: deliverWebhook }, { retryBaseMs: 1 });
    for (let i = 0; i < 3; i++) await worker.runOneJob();
    expect((await messages()).every((m) => m.status === 'PENDING' && m.attempts >= 1)).toBe(true);

    // receiver up on the same port
    const received: Received[] = [];
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        const sig = String(req.headers['x-swipe-signature'] ?? '');
        const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
        const expected = m ? createHmac('sha256', secret).update(`${m[1]}.${raw}`).digest('hex') : '';
        received.push({
          deliveryId: String(req.headers['x-swipe-delivery']),
          signatureOk: Boolean(m) && expected === m?.[2],
          method: req.method ?? '',
          body: JSON.parse(raw),
        });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    try {
      for (let i = 0; i < 500 && !(await messages()).every((m) => m.status === 'DELIVERED'); i++) await worker.runOneJob();
      expect((await messages()).every((m) => m.status === 'DELIVERED')).toBe(true);
      // nothing more to send, however often the worker runs
      while (await worker.runOneJob()) {}
      expect(received.length).toBe(3);
      expect(new Set(received.map((r) => r.deliveryId)).size).toBe(3);
      expect(received.every((r) => r.signatureOk && r.method === 'PUT')).toBe(true);
      expect(received.map((r) => r.body.submission.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      expect(received[0]?.body.id).toBe(received[0]?.deliveryId);

      // the log on screen, and a resend sends the same delivery again once
      const log = await call<{ items: { id: number; status: string; attempts: number; last_response_code: number }[] }>(
        base(),
        'GET',
        '/api/v1/integrations/deliveries',
        { token: a.token },
      );
      expect(log.body.items.length).toBe(3);
      expect(log.body.items.every((d) => d.status === 'DELIVERED' && d.attempts >= 2 && d.last_response_code === 204)).toBe(true);
      const first = log.body.items[0] as { id: number };
      const detail = await call<{ attempt_log: { status: string }[] }>(base(), 'GET', `/api/v1/integrations/deliveries/${first.id}`, {
        token: a.token,
      });
      expect(detail.body.attempt_log.at(0)?.status).toBe('FAILED');
      expect(detail.body.attempt_log.at(-1)?.status).toBe('DELIVERED');
      const resent = await call(base(), 'POST', `/api/v1/integrations/deliveries/${first.id}/resend`, { token: a.token });
      expect(resent.status).toBe(200);
      while (await worker.runOneJob()) {}
      expect(received.length).toBe(4);
      expect(received[3]?.signatureOk).toBe(true);
    } finally {
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("a visitor's contact through the sites origin, sent twice with one idempotency key, is one webhook message", async () => {
    const before = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_messages WHERE account_id = $1', [
      a.accountId,
    ]);
    const send = () =>
      call(s.sitesUrl, 'POST', `/api/v1/end-user/site/${a.siteId}/contact`, {
        body: { data: { email: 'visitor@x.test', company_name: 'ACME', topic: 'Products' } },
        headers: { 'idempotency-key': 'integrations-visitor-0001' },
        lang: 'en',
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const after = await s.ctx.db.query<{ kind: string; body: string }>(
      'SELECT kind, body FROM webhook_messages WHERE account_id = $1 ORDER BY id DESC',
      [a.accountId],
    );
    expect(after.length).toBe(Number(before.n) + 1);
    expect(after[0]?.kind).toBe('contact');
    // the form's own field key, as the operator named it
    expect(JSON.parse(after[0]?.body ?? '{}').submission.data.companyName).toBe('ACME');
  });

  it('an account without an enabled API queues nothing', async () => {
    await contact(b.siteId, 'quiet@x.test');
    const n = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_messages WHERE account_id = $1', [b.accountId]);
    expect(Number(n.n)).toBe(0);
  });
});

describe('tenant matrix: integrations', () => {
  it("another account's deliveries are 404 and its settings are never shown", async () => {
    const mine = await s.ctx.db.one<{ id: number }>('SELECT id FROM webhook_messages WHERE account_id = $1 ORDER BY id LIMIT 1', [
      a.accountId,
    ]);
    const before = await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries');
    const queuedJobs = async () =>
      Number(
        (await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = $1 AND status = 'QUEUED'", [WEBHOOK_JOB])).n,
      );
    const jobsBefore = await queuedJobs();
    expect((await call(base(), 'GET', `/api/v1/integrations/deliveries/${mine.id}`, { token: b.token })).status).toBe(404);
    expect((await call(base(), 'POST', `/api/v1/integrations/deliveries/${mine.id}/resend`, { token: b.token })).status).toBe(404);
    expect((await call(base(), 'GET', '/api/v1/integrations/deliveries/999999999', { token: b.token })).status).toBe(404);
    const list = await call<{ items: unknown[] }>(base(), 'GET', '/api/v1/integrations/deliveries', { token: b.token });
    expect(list.body.items).toEqual([]);
    const theirs = await call<{ account_id: number; webhook_secret_prefix: string | null }>(
      base(),
      'GET',
      '/api/v1/integrations/settings',
      { token: b.token },
    );
    expect(theirs.body.account_id).toBe(b.accountId);
    const ours = await call<{ webhook_secret_prefix: string }>(base(), 'GET', '/api/v1/integrations/settings', { token: a.token });
    expect(ours.body.webhook_secret_prefix).toMatch(/^whsec_/);
    expect(theirs.body.webhook_secret_prefix).toBeNull();
    expect(await queuedJobs()).toBe(jobsBefore);
    expect((await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries')).n).toBe(before.n);
    expect((await call(base(), 'GET', '/api/v1/integrations/settings')).status).toBe(401);
  });
});

describe('leads API throttle', () => {
  it('answers 429 after too many failed checks from one address', async () => {
    let last = 0;
    for (let i = 0; i <= LEADS_FAILURES_ADDRESS.max; i++) last = (await leads('contacts', { 'x-api-key': `swk_wrong${i}` })).status;
    expect(last).toBe(429);
  });
});
