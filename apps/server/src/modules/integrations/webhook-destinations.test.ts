import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http as call, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';

// Where a webhook may go, as the settings' save sees it: a production server refuses plain http and private
// addresses, an IPv6 literal judged by the IPv4 it carries; WEBHOOK_ALLOW_PRIVATE lets a demo reach this machine.

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
