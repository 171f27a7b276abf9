import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { SMTPServer } from 'smtp-server';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { makeVisitorSite } from '../apps/server/src/test/enduser-fixtures.js';
import { startTestServer, type TestServer } from '../apps/server/src/test/helpers.js';
import { type ReceivedMail, startSmtp } from '../apps/server/src/test/smtp.js';
import { viewerPreact } from '../apps/viewer/preact.mjs';
import { animationsSettled, launchChromium, screenshot } from './helpers.js';

// The visitor forms' journeys in Chromium at phone size (390x844): register, read the confirmation mail from a
// real SMTP server, follow the link, log in, open the members-only demo page; send the contact form
// and see the destination mail; the homepage form; a survey; the preview lock with a right and a
// wrong passcode. The enduser bundle is built here (alone) so the journeys do not wait on other builds.

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'swipe-enduser-dist-'));

const received: ReceivedMail[] = [];
let smtp: SMTPServer;
let s: TestServer;
let browser: Browser;
let siteId = 0;
let membersPageId = 0;
let membersPosition = 'C2';
let draftId = 0;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Quoted-printable text of a mail as plain text (links survive line wrapping). */
function plain(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}
async function mailTo(addr: string, contains: string, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const m = received.find((x) => x.to.includes(addr) && plain(x.body).includes(contains));
    if (m) return plain(m.body);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${addr} containing ${contains}`);
}

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '100';
  process.env.RETRY_BASE_MS = '200';
  await build({
    root: path.join(root, 'apps/viewer'),
    base: '/_viewer/',
    configFile: false,
    logLevel: 'error',
    // the viewer's own runtime mapping (Preact), as in its Vite config: the server renders with it too
    plugins: [viewerPreact()],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2020',
      rollupOptions: { input: { enduser: path.join(root, 'apps/viewer/src/enduser/client.tsx') } },
    },
  });
  process.env.VIEWER_MANIFEST = path.join(outDir, '.vite', 'manifest.json');

  const port = await freePort();
  smtp = await startSmtp(port, received);

  s = await startTestServer(
    { runWorker: true, smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` },
    {
      seed: async (ctx) => {
        const demo = await seedDemo(ctx);
        if (demo) siteId = demo.siteId;
        else {
          // PostgreSQL runs never get the demo data: the same shapes from the visitor fixture.
          siteId = (await makeVisitorSite(ctx, { agreement: true })).siteId;
          membersPosition = 'A2';
        }
        draftId = (await makeVisitorSite(ctx, { publish: false, previewPasscode: 'Sneak-Peek-7', invited: ['invitee@example.com'] }))
          .siteId;
      },
    },
  );
  const col = membersPosition.charCodeAt(0) - 64;
  const row = Number(membersPosition.slice(1));
  membersPageId = (
    await s.ctx.db.one<{ id: number }>(
      `SELECT p.id FROM pages p JOIN categories c ON c.id = p.category_id
        WHERE p.site_id = $1 AND c.order_num = $2 AND p.order_num = $3`,
      [siteId, col - 1, row - 1],
    )
  ).id;
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await s?.drop();
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  fs.rmSync(outDir, { recursive: true, force: true });
});

async function phone(): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en',
  });
  // The bundle built above; anything else under /_viewer/ goes to the server.
  await ctx.route('**/_viewer/**', async (route) => {
    const file = path.join(outDir, new URL(route.request().url()).pathname.replace(/^\/_viewer\//, ''));
    if (!fs.existsSync(file)) return route.continue();
    await route.fulfill({ body: fs.readFileSync(file), contentType: file.endsWith('.css') ? 'text/css' : 'text/javascript' });
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => {
    throw e;
  });
  return { ctx, page };
}
async function open(page: Page, url: string): Promise<void> {
  await page.goto(`${s.sitesUrl}${url}`);
  await page.waitForFunction(() => document.documentElement.dataset.euReady === '1');
}
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `enduser-${name}`, { fullPage: true });
}
const field = (page: Page, name: string) => page.locator(`[name="${name}"]`).first();

