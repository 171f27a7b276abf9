import { createHash } from 'node:crypto';
import { campaignItemSchema, siteDocumentSchema } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { DEMO_LOGINS, seedDemo } from '../../demo/seed.js';
import { END_USER_TTL_S } from '../../lib/tokens.js';
import { http, login, startTestServer, type TestServer } from '../../test/helpers.js';
import { plansChanged } from '../plans/service.js';
import { readSiteDocument } from '../sites/read.js';
import { findSite, type SiteRow, writeSiteDocument } from '../sites/repo.js';
import { invalidateSite, planOf, publishSnapshot } from '../sites/service.js';

// The visitor data calls against the demo site: public vs private page detail, caching with ETag,
// invalidation on publish, and sites that are not served.

let srv: TestServer;
let siteId = 0;
let base = '';
type Json = Record<string, unknown>;
interface GridPageWire {
  id: number;
  position: string;
  locked: boolean;
  image_url: string | null;
  has_media: boolean;
}
let pages: GridPageWire[] = [];
const pageAt = (pos: string) => pages.find((p) => p.position === pos) as GridPageWire;

/** The demo seed skips itself under DATABASE_URL (no default credentials there); tests seed anyway. */
async function seed(ctx: AppContext) {
  const r = await seedDemo({ ...ctx, config: { ...ctx.config, databaseUrl: undefined } });
  siteId = r?.siteId ?? 0;
}

