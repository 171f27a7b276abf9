import { IMPORT_COLUMNS, japanDay, LIMITS } from '@swipe/core';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../../test/helpers.js';
import type { AccountRow } from '../accounts/actor.js';
import { importJobs } from './jobs.js';
import { IMPORT_CHUNK, runImport } from './service.js';

// CSV import of users through real HTTP: dry run, commit (a job), progress, idempotency.

let s: TestServer;
let master: AccountRow;
let token: string;
let otherToken: string;
let viewToken: string;
const HEADER = IMPORT_COLUMNS.join(',');
const row = (email: string, company = 'Alpha Inc.', type = 'MASTER_USER') =>
  `${type},${email},${company},Ann,Standard,2026-04-01,2027-03-31,EDIT,no`;
const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;

async function post(path: string, body: string | Buffer, tok = token, lang = 'en') {
  return http<Record<string, unknown>>(s.adminUrl, 'POST', `/api/v1/user/import${path}`, {
    token: tok,
    lang,
    raw: body,
    headers: { 'content-type': 'text/csv' },
  });
}
const accounts = async () => (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM accounts')).n;
const setupJobs = async () =>
  (await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE kind = 'auth.account_setup'")).n;
const imports = async () => (await s.ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM user_imports')).n;

beforeAll(async () => {
  s = await startTestServer();
  await makePlan(s.ctx, { name: 'Standard' });
  master = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'master@import.test' });
  await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'other@import.test' });
  await makeAccount(s.ctx, { parentId: master.id, type: 'SUB_ADMIN', email: 'viewer@import.test', authority: 'VIEW', staffRole: 'VIEWER' });
  await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: 'taken@import.test' });
  token = (await login(s.adminUrl, 'master@import.test')).access;
  otherToken = (await login(s.adminUrl, 'other@import.test')).access;
  viewToken = (await login(s.adminUrl, 'viewer@import.test')).access;
});
afterAll(async () => {
  await s?.drop();
});

