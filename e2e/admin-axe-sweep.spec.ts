import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { makeAccount } from '../apps/server/src/test/helpers.js';
import { animationsSettled, demoJourney, openInApp, SIZES, screenshot, seriousViolations, signIn, WAIT } from './helpers.js';

// Every back-office screen, as the role that uses it, at both sizes: no serious or critical axe finding, and every
// control's name holds the text it shows. The sweep moves through the app as its links do (no fresh load per
// screen); a screen counts as shown once its heading is there and no loader or skeleton is left (state, never a fixed
// wait).

const [MASTER, USER] = DEMO_LOGINS;
const j = demoJourney();

const MASTER_SCREENS = [
  'summary',
  // the master has no site: the list's empty state
  'site-list',
  'user-list',
  'user-list/import',
  'create-user/{masterId}',
  'user/{userId}',
  'plan-management',
  'check-plan',
  'latest-information',
  'latest-information/create',
  'system-notification',
  'create-notification',
  'admin-list',
  'api-settings',
  'settings',
  'profile-image',
];
const USER_SCREENS = [
  'site-list',
  'create-site',
  'site/{siteId}',
  'site/{siteId}/visitors',
  'analytics',
  'site/list/{siteId}',
  'notification-delivery/{siteId}',
  'notification-delivery/{siteId}/create',
  'surveys',
  'surveys/create',
  'site/{siteId}/survey-responses',
  'check-plan',
  'latest-information',
  'admin-list',
  'api-settings',
  'settings',
  'profile-image',
  'delete-account',
];

async function shown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor(WAIT);
  await expect
    .poll(() => page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible, [aria-busy="true"]:visible').count(), WAIT)
    .toBe(0);
  await animationsSettled(page);
}

describe('every back-office screen is clean of serious and critical axe findings', () => {
  for (const [size, opts] of SIZES)
    for (const [who, login, base, screens] of [
      ['master', MASTER, 'master', MASTER_SCREENS],
      ['customer', USER, 'master-user', USER_SCREENS],
    ] as const)
      it(`as the ${who} at ${size} px`, async () => {
        const ids = {
          siteId: String(j.siteId),
          masterId: String((await j.server.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [MASTER.email])).id),
          userId: String((await j.server.ctx.db.one<{ id: number }>('SELECT id FROM accounts WHERE email = $1', [USER.email])).id),
        };
        // a staff member, so the staff list has rows (and a pending invitation)
        if (!(await j.server.ctx.db.maybeOne("SELECT 1 FROM accounts WHERE email = 'axe-staff@journey.test'")))
          await makeAccount(j.server.ctx, {
            parentId: Number(ids.userId),
            type: 'SUB_ADMIN',
            email: 'axe-staff@journey.test',
            contactName: 'Axe Staff',
            staffRole: 'EDITOR',
          });
        const ctx = await j.browser.newContext(opts);
        const page = await ctx.newPage();
        // in Japanese (the language set before the first screen loads), moving on from the first screen of the list
        await signIn(page, j.adminUrl, login, 'ja', `/${base}/${screens[0]}`);
        const found: string[] = [];
        for (const screen of screens) {
          const path = screen.replace(/\{(\w+)\}/g, (_, k: keyof typeof ids) => ids[k]);
          await openInApp(page, `/${base}/${path}`);
          await shown(page).catch(async (e: Error) => {
            await screenshot(page, `axe-sweep-failed-${who}-${size}`);
            throw new Error(`${path}: ${e.message}`);
          });
          // WCAG 2.5.3 too: the account menu's button was named "Account menu" while it shows the company's name
          for (const v of await seriousViolations(page, { labelInName: true })) found.push(`${path}: ${v}`);
        }
        expect(found.join('\n')).toBe('');
        await ctx.close();
      }, 600_000);
});
