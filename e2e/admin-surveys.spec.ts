import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, launchChromium, noSeriousViolations, PHONE, screenshot, signIn, startDemoServer, WAIT } from './helpers.js';

// The demo user writes a survey (inline checks, options with points) for its site, a visitor
// answers it, and the site's responses show the score and export as CSV. At 1440 and 390 px, axe clean.

const USER = DEMO_LOGINS[1];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
let siteName = '';
const admin = () => server.ctx.config.adminUrl;

beforeAll(async () => {
  server = await startDemoServer({ enduserRateMultiplier: 1000 });
  browser = await launchChromium();
  siteName = (await server.ctx.db.one<{ name: string }>('SELECT name FROM sites WHERE id = $1', [server.demoSiteId])).name;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
});

/** A visitor answers on the sites origin (the viewer's own call). */
async function answer(surveyId: number, answers: Record<string, unknown>, email: string) {
  const r = await fetch(`${server.ctx.config.sitesUrl}/api/v1/end-user/survey/${surveyId}/response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers, email }),
  });
  expect(r.status).toBe(201);
}

describe('admin surveys journey', () => {
  for (const size of [
    { name: '1440', opts: DESKTOP },
    { name: '390', opts: PHONE },
  ]) {
    it(`writes a survey, a visitor answers, the responses show its score at ${size.name} px`, async () => {
      const ctx = await browser.newContext(size.opts);
      const page = await ctx.newPage();
      const errors: string[] = [];
      // signIn's init script also runs in the editor's sandboxed HTML-button frames, where localStorage throws
      page.on('pageerror', (e) => {
        if (!/document is sandboxed/.test(e.message)) errors.push(e.message);
      });
      await signIn(page, admin(), USER);
      const title = `Fit check ${size.name}`;

      await page.goto(`${admin()}/master-user/surveys`);
      await page.getByTestId('survey-row').filter({ hasText: 'Tell us what you think' }).waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-surveys-list-${size.name}`);

      // The editor: the server's rules inline.
      await page.getByRole('link', { name: 'New survey' }).click();
      await page.waitForURL(/\/surveys\/create$/);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText(/Check \d+ fields/).waitFor();
      await page.getByRole('textbox', { name: 'Title' }).fill(title);
      await page.getByRole('textbox', { name: 'Question', exact: true }).fill('What is your budget?');
      await page.getByRole('textbox', { name: 'Option 1' }).fill('Small');
      await page.getByRole('textbox', { name: 'Option 2' }).fill('Large');
      const points = page.getByRole('textbox', { name: 'Points' });
      await points.nth(0).fill('1');
      await points.nth(1).fill('7');
      await page.getByRole('textbox', { name: 'Site' }).click();
      await page.getByRole('option', { name: siteName, exact: true }).click();
      await page.getByRole('button', { name: 'Add question' }).click();
      await expect.poll(() => page.getByTestId('survey-question').count(), WAIT).toBe(2);
      await page.getByRole('button', { name: 'Remove question 2' }).click();
      await expect.poll(() => page.getByText(/Check \d+ fields/).count(), WAIT).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `admin-surveys-form-${size.name}`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.waitForURL(/\/surveys$/);
      const row = page.getByTestId('survey-row').filter({ hasText: title });
      await row.waitFor();

      // A visitor answers it: the responses of the site list the score.
      const created = await server.ctx.db.one<{ id: number; qid: number }>(
        `SELECT s.id, q.id AS qid FROM surveys s JOIN survey_questions q ON q.survey_id = s.id WHERE s.title->>'en' = $1`,
        [title],
      );
      const large = await server.ctx.db.one<{ value: string }>(
        `SELECT o->>'value' AS value FROM survey_questions q, jsonb_array_elements(q.options) o WHERE q.id = $1 AND o->'label'->>'en' = 'Large'`,
        [created.qid],
      );
      await answer(Number(created.id), { [created.qid]: large.value }, `visitor-${size.name}@example.com`);
      await row.getByRole('link', { name: '0 responses' }).click();
      await page.waitForURL(/\/survey-responses\?survey=\d+$/);
      await page.reload();
      const resp = page.getByTestId('response-row').filter({ hasText: `visitor-${size.name}@example.com` });
      await resp.waitFor();
      await resp.getByText('Large').waitFor();
      await page.getByText('Average score 7').waitFor();
      await noSeriousViolations(page);
      await screenshot(page, `admin-surveys-responses-${size.name}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /CSV/ }).click()]);
      expect(download.suggestedFilename()).toMatch(/^survey-responses-\d+-.*\.csv$/);

      // The editor's survey link is a choice among the site owner's surveys (the new one included), not an id.
      if (size.name === '1440') {
        await page.goto(`${admin()}/master-user/site/${server.demoSiteId}`);
        await page.getByRole('tab', { name: 'Creatives' }).click();
        await page.getByTestId('cell-A2').click();
        // the third button of A2 in the demo data links the demo survey
        await page.getByTestId('canvas-button').nth(2).click();
        const picker = page.getByTestId('button-inspector').getByRole('textbox', { name: 'Survey to open' });
        await expect.poll(() => picker.inputValue(), WAIT).toBe('Tell us what you think');
        await picker.click();
        await page.getByRole('option', { name: title }).waitFor();
      }
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
