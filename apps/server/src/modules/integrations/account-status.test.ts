import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { submitted } from '../../lib/submissions.js';
import { http as call, freePort, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/repo.js';
import { createSite } from '../sites/service.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

// An integration credential lives as long as its account's contract: terminated or deleted (the account or
// one above it), every leads route answers 401 at once and queued webhooks are never sent; paused, the
// visitors' data keeps flowing to the customer's own systems (docs/decisions.md "Integrations of a paused
// or closed account").

let s: TestServer;
let root: AccountRow;
let master: string;
let plan: number;
let n = 0;
const received: string[] = [];
let receiver: http.Server;
let hookUrl: string;

const KINDS = ['members', 'contacts', 'forms', 'survey-responses'];

beforeAll(async () => {
  s = await startTestServer();
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@closed-api.test' });
  master = (await login(s.adminUrl, root.email)).access;
  plan = await makePlan(s.ctx, { quantitySite: 5 });
  const port = await freePort();
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      received.push(raw);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${port}/hook`;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise<void>((r) => receiver?.close(() => r()));
  await s?.drop();
});

interface Customer {
  account: AccountRow;
  token: string;
  siteId: number;
}

async function customer(parent: AccountRow = root, type: 'OEM_MASTER' | 'MASTER_USER' | 'USER' = 'MASTER_USER'): Promise<Customer> {
  n++;
  const account = await makeAccount(s.ctx, { parentId: parent.id, type, email: `c${n}@closed-api.test`, planId: plan });
  const row = (await findAccountById(s.ctx.db, account.id)) as AccountRow;
  const site = await createSite(s.ctx, actorFromRow(row), {
    name: `site ${n}`,
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'en',
    languages: ['en'],
  });
  return { account, token: (await login(s.adminUrl, account.email)).access, siteId: site.id };
}

const settings = (c: Customer, body: Record<string, unknown>) =>
  call<{ api_key: string | null }>(s.adminUrl, 'PUT', '/api/v1/integrations/settings', { token: c.token, body });
const leads = (kind: string, headers: Record<string, string>) =>
  call<{ items: unknown[]; code?: string }>(s.adminUrl, 'GET', `/api/v1/leads/${kind}`, { headers });
const contract = (id: number, action: string) =>
  call(s.adminUrl, 'PUT', `/api/v1/user/${id}/contract`, { token: master, body: { action, override: true } });

/** A visitor's contact on the customer's site, stored with its webhook queued (as the contact route does). */
async function contact(c: Customer, email: string): Promise<number> {
  return s.ctx.db.tx(async (q) => {
    const row = await q.one<{ id: number }>(
      `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', $2, $3) RETURNING id`,
      [c.siteId, email, { email }],
    );
    await submitted(q, s.ctx, {
      kind: 'contact',
      siteId: c.siteId,
      id: Number(row.id),
      occurredAt: new Date(),
      lang: 'en',
      visit: { sessionId: null, pageId: null, ctaId: null, source: null },
    });
    return Number(row.id);
  });
}

const messages = (c: Customer) =>
  s.ctx.db.query<{ status: string; attempts: number; body: string }>(
    `SELECT m.status, m.attempts, m.body FROM webhook_messages m WHERE m.account_id = $1 ORDER BY m.id`,
    [c.account.id],
  );
const lastError = (c: Customer) =>
  s.ctx.db.maybeOne<{ error: string }>(
    `SELECT d.error FROM webhook_deliveries d JOIN webhook_messages m ON m.id = d.message_id WHERE m.account_id = $1 ORDER BY d.id DESC LIMIT 1`,
    [c.account.id],
  );

async function drain(): Promise<void> {
  const worker = new Worker(s.ctx, { [WEBHOOK_JOB]: deliverWebhook }, { retryBaseMs: 1 });
  while (await worker.runOneJob()) {}
}

/** A customer with the API on (key method) and a webhook to the local receiver; answers its key. */
async function withApi(c: Customer): Promise<string> {
  const r = await settings(c, { enabled: true, auth_method: 'API_KEY', webhook_url: hookUrl });
  expect(r.status).toBe(200);
  return r.body.api_key as string;
}

