import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { createClient } from '@swipe/api-client';
import type { TokenPairView } from '@swipe/core';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Frame, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { accountsChanged } from '../apps/server/src/modules/accounts/cache.js';
import { makePlan, startTestServer, type TestServer } from '../apps/server/src/test/helpers.js';

/**
 * The journeys' browser: Debian's `chromium-headless-shell` when it is installed (the same Blink and V8 without the
 * desktop browser around them: the journeys took about 30 % less time on two cores), else its `chromium`;
 * CHROMIUM_PATH wins. The benchmarks keep the full browser, as a visitor has (bench/lighthouse.ts, bench/swipe.ts).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
export const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), 'screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs: a browser of the caller's own. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * Chromium for a journey file. The files a test worker runs one after another share one browser (a launch costs
 * about 0.6 s of CPU and seconds on a loaded machine): each caller gets a handle whose contexts are its own, and
 * whose close() closes those contexts, never the browser, so nothing a file opened outlives it. A browser that
 * died (a crash, a file that closed it) is launched again for the next caller; the worker's exit ends it.
 */
export async function launchChromium(): Promise<Browser> {
  let browser = shared && (await shared.catch(() => undefined));
  if (!browser?.isConnected()) {
    shared = launchBrowser();
    browser = await shared;
  }
  return fileHandle(browser);
}

function fileHandle(browser: Browser): Browser {
  const mine = new Set<BrowserContext>();
  const own = (c: BrowserContext) => {
    mine.add(c);
    c.on('close', () => mine.delete(c));
    return c;
  };
  const handle: Partial<Browser> = {
    newContext: async (options?: BrowserContextOptions) => own(await browser.newContext(options)),
    // a page of its own context, closed with it (as Browser.newPage does)
    newPage: async (options?: BrowserContextOptions) => {
      const ctx = own(await browser.newContext(options));
      const page = await ctx.newPage();
      page.on('close', () => void ctx.close().catch(() => {}));
      return page;
    },
    contexts: () => [...mine],
    close: async () => {
      await Promise.all([...mine].map((c) => c.close().catch(() => {})));
    },
  };
  return new Proxy(browser, {
    get(target, prop) {
      if (prop in handle) return handle[prop as keyof Browser];
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

/**
 * Options for `expect.poll` on what a page shows (a row count, a text): the journeys wait on state, never on
 * fixed sleeps, and a loaded 2-core machine can take seconds for a debounced search and its answer.
 */
export const WAIT = { timeout: 30_000, interval: 100 } as const;

export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
/** The two widths every screen is tried at, widest first, with the name a test title carries. */
export const SIZES = [
  ['1440', DESKTOP],
  ['390', PHONE],
] as const;

/** A real server (both origins, worker on) over a fresh database holding the demo data. */
export async function startDemoServer(overrides: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer & { demoSiteId: number }> {
  let demoSiteId = 0;
  const s = await startTestServer(
    { runWorker: true, ...overrides },
    {
      seed: async (ctx) => {
        const r = await seedDemo(ctx);
        demoSiteId = r?.siteId ?? 0;
      },
    },
  );
  return Object.assign(s, { demoSiteId });
}

export type DemoServer = Awaited<ReturnType<typeof startDemoServer>>;

/**
 * One demo server and one Chromium for a spec file: registers the beforeAll that starts them (within `timeout`) and
 * the afterAll that stops them; the answer reads them once started.
 */
export function demoJourney(timeout = 600_000): {
  readonly server: DemoServer;
  readonly browser: Browser;
  readonly adminUrl: string;
  readonly sitesUrl: string;
  readonly siteId: number;
} {
  let server: DemoServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchChromium();
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await server?.drop();
  });
  const started = () => {
    if (!server || !browser) throw new Error('demoJourney: read before its beforeAll ran');
    return { server, browser };
  };
  return {
    get server() {
      return started().server;
    },
    get browser() {
      return started().browser;
    },
    get adminUrl() {
      return started().server.ctx.config.adminUrl;
    },
    get sitesUrl() {
      return started().server.ctx.config.sitesUrl;
    },
    get siteId() {
      return started().server.demoSiteId;
    },
  };
}

/**
 * Gives an account (the demo master holds none: no plan, no features, docs/decisions.md) a plan with room for
 * the sites a journey creates as it.
 */
export async function givePlan(server: TestServer, email: string, limits = { quantitySite: 100, quantitySwipe: 1000 }): Promise<void> {
  const planId = await makePlan(server.ctx, { name: 'Journey', ...limits });
  const row = await server.ctx.db.one<{ id: number }>('UPDATE accounts SET plan_id = $1 WHERE lower(email) = lower($2) RETURNING id', [
    planId,
    email,
  ]);
  await accountsChanged(server.ctx, [row.id]);
}

/**
 * Waits until no finite CSS animation or transition is running (an entry animation before a screenshot): state, not
 * time. Endless ones (a pulsing button) never finish and are not waited for.
 */
/**
 * Publishes the editor's document as an operator does: "Publish" (or "Publish changes" on a live site), confirmed
 * with "Publish now"; where the contact form's settings changed, its second question ("Save anyway": the data
 * submitted so far is dropped) is answered too. Then the PUT answers 200 and the editor shows the saved state.
 */
export async function publishInEditor(page: Page, { contactChanged = false } = {}): Promise<void> {
  await page
    .getByRole('button', { name: /^Publish( changes)?$/ })
    .first()
    .click();
  await page.getByRole('dialog', { name: 'Publish this site?' }).waitFor(WAIT);
  const put = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/v1\/sites\/\d+$/.test(r.url()), WAIT);
  await page.getByRole('button', { name: 'Publish now', exact: true }).click();
  if (contactChanged) {
    const dialog = page.getByRole('dialog', { name: 'Changing contact settings' });
    await dialog.getByRole('button', { name: 'Save anyway', exact: true }).click(WAIT);
  }
  const res = await put;
  expect(res.status(), await res.text()).toBe(200);
  await page.getByText('All saved').waitFor(WAIT);
}

export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
    undefined,
    { timeout: 10_000 },
  );
}

