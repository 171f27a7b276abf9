import { type RevisionChanges, type SiteDocumentInput, toCamel } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Clock } from '../../lib/clock.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { emptyDocument } from './service.js';

// Site revisions through real HTTP: every publish kept with who and when, what changed (checked against changes
// written out by hand), rollback as a new revision that visitors see at once, the operator's preview of an old
// revision, the newest 50 kept, and the tenant rules (another tenant's revision: 404; view authority and a
// terminated owner: read-only).

let s: TestServer;
const tok: Record<string, string> = {};
let siteId = 0;
let otherSite = 0;
let accountA = 0;

type Revision = {
  revision: number;
  published_at: string;
  published_by: { id: number; email: string | null } | null;
  live: boolean;
  restored_from: number | null;
  changes: RevisionChanges | null;
};
type RevisionList = { items: Revision[]; keep: number; can_rollback: boolean };
type Doc = SiteDocumentInput & Record<string, unknown>;

const T0 = '2026-11-15T12:00:00+09:00';

beforeAll(async () => {
  s = await startTestServer({}, { clock: new Clock().set(T0, { frozen: true }) });
  const plan = await makePlan(s.ctx, { quantitySite: 5, quantitySwipe: 50 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'm@rev.test' });
  const a = await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'a@rev.test', planId: plan, contactName: 'Aiko' });
  accountA = Number(a.id);
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: 'b@rev.test', planId: plan });
  await makeAccount(s.ctx, { parentId: a.id, type: 'SUB_ADMIN', email: 'view@rev.test', authority: 'VIEW' });
  for (const k of ['m', 'a', 'b', 'view']) tok[k] = (await login(s.adminUrl, `${k}@rev.test`)).access;
  const create = (token: string | undefined, name: string) =>
    http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
      token,
      body: { name, number_horizontal: 2, number_vertical: 2, global_menu: ['A', 'B'] },
    });
  siteId = (await create(tok.a, 'Shoes')).body.id;
  otherSite = (await create(tok.b, 'Other')).body.id;
});
afterAll(async () => {
  await s?.drop();
});

const put = (id: number, document: unknown, action = 'publish', token = tok.a) =>
  http<Record<string, unknown>>(s.adminUrl, 'PUT', `/api/v1/sites/${id}`, { token, body: { action, document }, lang: 'en' });
const current = async (id = siteId): Promise<Doc> =>
  toCamel((await http(s.adminUrl, 'GET', `/api/v1/sites/${id}`, { token: tok.a })).body) as Doc;
const list = (id = siteId, token = tok.a) => http<RevisionList>(s.adminUrl, 'GET', `/api/v1/sites/${id}/revisions`, { token, lang: 'en' });
const rollback = (revision: number, id = siteId, token = tok.a) =>
  http<{ revision: number; message: string; code?: string }>(s.adminUrl, 'POST', `/api/v1/sites/${id}/revisions/${revision}/rollback`, {
    token,
    lang: 'en',
  });
type PageIn = Doc['categories'][number]['pages'][number];
const pageAt = (d: Doc, col: number, row: number) => (d.categories[col] as { pages: PageIn[] }).pages[row] as PageIn;
/** What a visitor reads on A1 (the public page call). */
async function visitorText(): Promise<string> {
  const shell = await http<{ categories: { pages: { id: number }[] }[] }>(s.sitesUrl, 'GET', `/api/v1/end-user/site/${siteId}?lang=en`);
  const id = shell.body.categories[0]?.pages[0]?.id;
  const r = await http<{ page_detail: { main_text: string } }>(
    s.sitesUrl,
    'GET',
    `/api/v1/end-user/site/${siteId}/page/${id}/public?lang=en`,
  );
  return r.body.page_detail.main_text;
}

