import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { accountsChanged } from '../apps/server/src/modules/accounts/cache.js';
import { http, login, makeAccount, TEST_PASSWORD } from '../apps/server/src/test/helpers.js';
import {
  DESKTOP,
  givePlan,
  launchChromium,
  noSeriousViolations,
  PHONE,
  screenshot,
  signIn,
  signInOnScreen,
  startDemoServer,
  WAIT,
} from './helpers.js';

// The signed-in shell, the client error rules, the site list (search, filter, pagination).

const USER = DEMO_LOGINS[1];
const MASTER = DEMO_LOGINS[0];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
/** the admin origin as configured (signed upload URLs point there) */
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer({ runWorker: false });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

describe('admin shell', () => {
  it('serves the SPA with a CSP nonce on its scripts and keeps unknown API paths JSON', async () => {
    const res = await fetch(`${admin()}/master-user/site-list`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await res.text();
    expect(html).toContain(`<meta name="csp-nonce" content="${nonce}"`);
    expect(html).toMatch(new RegExp(`<script nonce="${nonce?.replace(/[+/=]/g, '\\$&')}"`));
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] as string;
    const a = await fetch(admin() + asset);
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${admin()}/api/v1/not-a-route`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect((await fetch(`${admin()}/assets/missing-chunk.js`)).status).toBe(404);
  });

  it('logs in with the demo user and shows the signed-in shell', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInOnScreen(page, admin(), USER);
    expect(page.url()).toContain('/master-user/site-list');
    const nav = page.getByRole('navigation');
    // The menu by role (core/menu.ts): a customer sees its own business, not the seller's.
    for (const item of [
      'Site production',
      'Effect measurement',
      'Latest information',
      'Plan check',
      'Settings',
      'Profile image setting',
      'Delete account',
    ])
      await expect.poll(() => nav.getByRole('link', { name: item }).count(), WAIT).toBe(1);
    for (const item of ['Summary', 'User list', 'Plan management', 'System notification'])
      expect(await nav.getByRole('link', { name: item }).count()).toBe(0);
    await page.getByRole('link', { name: 'Demo Shop' }).first().waitFor();
    // a row's icon buttons show their hint above them under the mouse (one hint layer for every row)
    const edit = page.getByRole('link', { name: 'Edit: Demo Shop' });
    await edit.hover();
    const hint = page.getByRole('tooltip');
    await expect.poll(() => hint.textContent(), WAIT).toBe('Edit');
    const [hintBox, editBox] = [await hint.boundingBox(), await edit.boundingBox()];
    expect((hintBox?.y ?? 0) + (hintBox?.height ?? 0)).toBeLessThanOrEqual(editBox?.y ?? 0);
    const copy = page.getByRole('button', { name: 'Copy URL' });
    await copy.hover();
    await expect.poll(() => hint.textContent(), WAIT).toBe('Copy URL');
    await page.mouse.move(0, 0);
    await expect.poll(() => hint.count(), WAIT).toBe(0);
    await screenshot(page, 'admin-shell-site-list-1440');
    // Every entry leads to its screen (none says "coming soon" any more).
    await nav.getByRole('link', { name: 'Effect measurement' }).click();
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor(WAIT);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('refuses a wrong password inline, and switches the language (stored and sent)', async () => {
    // a Japanese browser: the login screen starts in its language until the person picks another
    const ctx = await browser.newContext({ ...DESKTOP, locale: 'ja-JP' });
    const page = await ctx.newPage();
    await page.goto(`${admin()}/login`);
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.getByRole('textbox', { name: '表示言語' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    const cookies = await ctx.cookies();
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    await page.getByLabel(/e-mail/i).fill(USER.email);
    await page.getByLabel(/^password/i).fill('Wrong-Passw0rd!');
    const [req] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/login')),
      page.getByRole('button', { name: /sign in/i }).click(),
    ]);
    expect(req.headers()['accept-language']).toBe('en');
    await page.getByRole('alert').waitFor();
    expect(page.url()).toContain('/login');
    await ctx.close();
  });

  it('401: refreshes once and retries; with no valid refresh token goes to login', async () => {
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER);
    // An expired/invalid access token: the next call refreshes (rotation) and succeeds.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('swipe.admin.session') as string);
      s.accessToken = 'invalid';
      localStorage.setItem('swipe.admin.session', JSON.stringify(s));
    });
    await page.reload();
    await page.getByRole('link', { name: 'Demo Shop' }).first().waitFor();
    const after = await page.evaluate(() => JSON.parse(localStorage.getItem('swipe.admin.session') as string).accessToken);
    expect(after).not.toBe('invalid');
    // Both tokens bad: the session is cleared and the login screen follows.
    await page.evaluate(() => {
      const s = JSON.parse(localStorage.getItem('swipe.admin.session') as string);
      s.accessToken = 'invalid';
      s.refreshToken = 'invalid';
      localStorage.setItem('swipe.admin.session', JSON.stringify(s));
    });
    await page.reload();
    await page.waitForURL(/\/login$/, { timeout: 10_000 });
    await ctx.close();
  });

  it('403: fetches user info, keeps it, and shows the forbidden page after 2 s', async () => {
    const acct = await makeAccount(server.ctx, {
      parentId: null,
      type: 'MASTER_USER',
      email: 'paused@admin.test',
      companyName: 'Paused Ltd',
    });
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, admin(), { email: 'paused@admin.test', password: TEST_PASSWORD });
    await page.getByText('No sites yet').waitFor();
    await server.ctx.db.query("UPDATE accounts SET contract_status = 'SUSPENDED' WHERE id = $1", [acct.id]);
    await accountsChanged(server.ctx, [acct.id]);
    const started = Date.now();
    const [info] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/auth/user-info')),
      page
        .getByRole('link', { name: 'Site production' })
        .click()
        .then(() => page.reload()),
    ]);
    expect(info.method()).toBe('GET');
    await page.waitForURL(/\/errors\/403$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    await page.getByRole('heading', { name: 'Access denied' }).waitFor();
    await ctx.close();
  });

  it('error screens offer back and home', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
    for (const code of ['403', '404', '504', '403-ip']) {
      await page.goto(`${admin()}/errors/${code}`);
      await page.getByRole('button', { name: 'Back' }).waitFor();
      await page.getByRole('button', { name: 'Home' }).waitFor();
    }
    await page.goto(`${admin()}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await ctx.close();
  });
});

