import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { submitted } from '../apps/server/src/lib/submissions.js';
import { getPublishedSite } from '../apps/server/src/modules/published/service.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// The demo user opens API settings from admin settings, is told inline what the chosen method needs, gets an API
// key and a webhook signing secret each shown once (and new ones after confirming), points the webhook at a
// receiver, and sees a visitor's submission delivered in the log; at 1440 and 390 px with no serious or critical
// axe violation.

const USER = DEMO_LOGINS[1];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
let receiver: http.Server;
const received: string[] = [];
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  // as the README's way to try webhooks locally: the embedded demo in production mode with WEBHOOK_ALLOW_PRIVATE=true
  server = await startDemoServer({ env: 'production', webhookAllowPrivate: true });
  browser = await launchChromium();
  receiver = http.createServer((req, res) => {
    received.push(String(req.headers['x-swipe-delivery']));
    req.resume();
    req.on('end', () => res.writeHead(200).end('ok'));
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((r) => (receiver ? receiver.close(() => r()) : r()));
  await server?.drop();
});

describe('API settings journey', () => {
  it('enable, key shown once, rotate after confirming, webhook delivered and listed', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, admin(), USER);
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('link', { name: /^API settings/ }).click();
    await page.waitForURL(/\/api-settings$/);
    await page.getByRole('heading', { name: 'API settings' }).waitFor();
    await noSeriousViolations(page);

    // IP restriction needs an address: inline, before anything is sent
    await page.getByRole('switch', { name: 'Enable the API' }).check({ force: true });
    await page.locator('label[for$="-IP_RESTRICTION"]').click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter at least one IP address.').waitFor();
    await page.getByLabel(/Allowed IP addresses/).fill('not-an-ip');
    await page.getByText(/Enter one IP address/).waitFor();

    // the endpoint field says which rule applies on this server
    expect(await page.getByTestId('webhook-mode').textContent()).toContain('This server allows local addresses');

    // API key: issued on save, shown once in a modal
    await page.locator('label[for$="-API_KEY"]').click();
    await page.getByLabel(/Endpoint URL/).fill(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`);
    await page.getByRole('button', { name: 'Save' }).click();
    const modal = page.getByRole('dialog', { name: 'Your new API key' });
    await modal.waitFor();
    const key = (await modal.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^swk_/);
    await noSeriousViolations(page);
    await screenshot(page, 'admin-integrations-key-1440');
    await modal.getByRole('button', { name: 'I have copied it' }).click();
    // the first endpoint made the signing secret: shown next, once, then only its first characters
    const secretModal = page.getByRole('dialog', { name: 'Your new signing secret' });
    await secretModal.waitFor();
    const secret = (await secretModal.getByTestId('new-webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await secretModal.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByTestId('api-key-prefix').textContent(), WAIT).toBe(`${key.slice(0, 12)}…`);
    await expect.poll(() => page.getByTestId('webhook-secret-prefix').textContent(), WAIT).toBe(`${secret.slice(0, 12)}…`);
    expect(await page.content()).not.toContain(key);
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await page.getByTestId('webhook-secret-prefix').waitFor();
    expect(await page.content()).not.toContain(secret);

    // a new signing secret asks first, and is shown once
    await page.getByRole('button', { name: 'New secret' }).click();
    const confirmSecret = page.getByRole('dialog', { name: 'Make a new signing secret?' });
    await confirmSecret.getByRole('button', { name: 'Confirm' }).click();
    await secretModal.waitFor();
    const newSecret = (await secretModal.getByTestId('new-webhook-secret').textContent()) ?? '';
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await noSeriousViolations(page);
    await screenshot(page, 'admin-integrations-secret-1440');
    await secretModal.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => page.getByTestId('webhook-secret-prefix').textContent(), WAIT).toBe(`${newSecret.slice(0, 12)}…`);

    // rotating asks first
    await page.getByRole('button', { name: 'Issue a new key' }).click();
    const confirm = page.getByRole('dialog', { name: 'Issue a new API key?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await modal.waitFor();
    const rotated = (await modal.getByTestId('new-api-key').textContent()) ?? '';
    expect(rotated).not.toBe(key);
    await modal.getByRole('button', { name: 'I have copied it' }).click();
    const api = await fetch(`${admin()}/api/v1/leads/contacts`, { headers: { 'x-api-key': rotated } });
    expect(api.status).toBe(200);
    expect((await fetch(`${admin()}/api/v1/leads/contacts`, { headers: { 'x-api-key': key } })).status).toBe(401);

    // a visitor's submission reaches the receiver through the worker, and the log shows it
    const site = await server.ctx.db.one<{ id: number }>(
      'SELECT s.id FROM sites s JOIN accounts a ON a.id = s.account_id WHERE lower(a.email) = lower($1) ORDER BY s.id LIMIT 1',
      [USER.email],
    );
    await getPublishedSite(server.ctx, site.id);
    await server.ctx.db.tx(async (q) => {
      const row = await q.one<{ id: number }>(
        `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', 'lead@journey.test', '{}') RETURNING id`,
        [site.id],
      );
      await submitted(q, server.ctx, {
        kind: 'contact',
        siteId: site.id,
        id: Number(row.id),
        occurredAt: new Date(),
        lang: 'en',
        visit: { sessionId: null, pageId: null, ctaId: null, source: null },
      });
    });
    server.worker?.poke();
    await expect.poll(() => received.length, WAIT).toBe(1);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('delivery-row').getByText('Delivered').waitFor();
    await noSeriousViolations(page);
    await screenshot(page, 'admin-integrations-1440');
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('works at 390 px, in Japanese', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER, 'ja');
    await page.goto(page.url().replace(/site-list$/, 'api-settings'));
    await page.getByRole('heading', { name: 'API 設定' }).waitFor();
    await page.getByTestId('delivery-row').first().waitFor();
    expect(await page.getByTestId('webhook-mode').textContent()).toContain('ローカルのアドレスを許可');
    expect(await page.getByTestId('webhook-secret-prefix').textContent()).toMatch(/^whsec_.{6}…$/);
    await noSeriousViolations(page);
    await screenshot(page, 'admin-integrations-390');
    await page.getByTestId('webhook-mode').scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-integrations-webhook-390-ja');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await ctx.close();
  });
});