beforeAll(async () => {
  srv = await startTestServer({}, { seed });
  base = srv.sitesUrl;
  const r = await http<{ categories: { pages: GridPageWire[] }[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
  expect(r.status).toBe(200);
  pages = r.body.categories.flatMap((c) => c.pages);
});
afterAll(async () => {
  await srv?.drop();
});

async function memberToken(opts: { status?: string; tv?: number; site?: number } = {}) {
  const row = await srv.ctx.db.one<{ id: number }>(
    `INSERT INTO site_members (site_id, email, password_hash, status, token_version) VALUES ($1, $2, 'x', $3, 0) RETURNING id`,
    [siteId, `m${Math.random().toString(36).slice(2)}@example.com`, opts.status ?? 'ACTIVE'],
  );
  return srv.ctx.tokens.sign({ kind: 'end-user', siteId: opts.site ?? siteId }, { sub: String(row.id), tv: opts.tv ?? 0 }, END_USER_TTL_S);
}

describe('site shell', () => {
  it('draws the grid without members-only content', async () => {
    expect(pages).toHaveLength(12);
    expect(pageAt('A1')).toMatchObject({ locked: false, has_media: true });
    expect(pageAt('A1').image_url).toContain('creative-a1');
    for (const pos of ['C2', 'C3', 'C4']) {
      expect(pageAt(pos).locked).toBe(true);
      expect(pageAt(pos).image_url).toBeNull();
    }
    const r = await http(base, 'GET', `/api/v1/end-user/site/${siteId}?lang=en`);
    const raw = JSON.stringify(r.body);
    expect(raw).not.toMatch(/creative-c[234]/);
    expect(raw).not.toContain('Demo page C2');
    expect((r.body as { global_menu: string[] }).global_menu).toEqual(['New', 'Picks', 'Members']);
  });
  it('answers 404 for an unknown site', async () => {
    const r = await http(base, 'GET', '/api/v1/end-user/site/999999');
    expect(r.status).toBe(404);
  });
});

describe('page detail', () => {
  it('public detail of a public page, in the asked language', async () => {
    const r = await http<{ page_detail: Json & { buttons: Json[] }; products: Json[] }>(
      base,
      'GET',
      `/api/v1/end-user/site/${siteId}/page/${pageAt('A1').id}/public?lang=en`,
    );
    expect(r.status).toBe(200);
    expect(r.body.page_detail.main_text).toBe('Swipe to explore');
    expect(r.body.page_detail.position).toBe('A1');
    expect(r.body.page_detail.buttons.length).toBe(2);
    expect(r.body.products[0]?.product_name).toBe('Demo bag');
    const ja = await http<{ page_detail: Json }>(base, 'GET', `/api/v1/end-user/site/${siteId}/page/${pageAt('A1').id}/public`);
    expect(ja.body.page_detail.main_text).toBe('スワイプして見てみよう');
  });
  it('products and buttons calls', async () => {
    const id = pageAt('A1').id;
    const p = await http<{ products: Json[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}/page/${id}/product/public`);
    expect(p.body.products).toHaveLength(1);
    const b = await http<{ buttons: Json[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}/page/${id}/button/public`);
    expect(b.body.buttons).toHaveLength(2);
  });
  it('HTML buttons are sanitized', async () => {
    const b = await http<{ buttons: Json[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}/page/${pageAt('A2').id}/button/public`);
    const html = b.body.buttons.find((x) => x.button_type === 'HTML');
    expect(html?.button_content_html).toContain('<strong');
  });
  it('members-only pages are never in public calls', async () => {
    for (const pos of ['C2', 'C3', 'C4']) {
      const id = pageAt(pos).id;
      for (const what of ['', 'product/', 'button/']) {
        const r = await http(base, 'GET', `/api/v1/end-user/site/${siteId}/page/${id}/${what}public`);
        expect(r.status).toBe(403);
        expect(JSON.stringify(r.body)).not.toMatch(/creative-c|Demo page|デモページ/);
      }
    }
    const list = await http(base, 'GET', `/api/v1/pages?site_id=${siteId}&skip=1&take=1000&status=published`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toMatch(/creative-c[234]/);
    expect((list.body as { total: number }).total).toBe(12);
  });
  it('private calls need an active member of this site', async () => {
    const id = pageAt('C2').id;
    const url = `/api/v1/end-user/site/${siteId}/page/${id}/private`;
    expect((await http(base, 'GET', url)).status).toBe(401);
    expect((await http(base, 'GET', url, { token: 'not-a-token' })).status).toBe(401);
    expect((await http(base, 'GET', url, { token: await memberToken({ status: 'PROVISIONAL' }) })).status).toBe(401);
    expect((await http(base, 'GET', url, { token: await memberToken({ tv: 3 }) })).status).toBe(401);
    expect((await http(base, 'GET', url, { token: await memberToken({ site: siteId + 1 }) })).status).toBe(401);
    const operator = await login(srv.adminUrl, DEMO_LOGINS[1].email, DEMO_LOGINS[1].password);
    expect((await http(base, 'GET', url, { token: operator.access })).status).toBe(401);
    const ok = await http<{ page_detail: Json }>(base, 'GET', url, { token: await memberToken() });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toContain('no-store');
    expect(ok.body.page_detail.image_url).toContain('creative-c2');
  });
  it('unknown page of the site: 404', async () => {
    const r = await http(base, 'GET', `/api/v1/end-user/site/${siteId}/page/987654/public`);
    expect(r.status).toBe(404);
  });
});

describe('caching', () => {
  it('ETag and 304, then a new ETag after publishing, and 404 once private', async () => {
    const url = `/api/v1/end-user/site/${siteId}/page/${pageAt('A1').id}/public?lang=en`;
    const first = await http(base, 'GET', url);
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^"/);
    expect(first.headers.get('cache-control')).toContain('public');
    const again = await http(base, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    // Change the working copy (what a draft save does): visitors still see the publication.
    const a1 = pageAt('A1').id;
    await srv.ctx.db.query(`UPDATE pages SET main_text = '{"ja":"新しい文","en":"New words"}' WHERE id = $1`, [a1]);
    const still = await http<{ page_detail: Json }>(base, 'GET', url);
    expect(still.body.page_detail.main_text).toBe('Swipe to explore');
    expect(still.headers.get('etag')).toBe(etag);

    // Publishing (the sites service's snapshot + invalidation) changes the payload and its ETag.
    const owner = await srv.ctx.db.one<{ account_id: number }>('SELECT account_id FROM sites WHERE id = $1', [siteId]);
    await srv.ctx.db.tx(async (q) => publishSnapshot(q, siteId, await planOf(q, owner.account_id)));
    await invalidateSite(srv.ctx, siteId);
    const after = await http<{ page_detail: Json }>(base, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(after.status).toBe(200);
    expect(after.body.page_detail.main_text).toBe('New words');
    expect(after.headers.get('etag')).not.toBe(etag);

    // Made private (what "save as private" does): gone for visitors.
    await srv.ctx.db.query("UPDATE sites SET status = 'PRIVATE' WHERE id = $1", [siteId]);
    await invalidateSite(srv.ctx, siteId);
    expect((await http(base, 'GET', url)).status).toBe(404);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${siteId}`)).status).toBe(404);
    await srv.ctx.db.query("UPDATE sites SET status = 'PUBLISH' WHERE id = $1", [siteId]);
    await invalidateSite(srv.ctx, siteId);
    expect((await http(base, 'GET', url)).status).toBe(200);
  });
  it('an expired site is not served', async () => {
    await srv.ctx.db.query("UPDATE sites SET expires_at = now() - interval '1 minute' WHERE id = $1", [siteId]);
    await invalidateSite(srv.ctx, siteId);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${siteId}`)).status).toBe(404);
    await srv.ctx.db.query('UPDATE sites SET expires_at = NULL WHERE id = $1', [siteId]);
    await invalidateSite(srv.ctx, siteId);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${siteId}`)).status).toBe(200);
  });
  it('a draft site is not served', async () => {
    const op = await login(srv.adminUrl, DEMO_LOGINS[1].email, DEMO_LOGINS[1].password);
    const created = await http<{ id: number }>(srv.adminUrl, 'POST', '/api/v1/sites', {
      token: op.access,
      body: { name: 'Draft one', number_horizontal: 1, number_vertical: 1, default_language: 'ja' },
    });
    expect(created.status).toBe(201);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${created.body.id}`)).status).toBe(404);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${created.body.id}/seo`)).status).toBe(404);
  });
});