describe('site list', () => {
  it('searches (debounced), filters by status and pages through the caller’s sites; no serious axe violations', async () => {
    // The master sees its whole subtree; give it enough sites to page through.
    await givePlan(server, MASTER.email);
    const tok = (await login(admin(), MASTER.email, MASTER.password)).access;
    for (let i = 1; i <= 23; i++) {
      const r = await http(admin(), 'POST', '/api/v1/sites', {
        token: tok,
        body: {
          name: `Catalogue ${String(i).padStart(2, '0')}`,
          number_horizontal: 1,
          number_vertical: 1,
          default_language: 'ja',
          global_menu: ['Top'],
        },
      });
      expect(r.status).toBe(201);
    }
    const ctx = await browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, admin(), MASTER);
    const rows = page.getByTestId('site-row');
    await expect.poll(() => rows.count(), WAIT).toBe(20);
    await page.getByText('1–20 of 24').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(4);
    expect(page.url()).toContain('page=2');

    await page.getByRole('searchbox', { name: /search/i }).fill('Catalogue 1');
    await expect.poll(() => rows.count(), WAIT).toBe(10);
    expect(page.url()).toContain('q=Catalogue');
    await page.getByRole('searchbox', { name: /search/i }).fill('');
    await expect.poll(() => rows.count(), WAIT).toBe(20);

    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(1);
    await rows.first().getByRole('link', { name: 'Demo Shop', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Domain checking' }).click();
    await page.getByText('No sites match').waitFor();

    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All' }).click();
    await expect.poll(() => rows.count(), WAIT).toBe(20);
    await noSeriousViolations(page);

    // CSV of the list as filtered, with a byte-order mark.
    await page.getByRole('searchbox', { name: /search/i }).fill('Catalogue 2');
    await expect.poll(() => rows.count(), WAIT).toBe(4);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = fs.readFileSync((await download.path()) as string, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('Catalogue 21');
    expect(csv).not.toContain('Demo Shop,');
    await page.getByRole('searchbox', { name: /search/i }).fill('');
    await expect.poll(() => rows.count(), WAIT).toBe(20);
    await screenshot(page, 'admin-site-list-1440');
    await ctx.close();
  });

  it('fits a phone screen', async () => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, admin(), USER);
    await page.getByRole('link', { name: 'Demo Shop' }).first().waitFor();
    // the phone's first draw leaves out what it does not show: the menu's links (behind the menu button) and the
    // select's option lists (hidden until opened) are drawn when first opened
    const nav = page.getByRole('navigation', { name: 'Main menu', includeHidden: true });
    expect(await nav.locator('a').count()).toBe(0);
    expect(await page.locator('[role="listbox"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    const current = nav.getByRole('link', { name: 'Site production' });
    await current.waitFor();
    expect(await current.getAttribute('aria-current')).toBe('page');
    await nav.getByRole('link', { name: 'Sign out' }).waitFor();
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).waitFor();
    await page.keyboard.press('Escape');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-site-list-390');
    await ctx.close();
  });

  it('draws its first screen once, with its rows, and the popovers only when reached for', async () => {
    const ctx = await browser.newContext(PHONE);
    // whether the page showed placeholders before its first row
    await ctx.addInitScript(`
      window.__placeholders = false;
      new MutationObserver((_, o) => {
        if (document.querySelector('.mantine-Skeleton-root')) window.__placeholders = true;
        if (document.querySelector('[data-testid="site-row"]')) o.disconnect();
      }).observe(document, { childList: true, subtree: true });
    `);
    const placeholders = (p: Page) => p.evaluate(() => (window as unknown as { __placeholders: boolean }).__placeholders);
    /** Which popover machinery the scripts the page has fetched carry (Mantine's components keep their names). */
    const popoverCode = async (p: Page) => {
      const urls = await p.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.endsWith('.js')),
      );
      const code = (await Promise.all(urls.map((u) => fetch(u).then((r) => r.text())))).join('\n');
      return ['@mantine/core/Popover', '@mantine/core/Combobox'].filter((name) => code.includes(`"${name}"`));
    };
    const page = await ctx.newPage();
    // a list that answers in 400 ms: the screen waits for it rather than drawing placeholders and then the rows
    let delay = 400;
    await page.route(/\/api\/v1\/sites\?/, async (route) => {
      await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
    // signed in through the form, as people do (its autofocus is the one a document acts on: a stand-in's select
    // drawn later has to take the focus itself)
    await signInOnScreen(page, admin(), USER);
    await page.getByTestId('site-row').first().waitFor(WAIT);
    expect(await placeholders(page)).toBe(false);
    // once the screen has settled, no popover's code has been fetched (the header's menu and bell, the list's
    // status filter and page size draw stand-ins until reached for) and no option list is drawn
    await page.waitForLoadState('networkidle');
    expect(await popoverCode(page)).toEqual([]);
    expect(await page.locator('[role="listbox"]').count()).toBe(0);

    // each works the first time, from the keyboard too, when its code comes after the press (as on a slow phone:
    // every script from here on is answered 300 ms late): the account menu…
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    const account = page.getByRole('banner').getByRole('button', { name: 'Account menu' });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Change password' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem', { name: 'Change password' }).count(), WAIT).toBe(0);
    // …the status filter: pressed, its options open and the keys go on to them (Escape closes them)…
    await page.getByRole('textbox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('option').count(), WAIT).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.getByRole('option', { name: 'Published' }).click();
    await expect.poll(() => page.url(), WAIT).toContain('status=PUBLISH');
    // a second stand-in, its code already here: pressed once, it opens (and Escape closes it)
    await page.getByRole('textbox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '50' }).waitFor(WAIT);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('option').count(), WAIT).toBe(0);
    // …and the bell's panel, the focus kept on the bell
    const bell = page.getByTestId('notification-bell');
    await bell.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Notifications' }).waitFor(WAIT);
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await popoverCode(page)).toEqual(['@mantine/core/Popover', '@mantine/core/Combobox']);

    // a list slower than the screen waits for (a second) shows its placeholders meanwhile, then its rows
    delay = 2500;
    const slow = await ctx.newPage();
    await slow.route(/\/api\/v1\/sites\?/, async (route) => {
      await new Promise((r) => setTimeout(r, delay));
      await route.continue();
    });
    await slow.goto(page.url());
    await slow.getByTestId('site-row').first().waitFor(WAIT);
    expect(await placeholders(slow)).toBe(true);
    await ctx.close();
  });

  it("keeps the header on one line on a 360 px phone, the product's name unbroken, in every language", async () => {
    const ctx = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 740 } });
    const page = await ctx.newPage();
    for (const lang of ['en', 'ja', 'kr', 'cn']) {
      await page.addInitScript((l) => localStorage.setItem('swipe.admin.lang', l), lang);
      if (lang === 'en') await signIn(page, admin(), USER);
      else await page.reload();
      await expect
        .poll(() => page.evaluate(() => document.documentElement.lang), WAIT)
        .toBe(lang === 'kr' ? 'ko' : lang === 'cn' ? 'zh' : lang);
      const brand = page.getByRole('banner').getByRole('link', { name: 'Swipe Sites' });
      const box = await brand.boundingBox();
      const line = await brand.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
      expect(box?.height, lang).toBeLessThan(line * 1.5);
      // the account menu's button is the header's last item: on screen
      const account = await page
        .getByRole('banner')
        .getByRole('button', { name: /Account menu|アカウント|계정|账户/ })
        .boundingBox();
      expect((account?.x ?? 0) + (account?.width ?? 0), lang).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), lang).toBeLessThanOrEqual(360);
    }
    await screenshot(page, 'admin-header-360-cn');
    await ctx.close();
  });
});
