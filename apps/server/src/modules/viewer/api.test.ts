import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import { DEMO_LOGINS, seedDemo } from '../../demo/seed.js';
import { END_USER_TTL_S } from '../../lib/tokens.js';
import { http, login, startTestServer, type TestServer } from '../../test/helpers.js';
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

describe('plan flags', () => {
  it('popup CTAs are not served when the plan lacks settingPopupCta', async () => {
    const before = await http<{ popup_ctas: unknown[]; popup_cta_enabled: boolean }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    expect(before.body.popup_ctas.length).toBe(2);
    await srv.ctx.db.query(
      `UPDATE site_publications SET plan_flags = plan_flags || '{"settingPopupCta": false}', version = version + 1 WHERE site_id = $1`,
      [siteId],
    );
    await invalidateSite(srv.ctx, siteId);
    const after = await http<{ popup_ctas: unknown[]; popup_cta_enabled: boolean }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    expect(after.body.popup_cta_enabled).toBe(false);
    expect(after.body.popup_ctas).toEqual([]);
    const html = await (await fetch(`${base}/A1`)).text();
    expect(html).not.toContain('先着100名様にプレゼント');
    await srv.ctx.db.query(
      `UPDATE site_publications SET plan_flags = plan_flags || '{"settingPopupCta": true}', version = version + 1 WHERE site_id = $1`,
      [siteId],
    );
    await invalidateSite(srv.ctx, siteId);
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
    expect(b3.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    for (const pos of ['C2', 'C3', 'C4']) {
      const r = await fetch(`${base}/${pos}`);
      const body = await r.text();
      expect(r.status).toBe(200);
      expect(body).toContain(`data-position="${pos}"`);
      expect(body).not.toMatch(/creative-c[234]/);
      expect(body).toContain('data-locked="1"');
    }
  });
  it('a nonce per response', async () => {
    const a = (await fetch(`${base}/A1`)).headers.get('content-security-policy');
    const b = (await fetch(`${base}/A1`)).headers.get('content-security-policy');
    expect(a).not.toBe(b);
  });
  it('draft sites, unknown prefixes and languages are 404 screens', async () => {
    expect((await fetch(`${base}/sites/987654/A1`)).status).toBe(404);
    expect((await fetch(`${base}/nope/A1`)).status).toBe(404);
    expect((await fetch(`${base}/sites/${siteId}/kr/A1`)).status).toBe(404);
    expect((await fetch(`${base}/A1/extra`)).status).toBe(404);
    const r = await fetch(`${base}/api/v1/end-user/unknown`);
    expect(r.status).toBe(404);
    expect(r.headers.get('content-type')).toContain('application/json');
  });
  it('an out-of-grid position opens the first page', async () => {
    const html = await (await fetch(`${base}/Z9`)).text();
    expect(html).toContain('data-position="A1"');
  });
});

describe('analytics events', () => {
  it('stores a batch with a session cookie, skipping pages of other sites', async () => {
    const a1 = pageAt('A1').id;
    const r = await fetch(`${base}/api/v1/end-user/events`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
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
    expect(cookie).toMatch(/Max-Age=315360000/);
    const sid = /swipe_sid=([\w-]+)/.exec(cookie)?.[1];
    const rows = await srv.ctx.db.query<{ event: string; session_id: string }>(
      'SELECT event, session_id FROM analytics_events WHERE site_id = $1 ORDER BY id',
      [siteId],
    );
    expect(rows.map((x) => x.event)).toEqual(['page_view', 'slide_page', 'click_cta_btn']);
    expect(new Set(rows.map((x) => x.session_id))).toEqual(new Set([sid]));
  });
  it('applicant clicks count, never past the limit', async () => {
    const shell = await http<{ popup_ctas: { id: number; kind: string }[] }>(base, 'GET', `/api/v1/end-user/site/${siteId}`);
    const item = shell.body.popup_ctas.find((p) => p.kind === 'applicantLimit') as { id: number };
    await srv.ctx.db.query('UPDATE popup_ctas SET applicant_limit = 2, number_clicks = 1 WHERE id = $1', [item.id]);
    for (let i = 0; i < 3; i++)
      await http(base, 'POST', '/api/v1/end-user/events', {
        body: { events: [{ event: 'click_popup_cta', site_id: siteId, page_id: pageAt('A1').id, popup_id: item.id }] },
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
