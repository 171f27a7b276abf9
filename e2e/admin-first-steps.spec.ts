import { formatJapanTime, IMPORT_COLUMNS } from '@swipe/core';
import iconv from 'iconv-lite';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, demoJourney, noSeriousViolations, PHONE, SIZES, screenshot, signIn, WAIT } from './helpers.js';

// What a newcomer trips on in the back-office, tried as one: times carry their zone whatever the browser's, the
// first screen speaks the browser's language, a form refuses what it cannot keep (with its message) instead of
// changing it, required fields are marked on their label's line, and an expired access token is renewed once
// before the first calls.

const [MASTER, USER] = DEMO_LOGINS;
const j = demoJourney();

async function context(opts: BrowserContextOptions) {
  return j.browser.newContext(opts);
}

async function userId(email: string): Promise<number> {
  return (await j.server.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [email])).id;
}

describe('times carry their zone', () => {
  it('the contract history shows Japan time, zone named, in a browser set to UTC', async () => {
    const id = await userId(USER.email);
    // an instant worked out by hand: 04:01 UTC is 13:01 in Japan
    await j.server.ctx.db.query("UPDATE contract_history SET executed_at = '2026-11-27T04:01:00Z' WHERE account_id = $1", [id]);
    for (const [size, opts] of SIZES) {
      const ctx = await context({ ...opts, timezoneId: 'UTC' });
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, MASTER, 'en', `/master/user/${id}`);
      await page.getByText('2026-11-27 13:01 JST').first().waitFor();
      expect(await page.getByText('2026-11-27 04:01').count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-times-${size}-en`);
      await ctx.close();
    }
    expect(formatJapanTime('2026-11-27T04:01:00Z')).toBe('2026-11-27 13:01 JST');
  });

  it("the contract history names the platform in the reader's language (its contact name is English demo data)", async () => {
    const id = await userId(USER.email);
    for (const [size, opts] of SIZES) {
      const ctx = await context({ ...opts, timezoneId: 'UTC' });
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, MASTER, 'ja', `/master/user/${id}`);
      const row = page.getByTestId('history-row').first();
      await row.getByText('プラットフォーム運営者').waitFor();
      expect(await row.innerText()).not.toContain('Platform operator');
      expect(await row.innerText()).toContain('2026-11-27 13:01 JST');
      await noSeriousViolations(page);
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, `first-steps-history-${size}-ja`);
      await ctx.close();
    }
  });
});

describe('the first screen speaks the browser language', () => {
  it('English for an English browser, Japanese for a Japanese one, until a pick', async () => {
    for (const [size, opts] of SIZES) {
      const en = await context({ ...opts, locale: 'en-US' });
      const page = await en.newPage();
      await page.goto(`${j.adminUrl}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-login-${size}-en`);
      await en.close();

      const ja = await context({ ...opts, locale: 'ja-JP' });
      const jaPage = await ja.newPage();
      await jaPage.goto(`${j.adminUrl}/login`);
      await jaPage.getByRole('button', { name: 'ログイン' }).waitFor();
      expect(await jaPage.evaluate(() => document.documentElement.lang)).toBe('ja');
      await screenshot(jaPage, `first-steps-login-${size}-ja`);
      await ja.close();
    }
  });

  it("a mail's link opens in the mail's language; a pick wins over both", async () => {
    const ctx = await context({ ...DESKTOP, locale: 'ja-JP' });
    const page = await ctx.newPage();
    await page.goto(`${j.adminUrl}/new-password?token=not-a-real-token&setup=1&lang=en`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('en');
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    // the person picks Korean on the sign-in screen: kept from now on, whatever the browser or the link say
    await page.goto(`${j.adminUrl}/login`);
    await page.evaluate(() => localStorage.setItem('swipe.admin.lang', 'kr'));
    await page.goto(`${j.adminUrl}/login?lang=en`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), WAIT).toBe('ko');
    await ctx.close();
  });
});

async function openPlanForm(page: Page): Promise<void> {
  await page.goto(`${j.adminUrl}/master/plan-management`);
  await page.getByRole('button', { name: 'Create plan' }).first().click();
  await page.getByRole('dialog').getByLabel('Japanese (required)').waitFor();
}

describe('forms refuse what they cannot keep', () => {
  it('the plan form keeps an over-long name and negative numbers as typed, says why, and saves nothing', async () => {
    const before = (await j.server.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM plans')).n;
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, MASTER);
      await openPlanForm(page);
      const drawer = page.getByRole('dialog');
      const long = 'N'.repeat(5000);
      await drawer.getByLabel('Japanese (required)').fill(long);
      await drawer.getByLabel('Monthly fee (yen, excl. tax)').fill('-500');
      await drawer.getByLabel('Maximum sites').fill('-1');
      await drawer.getByRole('button', { name: 'Save' }).click();
      await drawer.getByText('Enter at most 50 characters.').waitFor();
      // nothing was changed behind the person's back: the name is whole, the minus signs are there
      expect((await drawer.getByLabel('Japanese (required)').inputValue()).length).toBe(5000);
      expect(await drawer.getByLabel('Monthly fee (yen, excl. tax)').inputValue()).toBe('-500');
      expect(await drawer.getByLabel('Maximum sites').inputValue()).toBe('-1');
      expect(await drawer.getByText(/at least 0/).count()).toBeGreaterThanOrEqual(2);
      expect(await drawer.getByText('5000 of 50 characters').count()).toBe(1);
      // a required mark stays on its label's last line, where the label fills its line too (beside another field)
      const overage = drawer.locator('label').filter({ hasText: 'Overage fee (yen per 1,000 page views)' });
      const [lastLine, star] = await overage.evaluate((l) => {
        const range = document.createRange();
        range.selectNodeContents(l.firstChild as Node);
        const lines = [...range.getClientRects()];
        return [lines[lines.length - 1]?.top ?? 0, l.querySelector('.mantine-InputWrapper-required')?.getBoundingClientRect().top ?? -1];
      });
      expect(Math.abs(star - lastLine)).toBeLessThan(4);
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-plan-form-${size}-en`);
      await ctx.close();
    }
    expect((await j.server.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM plans')).n).toBe(before);
  });

  it('the delivery form stops at its limits and its preview card stays on the page', async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/notification-delivery/${j.siteId}/create`);
      const title = page.getByLabel(/^Title/);
      await title.fill('W'.repeat(5000));
      expect((await title.inputValue()).length).toBe(50);
      await page.getByText('50 of 50 characters').waitFor();
      const content = page.getByLabel(/^Text/);
      await content.fill('x'.repeat(5000));
      expect((await content.inputValue()).length).toBe(120);
      // the preview's card keeps inside the page: no sideways scrolling
      const preview = page.getByTestId('banner-preview');
      await preview.waitFor();
      const width = await page.evaluate(() => document.documentElement.clientWidth);
      const box = await preview.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-delivery-form-${size}-en`);
      await ctx.close();
    }
  });
});

