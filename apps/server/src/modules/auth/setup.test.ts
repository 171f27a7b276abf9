import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob } from '../../jobs/queue.js';
import { http, login, makeAccount, startTestServer, type TestServer } from '../../test/helpers.js';
import { runJobs } from '../../test/jobs.js';
import { SETUP_JOB } from './jobs.js';

// The set-up link every new account gets (decisions.md "Account set-up link"): the job
// auth.account_setup mails a one-time link for 7 days; it sets the password of an account that has none
// yet, once, and signs nothing in.

let s: TestServer;
let base: string;
let masterId: number;
const PASSWORD = 'Set-up-Passw0rd#';

beforeAll(async () => {
  s = await startTestServer();
  base = s.adminUrl;
  masterId = (await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: 'root@setup.test' })).id;
});
afterAll(async () => {
  await s?.drop();
});

/** An account as the user screens and the staff invite make it: no password, to be set through the link. */
async function newAccount(email: string): Promise<number> {
  const row = await makeAccount(s.ctx, { parentId: masterId, type: 'SUB_ADMIN', email, passwordHash: `!setup:${email}` });
  return row.id;
}

async function queueSetup(accountId: number, lang = 'en') {
  await s.ctx.db.tx((q) => enqueueJob(q, SETUP_JOB, { accountId, lang }));
  await runJobs(s);
}

async function mailedTokens(email: string): Promise<{ token: string; subject: string; text: string }[]> {
  const rows = await s.ctx.db.query<{ subject: string; text_body: string }>(
    'SELECT subject, text_body FROM mail_outbox WHERE to_addr = $1 ORDER BY id',
    [email],
  );
  return rows.map((r) => ({
    subject: r.subject,
    text: r.text_body,
    token: decodeURIComponent(/token=([^\s&]+)/.exec(r.text_body)?.[1] ?? ''),
  }));
}

const reset = (token: string, password = PASSWORD) =>
  http<Record<string, unknown>>(base, 'POST', '/api/v1/auth/reset-password', {
    body: { token, password, confirm_password: password },
    lang: 'en',
  });

describe('account set-up link', () => {
  it('mails a translated link to /new-password?setup=1 that sets the password once and signs nothing in', async () => {
    const email = 'fresh@setup.test';
    const id = await newAccount(email);
    await queueSetup(id, 'en');
    const [mail] = await mailedTokens(email);
    expect(mail?.subject).toBe('Set your password');
    expect(mail?.text).toContain(`${s.ctx.config.adminUrl}/new-password?token=`);
    expect(mail?.text).toContain('&setup=1');
    // the page it opens speaks the mail's language
    expect(mail?.text).toContain('&setup=1&lang=en');
    expect(mail?.text).toContain('7 days');
    const token = mail?.token as string;
    // no password yet: nothing signs in
    expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: '' } })).status).toBe(422);
    expect((await http(base, 'POST', '/api/v1/auth/login', { body: { email, password: PASSWORD } })).status).toBe(401);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token } })).status).toBe(200);
    const r = await reset(token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ message: 'Your password has been set. You can now sign in.' });
    const row = await s.ctx.db.one<{ must_change_password: boolean }>('SELECT must_change_password FROM accounts WHERE id = $1', [id]);
    expect(row.must_change_password).toBe(false);
    // second use refused, and the token no longer verifies
    expect((await reset(token, 'Other-Passw0rd#')).status).toBe(400);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token } })).status).toBe(400);
    const session = await login(base, email, PASSWORD);
    expect((await http(base, 'GET', '/api/v1/auth/user-info', { token: session.access })).status).toBe(200);
  });

  it('is translated in the language it was queued with', async () => {
    const email = 'ja@setup.test';
    await queueSetup(await newAccount(email), 'ja');
    const [mail] = await mailedTokens(email);
    expect(mail?.subject).toBe('パスワードを設定してください');
    expect(mail?.text).toContain('7日以内');
  });

  it('refuses an expired link', async () => {
    const email = 'late@setup.test';
    const id = await newAccount(email);
    await queueSetup(id);
    const [mail] = await mailedTokens(email);
    await s.ctx.db.query("UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE subject_id = $1", [id]);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token: mail?.token } })).status).toBe(400);
    const r = await reset(mail?.token as string);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('TOKEN_INVALID');
  });

  it('a retried or doubled job leaves exactly one open link: the last one mailed', async () => {
    const email = 'twice@setup.test';
    const id = await newAccount(email);
    await queueSetup(id);
    await queueSetup(id);
    const mails = await mailedTokens(email);
    expect(mails).toHaveLength(2);
    const open = await s.ctx.db.query(
      "SELECT 1 FROM one_time_tokens WHERE purpose = 'account_setup' AND subject_id = $1 AND used_at IS NULL",
      [id],
    );
    expect(open).toHaveLength(1);
    expect((await reset(mails[0]?.token as string)).status).toBe(400);
    expect((await reset(mails[1]?.token as string)).status).toBe(200);
  });

  it('works only for an account that has not set its password; a set-up token is no reset token for others', async () => {
    const email = 'settled@setup.test';
    const id = await newAccount(email);
    await queueSetup(id);
    const [mail] = await mailedTokens(email);
    // the account got a password meanwhile (another link, an administrator): the set-up link is dead
    await s.ctx.db.query("UPDATE accounts SET password_hash = 'x', must_change_password = false WHERE id = $1", [id]);
    expect((await http(base, 'POST', '/api/v1/auth/verify-token', { body: { token: mail?.token } })).status).toBe(400);
    expect((await reset(mail?.token as string)).status).toBe(400);
    // and a job for an account with a password mails nothing
    await queueSetup(id);
    expect(await mailedTokens(email)).toHaveLength(1);
    // nor for an account that does not exist
    await queueSetup(999_999);
  });
});
