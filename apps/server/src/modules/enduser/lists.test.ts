import { formatJapanTime } from '@swipe/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';

// Back-office lists of members, contacts and form submissions: the operator's subtree only, paged,
// searchable, CSV with a byte-order mark and formula cells neutralised.

let s: TestServer;
let site: Fixture;
let owner: string;
let stranger: string;

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  site = await makeVisitorSite(s.ctx);
  const email = (await s.ctx.db.one<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [site.accountId])).email;
  owner = (await login(s.adminUrl, email)).access;
  await makeAccount(s.ctx, { parentId: null, type: 'MASTER_USER', email: 'stranger@lists.test' });
  stranger = (await login(s.adminUrl, 'stranger@lists.test')).access;
  const post = (form: string, data: Record<string, unknown>) =>
    http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/${form}`, { body: { data, lang: 'en' } });
  for (let i = 0; i < 3; i++) await post('contact', { email: `c${i}@example.com`, company_name: `Co ${i}`, topic: 'Press' });
  await post('contact', {
    email: 'evil@example.com',
    company_name: '=HYPERLINK("http://x")',
    topic: 'Other',
    interests: ['Bags', 'Shoes'],
  });
  await post('homepage', { email: 'h@example.com', company_name: 'Home', topic: 'Press' });
  await http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/register`, {
    body: { email: 'm@example.com', password: 'Aa1@aaaa', confirm_password: 'Aa1@aaaa', data: { nickname: '+cmd' } },
  });
});
afterAll(async () => {
  await s?.drop();
});

describe('back-office lists', () => {
  it('lists contacts, forms and members of a site in the operator subtree, paged and searchable', async () => {
    const c = await http<{ items: { email: string }[]; total: number }>(
      s.adminUrl,
      'GET',
      `/api/v1/sites/${site.siteId}/site-contact?page=1&page_size=2`,
      { token: owner },
    );
    expect(c.status).toBe(200);
    expect(c.body.total).toBe(4);
    expect(c.body.items.map((i) => i.email)).toEqual(['evil@example.com', 'c2@example.com']);
    const found = await http<{ total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-contact?search=Co%201`, {
      token: owner,
    });
    expect(found.body.total).toBe(1);
    const f = await http<{ total: number }>(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-form`, { token: owner });
    expect(f.body.total).toBe(1);
    const m = await http<{ items: { email: string; status: string }[] }>(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-member`, {
      token: owner,
    });
    expect(m.body.items).toEqual([expect.objectContaining({ email: 'm@example.com', status: 'PROVISIONAL' })]);
    expect(JSON.stringify(m.body)).not.toContain('password');
  });

  it('refuses other tenants and anonymous callers', async () => {
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-contact`, { token: stranger })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-member/export-csv`, { token: stranger })).status).toBe(404);
    expect((await http(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-contact`)).status).toBe(401);
  });

  it('exports CSV with a BOM, field titles as columns, and formula cells neutralised', async () => {
    const r = await fetch(`${s.adminUrl}/api/v1/sites/${site.siteId}/site-contact/export-csv`, {
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'en' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes); // the decoder drops the BOM
    const [head, ...lines] = text.trim().split('\r\n');
    expect(head).toBe('ID,Received at,Language,E-mail,Company,Topic,Quantity,Interests,Message');
    expect(lines).toHaveLength(4);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain('"Bags, Shoes"');
    const m = await fetch(`${s.adminUrl}/api/v1/sites/${site.siteId}/site-member/export-csv`, {
      headers: { authorization: `Bearer ${owner}` },
    });
    const mt = await m.text();
    expect(mt).toContain("'+cmd");
    expect(mt).not.toContain('Aa1@aaaa');
  });

  it('labels the columns as the form does in the interface language, in the form order', async () => {
    // the Japanese form says 会社名 and asks for the topic first; the English one keeps its titles and order
    await s.ctx.db.query(
      `UPDATE form_fields f SET title = CASE f.field_key WHEN 'companyName' THEN '会社名' WHEN 'topic' THEN 'ご用件' ELSE f.title END,
         order_num = CASE f.field_key WHEN 'topic' THEN 0 ELSE f.order_num END
       FROM form_settings fs WHERE fs.id = f.form_setting_id AND fs.site_id = $1 AND fs.type = 'CONTACT_SETTING' AND fs.lang = 'ja'`,
      [site.siteId],
    );
    type List = { fields: { key: string; label: string }[] };
    const list = (lang: string) => http<List>(s.adminUrl, 'GET', `/api/v1/sites/${site.siteId}/site-contact`, { token: owner, lang });
    const ja = await list('ja');
    expect(ja.status).toBe(200);
    expect(ja.body.fields.slice(0, 3)).toEqual([
      { key: 'topic', label: 'ご用件' },
      { key: 'companyName', label: '会社名' },
      { key: 'quantity', label: 'Quantity' },
    ]);
    expect(ja.body.fields.map((f) => f.key)).not.toContain('email');
    const en = await list('en');
    expect(en.body.fields.slice(0, 2)).toEqual([
      { key: 'companyName', label: 'Company' },
      { key: 'topic', label: 'Topic' },
    ]);
    // a language the site has no form text in falls back to the site's default language (ja)
    expect((await list('kr')).body.fields[0]).toEqual({ key: 'topic', label: 'ご用件' });
    const csv = await fetch(`${s.adminUrl}/api/v1/sites/${site.siteId}/site-contact/export-csv`, {
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'ja' },
    });
    const [head] = (await csv.text()).trim().split('\r\n');
    expect(head).toContain('メールアドレス,ご用件,会社名,Quantity');
  });

  it('writes times in Japan time with the zone named, as the screen does', async () => {
    const r = await fetch(`${s.adminUrl}/api/v1/sites/${site.siteId}/site-member/export-csv`, {
      headers: { authorization: `Bearer ${owner}`, 'accept-language': 'en' },
    });
    const line = (await r.text()).trim().split('\r\n')[1] ?? '';
    const row = await s.ctx.db.one<{ id: number; created_at: Date }>('SELECT id, created_at FROM site_members WHERE site_id = $1', [
      site.siteId,
    ]);
    expect(line.startsWith(`${row.id},${formatJapanTime(row.created_at)},`)).toBe(true);
    expect(formatJapanTime(row.created_at)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} JST$/);
    expect(formatJapanTime('2026-03-31T15:30:00Z')).toBe('2026-04-01 00:30 JST');
  });
});
