import fs from 'node:fs';
import { formatJapanTime } from '@swipe/core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { demoJourney, noSeriousViolations, SIZES, screenshot, signIn, WAIT } from './helpers.js';

// The visitors screen in the Japanese interface labels each field as the form does, in the form's
// order; times are Japan time with the zone named, on screen and in the CSV alike; the site's survey responses
// have their own tab (score, search, pages, CSV); any row opens in full in a drawer.

const USER = DEMO_LOGINS[1];
const j = demoJourney(180_000);
let contactAt = '';
let responseAt = '';

beforeAll(async () => {
  const db = j.server.ctx.db;
  const site = j.siteId;
  // stored keys in another order than the form's (message, topic, companyName), quantity left empty
  const c = await db.one<{ created_at: Date }>(
    `INSERT INTO form_submissions (site_id, form_type, lang, email, data, created_at)
     VALUES ($1, 'CONTACT_SETTING', 'ja', 'hanako@example.com', $2, '2026-03-31T15:30:00Z') RETURNING created_at`,
    [site, JSON.stringify({ message: '大阪へ配送できますか？', topic: '取材', companyName: '山田商店' })],
  );
  contactAt = formatJapanTime(c.created_at);
  const survey = await db.one<{ id: number }>('SELECT id FROM surveys WHERE site_id = $1 ORDER BY id LIMIT 1', [site]);
  const q = await db.one<{ id: number; value: string }>(
    `SELECT q.id, o->>'value' AS value FROM survey_questions q, jsonb_array_elements(q.options) o
     WHERE q.survey_id = $1 AND q.order_num = 1 AND (o->>'points')::int = 3`,
    [survey.id],
  );
  const r = await fetch(`${j.sitesUrl}/api/v1/end-user/survey/${survey.id}/response`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ answers: { [q.id]: q.value }, email: 'taro@example.com' }),
  });
  expect(r.status).toBe(201);
  responseAt = formatJapanTime(
    (await db.one<{ created_at: Date }>('SELECT created_at FROM survey_responses WHERE email = $1', ['taro@example.com'])).created_at,
  );
}, 180_000);

/** Signs in with the admin in Japanese (the language is kept in the browser, as a user's choice is). */
async function signInJa(opts: BrowserContextOptions): Promise<Page> {
  const page = await (await j.browser.newContext({ ...opts, locale: 'ja-JP' })).newPage();
  await signIn(page, j.adminUrl, USER, 'ja');
  return page;
}

async function downloadCsv(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'CSV' }).click()]);
  return fs.readFileSync((await download.path()) as string, 'utf8');
}

describe('visitors screen polish', () => {
  for (const [name, opts] of SIZES) {
    it(`labels fields in Japanese in the form's order, Japan times, survey tab and row detail at ${name} px`, async () => {
      const page = await signInJa(opts);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${j.adminUrl}/master-user/site/${j.siteId}/visitors?tab=contacts`);
      const rows = page.getByTestId('visitor-row');
      const row = rows.filter({ hasText: 'hanako@example.com' });
      await row.waitFor(WAIT);
      // the form's labels in Japanese, in the form's order (会社名, ご用件, ... お問い合わせ内容), no English keys
      const text = (await row.innerText()).replace(/\s+/g, ' ');
      expect(text).not.toMatch(/companyName|Company name|Topic/);
      const at = ['会社名:', 'ご用件:', 'お問い合わせ内容:'].map((l) => text.indexOf(l));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect([...at].sort((a, b) => a - b)).toEqual(at);
      // Japan time with the zone named: 2026-03-31 15:30 UTC is 2026-04-01 00:30 JST
      expect(contactAt).toBe('2026-04-01 00:30 JST');
      expect(text).toContain(contactAt);
      await noSeriousViolations(page);
      await screenshot(page, `admin-visitors-polish-contacts-${name}`);

      // the CSV says the same: labels, order and time
      const csv = await downloadCsv(page);
      const [head, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(head).toContain('会社名,ご用件,数量,興味のある分野,お問い合わせ内容');
      expect(lines.find((l) => l.includes('hanako@example.com'))).toContain(`,${contactAt},`);

      // the row in full: every field of the form, the empty ones too
      await row.getByRole('button', { name: 'hanako@example.com の詳細' }).click();
      const drawer = page.getByRole('dialog', { name: '送信内容' });
      await drawer.waitFor(WAIT);
      const detail = page.getByTestId('visitor-detail');
      for (const label of ['受付日時', 'メールアドレス', '会社名', 'ご用件', '数量', '興味のある分野', 'お問い合わせ内容'])
        await detail.getByText(label, { exact: true }).waitFor(WAIT);
      await detail.getByText('大阪へ配送できますか？').waitFor(WAIT);
      await noSeriousViolations(page);
      await screenshot(page, `admin-visitors-polish-detail-${name}`);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden', ...WAIT });

      // the survey responses tab: score, Japan time, search, CSV, detail
      await page.getByRole('tab', { name: 'アンケート回答' }).click();
      const taro = rows.filter({ hasText: 'taro@example.com' });
      await taro.waitFor(WAIT);
      expect(await taro.innerText()).toContain(responseAt);
      await page.getByText('平均スコア 3').waitFor(WAIT);
      await noSeriousViolations(page);
      await screenshot(page, `admin-visitors-polish-surveys-${name}`);
      const scsv = await downloadCsv(page);
      expect(scsv).toContain('taro@example.com');
      expect(scsv).toContain(responseAt);
      await taro.getByRole('button', { name: 'taro@example.com の詳細' }).click();
      await detail.getByText('このサイトはいかがでしたか？').waitFor(WAIT);
      // the answer with its points (the answer's own wording is the surveys module's)
      await detail.getByText(/\(3pt\)$/).waitFor(WAIT);
      await page.keyboard.press('Escape');
      await page.getByRole('searchbox').fill('nobody@example.com');
      await expect.poll(() => rows.count(), WAIT).toBe(0);
      await page.getByRole('searchbox').fill('taro');
      await expect.poll(() => rows.count(), WAIT).toBe(1);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 180_000);
  }
});