/**
 * Presses a key until the viewer is at `position`. The stage ignores input while a move's slide lock
 * (SWIPE.slideLockShortMs from its start) lasts, so a key pressed right after the last move may be
 * swallowed: the journey waits on the position, pressing again while the viewer is still where it
 * was (a move under way swallows the extra press too), never on a fixed time.
 */
export async function pressUntilAt(page: Page, key: string, position: string, timeout = 15_000): Promise<void> {
  const at = `.vw[data-position="${position}"]`;
  const from = await page.locator('.vw').getAttribute('data-position');
  const until = Date.now() + timeout;
  for (;;) {
    const now = await page.locator('.vw').getAttribute('data-position');
    if (now === position) return;
    if (now !== from) throw new Error(`${key} from ${from} reached ${now}, not ${position}`);
    await page.keyboard.press(key);
    try {
      await page.waitForSelector(at, { timeout: 1500 });
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
    }
  }
}

/**
 * A picture of the page in e2e/screenshots for a person to look at (no journey reads it back). `E2E_SCREENSHOTS=0`
 * leaves them out: `.ci/run` does, where nobody looks at them and the 300-odd pictures (about 0.13 s of browser
 * work each on a quiet machine) came to about a minute of the run.
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string | undefined> {
  if (process.env.E2E_SCREENSHOTS === '0') return undefined;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: opts.fullPage });
  return file;
}

/**
 * Signs in and opens the site list (sellers: their summary when `landing` is 'home'), or straight the screen a test
 * opens next when `landing` is a path of the admin origin ('/master/summary': no site list loaded only to leave it;
 * the test waits for that screen's own content). The login screen itself is walked by the journeys about it
 * (admin-shell, admin-auth, first steps); here the token pair comes from the same login call the screen makes and is
 * kept where the screen keeps it (a second a sign-in on a loaded machine, times the hundred-odd sign-ins of the
 * journeys). An account that must change its password first goes through the screen. The login screen is always
 * English (its fields are found by their English labels); `lang` is the admin's language for every load after it
 * (kept in the browser, as a user's choice is).
 */
export async function signIn(
  page: Page,
  adminUrl: string,
  login: { email: string; password: string },
  lang = 'en',
  landing: 'site-list' | 'home' | `/${string}` = 'site-list',
): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('swipe.admin.lang', 'en'));
  const client = createClient({ baseUrl: adminUrl, getLanguage: () => 'en', getToken: () => null });
  const pair = await client.post<TokenPairView>('auth/login', { email: login.email, password: login.password });
  const direct = landing.startsWith('/');
  if (pair.user.mustChangePassword) {
    await signInOnScreen(page, adminUrl, login);
  } else {
    // any answer of the admin origin gives the page its storage; the health call is the smallest
    await page.goto(`${adminUrl}/api/v1/health/live`);
    const session = { accessToken: pair.accessToken, refreshToken: pair.refreshToken, user: pair.user };
    await page.evaluate((v) => localStorage.setItem('swipe.admin.session', v), JSON.stringify(session));
    if (!direct) {
      const home = `${adminUrl}/${pair.user.userTypeId}`;
      await page.goto(landing === 'home' ? home : `${home}/site-list`);
      await page.waitForURL(landing === 'home' ? /\/(site-list|summary)$/ : /\/site-list$/);
    }
  }
  // init scripts run in the order they were added: this one wins on every later load
  if (lang !== 'en') await page.addInitScript((l) => localStorage.setItem('swipe.admin.lang', l), lang);
  if (direct) await page.goto(`${adminUrl}${landing}`);
}

