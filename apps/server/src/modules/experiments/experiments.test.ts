import type { ExperimentDetail } from '@swipe/core';
import { assignVariation } from '@swipe/core/experiments.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { japanDay } from '../analytics/ingest.js';
import { refreshRollups } from '../analytics/rollup.js';
import { getPublishedSite } from '../published/service.js';

// Experiments end to end through HTTP: an operator's draft of a variation of page A1, started; two visitors whose
// ids hash to different variations get different first pages (server-rendered), keep them on reload and in the
// page calls; bots and forced checks; the micro-cache never hands one visitor's variation to another; events carry
// the variation, the rollup counts them per variation, and the results say so (figures by hand); promote publishes.

let s: TestServer;
let site: Fixture;
let token = '';
let a1 = 0;
const EMAIL = 'experiments-owner@visitors.test';
const UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const api = <T = Record<string, unknown>>(method: string, url: string, body?: unknown) =>
  http<T>(s.adminUrl, method, `/api/v1${url}`, { token, body, lang: 'en' });
const page = (path: string, headers: Record<string, string> = {}) =>
  http<string>(s.sitesUrl, 'GET', `/sites/${site.siteId}${path}`, { headers: { 'user-agent': UA, 'accept-language': 'ja', ...headers } });
const cookiesOf = (h: Headers) => h.getSetCookie().map((c) => c.split(';')[0] as string);
const cookieHeader = (c: Record<string, string>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

beforeAll(async () => {
  // a micro-cache as in production: a variation must never be answered to another visitor from it
  s = await startTestServer({ microcacheTtlMs: 60_000 });
  site = await makeVisitorSite(s.ctx, { email: EMAIL });
  token = (await login(s.adminUrl, EMAIL)).access;
  const ps = await getPublishedSite(s.ctx, site.siteId);
  a1 = Number(ps?.document.categories[0]?.pages[0]?.id);
});
afterAll(async () => {
  await s?.drop();
});

let exp: ExperimentDetail;
/** Visitor ids (session_user_id) hashing to control and to the variation under this experiment's seed. */
const ids = { control: '', variant: '', variant2: '' };

describe('operators', () => {
  it('drafts an experiment of page A1: the variation starts as a copy of the control', async () => {
    const r = await api<ExperimentDetail>('POST', `/sites/${site.siteId}/experiments`, {
      name: 'Headline',
      scope: 'pages',
      page_ids: [a1],
      coverage: 100,
      variations: [
        { name: 'Original', weight: 50 },
        { name: 'New headline', weight: 50 },
      ],
    });
    expect(r.status).toBe(201);
    exp = r.body;
    expect(exp.status).toBe('draft');
    expect(exp.variations.map((v) => v.position)).toEqual([0, 1]);
    expect(Object.keys(exp.variations[1]?.content.pages ?? {})).toEqual([String(a1)]);
    expect(exp.variations[0]?.content.pages).toEqual({});
  });

  it('refuses weights that do not add up to 100 and pages not under test (422, translated)', async () => {
    const bad = await api('PUT', `/experiments/${exp.id}`, {
      name: 'Headline',
      coverage: 100,
      variations: [
        { id: exp.variations[0]?.id, name: 'Original', weight: 50 },
        { id: exp.variations[1]?.id, name: 'New', weight: 40, content: { pages: {} } },
      ],
    });
    expect(bad.status).toBe(422);
    expect((bad.body.fields as { message: string }[])[0]?.message).toBe('The traffic weights must add up to 100 %.');
    const other = Number((await getPublishedSite(s.ctx, site.siteId))?.document.categories[1]?.pages[0]?.id);
    const outside = await api('PUT', `/experiments/${exp.id}`, {
      name: 'Headline',
      coverage: 100,
      variations: [
        { id: exp.variations[0]?.id, name: 'Original', weight: 50 },
        { id: exp.variations[1]?.id, name: 'New', weight: 50, content: { pages: { [other]: { imageUrl: 'demo/x.jpg' } } } },
      ],
    });
    expect(outside.status).toBe(422);
  });

  it('saves the variation (HTML buttons sanitised as in the editor) and starts; the split is reproducible from the seed', async () => {
    const control = exp.variations[1]?.content.pages[String(a1)];
    const r = await api<ExperimentDetail>('PUT', `/experiments/${exp.id}`, {
      name: 'Headline',
      coverage: 100,
      variations: [
        { id: exp.variations[0]?.id, name: 'Original', weight: 50 },
        {
          id: exp.variations[1]?.id,
          name: 'New headline',
          weight: 50,
          content: {
            pages: {
              [a1]: {
                ...control,
                mainText: { ja: 'バリアントの見出し', en: 'Variant headline' },
                buttons: [{ buttonType: 'HTML', buttonContentHtml: '<b>Buy</b><img src=x onerror=alert(1)>' }],
              },
            },
          },
        },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // the wire is snake_case
    const saved = r.body.variations[1]?.content.pages[String(a1)] as unknown as {
      main_text: { en: string };
      buttons: { button_content_html: string }[];
    };
    expect(saved.main_text.en).toBe('Variant headline');
    expect(saved.buttons[0]?.button_content_html).toContain('<b>Buy</b>');
    expect(saved.buttons[0]?.button_content_html).not.toContain('onerror');
    const started = await api<ExperimentDetail>('POST', `/experiments/${exp.id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('running');
    exp = started.body;
    const audit = await s.ctx.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'experiment.%'");
    expect(audit.map((a) => a.action)).toEqual(['experiment.start']);
    for (let i = 0; !ids.control || !ids.variant || !ids.variant2; i++) {
      const id = `visitor-${String(i).padStart(12, '0')}`;
      const v = assignVariation({ seed: exp.seed, weights: [50, 50], coverage: 100 }, id);
      if (v === 0 && !ids.control) ids.control = id;
      else if (v === 1 && !ids.variant) ids.variant = id;
      else if (v === 1 && !ids.variant2) ids.variant2 = id;
    }
  });

  it('allows one running experiment per page (409), and lists the pages under test for the editor', async () => {
    const other = await api<ExperimentDetail>('POST', `/sites/${site.siteId}/experiments`, {
      name: 'Whole site',
      scope: 'site',
      variations: [
        { name: 'A', weight: 50 },
        { name: 'B', weight: 50 },
      ],
    });
    expect(other.status).toBe(201);
    const clash = await api('POST', `/experiments/${other.body.id}/start`);
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('EXPERIMENT_PAGES_TAKEN');
    expect((await api('DELETE', `/experiments/${other.body.id}`)).status).toBe(200);
    const list = await api<{ under_test: unknown }>('GET', `/sites/${site.siteId}/experiments`);
    expect(list.body.under_test).toEqual({ page_ids: [a1], popup: false });
  });

  it("hides another tenant's experiment (404) and needs the plan flag (403)", async () => {
    const plan = await makePlan(s.ctx, { flags: false });
    await makeAccount(s.ctx, { parentId: null, type: 'MASTER_USER', email: 'stranger@experiments.test', planId: plan });
    const stranger = (await login(s.adminUrl, 'stranger@experiments.test')).access;
    const theirs = await http(s.adminUrl, 'GET', `/api/v1/experiments/${exp.id}`, { token: stranger });
    expect(theirs.status).toBe(404);
    const stop = await http(s.adminUrl, 'POST', `/api/v1/experiments/${exp.id}/stop`, { token: stranger });
    expect(stop.status).toBe(404);
    await s.ctx.db.query('UPDATE plans SET experiments = false WHERE id = (SELECT plan_id FROM accounts WHERE email = $1)', [EMAIL]);
    try {
      expect((await api('GET', `/experiments/${exp.id}`)).status).toBe(403);
    } finally {
      await s.ctx.db.query('UPDATE plans SET experiments = true WHERE id = (SELECT plan_id FROM accounts WHERE email = $1)', [EMAIL]);
    }
  });
});

describe('visitors', () => {
  const headline = /バリアントの見出し/;
  it("renders the first page in the visitor's variation and keeps it on reload, with the spec's cookies", async () => {
    const first = await page('/A1');
    expect(first.status).toBe(200);
    const set = cookiesOf(first.headers);
    const uid = set.find((c) => c.startsWith('session_user_id='))?.split('=')[1] ?? '';
    expect(uid).toMatch(/^[\w-]{16,64}$/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('session_user_id='))).toMatch(/Max-Age=315360000/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const inVariant = assignVariation({ seed: exp.seed, weights: [50, 50], coverage: 100 }, uid) === 1;
    expect(headline.test(first.body)).toBe(inVariant);

    for (const [who, id, shows] of [
      ['control', ids.control, false],
      ['variation', ids.variant, true],
    ] as const) {
      const vid = exp.variations[shows ? 1 : 0]?.id;
      const cookies = { session_user_id: id, experiment_id: String(exp.id), variation_id: String(vid) };
      // twice: the second from the micro-cache, still the visitor's own
      for (let i = 0; i < 2; i++) {
        const r = await page('/A1', { cookie: cookieHeader(cookies) });
        expect(headline.test(r.body), `${who} reload ${i}`).toBe(shows);
        // the page's token names the visitor's variation, the control's id included
        expect(r.body).toContain(`"variationId":"${vid}"`);
      }
    }
  });

  it('serves each visitor its own variation from the micro-cache, and bots the control', async () => {
    const before = s.sites.microcache?.hits ?? 0;
    const v = exp.variations[1]?.id;
    const variant = { session_user_id: ids.variant2, experiment_id: String(exp.id), variation_id: String(v) };
    expect(headline.test((await page('/A1', { cookie: cookieHeader(variant) })).body)).toBe(true);
    const control = { session_user_id: ids.control, experiment_id: String(exp.id), variation_id: String(exp.variations[0]?.id) };
    expect(headline.test((await page('/A1', { cookie: cookieHeader(control) })).body)).toBe(false);
    expect(s.sites.microcache?.hits ?? 0).toBeGreaterThan(before);
    // first visits, answered from the micro-cache too: each gets its own new id and the page of that id's variation
    const fromCache = s.sites.microcache?.hits ?? 0;
    const uids = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const r = await page('/A1');
      const uid =
        cookiesOf(r.headers)
          .find((c) => c.startsWith('session_user_id='))
          ?.split('=')[1] ?? '';
      expect(uid).toMatch(/^[\w-]{16,64}$/);
      uids.add(uid);
      const v = assignVariation({ seed: exp.seed, weights: [50, 50], coverage: 100 }, uid);
      expect(headline.test(r.body), `first visit ${i}`).toBe(v === 1);
      expect(cookiesOf(r.headers)).toContain(`variation_id=${exp.variations[v]?.id}`);
    }
    expect(uids.size).toBe(6);
    expect(s.sites.microcache?.hits ?? 0).toBeGreaterThan(fromCache);
    const bot = await page('/A1', { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)', cookie: cookieHeader(variant) });
    expect(headline.test(bot.body)).toBe(false);
    expect(bot.headers.getSetCookie()).toEqual([]);
    const gpc = await page('/A1', { 'sec-gpc': '1' });
    expect(headline.test(gpc.body)).toBe(false);
    expect(gpc.headers.getSetCookie()).toEqual([]);
  });

  it('forces a variation with ?variationId= (no cookie), and answers page calls in the variation they name', async () => {
    const v = exp.variations[1]?.id;
    const forced = await page(`/A1?variationId=${v}`);
    expect(headline.test(forced.body)).toBe(true);
    expect(forced.headers.getSetCookie()).toEqual([]);
    const detail = await http<{ page_detail: { main_text: string } }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${site.siteId}/page/${a1}/public?lang=en&variation_id=${v}`,
    );
    expect(detail.body.page_detail.main_text).toBe('Variant headline');
    const plain = await http<{ page_detail: { main_text: string } }>(
      s.sitesUrl,
      'GET',
      `/api/v1/end-user/site/${site.siteId}/page/${a1}/public?lang=en`,
    );
    expect(plain.body.page_detail.main_text).not.toBe('Variant headline');
  });
});

describe('results', () => {
  let n = 0;
  const referer = () => `${s.sitesUrl}/sites/${site.siteId}/A1`;
  async function view(sid: string, uid: string, extra: Record<string, string> = {}) {
    const r = await http(s.sitesUrl, 'POST', '/api/v1/end-user/events', {
      body: { events: [{ id: `xv-${++n}-0123456789abcdef`, event: 'page_view', site_id: site.siteId, page_id: a1, at: Date.now() }] },
      headers: { cookie: `swipe_sid=${sid}; session_user_id=${uid}`, 'user-agent': UA, referer: referer(), ...extra },
    });
    expect(r.status).toBe(202);
  }
  async function convert(sid: string, uid: string) {
    const r = await http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/contact`, {
      body: { data: { email: `cv${++n}@example.com`, company_name: 'Acme', topic: 'Press', message: 'Hi' } },
      headers: { cookie: `swipe_sid=${sid}; session_user_id=${uid}`, 'user-agent': UA },
    });
    expect(r.status).toBeLessThan(300);
  }

  it('counts visitors and conversions per variation from the events (by hand: control 1 of 1, variation 1 of 2)', async () => {
    await view('sid-control-0123456789', ids.control);
    await convert('sid-control-0123456789', ids.control);
    await view('sid-variant-0123456789', ids.variant);
    await view('sid-variant2-012345678', ids.variant2);
    await convert('sid-variant2-012345678', ids.variant2);
    // not counted: a forced check, and Global Privacy Control (no visitor id)
    await view('sid-forced-01234567890', ids.variant, { referer: `${referer()}?variationId=${exp.variations[1]?.id}` });
    await view('sid-gpc-0123456789012', ids.variant, { 'sec-gpc': '1' });
    await refreshRollups(s.ctx, site.siteId, japanDay(Date.now()));
    type Row = { visitors: number; conversions: number; cv_rate: number; page_views: number };
    const r = await api<{ variations: Row[]; verdict: string; days: unknown[] }>('GET', `/experiments/${exp.id}/results`);
    expect(r.status).toBe(200);
    const [c, v] = r.body.variations;
    expect([c?.visitors, c?.conversions, v?.visitors, v?.conversions]).toEqual([1, 1, 2, 1]);
    expect(c?.cv_rate).toBe(1);
    expect(v?.cv_rate).toBe(0.5);
    // 2 page views in the variation: the two visitors' (the forced check and the GPC visitor carry none)
    expect(v?.page_views).toBe(2);
    expect(r.body.verdict).toBe('collecting');
    expect(r.body.days).toHaveLength(1);
    const csv = await http<string>(s.adminUrl, 'GET', `/api/v1/experiments/${exp.id}/results/export-csv`, { token, lang: 'en' });
    expect(csv.status).toBe(200);
    expect(csv.body).toContain('Variation,Weight (%),Visitors,Conversions,CV rate (%)');
    expect(csv.body).toContain('New headline,50,2,1,50.0');
  });
});

describe('publishing', () => {
  it('refuses a publish that takes away a page under test (409)', async () => {
    const detail = await api<Record<string, unknown> & { categories: { pages: Record<string, unknown>[] }[] }>(
      'GET',
      `/sites/${site.siteId}`,
    );
    const doc = detail.body;
    // A1 (under test) and A2 emptied: the creatives stay consecutive, only the guard refuses
    for (const p of doc.categories[0]?.pages ?? []) p.image_url = null;
    const r = await api('PUT', `/sites/${site.siteId}`, { action: 'publish', document: doc });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe('EXPERIMENT_PAGE_IN_TEST');
    expect(String(r.body.message)).toContain('A1');
  });

  it('promotes the winner: the variation is published and the experiment completed', async () => {
    const r = await api<ExperimentDetail & { winner_variation_id: number }>('POST', `/experiments/${exp.id}/promote`, {
      variation_id: exp.variations[1]?.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('completed');
    expect(r.body.winner_variation_id).toBe(exp.variations[1]?.id);
    const ps = await getPublishedSite(s.ctx, site.siteId);
    expect(ps?.document.categories[0]?.pages[0]?.mainText.en).toBe('Variant headline');
    // everyone now sees it, without an experiment
    const plain = await page('/A1');
    expect(/バリアントの見出し/.test(plain.body)).toBe(true);
    expect(plain.headers.getSetCookie()).toEqual([]);
    const audit = await s.ctx.db.query<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'experiment.%' ORDER BY id");
    expect(audit.map((a) => a.action)).toEqual(['experiment.start', 'experiment.stop', 'experiment.promote']);
  });
});
