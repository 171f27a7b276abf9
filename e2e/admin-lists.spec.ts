import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { http, login } from '../apps/server/src/test/helpers.js';
import { animationsSettled, demoJourney, openInApp, SIZES, screenshot, seriousViolations, signIn, WAIT } from './helpers.js';

// Every back-office list is the one list component (apps/admin/src/components/data-list): at 390 px each row's key
// values and its actions are on screen (cards, nothing off to the right), at 1440 px they are in the table's
// view; no badge label is cut short ("Termi…"), in English and in Japanese; axe finds nothing serious.

const [MASTER, USER] = DEMO_LOGINS as [(typeof DEMO_LOGINS)[number], (typeof DEMO_LOGINS)[number]];
const j = demoJourney();
/** The demo customer's account (its contract history is a list too). */
let demoShopId = 0;

interface ListCase {
  name: string;
  who: 'master' | 'user';
  path: () => string;
  row: string;
  /** Which row to look at. */
  has: string | RegExp;
  /** What must be on screen in that row: its key values and its actions. */
  keys: (row: Locator) => Locator[];
}

// In order of a walk through the app (openInApp): each list is another screen than the one before it.
const LISTS: ListCase[] = [
  {
    name: 'sites',
    who: 'master',
    path: () => 'master/site-list',
    row: 'site-row',
    has: 'Demo Shop',
    keys: (r) => [
      r.getByRole('link', { name: 'Demo Shop', exact: true }),
      r.getByRole('link', { name: /^http/ }),
      r.getByText('Published'),
      ...['Edit', 'Analyze', 'Visitors', 'Preview'].map((a) => r.getByRole('link', { name: `${a}: Demo Shop` })),
    ],
  },
  {
    name: 'users',
    who: 'master',
    path: () => 'master/user-list',
    row: 'user-row',
    has: 'Demo Shop Inc.',
    keys: (r) => [r.getByRole('link', { name: 'Demo Shop Inc.' }), r.getByText('user@demo.swipe.test'), r.getByText('Active')],
  },
  {
    name: 'contract-history',
    who: 'master',
    path: () => `master/user/${demoShopId}`,
    row: 'history-row',
    has: /./,
    // the whole row (time, who, what) is on screen
    keys: (r) => [r],
  },
  {
    // the contract status read "Termi…" in a squeezed table cell
    name: 'users-terminated',
    who: 'master',
    path: () => 'master/user-list?status=TERMINATED',
    row: 'user-row',
    has: 'Closed Trading Company',
    keys: (r) => [r.getByRole('link', { name: 'Closed Trading Company' }), r.getByText('Terminated', { exact: true })],
  },
  {
    name: 'plans',
    who: 'master',
    path: () => 'master/plan-management',
    row: 'plan-row',
    has: 'Standard',
    keys: (r) => [r.getByText('¥29,800'), r.getByText('Active', { exact: true }), r.getByRole('button', { name: 'Edit Standard' })],
  },
  {
    name: 'bills-issued',
    who: 'master',
    path: () => 'master/check-plan',
    row: 'bill-row',
    has: 'Demo Shop Inc.',
    keys: (r) => [r.getByTestId('bill-status'), r.getByRole('button', { name: /^Details of the bill for / })],
  },
  {
    name: 'news-written',
    who: 'master',
    path: () => 'master/latest-information',
    row: 'notice-row',
    has: 'Lists journey news',
    keys: (r) => [r.getByRole('link', { name: 'Lists journey news' }), r.getByTestId('notice-status')],
  },
  {
    name: 'system-notifications',
    who: 'master',
    path: () => 'master/system-notification',
    row: 'notice-row',
    has: 'Lists journey notice',
    keys: (r) => [r.getByRole('link', { name: 'Lists journey notice' }), r.getByTestId('notice-status')],
  },
  {
    name: 'staff',
    who: 'user',
    path: () => 'master-user/admin-list',
    row: 'staff-row',
    has: 'Lists Staff',
    keys: (r) => [
      r.getByText('lists-staff@journey.test'),
      r.getByText('Set-up pending'),
      r.getByRole('button', { name: 'Edit Lists Staff' }),
      r.getByRole('button', { name: 'Remove Lists Staff' }),
    ],
  },
  {
    name: 'surveys',
    who: 'user',
    path: () => 'master-user/surveys',
    row: 'survey-row',
    has: 'Tell us what you think',
    keys: (r) => [r.getByText('Tell us what you think'), r.getByRole('button', { name: 'Delete Tell us what you think' })],
  },
  {
    name: 'survey-responses',
    who: 'user',
    path: () => `master-user/site/${j.siteId}/survey-responses`,
    row: 'response-row',
    has: 'lists-visitor@example.com',
    keys: (r) => [r.getByText('lists-visitor@example.com'), r.getByRole('button', { name: 'Details of lists-visitor@example.com' })],
  },
  {
    name: 'visitors-contacts',
    who: 'user',
    path: () => `master-user/site/${j.siteId}/visitors?tab=contacts`,
    row: 'visitor-row',
    has: 'lists-contact@example.com',
    keys: (r) => [
      r.getByRole('link', { name: 'lists-contact@example.com' }),
      r.getByRole('button', { name: 'Details of lists-contact@example.com' }),
    ],
  },
  {
    name: 'deliveries',
    who: 'user',
    path: () => `master-user/notification-delivery/${j.siteId}`,
    row: 'delivery-row',
    has: /./,
    keys: (r) => [
      r.getByTestId('delivery-state'),
      r.getByRole('link', { name: /^Details of / }),
      r.getByRole('button', { name: /^Delete / }),
    ],
  },
  {
    name: 'webhook-log',
    who: 'user',
    path: () => 'master-user/api-settings',
    row: 'delivery-row',
    has: 'Failed',
    keys: (r) => [r.getByText('Failed'), r.getByRole('button', { name: 'Resend' })],
  },
  {
    name: 'news-received',
    who: 'user',
    path: () => 'master-user/latest-information',
    row: 'news-item',
    has: 'Lists journey news',
    keys: (r) => [r.getByRole('link', { name: 'Lists journey news' })],
  },
  {
    name: 'bills-own',
    who: 'user',
    path: () => 'master-user/check-plan',
    row: 'bill-row',
    has: /./,
    keys: (r) => [r.getByTestId('bill-status'), r.getByRole('button', { name: /^Download the .* invoice PDF$/ })],
  },
];

