import { addDays, japanDay } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/service.js';
import { createSite } from '../sites/service.js';
import { DWELL_BUCKETS, dwellBucket } from './store.js';

// The analysis API: figures from the rollups (rows written here, counted by hand) with the previous period, the 10-page ranking rule,
// the plan gate (403 PLAN_FEATURE_REQUIRED), the tenant matrix (another tenant's site: 404) and the CSV exports.

let s: TestServer;
const acc: Record<string, AccountRow> = {};
const siteOf: Record<string, number> = {};
const token: Record<string, string> = {};
const today = japanDay();
const yesterday = addDays(today, -1);

async function make(name: string, type: AccountRow['type'], parent: string | null, plan: number | null) {
  acc[name] = await makeAccount(s.ctx, {
    parentId: parent ? (acc[parent] as AccountRow).id : null,
    type,
    email: `${name.toLowerCase()}@analysis.test`,
    companyName: name,
    planId: plan,
  });
}
async function site(owner: string, cols: number, rows: number): Promise<number> {
  const row = (await findAccountById(s.ctx.db, (acc[owner] as AccountRow).id)) as AccountRow;
  const made = await createSite(s.ctx, actorFromRow(row), {
    name: `${owner} site`,
    numberHorizontal: cols,
    numberVertical: rows,
    defaultLanguage: 'ja',
    languages: ['ja'],
  });
  await s.ctx.db.query("UPDATE pages SET image_url = 'test/p' || id || '.png' WHERE site_id = $1", [made.id]);
  return made.id;
}
const get = (who: string, url: string, lang = 'en') => http(s.adminUrl, 'GET', `/api/v1/analysis${url}`, { token: token[who], lang });

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySite: 10 });
  const noAnalytics = await makePlan(s.ctx, { name: 'No analytics', quantitySite: 10 });
  await s.ctx.db.query('UPDATE plans SET analytics_effect = false WHERE id = $1', [noAnalytics]);
  await make('M', 'MASTER', null, null);
  await make('O1', 'OEM_MASTER', 'M', plan);
  await make('O2', 'OEM_MASTER', 'M', plan);
  await make('U1', 'USER', 'O1', plan);
  await make('U2', 'USER', 'O2', plan);
  await make('NOPE', 'USER', 'O1', noAnalytics);
  siteOf.U1 = await site('U1', 2, 5);
  siteOf.U2 = await site('U2', 1, 3);
  siteOf.NOPE = await site('NOPE', 1, 1);
  for (const n of ['U1', 'U2', 'O1', 'O2', 'NOPE']) token[n] = (await login(s.adminUrl, `${n.toLowerCase()}@analysis.test`)).access;
  const pages = await s.ctx.db.query<{ id: number }>('SELECT id FROM pages WHERE site_id = $1 ORDER BY id', [siteOf.U1]);
  const [p1, p2] = pages.map((p) => Number(p.id));
  const q = s.ctx.db;
  await q.query(
    `INSERT INTO analytics_site_days (site_id, day, visitors, page_views, cta_clicks, conversions, visits, converting_visitors, bounces,
       duration_sum_ms) VALUES ($1,$2,10,30,4,3,12,2,3,120000), ($1,$3,5,10,1,0,5,0,1,0)`,
    [siteOf.U1, today, addDays(today, -40)],
  );
  const hist = (ms: number, n: number) => `{${Array.from({ length: DWELL_BUCKETS }, (_, i) => (i === dwellBucket(ms) ? n : 0)).join(',')}}`;
  await q.query(
    `INSERT INTO analytics_page_days (site_id, day, page_id, views, visitors, exits, cta_clicks, conversions, converting_visitors, dwell_n,
       dwell_sum_ms, dwell_hist, entries, bounces)
     VALUES ($1,$2,$3,20,10,5,3,2,1,10,30000,$5,8,2), ($1,$2,$4,10,5,5,1,1,1,4,6840,$6,0,0)`,
    [siteOf.U1, today, p1, p2, hist(3000, 10), hist(1740, 4)],
  );
  // the month's merged histograms are the sums of its days' (the rollup writes both)
  await q.query(
    `INSERT INTO analytics_page_months (site_id, month, page_id, dwell_hist)
     VALUES ($1, date_trunc('month', $2::date)::date, $3, $5), ($1, date_trunc('month', $2::date)::date, $4, $6)`,
    [siteOf.U1, today, p1, p2, hist(3000, 10), hist(1740, 4)],
  );
  await q.query('INSERT INTO analytics_move_days (site_id, day, from_col, to_col, visitors) VALUES ($1,$2,0,1,4)', [siteOf.U1, today]);
  await q.query('INSERT INTO analytics_tap_days (site_id, day, page_id, gx, gy, taps) VALUES ($1,$2,$3,3,4,7)', [siteOf.U1, today, p1]);
  await q.query(
    `INSERT INTO analytics_utm_days (site_id, day, source, medium, campaign, term, content, visits, visitors, conversions,
       converting_visitors, bounces) VALUES ($1,$2,'ads','cpc','spring','shoes','banner',7,6,3,2,1)`,
    [siteOf.U1, today],
  );
});
afterAll(async () => {
  await s?.drop();
});