describe('visitor journeys at 390x844', () => {
  it('registers, confirms from the mail, logs in and opens the members-only page', async () => {
    const { ctx, page } = await phone();
    const email = `member-${Date.now()}@example.com`;
    await open(page, `/sites/${siteId}/en/register`);
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('Visit0r#Pass');
    await field(page, 'confirmPassword').fill('Visit0r#Pass');
    // every rule is checked before anything is sent
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-error').count()).toBeGreaterThan(0);
    const agree = page.locator('input[name="agreed"]');
    if (await agree.count()) await agree.check();
    await shot(page, 'register');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/register-success$/);
    await page.waitForFunction(() => document.documentElement.dataset.euReady === '1');
    await expect.poll(() => page.locator('.eu-lead').textContent()).toContain(email);
    await shot(page, 'register-success');

    // before confirming, login says so and offers to send the mail again
    await open(page, `/sites/${siteId}/en/login`);
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('Visit0r#Pass');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-unconfirmed').count()).toBe(1);

    const mail = await mailTo(email, 'register?token=');
    const link = /https?:\/\/\S+register\?token=[\w-]+/.exec(mail)?.[0] as string;
    expect(link).toContain(`/sites/${siteId}/en/register?token=`);
    await page.goto(link);
    await expect.poll(() => page.locator('h1').textContent()).toBe('You are registered');
    await shot(page, 'register-confirmed');
    await page.locator('a.eu-btn-primary').click();
    await page.waitForURL(/\/login\?email=/);
    await page.waitForFunction(() => document.documentElement.dataset.euReady === '1');
    expect(await field(page, 'email').inputValue()).toBe(email);

    // the lock overlay sends visitors to the login screen with the page to come back to
    await open(page, `/sites/${siteId}/en/login?next=${membersPosition}`);
    await field(page, 'email').fill(email);
    await field(page, 'password').fill('Wrong#Pass1');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-toast').textContent()).toContain('wrong');
    await shot(page, 'login-failed');
    await field(page, 'password').fill('Visit0r#Pass');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(new RegExp(`/sites/${siteId}/en/${membersPosition}$`));
    const token = await page.evaluate((id) => localStorage.getItem(`swipe.eu.${id}`), siteId);
    expect(token).toBeTruthy();
    // the members-only page detail comes through the private call with that token
    const detail = await page.evaluate(
      async ([id, pageId]) => {
        const r = await fetch(`/api/v1/end-user/site/${id}/page/${pageId}/private?lang=en`, {
          headers: { authorization: `Bearer ${localStorage.getItem(`swipe.eu.${id}`)}` },
        });
        return r.status;
      },
      [siteId, membersPageId] as const,
    );
    expect(detail).toBe(200);
    await animationsSettled(page);
    await shot(page, 'members-page');
    await ctx.close();
  });

  it('sends the contact form and the destination gets the mail', async () => {
    const { ctx, page } = await phone();
    await open(page, `/sites/${siteId}/en/contact`);
    await field(page, 'email').fill('curious@example.com');
    await field(page, 'companyName').fill('Curious Ltd');
    await field(page, 'topic').selectOption({ index: 2 });
    const qty = page.locator('[name="quantity"]');
    if (await qty.count()) await qty.fill('12');
    const interest = page.locator('input[name="interests"]').first();
    if (await interest.count()) await interest.check();
    const message = page.locator('[name="message"]');
    if (await message.count()) await message.fill('Do you ship abroad?');
    const agree = page.locator('input[name="agreed"]');
    if (await agree.count()) await agree.check();
    await shot(page, 'contact');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/contact-success$/);
    await shot(page, 'contact-success');
    const destination = s.ctx.db.one<{ to_addr: string }>(
      "SELECT to_addr FROM mail_outbox WHERE subject LIKE '%contact%' AND to_addr <> 'curious@example.com' ORDER BY id DESC LIMIT 1",
    );
    const to = (await destination).to_addr;
    const mail = await mailTo(to, 'Curious Ltd');
    expect(mail).toContain('curious@example.com');
    await mailTo('curious@example.com', 'Curious Ltd'); // the visitor's confirmation
    await ctx.close();
  });

  it('shows the connection message when the network fails, and a retry after a lost answer stores once', async () => {
    const { ctx, page } = await phone();
    await open(page, `/sites/${siteId}/en/contact`);
    await field(page, 'email').fill('retry@example.com');
    await field(page, 'companyName').fill('Retry KK');
    const agree = page.locator('input[name="agreed"]');
    if (await agree.count()) await agree.check();
    // 1: no connection at all
    await page.route('**/api/v1/end-user/site/*/contact', (r) => r.abort('internetdisconnected'));
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-toast').textContent()).toContain('Cannot connect to the server');
    await shot(page, 'connection-error');
    // one toast at a time, gone after 3 s
    expect(await page.locator('.eu-toast').count()).toBe(1);
    await expect.poll(() => page.locator('.eu-toast').count(), { timeout: 6000 }).toBe(0);
    // 2: the server stores it but the answer is lost on the way back
    await page.unroute('**/api/v1/end-user/site/*/contact');
    await page.route('**/api/v1/end-user/site/*/contact', async (r) => {
      await r.fetch();
      await r.abort('connectionreset');
    });
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-toast').count()).toBe(1);
    // 3: the visitor tries again with the same form: same idempotency key, no second row
    await page.unroute('**/api/v1/end-user/site/*/contact');
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/contact-success$/);
    const n = await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM form_submissions WHERE email = 'retry@example.com'");
    expect(n.n).toBe(1);
    await ctx.close();
  });

  it('sends the homepage form and promises a reply within 24 hours', async () => {
    const { ctx, page } = await phone();
    await open(page, `/sites/${siteId}/en/forms`);
    await field(page, 'email').fill('brochure@example.com');
    await field(page, 'companyName').fill('Brochure Inc');
    const agree = page.locator('input[name="agreed"]');
    if (await agree.count()) await agree.check();
    await page.locator('button[type=submit]').click();
    await page.waitForURL(/\/form-success$/);
    expect(await page.locator('.eu-note-strong').textContent()).toContain('24 hours');
    await shot(page, 'form-success');
    const row = await s.ctx.db.one<{ form_type: string }>("SELECT form_type FROM form_submissions WHERE email = 'brochure@example.com'");
    expect(row.form_type).toBe('HOMEPAGE_SETTING');
    await ctx.close();
  });

  it('answers a survey reached from a button', async () => {
    const { ctx, page } = await phone();
    const survey = await s.ctx.db.one<{ id: number }>('SELECT id FROM surveys WHERE site_id = $1 ORDER BY id LIMIT 1', [siteId]);
    await open(page, `/sites/${siteId}/en/survey?survey_id=${survey.id}&page_id=${membersPageId}&cta_id=9&click_source=BUTTON_CTA`);
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-toast').textContent()).toContain('Answer all required questions');
    await page.locator('.eu-option').first().click();
    await page.locator('input[type=email]').fill('survey@example.com');
    await shot(page, 'survey');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Thank you!');
    const row = await s.ctx.db.one<{ score: number; page_id: number; cta_id: number; click_source: string }>(
      "SELECT score, page_id, cta_id, click_source FROM survey_responses WHERE email = 'survey@example.com'",
    );
    expect(row).toMatchObject({ page_id: membersPageId, cta_id: 9, click_source: 'BUTTON_CTA' });
    expect(row.score).toBeGreaterThan(0);
    await ctx.close();
  });

  it('opens a draft site preview with an invited e-mail and the passcode, not with a wrong one', async () => {
    const { ctx, page } = await phone();
    await open(page, `/site/${draftId}/preview`);
    await shot(page, 'preview-lock');
    await field(page, 'email').fill('invitee@example.com');
    await field(page, 'password').fill('not-it');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.eu-toast').textContent()).toContain('passcode is wrong');
    expect(await page.locator('h1').textContent()).toBe('Preview');
    await field(page, 'password').fill('Sneak-Peek-7');
    await page.locator('button[type=submit]').click();
    await page.waitForLoadState('load');
    await expect.poll(() => page.evaluate(() => document.body.textContent)).toContain('Visitor site');
    await expect.poll(() => page.locator('#eu-state').count()).toBe(0); // not the lock screen any more
    await animationsSettled(page);
    await shot(page, 'preview-open');
    await ctx.close();
  });
});
