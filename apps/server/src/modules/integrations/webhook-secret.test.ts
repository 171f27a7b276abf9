import { createHmac } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Worker } from '../../jobs/worker.js';
import { submitted } from '../../lib/submissions.js';
import { makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http as call, freePort, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { deliverWebhook, WEBHOOK_JOB } from './webhooks.js';

// The webhook signing secret is shown once, like the API key: in the answer of the save that first sets an
// endpoint and of each rotation; every GET shows only its first characters.

let s: TestServer;
let token: string;
let siteId: number;

beforeAll(async () => {
  s = await startTestServer();
  const f = await makeVisitorSite(s.ctx, { email: 'secret@webhooks.test' });
  siteId = f.siteId;
  token = (await login(s.adminUrl, 'secret@webhooks.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

type Settings = { webhook_secret_prefix: string | null } & Record<string, unknown>;
type Saved = { settings: Settings; webhook_secret: string | null; api_key: string | null };
const get = async () => {
  const r = await call<Settings>(s.adminUrl, 'GET', '/api/v1/integrations/settings', { token });
  expect(r.status).toBe(200);
  return r;
};
const save = (url: string) =>
  call<Saved>(s.adminUrl, 'PUT', '/api/v1/integrations/settings', {
    token,
    body: { enabled: true, auth_method: 'API_KEY', webhook_url: url },
  });

describe('the webhook signing secret', () => {
  it('is shown once when the first endpoint is saved and on each rotation, never by a GET', async () => {
    const first = await get();
    expect(first.body.webhook_secret_prefix).toBeNull();
    expect(JSON.stringify(first.body)).not.toContain('whsec_');

    const port = await freePort();
    const saved = await save(`http://127.0.0.1:${port}/hook`);
    expect(saved.status).toBe(200);
    const secret = saved.body.webhook_secret as string;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    for (let i = 0; i < 2; i++) {
      const again = await get();
      expect(JSON.stringify(again.body)).not.toContain(secret);
      expect(again.body.webhook_secret_prefix).toBe(secret.slice(0, 12));
    }
    // a later save keeps it and does not show it
    const later = await save(`http://127.0.0.1:${port}/other`);
    expect(later.body.webhook_secret).toBeNull();
    expect(JSON.stringify(later.body)).not.toContain(secret);

    const rotated = await call<Saved>(s.adminUrl, 'POST', '/api/v1/integrations/webhook-secret/rotate', { token });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body.webhook_secret as string;
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(secret);
    expect(rotated.body.settings.webhook_secret_prefix).toBe(fresh.slice(0, 12));
    expect(JSON.stringify((await get()).body)).not.toContain(fresh);

    // what the receiver gets is signed with the secret shown at the rotation
    const bodies: { raw: string; sig: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      req.on('end', () => {
        bodies.push({ raw, sig: String(req.headers['x-swipe-signature']) });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(port, '127.0.0.1', r));
    try {
      await s.ctx.db.tx(async (q) => {
        const row = await q.one<{ id: number }>(
          `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', 'x@x.test', '{}') RETURNING id`,
          [siteId],
        );
        await submitted(q, s.ctx, {
          kind: 'contact',
          siteId,
          id: Number(row.id),
          occurredAt: new Date(),
          lang: 'en',
          visit: { sessionId: null, pageId: null, ctaId: null, source: null },
        });
      });
      const worker = new Worker(s.ctx, { [WEBHOOK_JOB]: deliverWebhook }, { retryBaseMs: 1 });
      while (await worker.runOneJob()) {}
      expect(bodies.length).toBe(1);
      const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(bodies[0]?.sig ?? '');
      expect(m?.[2]).toBe(createHmac('sha256', fresh).update(`${m?.[1]}.${bodies[0]?.raw}`).digest('hex'));
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  });
});
