import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { type AccountRow, actorFromRow } from '../accounts/actor.js';
import { findAccountById } from '../accounts/repo.js';
import { createSite, invalidateSite, planOf, publishSnapshot } from '../sites/service.js';

// A terminated or deleted owner's published sites (and its subtree's) stop being served at once: pages
// 410 with a small page in the site's language, public API calls 410. A pause does not touch visitors.

let s: TestServer;
let root: AccountRow;
let master: string;
let plan: number;
let n = 0;

beforeAll(async () => {
  // the micro-cache on, long enough that only dropping it can make a change show at once
  s = await startTestServer({ microcacheTtlMs: 60_000 });
  root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@gone.test' });
  master = (await login(s.adminUrl, root.email)).access;
  plan = await makePlan(s.ctx, { quantitySite: 5 });
});
afterAll(async () => {
  await s?.drop();
});

async function owner(type: 'OEM_MASTER' | 'MASTER_USER' | 'USER', parent: AccountRow = root): Promise<AccountRow> {
  n++;
  return makeAccount(s.ctx, { parentId: parent.id, type, email: `o${n}@gone.test`, planId: plan });
}

/** A published site of an account, in English and Japanese (English first). */
async function publishedSite(a: AccountRow): Promise<number> {
  const row = (await findAccountById(s.ctx.db, a.id)) as AccountRow;
  const site = await createSite(s.ctx, actorFromRow(row), {
    name: `site of ${a.email}`,
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'en',
    languages: ['en', 'ja'],
  });
  await s.ctx.db.tx(async (q) => publishSnapshot(q, site.id, await planOf(q, a.id)));
  await invalidateSite(s.ctx, site.id);
  return site.id;
}

const shell = (id: number, lang = 'en') =>
  http<{ code: string; message: string }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}?lang=${lang}`);
const page = (path: string) => fetch(s.sitesUrl + path);
const contract = (id: number, action: string, override = true) =>
  http(s.adminUrl, 'PUT', `/api/v1/user/${id}/contract`, { token: master, body: { action, override } });

describe("a closed owner's sites", () => {
  it('terminate: the site and its subtree sites answer 410 at once (page and API), in the site language', async () => {
    const oem = await owner('OEM_MASTER');
    const user = await owner('USER', oem);
    const own = await publishedSite(oem);
    const below = await publishedSite(user);
    for (const id of [own, below]) {
      expect((await shell(id)).status).toBe(200);
      expect((await shell(id)).status).toBe(200); // now in the micro-cache too
    }
    expect((await contract(oem.id, 'terminate')).status).toBe(200);
    for (const id of [own, below]) {
      const api = await shell(id);
      expect(api.status).toBe(410);
      expect(api.body.code).toBe('SITE_GONE');
      const html = await page(`/sites/${id}`);
      expect(html.status).toBe(410);
      expect(html.headers.get('content-type')).toContain('text/html');
      const text = await html.text();
      expect(text).toContain('This site is no longer available');
      expect(text).toContain('lang="en"');
      // the address's language when the site has it
      const ja = await page(`/sites/${id}/ja`);
      expect(ja.status).toBe(410);
      expect(await ja.text()).toContain('このサイトは現在ご利用いただけません');
    }
  });

  it('delete: 410 as well', async () => {
    const shop = await owner('MASTER_USER');
    const id = await publishedSite(shop);
    expect((await shell(id)).status).toBe(200);
    expect((await http(s.adminUrl, 'DELETE', `/api/v1/user/${shop.id}`, { token: master })).status).toBe(200);
    expect((await shell(id)).status).toBe(410);
    expect((await page(`/sites/${id}`)).status).toBe(410);
  });

  it('pause and INACTIVE: visitors are still served (200)', async () => {
    const shop = await owner('MASTER_USER');
    const id = await publishedSite(shop);
    expect((await contract(shop.id, 'pause', false)).status).toBe(200);
    expect((await shell(id)).status).toBe(200);
    expect((await shell(id, 'ja')).status).toBe(200);
    await s.ctx.db.query("UPDATE accounts SET contract_status = 'INACTIVE' WHERE id = $1", [shop.id]);
    await invalidateSite(s.ctx, id);
    expect((await shell(id)).status).toBe(200);
  });

  it("a cached site costs no database query per visit, and the owner's state rides with the cache", async () => {
    const shop = await owner('MASTER_USER');
    const id = await publishedSite(shop);
    expect((await shell(id)).status).toBe(200);
    // every way a query reaches the database, counted
    const db = s.ctx.db as unknown as Record<string, (...a: unknown[]) => unknown>;
    const names = ['query', 'one', 'maybeOne', 'tx'];
    const saved = Object.fromEntries(names.map((k) => [k, db[k]]));
    let calls = 0;
    for (const k of names) {
      const f = saved[k] as (...a: unknown[]) => unknown;
      db[k] = (...a: unknown[]) => {
        calls++;
        return f(...a);
      };
    }
    try {
      // another language: past the micro-cache, through the published-site cache
      expect((await shell(id, 'ja')).status).toBe(200);
      expect((await http(s.sitesUrl, 'GET', `/api/v1/end-user/site/${id}/seo?lang=ja`)).status).toBe(200);
    } finally {
      Object.assign(db, saved);
    }
    expect(calls).toBe(0);
  });
});