describe('required fields are marked', () => {
  it("the site editor's asterisks sit on their label's line", async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}`);
      const input = page.getByLabel(/^Site name/);
      await input.waitFor();
      const label = page.locator(`label[for="${await input.getAttribute('id')}"]`);
      const star = label.locator('.mantine-InputWrapper-required');
      expect(await star.count()).toBe(1);
      const [l, s] = [await label.locator('span').first().boundingBox(), await star.boundingBox()];
      // same line: the asterisk's middle lies within the label text's first line
      expect(Math.abs((s?.y ?? 0) + (s?.height ?? 0) / 2 - ((l?.y ?? 0) + 10))).toBeLessThan(10);
      expect(await input.evaluate((e) => (e as HTMLInputElement).required)).toBe(true);
      await screenshot(page, `first-steps-editor-required-${size}-en`);
      await ctx.close();
    }
  });
});

async function scheduledNews(page: Page, lang: 'en' | 'ja') {
  await page.goto(`${j.adminUrl}/master/latest-information/create`);
  const end = page.locator('label').filter({ hasText: lang === 'en' ? /^End/ : /^公開終了日時/ });
  await end.waitFor();
  // an item published now may run without an end; a scheduled one needs it (a start needs an end)
  expect(await end.locator('.mantine-InputWrapper-required').count()).toBe(0);
  await page.getByRole('radio', { name: lang === 'en' ? 'Scheduled' : '予約公開' }).check();
  await end.locator('.mantine-InputWrapper-required').waitFor();
  const start = page.locator('label').filter({ hasText: lang === 'en' ? /^Start/ : /^公開開始日時/ });
  expect(await start.locator('.mantine-InputWrapper-required').count()).toBe(1);
  await end.scrollIntoViewIfNeeded();
}

describe('news: a scheduled item marks its end', () => {
  it('End is marked required once the item is scheduled', async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, MASTER, 'en', 'home');
      await scheduledNews(page, 'en');
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-news-scheduled-${size}-en`);
      await ctx.close();
    }
  });
});