describe('other calls', () => {
  it('company, scripts and seo per language', async () => {
    const c = await http<Json>(base, 'GET', `/api/v1/end-user/site/${siteId}/company?lang=EN`);
    expect(c.status).toBe(200);
    expect(c.body.terms_of_service).toBe('https://example.com/terms');
    const s = await http<Json>(base, 'GET', `/api/v1/end-user/site/${siteId}/seo?lang=en`);
    expect(s.body.title).toBe('Demo Shop | A catalogue you swipe');
    const sc = await http<Json>(base, 'GET', `/api/v1/end-user/site/${siteId}/scripts?lang=ja`);
    expect(sc.body).toHaveProperty('contact_script');
  });
  it('notifications in their date window', async () => {
    await srv.ctx.db.query(
      `INSERT INTO notification_deliveries (site_id, title, content, status, start_date, end_date)
       VALUES ($1, 'old', 'gone', 'PUBLIC', now() - interval '3 days', now() - interval '1 day')`,
      [siteId],
    );
    const r = await http<{ items: Json[] }>(base, 'GET', `/api/v1/end-user/noti_delivery?site_id=${siteId}`);
    expect(r.status).toBe(200);
    expect(r.body.items.length).toBe(2);
    expect(r.body.items.map((x) => x.title)).not.toContain('old');
  });
  it('campaign clicks count up', async () => {
    const shell = await http<{ campaign: { id: number } }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    const id = shell.body.campaign.id;
    const a = await http<{ click_count: number }>(base, 'GET', `/api/v1/end-user/campaign/${id}/click`);
    const b = await http<{ click_count: number }>(base, 'GET', `/api/v1/end-user/campaign/${id}/click`);
    expect(a.status).toBe(200);
    expect(b.body.click_count).toBe(a.body.click_count + 1);
    expect((await http(base, 'GET', '/api/v1/end-user/campaign/999999/click')).status).toBe(404);
  });
  it('bad ids are 400, not 500', async () => {
    expect((await http(base, 'GET', `/api/v1/end-user/site/abc/page/1/public`)).status).toBe(400);
    expect((await http(base, 'GET', `/api/v1/end-user/site/${siteId}/page/1/secret`)).status).toBeGreaterThanOrEqual(400);
  });
});