/** The rows the lists show: a terminated account, a staff member, a news item, a system notification, a contact, a survey answer, a webhook message. */
beforeAll(async () => {
  const { server } = j;
  const admin = server.ctx.config.adminUrl;
  const user = (await login(admin, USER.email, USER.password)).access;
  const master = (await login(admin, MASTER.email, MASTER.password)).access;
  const staff = await http(admin, 'POST', '/api/v1/sub-admin', {
    token: user,
    body: { email: 'lists-staff@journey.test', name: 'Lists Staff', role: 'EDITOR', authority: 'EDIT' },
  });
  expect(staff.status).toBe(201);
  const news = await http(admin, 'POST', '/api/v1/news', {
    token: master,
    body: { title: 'Lists journey news', body: 'For everyone below.' },
  });
  expect(news.status).toBe(201);
  const noti = await http(admin, 'POST', '/api/v1/system_noti', {
    token: master,
    body: { title: 'Lists journey notice', receiver_roles: ['MASTER_USER'] },
  });
  expect(noti.status).toBe(201);
  const closed = await http<{ id: number }>(admin, 'POST', '/api/v1/user', {
    token: master,
    body: { type: 'MASTER_USER', company_name: 'Closed Trading Company', email: 'closed@journey.test' },
  });
  expect(closed.status).toBe(201);
  const terminated = await http(admin, 'PUT', `/api/v1/user/${closed.body.id}/contract`, {
    token: master,
    body: { action: 'terminate', override: true },
  });
  expect(terminated.status).toBe(200);
  const db = server.ctx.db;
  await db.query(`INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', $2, $3)`, [
    j.siteId,
    'lists-contact@example.com',
    JSON.stringify({ name: 'Lists Contact', message: 'A question from the lists journey, long enough to wrap on a phone.' }),
  ]);
  const survey = await db.one<{ id: number; qid: number; value: string }>(
    `SELECT s.id, q.id AS qid, q.options->0->>'value' AS value FROM surveys s JOIN survey_questions q ON q.survey_id = s.id
      WHERE s.title->>'en' = 'Tell us what you think' AND jsonb_array_length(q.options) > 0 ORDER BY q.id LIMIT 1`,
  );
  const answered = await fetch(`${server.ctx.config.sitesUrl}/api/v1/end-user/survey/${survey.id}/response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { [survey.qid]: survey.value }, email: 'lists-visitor@example.com' }),
  });
  expect(answered.status).toBe(201);
  const account = await db.one<{ id: number }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [USER.email]);
  demoShopId = Number(account.id);
  await db.query(
    `INSERT INTO webhook_messages (delivery_id, account_id, site_id, kind, submission_id, body, status, attempts)
     VALUES ('lists-journey-1', $1, $2, 'contact', 1, '{}', 'FAILED', 1)`,
    [account.id, j.siteId],
  );
}, 120_000);

/** The element lies inside the viewport's width: nothing cut off to the right or left. */
async function onScreen(page: Page, el: Locator, what: string): Promise<void> {
  await el.first().scrollIntoViewIfNeeded();
  const box = await el.first().boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, `${what} is shown`).not.toBeNull();
  if (!box) return;
  expect(box.x, `${what} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends on screen`).toBeLessThanOrEqual(width + 0.5);
}

/**
 * Badges whose text is wider than their label box: the label shows an ellipsis ("Termi…"). Measured in fractions
 * of a pixel: a badge squeezed by a twentieth of a pixel already loses its last letters, while scrollWidth and
 * clientWidth round both to the same whole number.
 */
const cutBadges = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('main .mantine-Badge-label')]
      .filter((el) => {
        const text = document.createRange();
        text.selectNodeContents(el);
        return text.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
      })
      .map((el) => el.textContent ?? ''),
  );

describe('every list at both sizes', () => {
  for (const [size, options] of SIZES) {
    it(`shows each row's key values and actions on screen at ${size} px, axe clean, in English and Japanese`, async () => {
      const pages: Record<ListCase['who'], Page> = {} as Record<ListCase['who'], Page>;
      for (const who of ['master', 'user'] as const) {
        const page = await (await j.browser.newContext(options)).newPage();
        await signIn(page, j.adminUrl, who === 'master' ? MASTER : USER);
        pages[who] = page;
      }
      for (const list of LISTS) {
        const page = pages[list.who];
        await openInApp(page, `/${list.path()}`);
        const row = page.getByTestId(list.row).filter({ hasText: list.has }).first();
        await row.waitFor(WAIT);
        for (const [i, key] of list.keys(row).entries()) await onScreen(page, key, `${list.name} key ${i}`);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          list.name,
        ).toBeLessThanOrEqual(0);
        expect(await cutBadges(page), list.name).toEqual([]);
        await animationsSettled(page);
        // label in name too: the bell's unread count was in brackets, which a name's matching leaves out
        expect(await seriousViolations(page, { labelInName: true }), list.name).toEqual([]);
        await screenshot(page, `admin-list-${list.name}-${size}-en`);
      }
      // Japanese: longer words in the same boxes
      // (init scripts run in the order they were added: this one follows signIn's English on every load)
      for (const who of ['master', 'user'] as const) {
        await pages[who].addInitScript(() => localStorage.setItem('swipe.admin.lang', 'ja'));
        await pages[who].reload();
      }
      for (const list of LISTS) {
        const page = pages[list.who];
        await openInApp(page, `/${list.path()}`);
        await page.getByTestId(list.row).first().waitFor(WAIT);
        await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('ja');
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
          list.name,
        ).toBeLessThanOrEqual(0);
        expect(await cutBadges(page), list.name).toEqual([]);
        await screenshot(page, `admin-list-${list.name}-${size}-ja`);
      }
      for (const page of Object.values(pages)) await page.context().close();
    }, 600_000);
  }
});

