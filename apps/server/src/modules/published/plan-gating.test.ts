import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { applyPlanChanges, plansChanged } from '../plans/service.js';
import { emptyDocument } from '../sites/service.js';

// What visitors get follows the owner's plan in force at the time of the request, with no republish
// (decisions.md "Plan gating for visitors"): each case publishes a site on a plan with everything,
// moves the owner to a plan without one flag or limit through the monthly next-plan job, checks the
// page (SSR) and the public API at once, then moves the owner back.

type Flag = 'swipe' | 'private_domain' | 'setting_popup_cta' | 'setting_form_contact' | 'setting_tag_seo' | 'multi_language';

let s: TestServer;
let root: AccountRow;
let master: string;
let full: number;
let n = 0;

beforeAll(async () => {
  // the micro-cache on and long: only dropping the caches can make a plan change show at once
  s = await startTestServer({ microcacheTtlMs: 60_000 });
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@gating.test' });
  master = (await login(s.adminUrl, root.email)).access;
  full = await makePlan(s.ctx, { name: 'Full', quantitySwipe: 100, quantitySite: 5 });
});
afterAll(async () => {
  await s?.drop();
});

async function planWithout(flag: Flag | null, limits: { quantitySwipe?: number; quantitySite?: number } = {}): Promise<number> {
  const id = await makePlan(s.ctx, {
    name: `Less ${++n}`,
    quantitySwipe: limits.quantitySwipe ?? 100,
    quantitySite: limits.quantitySite ?? 5,
  });
  if (flag) await s.ctx.db.query(`UPDATE plans SET ${flag} = false WHERE id = $1`, [id]);
  return id;
}

interface Owner {
  row: AccountRow;
  token: string;
}
async function owner(): Promise<Owner> {
  n++;
  const row = await makeAccount(s.ctx, { parentId: root.id, type: 'MASTER_USER', email: `o${n}@gating.test`, planId: full });
  return { row, token: (await login(s.adminUrl, row.email)).access };
}