async function ownerPlanFlag(on: boolean): Promise<void> {
  const owner = await srv.ctx.db.one<{ id: number }>('SELECT account_id AS id FROM sites WHERE id = $1', [siteId]);
  await srv.ctx.db.query('UPDATE plans SET setting_popup_cta = $2 WHERE id = (SELECT plan_id FROM accounts WHERE id = $1)', [owner.id, on]);
  await plansChanged(srv.ctx, [Number(owner.id)]);
}

describe('plan flags', () => {
  it('popup CTAs are not served when the plan lacks settingPopupCta', async () => {
    const before = await http<{ popup_ctas: unknown[]; popup_cta_enabled: boolean }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    expect(before.body.popup_ctas.length).toBe(2);
    // the owner's plan in force governs (not the flags stored at publish time): edited in place here
    await ownerPlanFlag(false);
    const after = await http<{ popup_ctas: unknown[]; popup_cta_enabled: boolean }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    expect(after.body.popup_cta_enabled).toBe(false);
    expect(after.body.popup_ctas).toEqual([]);
    const html = await (await fetch(`${base}/A1`)).text();
    expect(html).not.toContain('先着100名様にプレゼント');
    await ownerPlanFlag(true);
  });
});

describe('server-rendered pages', () => {
  it('renders any position with its language, and members-only content never', async () => {
    const b3 = await fetch(`${base}/sites/${siteId}/en/B3`);
    const html = await b3.text();
    expect(b3.status).toBe(200);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('data-position="B3"');
    expect(html).toContain('<title>Demo Shop | A catalogue you swipe</title>');
    expect(b3.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[^']+' blob: https:/);
    for (const pos of ['C2', 'C3', 'C4']) {
      const r = await fetch(`${base}/${pos}`);
      const body = await r.text();
      expect(r.status).toBe(200);
      expect(body).toContain(`data-position="${pos}"`);
      expect(body).not.toMatch(/creative-c[234]/);
      expect(body).toContain('data-locked="1"');
    }
  });
  it('allows exactly the inline script it serves, by hash; revalidates by ETag', async () => {
    const r = await fetch(`${base}/A1`);
    const html = await r.text();
    const csp = r.headers.get('content-security-policy') ?? '';
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] as string);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256')
      .update(inline[0] as string, 'utf8')
      .digest('base64');
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(/script-src[^;]*(unsafe-inline|nonce-)/.test(csp)).toBe(false);
    // every other script element is data, never code
    for (const m of html.matchAll(/<script\b([^>]*)>/g)) if (m[1]) expect(m[1]).toMatch(/type="application\/json"/);
    const etag = r.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${base}/A1`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    const gz = await fetch(`${base}/A1`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(await gz.text()).toBe(html);
  });
  it('draft sites, unknown prefixes and languages are 404 screens', async () => {
    expect((await fetch(`${base}/sites/987654/A1`)).status).toBe(404);
    expect((await fetch(`${base}/nope/A1`)).status).toBe(404);
    expect((await fetch(`${base}/A1/extra`)).status).toBe(404);
    const r = await fetch(`${base}/api/v1/end-user/unknown`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
  });
  it('a position the site has no page at is the not-found screen, leading to the site', async () => {
    for (const p of ['/Z9', '/A99', '/D1', `/sites/${siteId}/en/A5`]) {
      const r = await fetch(`${base}${p}`);
      expect(r.status, p).toBe(404);
      const html = await r.text();
      expect(html).toContain('data-error="404"');
      expect(html).not.toContain('data-position="A1"');
    }
    expect(await (await fetch(`${base}/sites/${siteId}/en/Z9`)).text()).toContain(`href="/sites/${siteId}/en"`);
    // members-only pages exist (their lock shows); the root still opens the first page
    expect((await fetch(`${base}/C3`)).status).toBe(200);
    expect(await (await fetch(`${base}/`)).text()).toContain('data-position="A1"');
  });
  it('a language the site does not offer goes to the default language at the same place', async () => {
    for (const [from, to] of [
      [`/sites/${siteId}/kr/A2`, `/sites/${siteId}/A2`],
      ['/cn/B1?variation_id=v1', '/B1?variation_id=v1'],
      [`/sites/${siteId}/kr/contact`, `/sites/${siteId}/contact`],
    ]) {
      const r = await fetch(`${base}${from}`, { redirect: 'manual' });
      expect(r.status, from).toBe(302);
      expect(r.headers.get('location')).toBe(to);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });
  it('the remembered language (cookie) opens addresses without one, when the site offers it', async () => {
    const go = (path: string, lang?: string) =>
      fetch(`${base}${path}`, { redirect: 'manual', headers: lang ? { cookie: `swipe_lang=${lang}` } : {} });
    // a plain visit first, so the micro-cache holds the default-language page
    expect((await go('/B2')).status).toBe(200);
    const r = await go('/B2', 'en');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/en/B2');
    expect((await go(`/sites/${siteId}/contact`, 'en')).headers.get('location')).toBe(`/sites/${siteId}/en/contact`);
    // not offered, the default one, or a language named by the address: no redirect
    expect((await go('/B2', 'kr')).status).toBe(200);
    expect((await go('/B2', 'ja')).status).toBe(200);
    expect((await go('/ja/B2', 'en')).status).toBe(200);
    expect((await go('/en/B2', 'ja')).status).toBe(200);
    expect((await go('/B2', 'xx')).status).toBe(200);
  });
});

describe('?lang= on the live viewer', () => {
  it("is read as the address's language: moved to that language's address, html lang with it", async () => {
    const go = (path: string, cookie?: string) => fetch(`${base}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const [from, to] of [
      ['/?lang=en', '/en'],
      ['/A1?lang=en', '/en/A1'],
      ['/B2?lang=en&variation_id=v1', '/en/B2?variation_id=v1'],
      [`/sites/${siteId}/B2?lang=en`, `/sites/${siteId}/en/B2`],
      // aliases as browsers write them; a language the site does not offer, or its default: the default address
      ['/A1?lang=en-US', '/en/A1'],
      ['/A1?lang=kr', '/A1'],
      ['/A1?lang=ja', '/A1'],
    ] as const) {
      const r = await go(from);
      expect(r.status, from).toBe(302);
      expect(r.headers.get('location'), from).toBe(to);
    }
    // over a remembered choice too: the address asks
    expect((await go('/A1?lang=en', 'swipe_lang=ja')).headers.get('location')).toBe('/en/A1');
    // a language in the path wins over the query; an unknown code is no language
    expect((await go('/ja/A1?lang=en')).status).toBe(200);
    expect((await go('/A1?lang=xx')).status).toBe(200);
    const page = await (await fetch(`${base}/A1?lang=en`)).text();
    expect(page).toContain('<html lang="en"');
  });
});

