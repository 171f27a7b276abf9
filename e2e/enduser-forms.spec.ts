import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { DESKTOP, demoJourney, noSeriousViolations, PHONE, publishInEditor, screenshot, signIn, WAIT } from './helpers.js';

// End-user forms: the operator sets a pattern on a new contact field in the editor (a risky
// pattern is refused inline first), publishes; the visitor sees the inline message and the server's
// 422 answer for the same values names the same field with the same message. 2: the first refused
// field is scrolled below the sticky header (label and control visible) and focused. 7: the form with
// its red "required" badges and messages is axe clean (colour contrast included). At 390 and 1440 px.

const USER = DEMO_LOGINS[1];
const j = demoJourney(400_000);
const ZIP = '郵便番号';

/** The first refused field's frame sits below the sticky header, inside the viewport, and holds the focus. */
async function expectInViewBelowHeader(page: Page, label: string) {
  const frame = page.locator('.eu-field.eu-invalid').first();
  await expect.poll(() => frame.locator('.eu-label').innerText(), WAIT).toContain(label);
  await expect
    .poll(
      () =>
        frame.evaluate((el) => {
          const header = document.querySelector('.eu-header')?.getBoundingClientRect();
          const label = el.querySelector('.eu-label')?.getBoundingClientRect();
          const control = el.querySelector('input, select, textarea')?.getBoundingClientRect();
          if (!header || !label || !control) return 'missing';
          if (label.top < header.bottom) return `label ${label.top} under header ${header.bottom}`;
          if (control.bottom > window.innerHeight) return `control below the fold ${control.bottom}`;
          return el.contains(document.activeElement) ? 'ok' : 'not focused';
        }),
      WAIT,
    )
    .toBe('ok');
}

describe('end-user form rules, set in the editor and applied alike by the form and the server', () => {
  it('the operator sets a pattern (a risky one is refused inline) and publishes', async () => {
    const ctx = await j.browser.newContext(DESKTOP);
    const page = await ctx.newPage();
    await signIn(page, j.adminUrl, USER, 'en', `/master-user/site/${j.siteId}`);
    await page.getByRole('tab', { name: 'Forms' }).click();
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Title').last().fill(ZIP);
    const pattern = page.getByLabel('Pattern (regular expression)').last();
    await pattern.fill('(\\d+)+-\\d{4}');
    await page.getByText(/could take too long/).waitFor(WAIT);
    await pattern.fill('[');
    await page.getByText('Not a valid regular expression.').waitFor(WAIT);
    await pattern.fill('\\d{3}-\\d{4}');
    await page.getByText('Not a valid regular expression.').waitFor({ state: 'detached', ...WAIT });
    await screenshot(page, 'enduser-forms-editor-1440');
    await noSeriousViolations(page);
    await publishInEditor(page, { contactChanged: true });
    await ctx.close();
  }, 240_000);

  for (const [name, opts] of [
    ['390', PHONE],
    ['1440', DESKTOP],
  ] as [string, BrowserContextOptions][]) {
    it(`at ${name} px: the visitor sees the inline message, the server agrees, the first refused field shows below the header`, async () => {
      const ctx = await j.browser.newContext(opts);
      const page = await ctx.newPage();
      const contact = `${j.sitesUrl}/sites/${j.siteId}/ja/contact`;
      await page.goto(contact);
      const zip = page.getByLabel(new RegExp(`^${ZIP}`));
      await zip.waitFor(WAIT);
      await page.getByLabel(/^メールアドレス/).fill('visitor@example.com');
      await page.getByLabel(/^会社名/).fill('Acme');
      await zip.fill('1234567');
      // the contact form asks for the agreement: given, so the pattern is the one rule that fails
      await page.getByLabel('利用規約・プライバシーポリシーに同意する').check();
      const send = page.getByRole('button', { name: '送信する' });
      await send.scrollIntoViewIfNeeded();
      await send.click();
      const message = page.locator('.eu-invalid .eu-error').first();
      await expect.poll(() => message.innerText(), WAIT).toBe('入力形式が正しくありません。');
      await expectInViewBelowHeader(page, ZIP);
      await noSeriousViolations(page);
      await screenshot(page, `enduser-forms-pattern-${name}`);

      // the server's answer for the same values: 422 naming the same field with the same message
      const key = await zip.getAttribute('name');
      const answer = await page.evaluate(
        async ([url, k]) => {
          const r = await fetch(url as string, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-language': 'ja' },
            body: JSON.stringify({
              lang: 'ja',
              agreed: true,
              data: { email: 'visitor@example.com', company_name: 'Acme', topic: '商品について', [k as string]: '1234567' },
            }),
          });
          return { status: r.status, body: (await r.json()) as { fields?: { path: string; message: string }[] } };
        },
        [`/api/v1/end-user/site/${j.siteId}/contact`, key],
      );
      expect(answer.status).toBe(422);
      expect(answer.body.fields?.map((f) => [f.path.replace(/^data\./, ''), f.message])).toEqual([[key, '入力形式が正しくありません。']]);

      // a value the pattern accepts: the message goes and the form is sent
      await zip.fill('123-4567');
      await send.click();
      await page.waitForURL(/\/contact-success$/, WAIT);
      await ctx.close();
    }, 180_000);

    it(`at ${name} px: an empty required field at the top is scrolled below the sticky header and focused`, async () => {
      const ctx = await j.browser.newContext(opts);
      const page = await ctx.newPage();
      await page.goto(`${j.sitesUrl}/sites/${j.siteId}/ja/contact`);
      await page.getByLabel(/^メールアドレス/).waitFor(WAIT);
      await page.getByLabel(/^会社名/).fill('Acme');
      const send = page.getByRole('button', { name: '送信する' });
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await send.click();
      await expect.poll(() => page.locator('.eu-invalid .eu-error').first().innerText(), WAIT).toBe('必須項目です。');
      await expectInViewBelowHeader(page, 'メールアドレス');
      await noSeriousViolations(page);
      await screenshot(page, `enduser-forms-required-${name}`);
      await ctx.close();
    }, 180_000);
  }
});
