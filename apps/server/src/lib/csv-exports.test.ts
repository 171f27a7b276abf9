import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountRow, actorFromRow } from '../modules/accounts/actor.js';
import { findAccountById } from '../modules/accounts/repo.js';
import { createSite } from '../modules/sites/service.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../test/helpers.js';

// A value an operator or a visitor typed that starts like a formula, full-width (＝ ＋ － ＠, which Excel in Japanese
// takes for = + - @) or not, comes out of every CSV export as text: the one writer's leading quote.

let s: TestServer;
let master: string;
let siteId: number;

beforeAll(async () => {
  s = await startTestServer();
  const root = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@csv.test' });
  master = (await login(s.adminUrl, root.email)).access;
  const plan = await makePlan(s.ctx, { name: '－1 plan', quantitySite: 5 });
  const user = await makeAccount(s.ctx, {
    parentId: root.id,
    type: 'MASTER_USER',
    email: 'user@csv.test',
    companyName: '＋81-3-1234-5678',
    planId: plan,
  });
  const site = await createSite(s.ctx, actorFromRow((await findAccountById(s.ctx.db, user.id)) as AccountRow), {
    name: '＝1+1',
    numberHorizontal: 1,
    numberVertical: 1,
    defaultLanguage: 'en',
    languages: ['en'],
  });
  siteId = site.id;
  await s.ctx.db.query(
    `INSERT INTO form_submissions (site_id, form_type, lang, email, data) VALUES ($1, 'CONTACT_SETTING', 'en', 'v@x.test', $2)`,
    [siteId, { email: 'v@x.test', companyName: '＠SUM(A1)', note: '=HYPERLINK("http://x.test")' }],
  );
});
afterAll(async () => {
  await s?.drop();
});

const csv = async (url: string) => {
  const r = await http<string>(s.adminUrl, 'GET', url, { token: master, lang: 'en' });
  expect(r.status, url).toBe(200);
  expect(r.headers.get('content-type')).toContain('text/csv');
  return r.body;
};
/** No line has a cell that starts with a formula character (after an optional opening quote). */
const noFormulaCell = (text: string) => {
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n'))
    for (const cell of line.split(',')) expect(/^"?[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell), cell).toBe(false);
};

describe('CSV exports', () => {
  it('the site list', async () => {
    const text = await csv('/api/v1/sites/export-csv');
    expect(text).toContain(",'＝1+1,");
    expect(text).toContain("'＋81-3-1234-5678,");
    noFormulaCell(text);
  });

  it("a site's contacts (visitors' own values)", async () => {
    const text = await csv(`/api/v1/sites/${siteId}/site-contact/export-csv`);
    expect(text).toContain("'＠SUM(A1)");
    expect(text).toContain(`"'=HYPERLINK(""http://x.test"")"`);
    noFormulaCell(text);
  });

  it('the user list and the plan list', async () => {
    const users = await csv('/api/v1/user/export-csv');
    expect(users).toContain("'＋81-3-1234-5678");
    noFormulaCell(users);
    const plans = await csv('/api/v1/plans/export-csv');
    expect(plans).toContain("'－1 plan");
    noFormulaCell(plans);
  });
});