describe('analysis figures', () => {
  it('lp: totals with the previous period and change', async () => {
    const r = await get('U1', `/site/${siteOf.U1}/lp?from=${addDays(today, 6 - 60)}&to=${today}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      totals: { visitors: 15, page_views: 40, conversions: 3, cta_clicks: 5, visits: 17, converting_visitors: 2, bounces: 4 },
      previous_totals: { visitors: 0 },
      page_count: 10,
    });
    // CV rate: 2 converting visitors of 10 (3 conversions: one visitor converted twice); bounce 3 / 12 visits;
    // visit duration 120 s / 12 visits
    const d = await get('U1', `/site/${siteOf.U1}/lp`);
    expect(d.body).toMatchObject({
      totals: { visitors: 10, conversions: 3, cv_rate: 0.2, visits: 12, bounce_rate: 0.25, visit_duration: 10 },
      previous_totals: { visitors: 5, bounce_rate: 0.2, visit_duration: 0 },
      change: { visitors: 1, visits: 1.4 },
    });
  });
  it('chart has one row per day', async () => {
    const r = await get('U1', `/site/${siteOf.U1}/lp/chart?from=${yesterday}&to=${today}`);
    expect(r.body).toMatchObject({
      days: [
        { day: yesterday, visitors: 0 },
        { day: today, visitors: 10, page_views: 30 },
      ],
    });
  });
  it('pages: reach, exit, dwell to 0.1 s with its n, entries and bounces', async () => {
    const r = await get('U1', `/site/${siteOf.U1}/pages`);
    const items = (r.body as { items: Record<string, unknown>[] }).items;
    expect(items).toHaveLength(10);
    expect(items[0]).toMatchObject({
      label: 'A1',
      views: 20,
      reach: 1,
      exit_rate: 0.25,
      median_dwell: 3,
      mean_dwell: 3,
      dwell_count: 10,
      cta_rate: 0.15,
      conversions: 2,
      converting_visitors: 1,
      entries: 8,
      bounces: 2,
      bounce_rate: 0.25,
    });
    // 4 views of 1.74 s: the median is its 0.1 s bucket (1.7 s), the mean 6840 / 4 = 1.71 s shown as 1.7
    expect(items[1]).toMatchObject({ label: 'A2', reach: 0.5, exit_rate: 0.5, median_dwell: 1.7, mean_dwell: 1.7, dwell_count: 4 });
    expect(items[2]).toMatchObject({ label: 'A3', views: 0, median_dwell: null, dwell_count: 0, bounce_rate: null });
  });
  it('ranking by views; 422 under 10 pages', async () => {
    const r = await get('U1', `/site/${siteOf.U1}/ranking`);
    expect(r.status).toBe(200);
    expect((r.body as { items: { rank: number; label: string }[] }).items.slice(0, 2)).toMatchObject([
      { rank: 1, label: 'A1' },
      { rank: 2, label: 'A2' },
    ]);
    const few = await get('U2', `/site/${siteOf.U2}/ranking`);
    expect(few.status).toBe(422);
    expect(few.body).toMatchObject({ code: 'RANKING_NEEDS_10_PAGES', message: 'Ranking analysis needs at least 10 pages.' });
    expect((await get('U2', `/site/${siteOf.U2}/ranking/export-csv`)).status).toBe(422);
  });
  it('funnel on the grid, heatmap and utm', async () => {
    const f = await get('U1', `/site/${siteOf.U1}/funnel`);
    expect(f.body).toMatchObject({ cols: 2, rows: 5, visitors: 10, moves: [{ from_col: 0, to_col: 1, visitors: 4, share: 0.4 }] });
    expect((f.body as { cells: unknown[] }).cells).toHaveLength(10);
    const pages = (await get('U1', `/site/${siteOf.U1}/pages`)).body as { items: { page_id: number }[] };
    const h = await get('U1', `/site/${siteOf.U1}/heatmap?page_id=${pages.items[0]?.page_id}`);
    expect(h.body).toMatchObject({ cols: 20, rows: 36, total: 7, cells: [{ gx: 3, gy: 4, taps: 7 }] });
    expect((await get('U1', `/site/${siteOf.U1}/heatmap?page_id=999999`)).status).toBe(404);
    const u = await get('U1', `/site/${siteOf.U1}/utm`);
    expect(u.body).toMatchObject({
      items: [
        {
          source: 'ads',
          medium: 'cpc',
          campaign: 'spring',
          term: 'shoes',
          content: 'banner',
          visits: 7,
          visitors: 6,
          conversions: 3,
          converting_visitors: 2,
          cv_rate: 2 / 6,
          bounce_rate: 1 / 7,
        },
      ],
    });
  });
  it('period rules answer 422 with a translated message', async () => {
    const future = await get('U1', `/site/${siteOf.U1}/lp?from=${today}&to=${addDays(today, 1)}`, 'ja');
    expect(future.status).toBe(422);
    expect(JSON.stringify(future.body)).toContain('未来');
    const old = await get('U1', `/site/${siteOf.U1}/lp?from=${addDays(today, -400)}&to=${today}`);
    expect(old.status).toBe(422);
  });
  it('CSV exports have a BOM, translated headers and the figures the screen shows', async () => {
    const res = await fetch(`${s.adminUrl}/api/v1/analysis/site/${siteOf.U1}/page/export-csv`, {
      headers: { authorization: `Bearer ${token.U1}`, 'accept-language': 'ja' },
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')[0]).toBe(
      'ページ,訪問者数（日別）,PV,到達率（%）,離脱数,離脱率（%）,滞在時間の中央値（秒）,平均滞在時間（秒）,CTAクリック,CTAクリック率（%）,CV,入口数,直帰率（%）,滞在時間の計測件数',
    );
    // A1: 10 of the site's 10 visitors, 20 views, 5 exits (25.0 %), dwell 3.0 s median and mean on 10 views, 3 CTA
    // clicks (15.0 %), 2 conversions, 8 entries of which 2 bounced (25.0 %)
    expect(text).toContain('\r\nA1,10,20,100.0,5,25.0,3.0,3.0,3,15.0,2,8,25.0,10\r\n');
    // A2: 4 views of 1.74 s (median bucket 1.7 s, mean 6840 / 4 = 1.71 s), no entries: no bounce rate
    expect(text).toContain('\r\nA2,5,10,50.0,5,50.0,1.7,1.7,1,10.0,1,0,,4\r\n');
    const lp = await get('U1', `/site/${siteOf.U1}/lp/export-csv?from=${yesterday}&to=${today}`, 'en');
    // fetch's text() drops the BOM (checked on the bytes above)
    const lines = String(lp.body).split('\r\n');
    expect(lines[0]).toBe(
      'Day,Daily visitors,Page views,Conversions,CV rate (%),CTA clicks,Visits,Bounce rate (%),Mean visit duration (s)',
    );
    // yesterday: nothing (no visitors, no visits: no rates, no duration); today: 2 of 10 visitors converted (20.0 %),
    // 3 of 12 visits bounced (25.0 %), 120 s over 12 visits (10.0 s)
    expect(lines.slice(1, 3)).toEqual([`${yesterday},0,0,0,,0,0,,`, `${today},10,30,3,20.0,4,12,25.0,10.0`]);
    const rk = await get('U1', `/site/${siteOf.U1}/ranking/export-csv`, 'en');
    expect(String(rk.body)).toMatch(/^Rank,Page,/);
  });
  it('all sites: the caller’s sites with figures, sorted and paged', async () => {
    const r = await get('O1', '/sites?sort=visitors&order=desc&page_size=1');
    expect(r.body).toMatchObject({ total: 2, items: [{ site_id: siteOf.U1, visitors: 10, previous_visitors: 5 }] });
    const mine = await get('U2', '/sites');
    expect((mine.body as { items: { site_id: number }[] }).items.map((i) => i.site_id)).toEqual([siteOf.U2]);
  });
  it('settings: honor_dnt round trip', async () => {
    const put = await http(s.adminUrl, 'PUT', `/api/v1/analysis/site/${siteOf.U1}/settings`, {
      token: token.U1,
      body: { honor_dnt: true },
    });
    expect(put.body).toEqual({ honor_dnt: true });
    expect((await get('U1', `/site/${siteOf.U1}/settings`)).body).toEqual({ honor_dnt: true });
  });
});

describe('analysis gating', () => {
  it('403 PLAN_FEATURE_REQUIRED without analyticsEffect', async () => {
    const r = await get('NOPE', `/site/${siteOf.NOPE}/lp`);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: 'PLAN_FEATURE_REQUIRED' });
    expect((await get('NOPE', '/sites')).status).toBe(403);
  });
});

// Tenant matrix rows for the analysis routes (kept here: accounts/scope.test.ts is edited by others).
describe('tenant matrix: analysis', () => {
  const paths = (id: number) => [
    `/site/${id}/lp`,
    `/site/${id}/lp/chart`,
    `/site/${id}/pages`,
    `/site/${id}/ranking`,
    `/site/${id}/funnel`,
    `/site/${id}/utm`,
    `/site/${id}/referrers`,
    `/site/${id}/settings`,
    `/site/${id}/lp/export-csv`,
    `/site/${id}/page/export-csv`,
    `/site/${id}/ranking/export-csv`,
    `/site/${id}/heatmap?page_id=1`,
  ];
  it("another tenant's site is 404 on every route, and nothing changes", async () => {
    for (const p of paths(siteOf.U2 as number)) expect([p, (await get('U1', p)).status]).toEqual([p, 404]);
    for (const p of paths(siteOf.U1 as number)) expect([p, (await get('O2', p)).status]).toEqual([p, 404]);
    const put = await http(s.adminUrl, 'PUT', `/api/v1/analysis/site/${siteOf.U2}/settings`, {
      token: token.U1,
      body: { honor_dnt: true },
    });
    expect(put.status).toBe(404);
    expect((await get('U2', `/site/${siteOf.U2}/settings`)).body).toEqual({ honor_dnt: false });
  });
  it('a parent reads its customer’s site', async () => {
    expect((await get('O1', `/site/${siteOf.U1}/lp`)).status).toBe(200);
  });
});
