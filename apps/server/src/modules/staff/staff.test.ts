import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import { runJobs } from '../../test/jobs.js';

// Admin staff: /sub-admin lists, invites, changes and removes the caller's owner's staff.
// Invites mail a set-up link; a staff member never changes itself, its owner or raises authority; a
// viewer always views; another owner's staff does not exist (404).

let s: TestServer;
let base: string;
let ownerId: number;
let owner: string;
const PASSWORD = 'Staff-Passw0rd#';

type Staff = { id: number; name: string; email: string; role: string; authority: string; license_issue: boolean; status: string };
type List = { items: Staff[]; total: number; page: number; page_size: number };

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  const plan = await makePlan(s.ctx);
  const master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@staff.test' });
  ownerId = (await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: 'owner@staff.test', planId: plan })).id;
  await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: 'other@staff.test', planId: plan });
  owner = (await login(base, 'owner@staff.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

const call = <T = Record<string, unknown>>(method: string, url: string, token: string, body?: unknown) =>
  http<T>(base, method, `/api/v1${url}`, { token, body, lang: 'en' });

/** Invites, runs the mail job, follows the mailed link and signs the new member in. */
async function inviteAndJoin(token: string, email: string, role: string, authority = 'EDIT', extra: Record<string, unknown> = {}) {
  const r = await call<Staff>('POST', '/sub-admin', token, { email, name: email.split('@')[0], role, authority, ...extra });
  expect(r.status).toBe(201);
  await runJobs(s);
  const mail = await s.ctx.db.one<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY id DESC LIMIT 1', [
    email,
  ]);
  const token2 = decodeURIComponent(/token=([^\s&]+)/.exec(mail.text_body)?.[1] ?? '');
  const set = await http(base, 'POST', '/api/v1/auth/reset-password', {
    body: { token: token2, password: PASSWORD, confirm_password: PASSWORD },
  });
  expect(set.status).toBe(200);
  return { id: r.body.id, access: (await login(base, email, PASSWORD)).access };
}