/** A published 2 x 2 site in English and Japanese with SEO texts, head tags and a popup CTA. */
async function publish(o: Owner): Promise<number> {
  const c = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token: o.token,
    body: { name: `Gated ${n}`, number_horizontal: 2, number_vertical: 2, default_language: 'en', languages: ['en', 'ja'] },
  });
  expect(c.status).toBe(201);
  const d = emptyDocument({
    name: `Gated ${n}`,
    numberHorizontal: 2,
    numberVertical: 2,
    defaultLanguage: 'en',
    languages: ['en', 'ja'],
    globalMenu: ['One', 'Two'],
  }) as unknown as Record<string, unknown> & {
    categories: { pages: Record<string, unknown>[] }[];
    translations: Record<string, Record<string, unknown>>;
  };
  for (const cat of d.categories) for (const p of cat.pages) p.imageUrl = 'sites/x/1.jpg';
  for (const l of ['en', 'ja'])
    (d.translations[l] as Record<string, unknown>).seo = {
      title: 'GATED-TITLE',
      h1: '',
      description: 'GATED-DESC',
      headTags: '<meta name="gating-mark" content="on">',
      body: '',
    };
  d.popupCtas = {
    timeLimit: { transition: { transitionType: 'EXTERNAL_URL', externalLinkUrl: 'https://example.com/' }, text: { en: 'POPUP-MARK' } },
  };
  const r = await http(s.adminUrl, 'PUT', `/api/v1/sites/${c.body.id}`, { token: o.token, body: { action: 'publish', document: d } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return c.body.id;
}

/** The owner's plan changes through the monthly job: scheduled as next month's plan, then applied. */
async function move(o: Owner, planId: number): Promise<void> {
  const r = await http(s.adminUrl, 'PUT', `/api/v1/user/${o.row.id}`, { token: master, body: { plan_id: planId } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect((await applyPlanChanges(s.ctx)).changed).toBeGreaterThan(0);
}

interface Shell {
  cols: number;
  lang: string;
  languages: string[];
  popup_cta_enabled: boolean;
  popup_ctas: unknown[];
  categories: { pages: { id: number }[] }[];
  code?: string;
}
const shell = (id: number, lang = 'en') => http<Shell>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}?lang=${lang}`);
const seo = (id: number) => http<{ title: string; head_tags: string }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/seo?lang=en`);
const detail = (id: number, pageId: number) => http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/page/${pageId}/public?lang=en`);
const page = async (path: string) => {
  const r = await fetch(s.sitesUrl + path, { redirect: 'manual' });
  return { status: r.status, location: r.headers.get('location'), text: await r.text() };
};
/** A request with a Host header of our choosing (fetch may not set one). */
function onHost(host: string, path: string): Promise<{ status: number; location: string | undefined }> {
  const u = new URL(s.sitesUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs the check with the plan lacking the feature, then again after the owner is back on the full plan. */
async function downAndBack(o: Owner, less: number, down: () => Promise<void>, up: () => Promise<void>) {
  await up();
  await up(); // cached now (in process and in the micro-cache)
  await move(o, less);
  await down();
  await move(o, full);
  await up();
}

describe('plan gating for visitors, at once and without a republish', () => {
  it('a site on a plan with every flag shows everything', async () => {
    const o = await owner();
    const id = await publish(o);
    const sh = await shell(id);
    expect(sh.status).toBe(200);
    expect(sh.body.cols).toBe(2);
    expect(sh.body.languages).toEqual(['en', 'ja']);
    expect(sh.body.popup_cta_enabled).toBe(true);
    expect(sh.body.popup_ctas.length).toBe(1);
    expect((await seo(id)).body.title).toBe('GATED-TITLE');
    const html = await page(`/sites/${id}`);
    expect(html.status).toBe(200);
    expect(html.text).toContain('GATED-TITLE');
    expect(html.text).toContain('gating-mark');
    expect((await page(`/sites/${id}/ja`)).status).toBe(200);
    expect((await page(`/sites/${id}/B2`)).status).toBe(200);
  });

  it('settingPopupCta off: no popup CTAs', async () => {
    const o = await owner();
    const id = await publish(o);
    await downAndBack(
      o,
      await planWithout('setting_popup_cta'),
      async () => {
        const sh = await shell(id);
        expect(sh.body.popup_cta_enabled).toBe(false);
        expect(sh.body.popup_ctas).toEqual([]);
        expect((await page(`/sites/${id}`)).text).not.toContain('POPUP-MARK');
        const counts = await http<{ items: unknown[] }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/popup-cta`);
        expect(counts.body.items).toEqual([]);
      },
      async () => {
        expect((await shell(id)).body.popup_ctas.length).toBe(1);
        expect((await page(`/sites/${id}`)).text).toContain('POPUP-MARK');
      },
    );
  });

  it('settingTagSeo off: no head tags or SEO texts', async () => {
    const o = await owner();
    const id = await publish(o);
    await downAndBack(
      o,
      await planWithout('setting_tag_seo'),
      async () => {
        expect((await seo(id)).body).toMatchObject({ title: '', head_tags: '' });
        const html = (await page(`/sites/${id}`)).text;
        expect(html).not.toContain('GATED-TITLE');
        expect(html).not.toContain('gating-mark');
      },
      async () => {
        expect((await seo(id)).body.head_tags).toContain('gating-mark');
        expect((await page(`/sites/${id}`)).text).toContain('gating-mark');
      },
    );
  });

  it('multiLanguage off: the default language only; other language addresses go to it', async () => {
    const o = await owner();
    const id = await publish(o);
    await downAndBack(
      o,
      await planWithout('multi_language'),
      async () => {
        const sh = await shell(id, 'ja');
        expect(sh.body.languages).toEqual(['en']);
        expect(sh.body.lang).toBe('en');
        const ja = await page(`/sites/${id}/ja`);
        expect(ja.status).toBe(302);
        expect(ja.location).toBe(`/sites/${id}`);
        // the position is kept, in the default language
        expect((await page(`/sites/${id}/ja/B2`)).location).toBe(`/sites/${id}/B2`);
        // a form screen of another language goes to the default one's, which is shown in it
        const moved = await page(`/sites/${id}/ja/contact`);
        expect(moved.status).toBe(302);
        expect(moved.location).toBe(`/sites/${id}/contact`);
        const form = await page(`/sites/${id}/contact`);
        expect(form.status).toBe(200);
        expect(form.text).toContain('<html lang="en"');
      },
      async () => {
        expect((await shell(id, 'ja')).body.lang).toBe('ja');
        expect((await page(`/sites/${id}/ja`)).status).toBe(200);
      },
    );
  });

  it('swipe off: the first category only; the others are not found', async () => {
    const o = await owner();
    const id = await publish(o);
    const second = (await shell(id)).body.categories[1]?.pages[0]?.id as number;
    await downAndBack(
      o,
      await planWithout('swipe'),
      async () => {
        const sh = await shell(id);
        expect(sh.body.cols).toBe(1);
        expect(sh.body.categories.length).toBe(1);
        expect((await detail(id, second)).status).toBe(404);
        expect((await page(`/sites/${id}/B1`)).status).toBe(404);
      },
      async () => {
        expect((await shell(id)).body.cols).toBe(2);
        expect((await detail(id, second)).status).toBe(200);
        expect((await page(`/sites/${id}/B1`)).status).toBe(200);
      },
    );
  });

  it('quantitySwipe: pages past the plan count are not found', async () => {
    const o = await owner();
    const id = await publish(o);
    const last = (await shell(id)).body.categories[1]?.pages[1]?.id as number;
    await downAndBack(
      o,
      await planWithout(null, { quantitySwipe: 3 }),
      async () => {
        expect((await shell(id)).body.cols).toBe(1);
        expect((await detail(id, last)).status).toBe(404);
        expect((await page(`/sites/${id}/B2`)).status).toBe(404);
        expect((await page(`/sites/${id}/A2`)).status).toBe(200);
      },
      async () => {
        expect((await detail(id, last)).status).toBe(200);
        expect((await page(`/sites/${id}/B2`)).status).toBe(200);
      },
    );
  });

  it('quantitySite: the oldest sites up to the count are served, the others are not found', async () => {
    const o = await owner();
    const older = await publish(o);
    const newer = await publish(o);
    await downAndBack(
      o,
      await planWithout(null, { quantitySite: 1 }),
      async () => {
        expect((await shell(older)).status).toBe(200);
        const sh = await shell(newer);
        expect(sh.status).toBe(404);
        expect(sh.body.code).toBe('SITE_NOT_FOUND');
        expect((await page(`/sites/${newer}`)).status).toBe(404);
      },
      async () => {
        expect((await shell(newer)).status).toBe(200);
        expect((await page(`/sites/${newer}`)).status).toBe(200);
      },
    );
  });

  it('quantitySite: deleting an older site brings the next one into the count at once', async () => {
    const o = await owner();
    const older = await publish(o);
    const newer = await publish(o);
    await move(o, await planWithout(null, { quantitySite: 1 }));
    expect((await shell(newer)).status).toBe(404);
    expect((await http(s.adminUrl, 'DELETE', `/api/v1/sites/${older}`, { token: o.token })).status).toBe(200);
    expect((await shell(newer)).status).toBe(200);
  });

  it('the operator side: the plan endpoint shows the plan in force; sites and layouts past its limits are refused', async () => {
    const o = await owner();
    const id = await publish(o);
    const less = await planWithout('setting_tag_seo', { quantitySwipe: 4, quantitySite: 1 });
    await move(o, less);
    const plan = await http<{ quantity_site: number; flags: Record<string, boolean> }>(s.adminUrl, 'GET', '/api/v1/app-config/plan', {
      token: o.token,
    });
    expect(plan.body.quantity_site).toBe(1);
    expect(plan.body.flags.setting_tag_seo).toBe(false);
    const site = await http<{ message: string; fields: Record<string, string> }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token: o.token,
      lang: 'en',
      body: { name: 'One too many', number_horizontal: 1, number_vertical: 1 },
    });
    expect(site.status).toBe(422);
    expect(JSON.stringify(site.body)).toContain('1');
    // a layout past the page count (2 x 2 published; 3 x 2 asked on a plan of 4 pages)
    const g = await http<Record<string, unknown>>(s.adminUrl, 'GET', `/api/v1/sites/${id}`, { token: o.token });
    const wide = emptyDocument({
      name: 'Wide',
      numberHorizontal: 3,
      numberVertical: 2,
      defaultLanguage: 'en',
      languages: ['en'],
      globalMenu: ['a', 'b', 'c'],
    });
    const layout = await http<{ message: string }>(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, {
      token: o.token,
      lang: 'en',
      body: { action: 'save', document: wide },
    });
    expect(g.status).toBe(200);
    expect(layout.status).toBe(422);
    expect(JSON.stringify(layout.body)).toContain('(4)');
    const ja = await http(s.adminUrl, 'POST', '/api/v1/sites', {
      token: o.token,
      lang: 'ja',
      body: { name: 'x', number_horizontal: 1, number_vertical: 1 },
    });
    expect(ja.status).toBe(422);
    expect(JSON.stringify(ja.body)).not.toEqual(JSON.stringify(site.body));
  });

  it('settingFormContact off: contact and homepage forms are locked', async () => {
    const o = await owner();
    const id = await publish(o);
    const setting = (p: string) => http<{ locked: boolean }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/${p}?lang=en`);
    await downAndBack(
      o,
      await planWithout('setting_form_contact'),
      async () => {
        expect((await setting('contact-setting')).body.locked).toBe(true);
        expect((await setting('homepage-setting')).body.locked).toBe(true);
        expect((await setting('membership-setting')).body.locked).toBe(false);
      },
      async () => {
        expect((await setting('contact-setting')).body.locked).toBe(false);
      },
    );
  });

  it('privateDomain off: the custom domain sends visitors to the default address', async () => {
    const o = await owner();
    const id = await publish(o);
    await s.ctx.db.query("UPDATE sites SET custom_domain = 'gated.example.test', domain_verified_at = now() WHERE id = $1", [id]);
    await plansChanged(s.ctx, [o.row.id]);
    await downAndBack(
      o,
      await planWithout('private_domain'),
      async () => {
        const r = await onHost('gated.example.test', '/B1?x=1');
        expect(r.status).toBe(302);
        expect(r.location).toBe(`${s.sitesUrl.replace(/\/$/, '')}/sites/${id}/B1?x=1`);
      },
      async () => {
        expect((await onHost('gated.example.test', '/B1?x=1')).status).toBe(200);
      },
    );
  });

  it('a plan edited in place shows at once too (plansChanged drops the caches)', async () => {
    const o = await owner();
    const plan = await planWithout(null);
    await move(o, plan);
    const id = await publish(o);
    expect((await shell(id)).body.popup_ctas.length).toBe(1);
    await s.ctx.db.query('UPDATE plans SET setting_popup_cta = false WHERE id = $1', [plan]);
    await plansChanged(s.ctx, [o.row.id]);
    expect((await shell(id)).body.popup_ctas).toEqual([]);
  });

  it('no database query per visit: the limits come with the cached publication', async () => {
    const o = await owner();
    const id = await publish(o);
    const first = (await shell(id)).body.categories[0]?.pages[0]?.id as number;
    await page(`/sites/${id}/A1?warm=1`);
    await detail(id, first);
    const spies = [vi.spyOn(s.ctx.db, 'query'), vi.spyOn(s.ctx.db, 'one'), vi.spyOn(s.ctx.db, 'maybeOne')];
    try {
      for (let i = 0; i < 5; i++) {
        // distinct addresses: past the micro-cache, into the handlers
        expect((await page(`/sites/${id}/A1?v=${i}`)).status).toBe(200);
        expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/page/${first}/public?lang=en&v=${i}`)).status).toBe(200);
      }
      expect(spies.reduce((t, sp) => t + sp.mock.calls.length, 0)).toBe(0);
    } finally {
      for (const sp of spies) sp.mockRestore();
    }
  });
});