/**
 * Opens another screen of the running back-office the way one of its links does: the router's history moves and the
 * app draws the screen, without a new document (a fresh load re-reads and re-runs every script, which a person moving
 * through the menu never waits for). Resolves once the screen it left is gone (its heading out of the page), so what
 * the caller looks for next is the new screen's; the path must lead to another screen, not the same one filtered
 * (the screen it shows already: nothing happens).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  const left = await page.waitForSelector('main h1', WAIT);
  const moved = await page.evaluate((to) => {
    if (location.pathname + location.search === to) return false;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return true;
  }, path);
  if (moved) await left.waitForElementState('hidden', WAIT);
  await left.dispose();
}

/** Signs in on the login screen, as a person does, and waits for the screen it leads to. */
export async function signInOnScreen(page: Page, adminUrl: string, login: { email: string; password: string }): Promise<void> {
  await page.goto(`${adminUrl}/login`);
  await page.getByLabel(/e-mail/i).fill(login.email);
  await page.getByLabel(/^password/i).fill(login.password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL(/\/(site-list|summary|first-time-change-password)$/);
}

/** Once animations settled, the page has no serious or critical axe violation (the list is the failure message). */
export async function noSeriousViolations(page: Page): Promise<void> {
  await animationsSettled(page);
  expect((await seriousViolations(page)).join('\n')).toBe('');
}

/**
 * axe-core's serious and critical violations on the page, one line each; with `labelInName`, also every finding of
 * WCAG 2.5.3 (label in name: a control's name holds the text it shows), in the same run. axe-core 4.14 runs that rule
 * by default; it stays off unless asked, as the journeys were written against. The viewer's HTML buttons are operator
 * markup in `sandbox=""` frames (scripts off): axe cannot run inside them, and Chromium 156 never answers the
 * injection, so the analysis would hang. Their button keeps its label and is checked.
 */
export async function seriousViolations(page: Page, opts: { labelInName?: boolean } = {}): Promise<string[]> {
  const labelInName = opts.labelInName === true;
  const rules = { [LABEL_IN_NAME]: { enabled: labelInName } };
  const frames = await framesToCheck(page);
  const found = frames.length
    ? (
        await axeOn(page, frames)
          .options({ resultTypes: ['violations'], rules })
          .analyze()
      ).violations
    : await axeInPage(page, rules);
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || (labelInName && v.id === LABEL_IN_NAME))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const LABEL_IN_NAME = 'label-content-name-mismatch';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * axe run in the page itself, for a page with no frame to look into: its source goes in once per document (the
 * builder sends it again for every analysis, about a third of a second each, times the hundreds of checks).
 */
async function axeInPage(page: Page, rules: Record<string, { enabled: boolean }>): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (r) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Finding[] }> } }).axe
        .run({ exclude: [['iframe[sandbox=""]']] }, { resultTypes: ['violations'], iframes: false, rules: r })
        .then((x) => x.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }))),
    rules,
  );
}

/**
 * axe through its Playwright builder, which also looks into the page's frames (sandboxed ones left out). It runs in
 * one pass of the page itself unless a frame is of another origin: axe checks those through a blank page it opens
 * for each analysis (a new renderer: about a second).
 */
function axeOn(page: Page, frames: Frame[]): AxeBuilder {
  const origin = new URL(page.url()).origin;
  const otherOrigin = frames.some((f) => /^https?:/.test(f.url()) && new URL(f.url()).origin !== origin);
  return new AxeBuilder({ page }).setLegacyMode(!otherOrigin).exclude('iframe[sandbox=""]');
}

/** The frames axe would look into: every one but the page's own and the sandboxed ones. */
async function framesToCheck(page: Page): Promise<Frame[]> {
  const out: Frame[] = [];
  for (const f of page.frames()) {
    if (f === page.mainFrame()) continue;
    if ((await (await f.frameElement().catch(() => null))?.getAttribute('sandbox')) === '') continue;
    out.push(f);
  }
  return out;
}

/** Fills and sends the demo site's contact form (the page is on it) and waits for its success page. */
export async function sendDemoContact(page: Page, email: string, company: string): Promise<void> {
  await page.locator('[name="email"]').first().fill(email);
  await page.locator('[name="companyName"]').first().fill(company);
  await page.locator('[name="topic"]').first().selectOption({ index: 1 });
  const agree = page.locator('input[name="agreed"]');
  if (await agree.count()) await agree.check();
  await page.locator('button[type=submit]').click();
  await page.waitForURL(/\/contact-success$/, WAIT);
}
