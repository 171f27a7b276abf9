import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http as call, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { getPublishedSite } from '../published/service.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

// A submission's data keys are the operator's own form field keys (companyName): the leads API and the webhooks
// pass them through as they are, while the envelope around them stays snake_case (site_id, created_at).

let s: TestServer;
let siteId: number;
let key: string;
const bodies: Record<string, unknown>[] = [];
let receiver: http.Server;

beforeAll(async () => {
  s = await startTestServer();
  const f = await makeVisitorSite(s.ctx, { email: 'keys@leads.test' });
  siteId = f.siteId;
  await getPublishedSite(s.ctx, siteId);
  receiver = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString('utf8');
    });
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const token = (await login(s.adminUrl, 'keys@leads.test')).access;
  const saved = await call<{ api_key: string }>(s.adminUrl, 'PUT', '/api/v1/integrations/settings', {
    token,
    body: { enabled: true, auth_method: 'API_KEY', webhook_url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` },
  });
  key = saved.body.api_key;
});
afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise<void>((r) => receiver?.close(() => r()));
  await s?.drop();
});

describe("a visitor's contact, as the operator's systems receive it", () => {
  it('keeps the field keys of the form (companyName) in the leads API and the webhook; the envelope is snake_case', async () => {
    // the visitor's page posts the form as the viewer does (snake_case on the wire, the server reads camelCase)
    const sent = await call(s.sitesUrl, 'POST', `/api/v1/end-user/site/${siteId}/contact`, {
      body: { data: { email: 'visitor@x.test', company_name: 'ACME', topic: 'Products', quantity: 3, interests: ['Bags'] } },
      lang: 'en',
    });
    expect(sent.status).toBe(201);

    const page = await call<{ items: Record<string, unknown>[] }>(s.adminUrl, 'GET', '/api/v1/leads/contacts', {
      headers: { 'x-api-key': key },
    });
    expect(page.status).toBe(200);
    const item = page.body.items.at(-1) as Record<string, unknown>;
    expect(Object.keys(item)).toEqual(expect.arrayContaining(['site_id', 'created_at', 'data']));
    expect(item.data).toEqual({
      email: 'visitor@x.test',
      companyName: 'ACME',
      topic: 'Products',
      quantity: 3,
      interests: ['Bags'],
      message: '',
    });

    const worker = new Worker(s.ctx, { [WEBHOOK_JOB]: deliverWebhook }, { retryBaseMs: 1 });
    while (await worker.runOneJob()) {}
    expect(bodies.length).toBe(1);
    const hook = bodies[0] as { site_id: number; occurred_at: string; submission: Record<string, unknown> };
    expect(hook.site_id).toBe(siteId);
    expect(typeof hook.occurred_at).toBe('string');
    expect(Object.keys(hook.submission)).toEqual(expect.arrayContaining(['site_id', 'created_at', 'data']));
    expect(hook.submission.data).toEqual(item.data);
  });
});