describe('CSV import', () => {
  const csv = (...rows: string[]) => iconv.encode(`${IMPORT_COLUMNS.join(',')}\r\n${rows.join('\r\n')}\r\n`, 'Shift_JIS');
  it('says no plan has an unknown name, and shows the first rows as they will be imported (Shift_JIS decoded)', async () => {
    for (const [size, opts] of SIZES)
      for (const lang of ['en', 'ja'] as const) {
        const ctx = await context(opts);
        const page = await ctx.newPage();
        await signIn(page, j.adminUrl, MASTER, lang, `/master/user-list/import`);
        const input = page.locator('input[type="file"]');
        await input.waitFor({ state: 'attached' });
        const tag = `${size}-${lang}`;
        await input.setInputFiles({
          name: 'gold.csv',
          mimeType: 'text/csv',
          buffer: csv(`MASTER_USER,gold-${tag}@import.example,株式会社ゴールド,山田 花子,Gold,,,,`),
        });
        const unknown = lang === 'en' ? 'No plan is named "Gold". Plans you can assign:' : '「Gold」という名前のプランはありません。';
        await expect.poll(() => page.getByText(unknown, { exact: false }).count(), WAIT).toBeGreaterThan(0);
        await input.setInputFiles({
          name: 'ok.csv',
          mimeType: 'text/csv',
          buffer: csv(
            `MASTER_USER,sjis-${tag}@import.example,株式会社テスト,山田 花子,Standard,2026-04-01,2027-03-31,EDIT,no`,
            `MASTER_USER,second-${tag}@import.example,有限会社サンプル,,,,,VIEW,yes`,
          ),
        });
        const preview = page.getByTestId('import-preview');
        await preview.waitFor(WAIT);
        const text = await preview.innerText();
        for (const cell of ['株式会社テスト', '山田 花子', '有限会社サンプル', 'Standard', '2026-04-01', `sjis-${tag}@import.example`])
          expect(text).toContain(cell);
        if (size === '1440')
          // the table's names are read whole: a Japanese company name on one line (it broke as 株式会社テス / ト)
          for (const name of ['株式会社テスト', '有限会社サンプル', '山田 花子'])
            expect(
              await preview.getByRole('cell', { name, exact: true }).evaluate((td) => {
                const range = document.createRange();
                range.selectNodeContents(td);
                return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
              }),
              name,
            ).toBe(1);
        if (lang === 'en') {
          await page.getByText('2 accounts are ready to import').waitFor();
          expect(text).toContain('The first 2 rows, as they will be imported');
        }
        await noSeriousViolations(page);
        await screenshot(page, `first-steps-import-preview-${tag}`);
        await ctx.close();
      }
  });
});

describe('navigation', () => {
  it('one Settings screen leads to the account, team and API settings', async () => {
    for (const [size, opts] of SIZES)
      for (const lang of ['en', 'ja'] as const) {
        const ctx = await context(opts);
        const page = await ctx.newPage();
        await signIn(page, j.adminUrl, MASTER, lang, `/master/settings`);
        const main = page.getByRole('main');
        await main.getByRole('heading', { name: lang === 'en' ? 'Settings' : '設定', level: 1 }).waitFor();
        await noSeriousViolations(page);
        await screenshot(page, `first-steps-settings-${size}-${lang}`);
        if (lang === 'en') {
          await main.getByRole('link', { name: /^API settings/ }).click();
          await page.waitForURL(/\/master\/api-settings$/);
          await page.goto(`${j.adminUrl}/master/settings`);
          await main.getByRole('link', { name: /^Admin staff/ }).click();
          await page.waitForURL(/\/master\/admin-list$/);
          // the sidebar's Settings entry stays marked on the screens it leads to
          if (size === '1440')
            expect(await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).getAttribute('aria-current')).toBe('page');
        }
        await ctx.close();
      }
  });

  it('a customer opening a seller screen directly gets the not-found screen, not a page of refusals', async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/summary`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(await page.getByText('You do not have permission').count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-summary-not-found-${size}-en`);
      await ctx.close();
    }
  });
});

