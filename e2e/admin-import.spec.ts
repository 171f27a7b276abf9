import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_COLUMNS } from '@swipe/core';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import {
  animationsSettled,
  DESKTOP,
  launchChromium,
  PHONE,
  screenshot,
  seriousViolations,
  signIn,
  startDemoServer,
  WAIT,
} from './helpers.js';

// The demo master imports users from a CSV with one bad row, sees the row and its reason,
// fixes the file, imports it after a confirmation, and finds the new accounts in the user list.

const MASTER = DEMO_LOGINS[0];
let server: Awaited<ReturnType<typeof startDemoServer>>;
let browser: Browser;
const admin = () => server.ctx.config.adminUrl;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-journey-'));

function writeCsv(name: string, rows: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `\uFEFF${IMPORT_COLUMNS.join(',')}\r\n${rows.join('\r\n')}\r\n`);
  return file;
}

async function masterToken(): Promise<string> {
  const r = await fetch(`${admin()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: MASTER.email, password: MASTER.password }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  server = await startDemoServer();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const sizes: [string, BrowserContextOptions][] = [
  ['390', PHONE],
  ['1440', DESKTOP],
];

describe('CSV import of users', () => {
  for (const [label, viewport] of sizes) {
    it(`the master fixes a bad row and imports the file (${label} px)`, async () => {
      const ctx = await browser.newContext({ ...viewport, acceptDownloads: true });
      const page = await ctx.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, admin(), MASTER, 'en', `/master/user-list/import`);
      await page.getByRole('heading', { name: 'Import users from CSV' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      // Tables added to the page, counted as they come: a phone gets cards from the first frame (a table drawn for
      // one frame before the width was read was what an axe pass once caught).
      await page.evaluate(() => {
        const w = window as unknown as { tablesDrawn: number };
        w.tablesDrawn = 0;
        new MutationObserver((changes) => {
          for (const c of changes)
            for (const n of c.addedNodes) if (n instanceof Element && (n.matches('table') || n.querySelector('table'))) w.tablesDrawn++;
        }).observe(document.body, { childList: true, subtree: true });
      });

      // The template downloads with its BOM and header.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download template' }).click(),
      ]);
      const template = fs.readFileSync((await download.path()) as string, 'utf8');
      expect(template.startsWith(`\uFEFF${IMPORT_COLUMNS.join(',')}`)).toBe(true);

      const good = `MASTER_USER,ok-${label}@import.example,Good ${label} Inc.,Ann,,2026-04-01,2027-03-31,EDIT,yes`;
      const input = page.locator('input[type="file"]');
      await input.setInputFiles(writeCsv(`bad-${label}.csv`, [good, `MASTER_USER,broken-${label}.example,Broken Inc.,,,,,,`]));
      await page.getByText('Rows to fix: 1').waitFor();
      await expect.poll(() => page.getByText('Enter a valid e-mail address.').count(), WAIT).toBe(1);
      await expect.poll(() => page.getByText(/Row 3|^3$/).count(), WAIT).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `admin-import-bad-row-${label}`);

      // Fixed and picked again: clean, imported after the confirmation.
      await input.setInputFiles(writeCsv(`fixed-${label}.csv`, [good, `MASTER_USER,fixed-${label}@import.example,Fixed Inc.,,,,,,`]));
      await page.getByText('2 accounts are ready to import').waitFor();
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByText('2 accounts were created', { exact: false }).waitFor({ timeout: 30_000 });
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await animationsSettled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `admin-import-done-${label}`);
      const tablesDrawn = await page.evaluate(() => (window as unknown as { tablesDrawn: number }).tablesDrawn);
      if (label === '390') expect(tablesDrawn).toBe(0);
      else expect(tablesDrawn).toBeGreaterThan(0);

      // The accounts are in the user list.
      const token = await masterToken();
      const list = await fetch(`${admin()}/api/v1/user?search=${label}%40import.example&page_size=100`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await list.json()) as { items: { email: string }[] };
      expect(body.items.map((i) => i.email).sort()).toEqual([`fixed-${label}@import.example`, `ok-${label}@import.example`]);
      await page.getByRole('link', { name: 'Back to the user list' }).first().click();
      await page.waitForURL(/\/master\/user-list$/);
      expect(errors).toEqual([]);
      await ctx.close();
    });
  }
});