describe('leads API and webhooks of a terminated or deleted account', () => {
  it('terminate: the key is refused at once on every leads route, queued webhooks are never sent', async () => {
    const c = await customer();
    const key = await withApi(c);
    for (const kind of KINDS) expect((await leads(kind, { 'x-api-key': key })).status, kind).toBe(200);
    await contact(c, 'before@x.test');
    const sentBefore = received.length;
    expect((await contract(c.account.id, 'terminate')).status).toBe(200);
    for (const kind of KINDS) {
      const r = await leads(kind, { 'x-api-key': key });
      expect(r.status, kind).toBe(401);
      expect(r.body.code).toBe('ACCOUNT_TERMINATED');
      expect(r.body.items).toBeUndefined();
    }
    await drain();
    expect(received.length).toBe(sentBefore);
    const [m] = await messages(c);
    expect(m?.status).toBe('FAILED');
    expect((await lastError(c))?.error).toBe('account closed');
  });

  it("delete: the key, basic auth and the IP list are refused at once, and so are a deleted owner's customers'", async () => {
    const oem = await customer(root, 'OEM_MASTER');
    const below = await customer(oem.account, 'USER');
    const key = await withApi(below);
    const basic = await customer(oem.account, 'USER');
    expect(
      (await settings(basic, { enabled: true, auth_method: 'BASIC_AUTH', basic_id: 'crm', basic_password: 'S3cret-pass!' })).status,
    ).toBe(200);
    const ip = await customer(oem.account, 'USER');
    expect((await settings(ip, { enabled: true, auth_method: 'IP_RESTRICTION', allowed_ips: ['127.0.0.0/8', '::1'] })).status).toBe(200);
    const basicHeaders = {
      'x-swipe-account': String(basic.account.id),
      authorization: `Basic ${Buffer.from('crm:S3cret-pass!').toString('base64')}`,
    };
    const ipHeaders = { 'x-swipe-account': String(ip.account.id) };
    for (const h of [{ 'x-api-key': key }, basicHeaders, ipHeaders]) expect((await leads('contacts', h)).status).toBe(200);
    await contact(below, 'queued@x.test');
    const sentBefore = received.length;

    expect((await call(s.adminUrl, 'DELETE', `/api/v1/user/${oem.account.id}`, { token: master })).status).toBe(200);
    for (const kind of KINDS)
      for (const h of [{ 'x-api-key': key }, basicHeaders, ipHeaders]) expect((await leads(kind, h)).status, kind).toBe(401);
    await drain();
    expect(received.length).toBe(sentBefore);
    expect((await messages(below)).map((m) => m.status)).toEqual(['FAILED']);
  });

  it("an owner's termination closes its customers' keys too", async () => {
    const oem = await customer(root, 'OEM_MASTER');
    const below = await customer(oem.account, 'USER');
    const key = await withApi(below);
    expect((await leads('members', { 'x-api-key': key })).status).toBe(200);
    expect((await contract(oem.account.id, 'terminate')).status).toBe(200);
    expect((await leads('members', { 'x-api-key': key })).status).toBe(401);
  });
});

describe('leads API and webhooks of a paused account', () => {
  it('keep working: the visitors of its still-served sites reach its own systems, and resume changes nothing', async () => {
    const c = await customer();
    const key = await withApi(c);
    expect((await contract(c.account.id, 'pause')).status).toBe(200);
    // its back-office is stopped
    expect((await call(s.adminUrl, 'GET', '/api/v1/integrations/settings', { token: c.token })).status).toBe(401);
    for (const kind of KINDS) expect((await leads(kind, { 'x-api-key': key })).status, kind).toBe(200);
    const id = await contact(c, 'paused@x.test');
    await drain();
    expect(received.filter((r) => JSON.parse(r).submission.id === id).length).toBe(1);
    expect((await messages(c)).map((m) => m.status)).toEqual(['DELIVERED']);
    expect((await contract(c.account.id, 'resume')).status).toBe(200);
    expect((await leads('contacts', { 'x-api-key': key })).status).toBe(200);
  });
});