describe('admin staff', () => {
  it('an invite creates a pending member without password and queues its set-up mail in the same transaction', async () => {
    const r = await call<Staff>('POST', '/sub-admin', owner, { email: 'Ann@staff.test', name: 'Ann', role: 'EDITOR', authority: 'EDIT' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ name: 'Ann', email: 'Ann@staff.test', role: 'EDITOR', authority: 'EDIT', status: 'PENDING' });
    const job = await s.ctx.db.one<{ payload: { account_id?: number; accountId?: number } }>(
      "SELECT payload FROM jobs WHERE kind = 'auth.account_setup' ORDER BY id DESC LIMIT 1",
    );
    expect(job.payload.accountId ?? job.payload.account_id).toBe(r.body.id);
    const row = await s.ctx.db.one<{ parent_id: number; type: string; password_hash: string }>(
      'SELECT parent_id, type, password_hash FROM accounts WHERE id = $1',
      [r.body.id],
    );
    expect(row).toMatchObject({ parent_id: ownerId, type: 'SUB_ADMIN' });
    expect(row.password_hash.startsWith('!setup:')).toBe(true);
    await runJobs(s);
    const mail = await s.ctx.db.one<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_addr = $1', ['Ann@staff.test']);
    expect(mail.text_body).toContain('setup=1');
    // the same address twice: 409, translated
    const again = await call('POST', '/sub-admin', owner, { email: 'ann@staff.test', name: 'Ann', role: 'EDITOR', authority: 'EDIT' });
    expect(again.status).toBe(409);
    // bad input: 422 with a translated message per field, never 500
    const bad = await call<{ fields: { path: string; message: string }[] }>('POST', '/sub-admin', owner, {
      email: 'not-an-address',
      name: '',
      role: 'EDITOR',
      authority: 'EDIT',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.fields.map((f) => f.path).sort()).toEqual(['email', 'name']);
    expect((await call('POST', '/sub-admin', owner, { email: 'x@staff.test', name: 'X', role: 'BOSS', authority: 'EDIT' })).status).toBe(
      422,
    );
  });

  it('lists the owner staff with search, sort and paging; status turns active once the password is set', async () => {
    await inviteAndJoin(owner, 'bob@staff.test', 'MAIN_CONTACT');
    const list = await call<List>('GET', '/sub-admin?sort=name&order=asc', owner);
    expect(list.status).toBe(200);
    expect(list.body.items.map((i) => [i.name, i.status])).toEqual([
      ['Ann', 'PENDING'],
      ['bob', 'ACTIVE'],
    ]);
    const found = await call<List>('GET', '/sub-admin?search=BOB', owner);
    expect(found.body.items.map((i) => i.email)).toEqual(['bob@staff.test']);
    const paged = await call<List>('GET', '/sub-admin?page=2&page_size=1&sort=email&order=asc', owner);
    expect(paged.body).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(paged.body.items.map((i) => i.email)).toEqual(['bob@staff.test']);
    expect((await call('GET', '/sub-admin?sort=password_hash', owner)).status).toBe(422);
  });

  it('a viewer always has view authority', async () => {
    const r = await call<Staff>('POST', '/sub-admin', owner, { email: 'vic@staff.test', name: 'Vic', role: 'VIEWER', authority: 'EDIT' });
    expect(r.body).toMatchObject({ role: 'VIEWER', authority: 'VIEW' });
    const up = await call<Staff>('PUT', `/sub-admin/${r.body.id}`, owner, { authority: 'EDIT' });
    expect(up.body).toMatchObject({ role: 'VIEWER', authority: 'VIEW' });
    const ann = (await call<List>('GET', '/sub-admin?search=ann', owner)).body.items[0] as Staff;
    const demoted = await call<Staff>('PUT', `/sub-admin/${ann.id}`, owner, { role: 'VIEWER' });
    expect(demoted.body).toMatchObject({ role: 'VIEWER', authority: 'VIEW' });
    const promoted = await call<Staff>('PUT', `/sub-admin/${ann.id}`, owner, { role: 'EDITOR', authority: 'EDIT', name: 'Ann B' });
    expect(promoted.body).toMatchObject({ role: 'EDITOR', authority: 'EDIT', name: 'Ann B' });
  });

  it('a viewer can no longer save once demoted, and is told so', async () => {
    const eve = await inviteAndJoin(owner, 'eve@staff.test', 'EDITOR');
    const site = await call<{ id: number }>('POST', '/sites', eve.access, { name: 'Eve site', number_horizontal: 1, number_vertical: 1 });
    expect(site.status).toBe(201);
    await call('PUT', `/sub-admin/${eve.id}`, owner, { role: 'VIEWER' });
    const doc = await call('GET', `/sites/${site.body.id}`, eve.access);
    expect(doc.status).toBe(200);
    expect((await call('PUT', `/sites/${site.body.id}`, eve.access, { action: 'save', document: doc.body })).status).toBe(403);
  });

  it('a staff member never changes itself, its owner, or raises authority; only a main contact with edit manages staff', async () => {
    const main = await inviteAndJoin(owner, 'main@staff.test', 'MAIN_CONTACT', 'EDIT');
    const editor = await inviteAndJoin(owner, 'ed@staff.test', 'EDITOR', 'EDIT');
    // itself: no role, authority, name change or removal here
    for (const body of [{ role: 'EDITOR' }, { authority: 'VIEW' }, { name: 'Me' }]) {
      const r = await call('PUT', `/sub-admin/${main.id}`, main.access, body);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('STAFF_SELF');
    }
    expect((await call('DELETE', `/sub-admin/${main.id}`, main.access)).status).toBe(403);
    // its owner is no staff (404 here) and above it (403 on the user screens)
    expect((await call('PUT', `/sub-admin/${ownerId}`, main.access, { role: 'VIEWER' })).status).toBe(404);
    expect((await call('DELETE', `/sub-admin/${ownerId}`, main.access)).status).toBe(404);
    expect((await call('PUT', `/user/${ownerId}`, main.access, { authority: 'VIEW' })).status).toBe(403);
    expect((await call('DELETE', `/user/${ownerId}`, main.access)).status).toBe(403);
    // the main contact manages the others
    expect((await call<Staff>('PUT', `/sub-admin/${editor.id}`, main.access, { role: 'VIEWER' })).body.authority).toBe('VIEW');
    // licence issue: a staff member cannot grant what it does not have
    const lic = await call('PUT', `/sub-admin/${editor.id}`, main.access, { license_issue: true });
    expect(lic.status).toBe(403);
    expect(lic.body.code).toBe('AUTHORITY_EXCEEDED');
    // an editor (not main contact) may not manage staff at all (the menu matrix)
    const ed2 = await inviteAndJoin(owner, 'ed2@staff.test', 'EDITOR', 'EDIT');
    expect((await call('GET', '/sub-admin', ed2.access)).status).toBe(403);
    expect((await call('PUT', `/sub-admin/${editor.id}`, ed2.access, { role: 'EDITOR' })).status).toBe(403);
    expect(
      (await call('POST', '/sub-admin', ed2.access, { email: 'z@staff.test', name: 'Z', role: 'MAIN_CONTACT', authority: 'EDIT' })).status,
    ).toBe(403);
    // nor may it raise its own authority anywhere
    expect((await call('PUT', `/user/${ed2.id}`, ed2.access, { authority: 'EDIT' })).status).toBe(403);
    // a main contact with view authority manages nothing
    await call('PUT', `/sub-admin/${main.id}`, owner, { authority: 'VIEW' });
    expect((await call('GET', '/sub-admin', main.access)).status).toBe(403);
  });

  it("another owner's staff is 404, and removing ends the member's sessions", async () => {
    const other = (await login(base, 'other@staff.test')).access;
    const theirs = await inviteAndJoin(other, 'theirs@staff.test', 'EDITOR');
    expect((await call('PUT', `/sub-admin/${theirs.id}`, owner, { name: 'Hijacked' })).status).toBe(404);
    expect((await call('DELETE', `/sub-admin/${theirs.id}`, owner)).status).toBe(404);
    expect((await call('POST', `/sub-admin/${theirs.id}/resend`, owner)).status).toBe(404);
    expect((await call<List>('GET', '/sub-admin?page_size=100', owner)).body.items.map((i) => i.email)).not.toContain('theirs@staff.test');
    const name = await s.ctx.db.one<{ contact_name: string }>('SELECT contact_name FROM accounts WHERE id = $1', [theirs.id]);
    expect(name.contact_name).toBe('theirs');
    // the owner removes its own member: soft, sessions end, no sign-in
    const del = await call('DELETE', `/sub-admin/${theirs.id}`, other);
    expect(del.status).toBe(200);
    expect((await call('GET', '/auth/user-info', theirs.access)).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email: 'theirs@staff.test', password: PASSWORD } })).status).toBe(401);
    const gone = await s.ctx.db.one<{ deleted_at: string | null }>('SELECT deleted_at FROM accounts WHERE id = $1', [theirs.id]);
    expect(gone.deleted_at).not.toBeNull();
  });

  it('resends a pending invitation (the earlier link stops working) but not for an active member', async () => {
    const r = await call<Staff>('POST', '/sub-admin', owner, { email: 'slow@staff.test', name: 'Slow', role: 'EDITOR', authority: 'VIEW' });
    await runJobs(s);
    expect((await call('POST', `/sub-admin/${r.body.id}/resend`, owner)).status).toBe(200);
    await runJobs(s);
    const mails = await s.ctx.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY id', [
      'slow@staff.test',
    ]);
    expect(mails).toHaveLength(2);
    const first = decodeURIComponent(/token=([^\s&]+)/.exec(mails[0]?.text_body ?? '')?.[1] ?? '');
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token: first } })).status).toBe(400);
    // at most 3 set-up mails an hour per member (the invitation's own mail is not counted)
    expect((await call('POST', `/sub-admin/${r.body.id}/resend`, owner)).status).toBe(200);
    expect((await call('POST', `/sub-admin/${r.body.id}/resend`, owner)).status).toBe(200);
    expect((await call('POST', `/sub-admin/${r.body.id}/resend`, owner)).status).toBe(429);
    const bob = (await call<List>('GET', '/sub-admin?search=bob', owner)).body.items[0] as Staff;
    expect((await call('POST', `/sub-admin/${bob.id}/resend`, owner)).status).toBe(409);
  });

  it('the platform master manages its staff too; the menu entry is refused to a type without it', async () => {
    const master = (await login(base, 'root@staff.test')).access;
    expect(
      (await call('POST', '/sub-admin', master, { email: 'ops@staff.test', name: 'Ops', role: 'MAIN_CONTACT', authority: 'EDIT' })).status,
    ).toBe(201);
    expect((await call<List>('GET', '/sub-admin', master)).body.items.map((i) => i.email)).toEqual(['ops@staff.test']);
  });
});