describe('the profile image is checked by content in the browser', () => {
  it('a text file named .png is refused before Save, as the server would', async () => {
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'en', `/master-user/profile-image`);
      await page.getByText('Up to 2 MB').waitFor();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture\n'.repeat(20)) });
      await page.getByRole('alert').getByText('Format not supported (images: JPG, JPEG, JFIF, PNG).').waitFor();
      expect(await page.getByText('Preview (not saved yet)').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      await noSeriousViolations(page);
      await screenshot(page, `first-steps-profile-refused-${size}-en`);
      await ctx.close();
    }
  });
});

describe('an expired access token', () => {
  it('is renewed once before the first calls: no 401 reaches the page', async () => {
    const ctx = await context(PHONE);
    const page = await ctx.newPage();
    await signIn(page, j.adminUrl, USER);
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('swipe.admin.session'))) ?? '{}') as {
      accessToken: string;
    };
    const claims = JSON.parse(Buffer.from(session.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      sub: string;
      tv: number;
      fam?: string;
      email?: string;
    };
    // a token of the same session that expired a minute ago
    const expired = await j.server.ctx.tokens.sign({ kind: 'operator' }, claims, -60);
    await page.evaluate((tok) => {
      const s = JSON.parse(localStorage.getItem('swipe.admin.session') ?? '{}');
      localStorage.setItem('swipe.admin.session', JSON.stringify({ ...s, accessToken: tok }));
    }, expired);
    const unauthorised: string[] = [];
    const refreshes: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 401) unauthorised.push(r.url());
      if (r.url().endsWith('/auth/refresh-token')) refreshes.push(r.url());
    });
    await page.goto(`${j.adminUrl}/master-user/site-list`);
    await page.getByRole('heading', { name: 'Sites', exact: true }).waitFor();
    await expect.poll(() => refreshes.length, WAIT).toBe(1);
    expect(unauthorised).toEqual([]);
    await ctx.close();
  });
});

describe('the changed screens in Japanese', () => {
  it('plan list and form, news, delivery form, editor, not-found and profile image, at both sizes', async () => {
    // every feature on, so the plan list shows every feature's badge
    await j.server.ctx.db.query(
      `UPDATE plans SET private_domain = true, setting_popup_cta = true, setting_form_contact = true, analytics_effect = true,
         setting_tag_seo = true, multi_language = true WHERE name = 'Standard'`,
    );
    for (const [size, opts] of SIZES) {
      const ctx = await context(opts);
      const master = await ctx.newPage();
      await signIn(master, j.adminUrl, MASTER, 'ja', `/master/plan-management`);
      const flags = master.getByText('独自ドメイン', { exact: true }).first();
      await flags.waitFor(WAIT);
      // a feature's badge is never cut: its text is whole inside it
      expect(await flags.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      await screenshot(master, `first-steps-plan-list-${size}-ja`);
      await master.getByRole('button', { name: 'プランを作成' }).first().click();
      const drawer = master.getByRole('dialog');
      await drawer.getByLabel(/^日本語/).fill('N'.repeat(80));
      await drawer.getByLabel(/^月額料金/).fill('-500');
      await drawer.getByRole('button', { name: '保存' }).click();
      await drawer.getByText('50文字以内で入力してください。').waitFor();
      await screenshot(master, `first-steps-plan-form-${size}-ja`);
      await scheduledNews(master, 'ja');
      await screenshot(master, `first-steps-news-scheduled-${size}-ja`);

      const page = await ctx.newPage();
      await signIn(page, j.adminUrl, USER, 'ja', `/master-user/notification-delivery/${j.siteId}/create`);
      await page.getByText('0 / 50 文字').waitFor();
      await screenshot(page, `first-steps-delivery-form-${size}-ja`);
      await page.goto(`${j.adminUrl}/master-user/site/${j.siteId}`);
      await page.getByTestId('live-state').waitFor();
      await screenshot(page, `first-steps-editor-${size}-ja`);
      await page.goto(`${j.adminUrl}/master-user/summary`);
      await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
      await screenshot(page, `first-steps-summary-not-found-${size}-ja`);
      await page.goto(`${j.adminUrl}/master-user/profile-image`);
      await page.getByText('2MBまで', { exact: true }).waitFor();
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'memo.png', mimeType: 'image/png', buffer: Buffer.from('ただのテキストです\n'.repeat(20)) });
      await page.getByRole('alert').getByText('対応していない形式です', { exact: false }).waitFor();
      expect(await page.getByRole('button', { name: '保存', exact: true }).count()).toBe(0);
      await screenshot(page, `first-steps-profile-refused-${size}-ja`);
      await ctx.close();
    }
  });
});