describe('site revisions', () => {
  it('keeps every publish with who and when, marks the live one, and says what changed', async () => {
    // revision 1: A1 with a text, a button and a product, A2 with an image
    const first = emptyDocument({
      name: 'Shoes',
      numberHorizontal: 2,
      numberVertical: 2,
      defaultLanguage: 'en',
      languages: ['en'],
      globalMenu: ['A', 'B'],
    }) as Doc;
    first.categories = [
      {
        pages: [
          {
            imageUrl: 'x/a1.jpg',
            mainText: { en: 'Spring collection' },
            buttons: [{ buttonText: { en: 'Buy' } }],
            products: [{ productName: { en: 'Sneaker' } }],
          },
          { imageUrl: 'x/a2.jpg' },
        ],
      },
      { pages: [{}, {}] },
    ];
    expect((await put(siteId, first)).status).toBe(200);
    // a save is no revision
    s.ctx.clock.advance(60_000);
    expect((await put(siteId, await current(), 'save')).status).toBe(200);
    // revision 2, a minute later: A1's text and button label change, a second button, the product goes; A2 is
    // emptied; B1 gets an image; the site is renamed
    s.ctx.clock.advance(60_000);
    const next = await current();
    const a1 = pageAt(next, 0, 0);
    a1.mainText = { en: 'Summer collection' };
    a1.buttons = [{ ...(a1.buttons?.[0] as object), buttonText: { en: 'Buy now' } }, { buttonText: { en: 'Call us' } }];
    a1.products = [];
    Object.assign(pageAt(next, 0, 1), { imageUrl: null });
    Object.assign(pageAt(next, 1, 0), { imageUrl: 'x/b1.jpg' });
    next.name = 'Shoes and boots';
    expect((await put(siteId, next)).status).toBe(200);
    const ids = await current();

    const r = await list();
    expect(r.status).toBe(200);
    expect(r.body.keep).toBe(50);
    expect(r.body.can_rollback).toBe(true);
    expect(r.body.items.map((x) => [x.revision, x.live, x.published_at, x.published_by?.email, x.restored_from])).toEqual([
      [2, true, '2026-11-15T03:02:00.000Z', 'a@rev.test', null],
      [1, false, '2026-11-15T03:00:00.000Z', 'a@rev.test', null],
    ]);
    expect(r.body.items[1]?.changes).toBeNull();
    const buy = pageAt(ids, 0, 0).buttons?.[0] as { id: number };
    const call = pageAt(ids, 0, 0).buttons?.[1] as { id: number };
    // the product's id as revision 1 kept it (revision 2 has no product left to read it from)
    const sneaker = await s.ctx.db.one<{ id: string }>(
      "SELECT document #>> '{categories,0,pages,0,products,0,id}' AS id FROM site_publications WHERE site_id = $1 AND revision = 1",
      [siteId],
    );
    expect(r.body.items[0]?.changes).toEqual({
      pages: {
        added: [{ id: pageAt(ids, 1, 0).id, cell: 'B1' }],
        removed: [{ id: pageAt(ids, 0, 1).id, cell: 'A2' }],
        edited: [{ id: pageAt(ids, 0, 0).id, cell: 'A1' }],
      },
      items: {
        added: [{ kind: 'button', id: call.id, cell: 'A1', label: 'Call us' }],
        removed: [{ kind: 'product', id: Number(sneaker.id), cell: 'A1', label: 'Sneaker' }],
        edited: [{ kind: 'button', id: buy.id, cell: 'A1', label: 'Buy now' }],
      },
      site: ['settings'],
    });
    expect(await visitorText()).toBe('Summer collection');
  });

  it('rolls back in one call: the old snapshot published as a new revision, seen by visitors at once', async () => {
    s.ctx.clock.advance(60_000);
    const r = await rollback(1);
    expect(r.status).toBe(200);
    expect(r.body.revision).toBe(3);
    expect(r.body.message).toBe('The earlier revision is live again, as revision 3.');
    expect(await visitorText()).toBe('Spring collection');
    // the working copy is the restored content too (the editor starts from what is live)
    const doc = await current();
    expect(pageAt(doc, 0, 0).mainText).toEqual({ en: 'Spring collection' });
    expect(doc.name).toBe('Shoes');
    const l = (await list()).body.items;
    expect(l.map((x) => [x.revision, x.live, x.restored_from])).toEqual([
      [3, true, 1],
      [2, false, null],
      [1, false, null],
    ]);
    // against revision 2: A2 back, B1 gone, A1 and its button edited, the product back (a new row), the call button gone
    const c = l[0]?.changes as RevisionChanges;
    expect(c.pages.added.map((p) => p.cell)).toEqual(['A2']);
    expect(c.pages.removed.map((p) => p.cell)).toEqual(['B1']);
    expect(c.pages.edited.map((p) => p.cell)).toEqual(['A1']);
    expect(c.items.added.map((i) => [i.kind, i.label])).toEqual([['product', 'Sneaker']]);
    expect(c.items.removed.map((i) => [i.kind, i.label])).toEqual([['button', 'Call us']]);
    expect(c.items.edited.map((i) => [i.kind, i.label])).toEqual([['button', 'Buy']]);
    expect(c.site).toEqual(['settings']);
    // audit: who published and who rolled back what
    const audit = await http<{ items: { action: string; detail: Record<string, unknown>; account_id: number }[] }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${siteId}/audit-log`,
      { token: tok.a },
    );
    expect(audit.body.items.filter((e) => e.action.startsWith('site.')).map((e) => [e.action, e.detail, e.account_id])).toEqual([
      ['site.rollback', { revision: 3, restored_from: 1 }, accountA],
      ['site.publish', { revision: 2 }, accountA],
      ['site.publish', { revision: 1 }, accountA],
    ]);
  });

  it("opens an old revision in the operator's preview (no passcode), never for an invitee", async () => {
    const mint = await http<{ url: string }>(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share/ticket`, {
      token: tok.a,
      body: { lang: 'en', revision: 2 },
    });
    expect(mint.status).toBe(200);
    const url = new URL(mint.body.url);
    expect(url.searchParams.get('revision')).toBe('2');
    const ticket = decodeURIComponent(url.hash.replace(/^#ticket=/, ''));
    const ex = await http<{ next: string }>(s.sitesUrl, 'POST', `/api/v1/preview/site/${siteId}/operator`, {
      body: { ticket, lang: 'en', revision: 2 },
    });
    expect(ex.status).toBe(200);
    expect(ex.body.next).toBe(`/site/${siteId}/preview/en?revision=2`);
    const cookie = (ex.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const old = await fetch(`${s.sitesUrl}${ex.body.next}`, { headers: { cookie } });
    expect(old.status).toBe(200);
    const html = await old.text();
    expect(html).toContain('Summer collection');
    expect(html).not.toContain('Spring collection');
    // the same session without a revision: the working copy
    const work = await (await fetch(`${s.sitesUrl}/site/${siteId}/preview/en`, { headers: { cookie } })).text();
    expect(work).toContain('Spring collection');
    // a revision the site does not keep, another tenant's site: not found, before any ticket is made
    for (const [id, rev, token] of [
      [siteId, 99, tok.a],
      [siteId, 2, tok.b],
      [otherSite, 1, tok.a],
    ] as const) {
      const r = await http(s.adminUrl, 'POST', `/api/v1/preview/site/${id}/share/ticket`, { token, body: { revision: rev } });
      expect(r.status, `${id} ${rev}`).toBe(404);
    }
    expect((await fetch(`${s.sitesUrl}/site/${siteId}/preview/en?revision=99`, { headers: { cookie } })).status).toBe(404);
    // an invitee (passcode) sees the working copy only
    expect(
      (
        await http(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share/set-password`, {
          token: tok.a,
          body: { password: 'Preview-Code-1', preview_security: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (await http(s.adminUrl, 'POST', `/api/v1/preview/site/${siteId}/share`, { token: tok.a, body: { emails: ['guest@rev.test'] } }))
        .status,
    ).toBe(200);
    const inv = await http(s.sitesUrl, 'POST', `/api/v1/preview/site/${siteId}/login`, {
      body: { email: 'guest@rev.test', password: 'Preview-Code-1' },
    });
    expect(inv.status).toBe(200);
    const invCookie = (inv.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect((await fetch(`${s.sitesUrl}/site/${siteId}/preview/en`, { headers: { cookie: invCookie } })).status).toBe(200);
    expect((await fetch(`${s.sitesUrl}/site/${siteId}/preview/en?revision=2`, { headers: { cookie: invCookie } })).status).toBe(404);
  });

  it("another tenant's revisions do not exist; view authority reads but cannot roll back", async () => {
    const before = (await list()).body.items.length;
    expect((await list(siteId, tok.b)).status).toBe(404);
    expect((await rollback(1, siteId, tok.b)).status).toBe(404);
    expect((await rollback(1, otherSite, tok.a)).status).toBe(404);
    expect((await rollback(99)).status).toBe(404);
    const view = await list(siteId, tok.view);
    expect(view.status).toBe(200);
    expect(view.body.can_rollback).toBe(false);
    expect((await rollback(1, siteId, tok.view)).status).toBe(403);
    expect((await list()).body.items.length).toBe(before);
    expect(await visitorText()).toBe('Spring collection');
  });

  it('keeps the newest 50: the 51st publish drops the oldest, in the same transaction', async () => {
    const doc = await current();
    for (let n = 4; n <= 50; n++) {
      pageAt(doc, 0, 0).mainText = { en: `Edition ${n}` };
      expect((await put(siteId, doc)).status).toBe(200);
    }
    const at50 = (await list()).body.items;
    expect(at50).toHaveLength(50);
    expect(at50.at(-1)?.revision).toBe(1);
    pageAt(doc, 0, 0).mainText = { en: 'Edition 51' };
    expect((await put(siteId, doc)).status).toBe(200);
    const at51 = (await list()).body.items;
    expect(at51).toHaveLength(50);
    expect([at51[0]?.revision, at51.at(-1)?.revision]).toEqual([51, 2]);
    const rows = await s.ctx.db.one<{ n: number; live: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE live)::int AS live FROM site_publications WHERE site_id = $1',
      [siteId],
    );
    expect(rows).toEqual({ n: 50, live: 1 });
    // a pruned revision is gone for good
    expect((await rollback(1)).status).toBe(404);
    // made private: nothing is live, the history stays; publishing again goes on from the last number
    expect((await put(siteId, doc, 'private')).status).toBe(200);
    const priv = (await list()).body.items;
    expect(priv.filter((x) => x.live)).toEqual([]);
    expect(priv).toHaveLength(50);
    expect((await rollback(50)).body.revision).toBe(52);
    expect(await visitorText()).toBe('Edition 50');
  });

  it("a terminated owner's site is read-only: the list answers, rollback is refused", async () => {
    const plan = await makePlan(s.ctx, { quantitySite: 5 });
    const c = await makeAccount(s.ctx, {
      parentId: (await s.ctx.db.one<{ id: number }>("SELECT id FROM accounts WHERE email = 'm@rev.test'")).id,
      type: 'MASTER_USER',
      email: 'c@rev.test',
      planId: plan,
    });
    const token = (await login(s.adminUrl, 'c@rev.test')).access;
    const id = (
      await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
        token,
        body: { name: 'C', number_horizontal: 1, number_vertical: 1 },
      })
    ).body.id;
    const doc = toCamel((await http(s.adminUrl, 'GET', `/api/v1/sites/${id}`, { token })).body) as Doc;
    expect((await put(id, doc, 'publish', token)).status).toBe(200);
    expect((await put(id, { ...doc, name: 'C2' }, 'publish', token)).status).toBe(200);
    const term = await http(s.adminUrl, 'PUT', `/api/v1/user/${c.id}/contract`, {
      token: tok.m,
      body: { action: 'terminate', override: true },
    });
    expect(term.status).toBe(200);
    const l = await list(id, tok.m);
    expect(l.status).toBe(200);
    expect(l.body.items.map((x) => x.revision)).toEqual([2, 1]);
    expect(l.body.can_rollback).toBe(false);
    const r = await rollback(1, id, tok.m);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe('ACCOUNT_TERMINATED');
    expect((await list(id, tok.m)).body.items.map((x) => x.revision)).toEqual([2, 1]);
  });
});
