import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { http, login } from '../apps/server/src/test/helpers.js';
import { DESKTOP, demoJourney, noSeriousViolations, PHONE, pressUntilAt, screenshot, signIn, WAIT } from './helpers.js';

// Revisions and dynamic text in Chromium: the demo site is published twice (once through the API, once with the
// editor's Publish), the revisions screen says what changed, an old revision opens in the operator's preview, a
// rollback publishes it again and a visitor sees the earlier content. The page text holds {{utm_term|…}}: a browser
// without JavaScript gets the query's value (or the fallback) in the first HTML, and a page reached by a swipe is
// filled in the browser.

const USER = DEMO_LOGINS[1];
const j = demoJourney();

const SPRING = 'Spring sale';
const SUMMER = 'Summer sale for {{utm_term|everyone}}';
const A2 = 'More for {{utm_term|all}}';

type Doc = { categories: { pages: { main_text: Record<string, string> }[] }[] } & Record<string, unknown>;

/** The demo site with A1 and A2's texts set (both languages), published through the API: revision 2. */
async function publishSpring(): Promise<void> {
  const token = (await login(j.adminUrl, USER.email, USER.password)).access;
  const doc = (await http<Doc>(j.adminUrl, 'GET', `/api/v1/sites/${j.siteId}`, { token })).body;
  const [a1, a2] = doc.categories[0]?.pages ?? [];
  if (!a1 || !a2) throw new Error('the demo site has no A1 and A2');
  a1.main_text = { ja: SPRING, en: SPRING };
  a2.main_text = { ja: A2, en: A2 };
  const r = await http(j.adminUrl, 'PUT', `/api/v1/sites/${j.siteId}`, { token, body: { action: 'publish', document: doc } });
  expect(r.status).toBe(200);
}

/** The main text a browser without JavaScript shows on the site's first page, for this query. */
async function firstPaint(query = ''): Promise<string> {
  const ctx = await j.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.goto(`${j.sitesUrl}/${query}`);
  const text = (await page.locator('.vw[data-position="A1"] .sp-main-text').first().textContent()) ?? '';
  await ctx.close();
  return text;
}

const row = (page: Page, n: number) => page.getByTestId('revision').filter({ has: page.getByText(`Revision ${n}`, { exact: true }) });

describe('revisions and dynamic text', () => {
  it('publishes twice, lists what changed, previews the old one, rolls back; visitors follow (1440 px)', async () => {
    await publishSpring();
    const ctx = await j.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, j.adminUrl, USER);

    // the second publish, with the editor: A1's text gets a placeholder; the canvas shows its fallback
    await page.goto(`${j.adminUrl}/master-user/site/${j.siteId}`);
    await page.getByRole('tab', { name: 'Creatives' }).click();
    await page.getByRole('textbox', { name: 'Main text' }).fill(SUMMER);
    await page
      .getByText(/Write \{\{utm_term\|fallback\}\}/)
      .first()
      .waitFor(WAIT);
    await page.getByText('Summer sale for everyone', { exact: true }).first().waitFor(WAIT);
    await page.getByRole('button', { name: 'Publish changes', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await page.getByTestId('published-toast').waitFor(WAIT);

    // a visitor without JavaScript: the query's value in the first HTML, the fallback without it
    expect(await firstPaint('?utm_term=trail+runners')).toBe('Summer sale for trail runners');
    expect(await firstPaint()).toBe('Summer sale for everyone');
    expect(await firstPaint('?utm_term=%3Cb%3Ebold%3C%2Fb%3E')).toBe('Summer sale for b bold /b');

    // with JavaScript, a page reached by a swipe is filled from the same address
    const visitor = await j.browser.newContext(PHONE);
    const vp = await visitor.newPage();
    await vp.goto(`${j.sitesUrl}/?utm_term=trail+runners`);
    await vp.locator('.vw[data-ready="1"]').waitFor(WAIT);
    await pressUntilAt(vp, 'ArrowDown', 'A2');
    await vp.locator('.sp-main-text', { hasText: 'More for trail runners' }).first().waitFor(WAIT);
    await visitor.close();

    // the revisions screen, from the editor's menu
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Revisions' }).click();
    await page.waitForURL(new RegExp(`/site/${j.siteId}/revisions$`));
    await row(page, 3).getByTestId('revision-live').waitFor(WAIT);
    expect(await row(page, 3).textContent()).toContain('1 page edited: A1');
    expect(await row(page, 2).textContent()).toContain('2 pages edited: A1, A2');
    expect(await row(page, 1).textContent()).toContain('First publication');
    expect(await row(page, 1).textContent()).toContain('System');
    await noSeriousViolations(page);
    await screenshot(page, 'revisions-list-1440-en');

    // revision 2 in the operator's preview: a new tab, no passcode
    const [preview] = await Promise.all([
      ctx.waitForEvent('page'),
      page.getByRole('button', { name: 'Preview revision 2 (new tab)' }).click(),
    ]);
    await preview.waitForURL(/\/preview\/en\?revision=2$/, WAIT);
    await preview.locator('.sp-main-text', { hasText: SPRING }).first().waitFor(WAIT);
    expect(await preview.locator('.sp-main-text').first().textContent()).toBe(SPRING);
    await preview.close();

    // roll back to revision 2, after a confirmation: published again as revision 4
    await page.getByRole('button', { name: 'Roll back to revision 2' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Roll back to revision 2?').waitFor(WAIT);
    await noSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Roll back and publish' }).click();
    await page.getByText('The earlier revision is live again, as revision 4.').waitFor(WAIT);
    await row(page, 4).getByTestId('revision-live').waitFor(WAIT);
    expect(await row(page, 4).textContent()).toContain('Rollback to revision 2');
    expect(await row(page, 3).getByTestId('revision-live').count()).toBe(0);
    expect(await firstPaint('?utm_term=trail+runners')).toBe(SPRING);
    expect(errors).toEqual([]);
    await ctx.close();
  });

  it('the revisions screen on a phone (390 px): one card per revision, axe clean', async () => {
    const ctx = await j.browser.newContext(PHONE);
    const page = await ctx.newPage();
    await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}/revisions`);
    await row(page, 4).getByTestId('revision-live').waitFor(WAIT);
    expect(await page.getByTestId('revision').count()).toBe(4);
    await row(page, 3).getByRole('button', { name: 'Roll back to revision 3' }).waitFor(WAIT);
    // nothing off screen sideways
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await noSeriousViolations(page);
    await screenshot(page, 'revisions-list-390-en');
    await ctx.close();
  });
});