describe('the site list on a fresh load', () => {
  it("asks for its sites and the app's settings beside its screen's code, not after that code has run", async () => {
    const ctx = await j.browser.newContext(SIZES[0][1]);
    await signIn(await ctx.newPage(), j.adminUrl, MASTER);
    const page = await ctx.newPage();
    const sitesPath = (u: string) => new URL(u).pathname === '/api/v1/sites';
    const asked: string[] = [];
    page.on('request', (r) => {
      if (sitesPath(r.url())) asked.push(new URL(r.url()).search);
    });
    // the screen's code is held back until the list has been asked for: a request that waited for that code to
    // run would never come (state, not a race between two downloads)
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    // (every script but the first load's: the screen rides in the signed-in layout's chunk, app/signed-in.tsx)
    await page.route(/\/assets\/(?!index-|messages-)[\w.-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const sites = page.waitForRequest((r) => sitesPath(r.url()), WAIT);
    // and the address its rows' preview links need: with the list, so the rows are drawn once, not again when it comes
    const config = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v1/app-config', WAIT);
    const opened = page.goto(`${j.adminUrl}/master/site-list?status=PUBLISH`);
    try {
      await Promise.all([sites, config]);
    } finally {
      release();
    }
    await opened;
    await page.getByTestId('site-row').first().waitFor(WAIT);
    // one request, with the URL's filter (the screen's own query found it under the same key instead of asking again)
    expect(asked).toEqual(['?page=1&page_size=20&status=PUBLISH']);
    await ctx.close();
  }, 120_000);

  it('draws its first row from a handful of script files: the first load and the signed-in layout’s chunk', async () => {
    const ctx = await j.browser.newContext(SIZES[0][1]);
    await signIn(await ctx.newPage(), j.adminUrl, MASTER);
    const page = await ctx.newPage();
    await (await ctx.newCDPSession(page)).send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto(`${j.adminUrl}/master/site-list`);
    await page.getByTestId('site-row').first().waitFor(WAIT);
    // the entry, its language table, the screens' keys, and the signed-in chunk with the two it shares with the
    // login's lazy parts (app/signed-in.tsx): 7 here; 30 when the build split a chunk per shared Mantine component
    expect(scripts.size, [...scripts].join(' ')).toBeLessThanOrEqual(8);
    await ctx.close();
  }, 120_000);
});
