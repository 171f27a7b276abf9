import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { confirmationLink, type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';

// API tests of the visitor forms (viewer.md 5): every end-user rule at its edges, the
// membership flow, idempotent resubmission, bad input of every kind, cross-site tokens, plan lock.

let s: TestServer;
let site: Fixture;
let other: Fixture;
let locked: Fixture;
let draft: Fixture;

beforeAll(async () => {
  process.env.ENDUSER_RATE_MULTIPLIER = '1000';
  s = await startTestServer();
  site = await makeVisitorSite(s.ctx);
  other = await makeVisitorSite(s.ctx);
  locked = await makeVisitorSite(s.ctx, { formsAllowed: false });
  draft = await makeVisitorSite(s.ctx, { publish: false });
});
afterAll(async () => {
  await s?.drop();
});
beforeEach(() => {
  s.ctx.config.enduserRateMultiplier = 1000;
});

const base = () => s.sitesUrl;
const count = async (sql: string, params: unknown[] = []) =>
  (await s.ctx.db.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n;
const good = { email: 'visitor@example.com', company_name: 'Acme', topic: 'Press', quantity: 3, interests: ['Bags'], message: 'Hello' };
type Body = { message: string | string[]; code: string; fields?: { path: string; message: string }[] };
const first = (b: Body) => (Array.isArray(b.message) ? b.message[0] : b.message) ?? '';

/** A translated answer: not an i18n key, and different in Japanese and English. */
function expectTranslated(ja: Body, en: Body) {
  expect(first(en)).not.toMatch(/^(\w+: )?(validation|server|enduser)\.\w+$/);
  expect(first(ja)).not.toMatch(/^(\w+: )?(validation|server|enduser)\.\w+$/);
  expect(first(ja)).not.toEqual(first(en));
}

describe('form settings', () => {
  it('serves the fields in order with the company links', async () => {
    const r = await http<{ fields: { field_key: string; type_form: string }[]; locked: boolean; company_links: unknown[] }>(
      base(),
      'GET',
      `/api/v1/end-user/site/${site.siteId}/contact-setting?lang=en`,
    );
    expect(r.status).toBe(200);
    expect(r.body.fields.map((f) => f.field_key)).toEqual(['email', 'companyName', 'topic', 'quantity', 'interests', 'message']);
    expect(new Set(r.body.fields.map((f) => f.type_form))).toEqual(new Set(['TEXT_BOX', 'SELECT', 'NUMBER', 'SELECT_OPTIONS']));
    expect(r.body.locked).toBe(false);
    expect(r.body.company_links).toEqual([{ kind: 'termsOfService', url: 'https://example.com/terms' }]);
    const m = await http<{ fields: { field_key: string }[] }>(
      base(),
      'GET',
      `/api/v1/end-user/site/${site.siteId}/membership-setting?lang=kr`,
    );
    expect(m.body.fields.map((f) => f.field_key)).toEqual(['email', 'password', 'confirmPassword', 'nickname']);
  });
  it('says when the plan locks forms, and hides unpublished sites', async () => {
    const r = await http<{ locked: boolean }>(base(), 'GET', `/api/v1/end-user/site/${locked.siteId}/homepage-setting`);
    expect(r.body.locked).toBe(true);
    expect((await http(base(), 'GET', `/api/v1/end-user/site/${draft.siteId}/contact-setting`)).status).toBe(404);
    expect((await http(base(), 'GET', '/api/v1/end-user/site/99999999/contact-setting')).status).toBe(404);
  });
});

describe('membership', () => {
  const reg = (siteId: number, body: Record<string, unknown>, lang = 'en') =>
    http<Body & { email?: string }>(base(), 'POST', `/api/v1/end-user/site/${siteId}/register`, { body, lang });
  const pw = 'Aa1@aaaa';

  it('refuses every broken password rule with a translated message and stores nothing', async () => {
    const before = await count('site_members');
    const cases: [string, string | number, string | number, number][] = [
      ['7 characters', 'Aa1@aaa', 'Aa1@aaa', 422],
      ['21 characters', `Aa1@${'a'.repeat(17)}`, `Aa1@${'a'.repeat(17)}`, 422],
      ['no lowercase', 'AA1@AAAA', 'AA1@AAAA', 422],
      ['no uppercase', 'aa1@aaaa', 'aa1@aaaa', 422],
      ['no digit', 'Aaa@aaaa', 'Aaa@aaaa', 422],
      ['no special', 'Aa1aaaaa', 'Aa1aaaaa', 422],
      ['special not allowed', 'Aa1@aaa!', 'Aa1@aaa!', 422],
      ['space', 'Aa1@ aaaa', 'Aa1@ aaaa', 422],
      ['mismatch', pw, 'Aa1@aaab', 422],
      ['empty confirmation', pw, '', 422],
      ['number instead of text', 12345678, 12345678, 400],
    ];
    for (const [name, p, c, status] of cases) {
      const body = { email: `pw-${name.replace(/\W/g, '')}@example.com`, password: p, confirm_password: c };
      const en = await reg(site.siteId, body, 'en');
      const ja = await reg(site.siteId, body, 'ja');
      expect(en.status, name).toBe(status);
      expect(ja.status, name).toBe(status);
      expectTranslated(ja.body, en.body);
    }
    const mismatch = await reg(site.siteId, { email: 'mm@example.com', password: pw, confirm_password: 'Aa1@aaab' });
    expect(mismatch.body.fields?.[0]).toEqual({ path: 'confirmPassword', message: 'Passwords do not match.' });
    expect(await count('site_members')).toBe(before);
  });

  it('takes passwords at both length edges and every allowed special', async () => {
    for (const p of ['Aa1@aaaa', `Aa1@${'a'.repeat(16)}`, 'Aa1@#$%^&*()_+|{}<>:', 'Aa1;[]-=,.?a']) {
      const r = await reg(site.siteId, { email: `edge${p.length}${p.charCodeAt(4)}@example.com`, password: p, confirm_password: p });
      expect(r.status, p).toBe(201);
    }
  });

  it('applies the e-mail rule and the extra fields of the membership form', async () => {
    for (const e of ['a..b@example.com', 'no-at.example.com', 'a@b', 'a@b.c', '@example.com', 'a b@example.com']) {
      const r = await reg(site.siteId, { email: e, password: pw, confirm_password: pw });
      expect(r.status, e).toBe(422);
      expect(r.body.fields?.[0]?.path).toBe('email');
    }
    const long = await reg(site.siteId, {
      email: 'nick@example.com',
      password: pw,
      confirm_password: pw,
      data: { nickname: 'x'.repeat(21) },
    });
    expect(long.status).toBe(422);
    expect(long.body.fields?.[0]?.path).toBe('data.nickname');
    const unknown = await reg(site.siteId, { email: 'nick@example.com', password: pw, confirm_password: pw, data: { admin: true } });
    expect(unknown.status).toBe(422);
    expect((await reg(site.siteId, { email: 5, password: pw, confirm_password: pw })).status).toBe(400);
  });

  it('registers provisionally, mails a one-time link that expires, then logs in', async () => {
    const email = 'member1@example.com';
    const r = await reg(site.siteId, { email, password: pw, confirm_password: pw, data: { nickname: 'Kei' } });
    expect(r.status).toBe(201);
    const member = await s.ctx.db.one<{ id: number; status: string; data: Record<string, unknown> }>(
      'SELECT id, status, data FROM site_members WHERE site_id = $1 AND email = $2',
      [site.siteId, email],
    );
    expect(member.status).toBe('PROVISIONAL');
    expect(member.data).toEqual({ nickname: 'Kei' });
    const link = await confirmationLink(s.ctx, email);
    expect(link?.link).toContain(`/sites/${site.siteId}/en/register?token=`);

    // not yet confirmed: only someone with the password learns it
    const early = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/login`, {
      body: { email, password: pw },
      lang: 'en',
    });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('MEMBER_NOT_CONFIRMED');

    // the token of this site does not confirm a member elsewhere
    const elsewhere = await http(base(), 'POST', `/api/v1/end-user/site/${other.siteId}/confirm`, { body: { token: link?.token } });
    expect(elsewhere.status).toBe(400);

    const ok = await http<{ email: string }>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, {
      body: { token: link?.token },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe(email);
    const again = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, {
      body: { token: link?.token },
      lang: 'en',
    });
    expect(again.status).toBe(400);
    expect(first(again.body)).toMatch(/invalid or has expired/);

    const login = await http<{ access_token: string }>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/login`, {
      body: { email: email.toUpperCase(), password: pw },
    });
    expect(login.status).toBe(200);
    const me = await http<{ email: string }>(base(), 'GET', `/api/v1/end-user/site/${site.siteId}/me`, { token: login.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);

    // cross-site reuse is refused, on this module's calls and on the viewer's private calls
    expect((await http(base(), 'GET', `/api/v1/end-user/site/${other.siteId}/me`, { token: login.body.access_token })).status).toBe(401);
    const page = await s.ctx.db.one<{ id: number }>('SELECT id FROM pages WHERE site_id = $1 AND members_only_lock', [other.siteId]);
    const priv = await http(base(), 'GET', `/api/v1/end-user/site/${other.siteId}/page/${page.id}/private`, {
      token: login.body.access_token,
    });
    expect(priv.status).toBe(401);
    const own = await s.ctx.db.one<{ id: number }>('SELECT id FROM pages WHERE site_id = $1 AND members_only_lock', [site.siteId]);
    const mine = await http(base(), 'GET', `/api/v1/end-user/site/${site.siteId}/page/${own.id}/private`, {
      token: login.body.access_token,
    });
    expect(mine.status).toBe(200);
    // an operator token or a preview token is not an end-user token
    const preview = await s.ctx.tokens.sign({ kind: 'preview', siteId: site.siteId }, { sub: String(member.id), tv: 0 }, 60);
    expect((await http(base(), 'GET', `/api/v1/end-user/site/${site.siteId}/me`, { token: preview })).status).toBe(401);

    // a re-registration of a member answers alike and stores nothing new
    const dup = await reg(site.siteId, { email, password: pw, confirm_password: pw });
    expect(dup.status).toBe(201);
    expect(await count('site_members WHERE site_id = $1 AND lower(email) = $2', [site.siteId, email])).toBe(1);
  });

  it('expires confirmation links', async () => {
    const email = 'late@example.com';
    await reg(site.siteId, { email, password: pw, confirm_password: pw });
    const link = await confirmationLink(s.ctx, email);
    await s.ctx.db.query("UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'member_confirm'");
    const r = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, { body: { token: link?.token } });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('CONFIRM_LINK_INVALID');
  });

  it('resends the link (not twice on a double click) and answers alike for unknown addresses', async () => {
    const email = 'resend@example.com';
    await reg(site.siteId, { email, password: pw, confirm_password: pw });
    const mails = () => count('mail_outbox WHERE to_addr = $1', [email]);
    expect(await mails()).toBe(1);
    const a = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/resend-register-email`, { body: { email } });
    expect(a.status).toBe(200);
    expect(await mails()).toBe(1); // within the gap: no second mail
    await s.ctx.db.query("UPDATE one_time_tokens SET created_at = now() - interval '1 minute'");
    const b = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/resend-register-email`, { body: { email } });
    expect(await mails()).toBe(2);
    const c = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/resend-register-email`, {
      body: { email: 'nobody@example.com' },
    });
    expect(c.status).toBe(b.status);
    expect(c.body).toEqual(b.body);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const email = 'alike@example.com';
    await reg(site.siteId, { email, password: pw, confirm_password: pw });
    const link = await confirmationLink(s.ctx, email);
    await http(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/confirm`, { body: { token: link?.token } });
    const wrong = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/login`, {
      body: { email, password: 'Aa1@wrong' },
    });
    const unknown = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/login`, {
      body: { email: 'ghost@example.com', password: 'Aa1@wrong' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    // a member of one site is unknown on another
    const elsewhere = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${other.siteId}/login`, { body: { email, password: pw } });
    expect(elsewhere.body).toEqual(wrong.body);
  });

  it('throttles registration and login per IP', async () => {
    s.ctx.config.enduserRateMultiplier = 0.0001;
    let last = 0;
    for (let i = 0; i < 3; i++)
      last = (await reg(other.siteId, { email: `t${i}@example.com`, password: 'x', confirm_password: 'x' })).status;
    expect(last).toBe(429);
    const l = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${other.siteId}/login`, { body: { email: 'a@b.co', password: 'x' } });
    const l2 = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${other.siteId}/login`, {
      body: { email: 'a@b.co', password: 'x' },
    });
    expect([l.status, l2.status]).toContain(429);
  });
});

describe('contact and homepage forms', () => {
  const post = (siteId: number, body: unknown, o: { key?: string; lang?: string; form?: string } = {}) =>
    http<Body & { id?: number }>(base(), 'POST', `/api/v1/end-user/site/${siteId}/${o.form ?? 'contact'}`, {
      body,
      lang: o.lang ?? 'en',
      headers: o.key ? { 'idempotency-key': o.key } : {},
    });

  it('stores a submission and queues a mail to each destination plus the visitor in one go', async () => {
    const before = await count('mail_outbox');
    const r = await post(site.siteId, { data: good, lang: 'en' });
    expect(r.status).toBe(201);
    const row = await s.ctx.db.one<{ form_type: string; email: string; data: Record<string, unknown>; lang: string }>(
      'SELECT form_type, email, data, lang FROM form_submissions WHERE id = $1',
      [r.body.id],
    );
    expect(row).toMatchObject({ form_type: 'CONTACT_SETTING', email: 'visitor@example.com', lang: 'en' });
    expect(row.data).toMatchObject({ companyName: 'Acme', topic: 'Press', quantity: 3, interests: ['Bags'] });
    const mails = await s.ctx.db.query<{ to_addr: string; subject: string; text_body: string }>(
      'SELECT to_addr, subject, text_body FROM mail_outbox WHERE id > (SELECT coalesce(max(id), 0) - 3 FROM mail_outbox) ORDER BY id',
    );
    expect(await count('mail_outbox')).toBe(before + 3);
    expect(mails.map((m) => m.to_addr).sort()).toEqual(['sales@visitors.test', 'shop@visitors.test', 'visitor@example.com']);
    expect(mails.find((m) => m.to_addr === 'shop@visitors.test')?.text_body).toContain('Company: Acme');
  });

  it('stores once for a double click or a retry with the same key, and answers the same', async () => {
    const key = `k-${randomBytes(8).toString('hex')}`;
    const subs = () => count('form_submissions WHERE site_id = $1', [site.siteId]);
    const mails = () => count('mail_outbox');
    const [s0, m0] = [await subs(), await mails()];
    const [a, b] = await Promise.all([post(site.siteId, { data: good }, { key }), post(site.siteId, { data: good }, { key })]);
    const c = await post(site.siteId, { data: good }, { key });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(await subs()).toBe(s0 + 1);
    expect(await mails()).toBe(m0 + 3);
    // the same key on another site is another submission
    expect((await post(other.siteId, { data: good }, { key })).body.id).not.toBe(a.body.id);
  });

  it('answers every kind of bad input with 400/422, a translated message, and stores nothing', async () => {
    const subs = () => count('form_submissions');
    const mails = () => count('mail_outbox');
    const [s0, m0] = [await subs(), await mails()];
    const cases: [string, unknown, number][] = [
      ['missing data', {}, 422],
      ['missing required field', { data: { ...good, company_name: undefined } }, 422],
      ['blank required field', { data: { ...good, company_name: '   ' } }, 422],
      ['data of the wrong type', { data: 'hello' }, 400],
      ['data as a list', { data: [good] }, 400],
      ['text of the wrong type', { data: { ...good, company_name: 42 } }, 400],
      ['text too long (51 > 50)', { data: { ...good, company_name: 'x'.repeat(51) } }, 422],
      ['message too long (201 > 200)', { data: { ...good, message: 'x'.repeat(201) } }, 422],
      ['bad e-mail', { data: { ...good, email: 'a..b@example.com' } }, 422],
      ['unknown option', { data: { ...good, topic: 'Jobs' } }, 422],
      ['unknown checkbox option', { data: { ...good, interests: ['Bags', 'Hats'] } }, 422],
      ['checkbox not a list', { data: { ...good, interests: 'Bags' } }, 400],
      ['number below range', { data: { ...good, quantity: 0 } }, 422],
      ['number above range', { data: { ...good, quantity: 1000 } }, 422],
      ['number as words', { data: { ...good, quantity: 'three' } }, 422],
      ['number of the wrong type', { data: { ...good, quantity: { n: 3 } } }, 400],
      ['unknown field', { data: { ...good, is_admin: true } }, 422],
      ['body is a list', [good], 400],
      ['body is a string', 'hello', 400],
    ];
    for (const [name, body, status] of cases) {
      const en = await post(site.siteId, body, { lang: 'en' });
      const ja = await post(site.siteId, body, { lang: 'ja' });
      expect(en.status, name).toBe(status);
      expect(ja.status, name).toBe(status);
      expectTranslated(ja.body, en.body);
    }
    // random bytes, as JSON and as anything else
    for (const type of ['application/json', 'text/plain', 'application/octet-stream']) {
      const r = await http<Body>(base(), 'POST', `/api/v1/end-user/site/${site.siteId}/contact`, {
        raw: randomBytes(64),
        headers: { 'content-type': type },
        lang: 'en',
      });
      expect([400, 415], type).toContain(r.status);
      expect(first(r.body).length).toBeGreaterThan(0);
    }
    const badKey = await post(site.siteId, { data: good }, { key: 'short' });
    expect(badKey.status).toBe(400);
    const badKey2 = await post(site.siteId, { data: good }, { key: 'x'.repeat(200) });
    expect(badKey2.status).toBe(400);
    expect(await subs()).toBe(s0);
    expect(await mails()).toBe(m0);
  });

  it('runs the homepage form with its own fields', async () => {
    const ok = await post(
      site.siteId,
      { data: { email: 'h@example.com', company_name: 'H', topic: 'Other', quantity: 1 } },
      { form: 'homepage' },
    );
    expect(ok.status).toBe(201);
    const extra = await post(site.siteId, { data: { ...good } }, { form: 'homepage' });
    expect(extra.status).toBe(422); // interests and message are not fields of this form
    const row = await s.ctx.db.one<{ form_type: string }>('SELECT form_type FROM form_submissions WHERE id = $1', [ok.body.id]);
    expect(row.form_type).toBe('HOMEPAGE_SETTING');
  });

  it('locks forms when the plan lacks settingFormContact', async () => {
    for (const form of ['contact', 'homepage']) {
      const en = await post(locked.siteId, { data: good }, { form, lang: 'en' });
      const ja = await post(locked.siteId, { data: good }, { form, lang: 'ja' });
      expect(en.status).toBe(403);
      expect(en.body.code).toBe('FORMS_LOCKED');
      expectTranslated(ja.body, en.body);
    }
    expect(await count('form_submissions WHERE site_id = $1', [locked.siteId])).toBe(0);
    const page = await fetch(`${base()}/sites/${locked.siteId}/en/contact`).then((r) => r.text());
    expect(page).toContain('This form is not available');
  });

  it('requires the agreement when the site asks for it', async () => {
    const agree = await makeVisitorSite(s.ctx, { agreement: true });
    const no = await post(agree.siteId, { data: good });
    expect(no.status).toBe(422);
    expect(no.body.fields?.[0]?.path).toBe('agreed');
    expect((await post(agree.siteId, { data: good, agreed: true })).status).toBe(201);
  });

  it('throttles per IP and per site', async () => {
    s.ctx.config.enduserRateMultiplier = 0.0001;
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(other.siteId, { data: good })).status);
    expect(statuses).toContain(429);
  });
});

describe('screens', () => {
  it('renders each form screen with its fields and the success scripts on the sites origin', async () => {
    const contact = await fetch(`${base()}/sites/${site.siteId}/en/contact`);
    expect(contact.status).toBe(200);
    const html = await contact.text();
    const order = ['E-mail', 'Company', 'Topic', 'Quantity', 'Interests', 'Message'].map((t) => html.indexOf(`>${t}<`));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // the default option is the selected one (attributes in any order)
    expect(html).toMatch(/<option(?=[^>]*\svalue="Products")(?=[^>]*\sselected[\s>=])[^>]*>Products</);
    expect(html.match(/<option[^>]*\sselected[\s>=]/g)).toHaveLength(2); // the topic and the language menu
    const success = await fetch(`${base()}/sites/${site.siteId}/en/contact-success`).then((r) => r.text());
    expect(success).toContain("window.__contactScript='en'");
    for (const page of ['register', 'register-success', 'login', 'forms', 'form-success', 'survey']) {
      const r = await fetch(`${base()}/sites/${site.siteId}/ja/${page}`);
      expect(r.status, page).toBe(200);
      expect(await r.text(), page).toContain('id="eu-state"');
    }
    const form = await fetch(`${base()}/sites/${site.siteId}/en/form-success`).then((r) => r.text());
    expect(form).toContain('We will reply within 24 hours.');
    expect((await fetch(`${base()}/sites/${draft.siteId}/en/contact`)).status).toBe(404);
  });

  it('sends a CSP with script-src on form and success pages: our bundle, and on success pages exactly the operator tags', async () => {
    for (const page of ['contact', 'register', 'login', 'forms', 'survey', 'register-success']) {
      const r = await fetch(`${base()}/sites/${site.siteId}/en/${page}`);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, page).toMatch(/(^|; )script-src 'self'(;|$)/);
      expect(csp, page).toContain("object-src 'none'");
    }
    const success = await fetch(`${base()}/sites/${site.siteId}/en/contact-success`);
    const csp = success.headers.get('content-security-policy') ?? '';
    const hash = createHash('sha256').update("window.__contactScript='en'", 'utf8').digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}' https:`);
    expect(/script-src[^;]*(unsafe-inline|nonce-)/.test(csp)).toBe(false);
  });
});
