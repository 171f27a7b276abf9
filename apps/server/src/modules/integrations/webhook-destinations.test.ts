import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { submitted } from '../../lib/submissions.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http as call, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

// Where a webhook may go, as the settings' save sees it: a production server refuses plain http and private
// addresses, an IPv6 literal judged by the IPv4 it carries, and says it is in production mode; WEBHOOK_ALLOW_PRIVATE
// lets the embedded demo (npm start: production mode) send to a receiver on this machine.

let prod: TestServer;
let token: string;

beforeAll(async () => {
  prod = await startTestServer({ env: 'production' });
  const a = await makeAccount(prod.ctx, { parentId: null, type: 'MASTER_USER', email: 'dest@webhooks.test' });
  token = (await login(prod.adminUrl, a.email)).access;
});
afterAll(async () => {
  await prod?.drop();
});

const save = (s: TestServer, t: string, url: string, lang = 'en') =>
  call<{ fields?: { path: string; message: string }[] }>(s.adminUrl, 'PUT', '/api/v1/integrations/settings', {
    token: t,
    lang,
    body: { enabled: true, auth_method: 'API_KEY', webhook_url: url },
  });

const EMBEDDED_LOOPBACK = [
  'https://[::127.0.0.1]:9/',
  'https://[::ffff:127.0.0.1]:9/',
  'https://[::ffff:0:127.0.0.1]:9/',
  'https://[64:ff9b::7f00:1]:9/',
  'https://[64:ff9b:1::a00:1]:9/',
  'https://[2002:7f00:1::]:9/',
  'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]:9/',
  'https://[::a9fe:a9fe]/latest/meta-data',
  'https://[2002:c0a8:101::1]/',
];

describe('saving a webhook URL in production', () => {
  it('refuses every IPv6 form that carries a private, loopback or link-local IPv4 (422 on webhookUrl)', async () => {
    for (const url of EMBEDDED_LOOPBACK) {
      const r = await save(prod, token, url);
      expect(r.status, url).toBe(422);
      expect(
        r.body.fields?.map((f) => f.path),
        url,
      ).toEqual(['webhookUrl']);
    }
  });

  it('refuses private IPv4, names of this machine and plain http; takes https to the internet', async () => {
    for (const url of ['https://127.0.0.1/', 'https://10.0.0.1/', 'https://localhost:9/hook', 'http://localhost:9/hook'])
      expect((await save(prod, token, url)).status, url).toBe(422);
    for (const url of ['https://hooks.example.com/swipe', 'https://[2606:4700::1111]/', 'https://[64:ff9b::5db8:d822]/'])
      expect((await save(prod, token, url)).status, url).toBe(200);
  });
});

describe('which mode applies', () => {
  it('production: the settings say so, and so does the message refusing http://localhost (in each language)', async () => {
    const view = await call<{ webhook_mode: string }>(prod.adminUrl, 'GET', '/api/v1/integrations/settings', { token });
    expect(view.body.webhook_mode).toBe('production');
    const en = await save(prod, token, 'http://localhost:9/hook');
    expect(en.status).toBe(422);
    expect(en.body.fields?.[0]?.message).toBe(
      'This server runs in production mode: webhooks go only to https:// addresses on the internet (not http://, localhost or private addresses).',
    );
    const ja = await save(prod, token, 'http://localhost:9/hook', 'ja');
    expect(ja.body.fields?.[0]?.message).toContain('本番モード');
  });

  it('the embedded demo with WEBHOOK_ALLOW_PRIVATE=true: local mode, http://localhost saved and delivered to a receiver here', async () => {
    const demo = await startTestServer({ env: 'production', webhookAllowPrivate: true });
    const received: string[] = [];
    const receiver = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        received.push(String(req.headers['x-swipe-delivery']));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const f = await makeVisitorSite(demo.ctx, { email: 'demo@webhooks.test' });
      const t = (await login(demo.adminUrl, 'demo@webhooks.test')).access;
      const view = await call<{ webhook_mode: string }>(demo.adminUrl, 'GET', '/api/v1/integrations/settings', { token: t });
      expect(view.body.webhook_mode).toBe('local');
      const url = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
      expect((await save(demo, t, url)).status).toBe(200);
      await demo.ctx.db.tx(async (q) => {
        const row = await q.one<{ id: number }>(
          `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', 'd@x.test', '{}') RETURNING id`,
          [f.siteId],
        );
        await submitted(q, demo.ctx, {
          kind: 'contact',
          siteId: f.siteId,
          id: Number(row.id),
          occurredAt: new Date(),
          lang: 'en',
          visit: { sessionId: null, pageId: null, ctaId: null, source: null },
        });
      });
      const worker = new Worker(demo.ctx, { [WEBHOOK_JOB]: deliverWebhook }, { retryBaseMs: 1 });
      while (await worker.runOneJob()) {}
      expect(received.length).toBe(1);
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
      await demo.drop();
    }
  });
});