describe('CSV import of users', () => {
  it('the template is a CSV with a BOM, every column and an example row', async () => {
    const r = await fetch(`${s.adminUrl}/api/v1/user/import/template`, { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text).toContain('MASTER_USER,taro@example.com');
  });

  it('a dry run lists every bad row (translated) and writes nothing; the commit of that file is 422 and writes nothing', async () => {
    const before = await accounts();
    const file = csv(
      row('ok1@import.test'),
      row('bad-email'),
      row('taken@import.test'),
      row('dup@import.test'),
      row('dup@import.test'),
      'USER,user@import.test,X,,,,,,',
      'MASTER_USER,plan@import.test,X,,Gold,,,,',
      'MASTER_USER,f@import.test,=cmd|calc,,,,,,',
    );
    const dry = await post('/dry-run', file, token, 'ja');
    expect(dry.status).toBe(200);
    expect(dry.body.status).toBe('INVALID');
    expect(dry.body.total).toBe(8);
    const errs = dry.body.errors as { row: number; column: string; message: string }[];
    expect(errs.map((e) => `${e.row}:${e.column}`)).toEqual(['3:email', '4:email', '6:email', '7:type', '8:plan', '9:company_name']);
    expect(errs[1]?.message).toBe('このメールアドレスは既に登録されています。');
    expect(errs[2]?.message).toContain('5');
    expect(errs[5]?.message).toContain('数式');
    const commit = await post('', file);
    expect(commit.status).toBe(422);
    expect(commit.body.message).toContain('6');
    expect(await accounts()).toBe(before);
    expect(await imports()).toBe(0);
  });

  it('a Shift_JIS file (Japanese Excel) and a UTF-8 file with BOM are read alike', async () => {
    const sjis = iconv.encode(csv(row('sjis@import.test', '株式会社テスト')), 'Shift_JIS');
    const dry = await post('/dry-run', sjis);
    expect(dry.body).toMatchObject({ status: 'VALID', total: 1, errors: [] });
    // the rows as they will be imported, decoded, for the person to check before committing
    expect(dry.body.preview).toEqual([
      {
        row: 2,
        type: 'MASTER_USER',
        email: 'sjis@import.test',
        company_name: '株式会社テスト',
        contact_name: 'Ann',
        plan: 'Standard',
        contract_start: '2026-04-01',
        contract_end: '2027-03-31',
        authority: 'EDIT',
        license_issue: false,
      },
    ]);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv(row('bom@import.test', '株式会社ボム')))]);
    expect((await post('/dry-run', bom)).body).toMatchObject({ status: 'VALID', total: 1 });

    const c = await post('', sjis);
    expect(c.status).toBe(202);
    expect(c.body.status).toBe('QUEUED');
    await importJobs['accounts.user_import'](s.ctx, { importId: c.body.id });
    const made = await s.ctx.db.one<{ company_name: string; parent_id: number; password_hash: string; must_change_password: boolean }>(
      "SELECT company_name, parent_id, password_hash, must_change_password FROM accounts WHERE email = 'sjis@import.test'",
    );
    // stored awaiting set-up, as an account made on the users screen is (no empty hash), and listed so
    expect(made).toMatchObject({ company_name: '株式会社テスト', parent_id: master.id, must_change_password: false });
    expect(made.password_hash).toMatch(/^!setup:[A-Za-z0-9_-]{16,}$/);
    const listed = await http<{ items: { email: string; setup_pending: boolean }[] }>(s.adminUrl, 'GET', '/api/v1/user?search=sjis%40', {
      token,
    });
    expect(listed.body.items).toEqual([expect.objectContaining({ email: 'sjis@import.test', setup_pending: true })]);
    const p = await http(s.adminUrl, 'GET', `/api/v1/user/import/${c.body.id}`, { token });
    expect(p.body).toMatchObject({ status: 'DONE', total: 1, done: 1, created: 1 });
  });

  it("each imported account takes the status its contract dates give on the app's day, at once", async () => {
    // days counted from the app's clock: a contract starting in 40 days is not running yet (INACTIVE), one that
    // started 10 days ago is, and an open-ended one without dates too; none waits for the daily contract job
    const day = (days: number) => japanDay(s.ctx.clock.nowMs() + days * 86_400_000);
    const file = csv(
      `MASTER_USER,later@import.test,Later Inc.,Ann,Standard,${day(40)},${day(400)},EDIT,no`,
      `MASTER_USER,running@import.test,Running Inc.,Ann,Standard,${day(-10)},${day(400)},EDIT,no`,
      'MASTER_USER,open@import.test,Open Inc.,Ann,,,,EDIT,no',
    );
    const c = await post('', file);
    expect(c.status).toBe(202);
    await importJobs['accounts.user_import'](s.ctx, { importId: c.body.id });
    const rows = await s.ctx.db.query<{ email: string; contract_status: string }>(
      "SELECT email, contract_status FROM accounts WHERE email IN ('later@import.test', 'running@import.test', 'open@import.test') ORDER BY email",
    );
    expect(rows).toEqual([
      { email: 'later@import.test', contract_status: 'INACTIVE' },
      { email: 'open@import.test', contract_status: 'ACTIVE' },
      { email: 'running@import.test', contract_status: 'ACTIVE' },
    ]);
  });

  it('a file of 5 MB + 1 byte is refused with a translated message before it is read', async () => {
    const big = Buffer.alloc(LIMITS.csvBytes + 1, 0x41);
    const r = await post('/dry-run', big);
    expect(r.status).toBe(413);
    expect(r.body.message).toContain('5 MB');
    expect((await post('', big)).status).toBe(413);
  });

  it('the same file twice creates nobody twice; each new account gets one set-up link job', async () => {
    const file = csv(row('twice1@import.test'), row('twice2@import.test'));
    const jobsBefore = await setupJobs();
    const first = await post('', file);
    const second = await post('', file);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, replayed: true });
    await runImport(s.ctx, Number(first.body.id));
    const third = await post('', file);
    expect(third.body).toMatchObject({ id: first.body.id, status: 'DONE', created: 2, replayed: true });
    const n = await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE email LIKE 'twice%'");
    expect(n.n).toBe(2);
    expect((await setupJobs()) - jobsBefore).toBe(2);
    // the same rows in another file: already registered, refused row by row
    const again = await post('/dry-run', `${file}\r\n`);
    expect((again.body.errors as unknown[]).length).toBe(2);
  });

  it('a job killed midway leaves nothing; run again (twice, even at once) it creates each account once', async () => {
    const rows = Array.from({ length: IMPORT_CHUNK + 20 }, (_, i) => row(`bulk${i}@import.test`, `Bulk ${i}`));
    const c = await post('', csv(...rows));
    expect(c.body).toMatchObject({ status: 'QUEUED', total: IMPORT_CHUNK + 20 });
    const id = Number(c.body.id);
    await expect(
      runImport(s.ctx, id, {
        afterChunk: async (done) => {
          // progress is visible outside the open transaction (the screen polls it through the kv)
          expect(await s.ctx.kv.get(`user-import:progress:${id}`)).toBe(String(done));
          throw new Error('killed');
        },
      }),
    ).rejects.toThrow('killed');
    const count = async () => (await s.ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM accounts WHERE email LIKE 'bulk%'")).n;
    expect(await count()).toBe(0);
    const [a, b] = await Promise.all([runImport(s.ctx, id), runImport(s.ctx, id)]);
    await runImport(s.ctx, id);
    expect(a.created).toBe(IMPORT_CHUNK + 20);
    expect(b.created).toBe(IMPORT_CHUNK + 20);
    expect(await count()).toBe(IMPORT_CHUNK + 20);
    const history = await s.ctx.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM contract_history h JOIN accounts a ON a.id = h.account_id WHERE a.email LIKE 'bulk%'",
    );
    expect(history.n).toBe(IMPORT_CHUNK + 20);
    const p = await http(s.adminUrl, 'GET', `/api/v1/user/import/${id}`, { token });
    expect(p.body).toMatchObject({ status: 'DONE', done: IMPORT_CHUNK + 20, created: IMPORT_CHUNK + 20 });
  });

  it('an e-mail registered between the check and the job fails the import whole', async () => {
    const c = await post('', csv(row('race1@import.test'), row('race2@import.test')));
    await makeAccount(s.ctx, { parentId: master.id, type: 'MASTER_USER', email: 'race2@import.test' });
    await runImport(s.ctx, Number(c.body.id));
    const p = await http(s.adminUrl, 'GET', `/api/v1/user/import/${c.body.id}`, { token, lang: 'en' });
    expect(p.body).toMatchObject({ status: 'FAILED', created: 0, errors: [{ row: 3, column: 'email' }] });
    expect(await s.ctx.db.maybeOne("SELECT 1 FROM accounts WHERE email = 'race1@import.test'")).toBeUndefined();
  });

  it('rows the database refuses fail the import for good, nothing written', async () => {
    const c = await post('', csv(row('refused1@import.test'), row('refused2@import.test')));
    // a value the checks let through but the database refuses (as if the schema changed since the check)
    await s.ctx.db.query("UPDATE user_imports SET rows = jsonb_set(rows, '{1,type}', '\"NOPE\"') WHERE id = $1", [c.body.id]);
    expect(await importJobs['accounts.user_import'](s.ctx, { importId: c.body.id })).toBeNull();
    const p = await http(s.adminUrl, 'GET', `/api/v1/user/import/${c.body.id}`, { token, lang: 'en' });
    expect(p.body).toMatchObject({
      status: 'FAILED',
      created: 0,
      errors: [{ row: 0, column: '', message: 'The import failed; nothing was imported.' }],
    });
    expect(await s.ctx.db.maybeOne("SELECT 1 FROM accounts WHERE email = 'refused1@import.test'")).toBeUndefined();
    // the same file may be committed again once an import of it failed
    expect((await post('', csv(row('refused1@import.test'), row('refused2@import.test')))).status).toBe(202);
  });

  it("another caller's import is 404; view authority is 403; malformed bodies are 4xx", async () => {
    const c = await post('', csv(row('mine@import.test')));
    expect((await http(s.adminUrl, 'GET', `/api/v1/user/import/${c.body.id}`, { token: otherToken })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', '/api/v1/user/import/999999', { token })).status).toBe(404);
    expect((await post('/dry-run', csv(row('v@import.test')), viewToken)).status).toBe(403);
    const json = await http(s.adminUrl, 'POST', '/api/v1/user/import/dry-run', { token, body: { a: 1 } });
    expect(json.status).toBe(415);
    expect((await post('/dry-run', '')).status).toBe(422);
    expect((await post('/dry-run', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0]))).status).toBe(422);
    expect((await post('/dry-run', 'a,b\n"open\n')).status).toBe(422);
  });
});