describe('analytics events', () => {
  it('stores a batch with a session cookie, skipping pages of other sites', async () => {
    const a1 = pageAt('A1').id;
    const r = await fetch(`${base}/api/v1/end-user/events`, {
      method: 'POST',
      // as sendBeacon posts it, from a browser (Node's own User-Agent is an HTTP library's: a bot to analytics)
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      },
      body: JSON.stringify({
        events: [
          { event: 'page_view', site_id: siteId, page_id: a1, lang: 'ja' },
          { event: 'slide_page', site_id: siteId, page_id: pageAt('A2').id, data: { from: 'A1', to: 'A2' } },
          { event: 'click_cta_btn', site_id: siteId, page_id: a1, target_id: 1 },
          { event: 'page_view', site_id: siteId, page_id: 987654 },
        ],
      }),
    });
    expect(r.status).toBe(202);
    expect(((await r.json()) as { accepted: number }).accepted).toBe(3);
    const cookie = r.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/swipe_sid=[\w-]+/);
    // the cookie id lives until Japan midnight; the table holds only its daily salted hash (analytics/visitors.ts)
    expect(Number(/Max-Age=(\d+)/.exec(cookie)?.[1])).toBeLessThanOrEqual(24 * 3600);
    const sid = /swipe_sid=([\w-]+)/.exec(cookie)?.[1];
    const rows = await srv.ctx.db.query<{ event: string; session_id: string }>(
      'SELECT event, session_id FROM analytics_events WHERE site_id = $1 ORDER BY id',
      [siteId],
    );
    expect(rows.map((x) => x.event)).toEqual(['page_view', 'slide_page', 'click_cta_btn']);
    const ids = new Set(rows.map((x) => x.session_id));
    expect(ids.size).toBe(1);
    expect(ids.has(sid as string)).toBe(false);
    expect([...ids][0]).toMatch(/^[\w-]{22}$/);
  });
  it('applicant clicks count, never past the limit', async () => {
    const shell = await http<{ popup_ctas: { id: number; kind: string }[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    const item = shell.body.popup_ctas.find((p) => p.kind === 'applicantLimit') as { id: number };
    await srv.ctx.db.query('UPDATE popup_ctas SET applicant_limit = 2, number_clicks = 1 WHERE id = $1', [item.id]);
    for (let i = 0; i < 3; i++)
      await http(base, 'POST', '/api/v1/end-user/events', {
        body: { events: [{ event: 'click_popup_cta', site_id: siteId, page_id: pageAt('A1').id, popup_id: item.id }] },
        headers: {
          'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
        },
      });
    const live = await http<{ items: { id: number; number_clicks: number }[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}/popup-cta`);
    expect(live.body.items.find((x) => x.id === item.id)?.number_clicks).toBe(2);
  });
  it('rejects bad events with 400/422 and rate-limits per IP', async () => {
    const bad = await http(base, 'POST', '/api/v1/end-user/events', { body: { events: [{ event: 'hack', site_id: siteId }] } });
    expect([400, 422]).toContain(bad.status);
    expect((await http(base, 'POST', '/api/v1/end-user/events', { body: { events: [] } })).status).toBeGreaterThanOrEqual(400);
    expect(
      (await http(base, 'POST', '/api/v1/end-user/events', { raw: '{not json', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    let last = 0;
    for (let i = 0; i < 260 && last !== 429; i++)
      last = (await http(base, 'POST', '/api/v1/end-user/events', { body: { events: [{ event: 'page_view', site_id: siteId }] } })).status;
    expect(last).toBe(429);
  });
});

describe('campaign items (draggable side-panel buttons)', () => {
  interface ItemWire {
    id: number;
    type: string;
    side: string;
    pos: { left: number; top: number };
    button: Json & { button_text: string; button_link_type: string | null; link_destination_url: string | null };
  }
  const shell = async (lang = 'ja') =>
    (await http<{ campaign: { id: number; items: ItemWire[] } }>(base, 'GET', `/api/v1/end-user/site/${siteId}?lang=${lang}`)).body
      .campaign;
  const counts = (cid: number) =>
    srv.ctx.db.query<{ id: number; click_count: number }>('SELECT id, click_count FROM campaign_items WHERE campaign_id = $1 ORDER BY id', [
      cid,
    ]);
  const campaignCount = async (cid: number) =>
    Number((await srv.ctx.db.one<{ click_count: number }>('SELECT click_count FROM campaigns WHERE id = $1', [cid])).click_count);

  it('are presented per language as page buttons, creative blocks as page orders', async () => {
    const ja = await shell('ja');
    const en = await shell('en');
    expect(ja.items.map((i) => i.type)).toEqual(['BUTTON', 'IMAGE']);
    const [text, image] = en.items as [ItemWire, ItemWire];
    expect(ja.items[0]?.button.button_text).toBe('今すぐ応募する');
    expect(text).toMatchObject({ side: 'left', pos: { left: 5, top: 47 } });
    expect(text.button).toMatchObject({
      button_type: 'TEXT',
      button_text: 'Apply now',
      microcopy_text: 'First 100 only',
      button_shape: 'PILL',
      button_animation: 'PULSE',
      button_width: 240,
      button_link_type: 'INTERNAL_URL',
      link_destination_url: 'contact',
    });
    // B1 of a 3 x 4 grid is page 5
    expect(image.button).toMatchObject({ button_type: 'MEDIA', button_image_url: 'demo/campaign-coupon.png', link_destination_url: '5' });
    expect(image.button.button_animation).toBe('NONE');
  });

  it('a click counts the item and the campaign', async () => {
    const c = await shell();
    const item = c.items[1] as ItemWire;
    const before = await campaignCount(c.id);
    const a = await http<{ click_count: number; item_click_count: number }>(
      base,
      'GET',
      `/api/v1/end-user/campaign/${c.id}/click?item_id=${item.id}`,
    );
    const b = await http<{ click_count: number; item_click_count: number }>(
      base,
      'GET',
      `/api/v1/end-user/campaign/${c.id}/click?item_id=${item.id}`,
    );
    expect(a.status).toBe(200);
    expect(a.headers.get('cache-control')).toBe('no-store');
    expect(b.body.item_click_count).toBe(a.body.item_click_count + 1);
    expect(b.body.click_count).toBe(before + 2);
    const rows = await counts(c.id);
    expect(rows.find((r) => Number(r.id) === item.id)?.click_count).toBe(b.body.item_click_count);
    expect(rows.find((r) => Number(r.id) !== item.id)?.click_count).toBe(0);
  });

  it('unknown or foreign item ids are 404 (translated) and count nothing; malformed ids are 400', async () => {
    const c = await shell();
    const before = await campaignCount(c.id);
    const itemsBefore = await counts(c.id);
    const missing = await http<{ message: string; code: string }>(base, 'GET', `/api/v1/end-user/campaign/${c.id}/click?item_id=999999`, {
      lang: 'en',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Not found.');
    const ja = await http<{ message: string }>(base, 'GET', `/api/v1/end-user/campaign/${c.id}/click?item_id=999999`, { lang: 'ja' });
    expect(ja.status).toBe(404);
    expect(ja.body.message).not.toBe('Not found.');
    // an item of the campaign, asked for through an unknown campaign
    const own = (c.items[0] as ItemWire).id;
    expect((await http(base, 'GET', `/api/v1/end-user/campaign/999999/click?item_id=${own}`)).status).toBe(404);
    // not a number: malformed (400); numbers outside the id rule: 422 (the validator's convention)
    expect((await http(base, 'GET', `/api/v1/end-user/campaign/${c.id}/click?item_id=abc`)).status).toBe(400);
    for (const bad of ['0', '-3', '1.5', '99999999999999999999'])
      expect([400, 422]).toContain((await http(base, 'GET', `/api/v1/end-user/campaign/${c.id}/click?item_id=${bad}`)).status);
    expect(await campaignCount(c.id)).toBe(before);
    expect(await counts(c.id)).toEqual(itemsBefore);
  });

  it('nothing counts while the campaign does not count clicks', async () => {
    const c = await shell();
    await srv.ctx.db.query('UPDATE campaigns SET is_on_click_count = false WHERE id = $1', [c.id]);
    try {
      const r = await http(base, 'GET', `/api/v1/end-user/campaign/${c.id}/click?item_id=${(c.items[0] as ItemWire).id}`);
      expect(r.status).toBe(404);
      expect((await counts(c.id))[0]?.click_count).toBe(0);
    } finally {
      await srv.ctx.db.query('UPDATE campaigns SET is_on_click_count = true WHERE id = $1', [c.id]);
    }
  });

  it('a save keeps item ids and counts; HTML items are sanitized; a new item starts at zero', async () => {
    const c = await shell();
    const site = (await findSite(srv.ctx.db, siteId)) as SiteRow;
    const doc = siteDocumentSchema.parse(await readSiteDocument(srv.ctx.db, site));
    const campaign = doc.campaign as NonNullable<typeof doc.campaign>;
    campaign.buttons.reverse();
    campaign.buttons.push(
      campaignItemSchema.parse({
        type: 'HTML_BUTTON',
        side: 'right',
        pos: { left: 50, top: 80 },
        settings: { html: '<b>Hi</b><img src=x onerror="alert(1)"><script>alert(2)</script>' },
      }),
    );
    const owner = await srv.ctx.db.one<{ account_id: number }>('SELECT account_id FROM sites WHERE id = $1', [siteId]);
    const countsBefore = await counts(c.id);
    await srv.ctx.db.tx(async (q) => {
      await writeSiteDocument(q, siteId, doc);
      await publishSnapshot(q, siteId, await planOf(q, owner.account_id));
    });
    await invalidateSite(srv.ctx, siteId);
    const after = await shell('en');
    // stored in id order: the kept items first, the new one last
    expect(after.items.map((i) => i.type)).toEqual(['BUTTON', 'IMAGE', 'HTML_BUTTON']);
    expect(after.items.slice(0, 2).map((i) => i.id)).toEqual(c.items.map((i) => i.id));
    for (const old of countsBefore)
      expect((await counts(c.id)).find((r) => Number(r.id) === Number(old.id))?.click_count).toBe(old.click_count);
    const html = after.items.find((i) => i.type === 'HTML_BUTTON') as ItemWire;
    expect(String(html.button.button_content_html)).toContain('<b>Hi</b>');
    expect(String(html.button.button_content_html)).not.toMatch(/onerror|<script/);
    expect((await counts(c.id)).find((r) => Number(r.id) === html.id)?.click_count).toBe(0);
  });
});

describe('campaign banners with a script link', () => {
  it('say whether their script parses: the viewer runs it only then', async () => {
    const site = (await findSite(srv.ctx.db, siteId)) as SiteRow;
    const doc = siteDocumentSchema.parse(await readSiteDocument(srv.ctx.db, site));
    const campaign = doc.campaign as NonNullable<typeof doc.campaign>;
    campaign.banners = campaign.banners.map((b, i) => ({
      ...b,
      linkDestinationType: 'SCRIPT' as const,
      linkDestinationUrl: i === 0 ? 'document.title = "ran"' : 'this is not code(',
    }));
    const owner = await srv.ctx.db.one<{ account_id: number }>('SELECT account_id FROM sites WHERE id = $1', [siteId]);
    await srv.ctx.db.tx(async (q) => {
      await writeSiteDocument(q, siteId, doc);
      await publishSnapshot(q, siteId, await planOf(q, owner.account_id));
    });
    await invalidateSite(srv.ctx, siteId);
    const r = await http<{ campaign: { banners: { link_destination_type: string; script_valid?: boolean }[] } }>(
      base,
      'GET',
      `/api/v1/end-user/site/${siteId}`,
    );
    expect(r.body.campaign.banners.map((b) => [b.link_destination_type, b.script_valid])).toEqual([
      ['SCRIPT', true],
      ['SCRIPT', false],
    ]);
  });
});
