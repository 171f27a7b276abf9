import { randomUUID } from 'node:crypto';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, fieldError, forbidden, tooMany, unauthorized } from '../../errors.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { queueMail } from '../../lib/mailer.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { ACCESS_TTL_S, REFRESH_TTL_S } from '../../lib/tokens.js';
import { type AccountRow, type Actor, actorFromRow } from '../accounts/actor.js';
import { accountsChanged, loadAccount } from '../accounts/cache.js';
import { presentAccount } from '../accounts/presenter.js';
import { endAllSessions, findAccountByEmail, findAccountById } from '../accounts/repo.js';

export const LOGIN_LIMIT_ACCOUNT: Limit = { max: 5, windowSeconds: 15 * 60 };
export const LOGIN_LIMIT_IP: Limit = { max: 30, windowSeconds: 15 * 60 };
const RESET_TTL_MIN = 30;

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'server.login_failed');

async function issueTokens(ctx: AppContext, q: Queryable, account: AccountRow, familyId: string) {
  const refreshToken = randomToken(32);
  await q.query('INSERT INTO refresh_tokens (family_id, account_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    familyId,
    account.id,
    sha256(refreshToken),
    new Date(Date.now() + REFRESH_TTL_S * 1000),
  ]);
  const accessToken = await ctx.tokens.sign(
    { kind: 'operator' },
    { sub: String(account.id), tv: account.token_version, fam: familyId },
    ACCESS_TTL_S,
  );
  return { accessToken, refreshToken, tokenType: 'Bearer', expiresIn: ACCESS_TTL_S, user: presentAccount(account) };
}

function assertContractAllowsLogin(account: AccountRow): void {
  if (account.contract_status === 'TERMINATED') throw new AppError(401, 'ACCOUNT_TERMINATED', 'server.account_terminated');
  if (account.contract_status === 'SUSPENDED' || account.contract_status === 'INACTIVE')
    throw new AppError(403, 'ACCOUNT_SUSPENDED', 'server.account_suspended');
}

/**
 * Login, throttled per account name and per IP. Unknown e-mail and wrong password answer alike and
 * take the same time; throttling counts failures for any e-mail, so it reveals nothing either.
 */
export async function login(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  const emailKey = `login:acct:${input.email.toLowerCase()}`;
  const ipKey = `login:ip:${ip}`;
  if ((await overLimit(ctx.kv, emailKey, LOGIN_LIMIT_ACCOUNT)) || (await overLimit(ctx.kv, ipKey, LOGIN_LIMIT_IP))) throw tooMany();
  const account = await findAccountByEmail(ctx.db, input.email);
  let ok = false;
  if (account) ok = await verifyPassword(account.password_hash, input.password);
  else await burnPasswordCheck(input.password);
  if (!account || !ok) {
    await countFailure(ctx.kv, emailKey, LOGIN_LIMIT_ACCOUNT);
    await countFailure(ctx.kv, ipKey, LOGIN_LIMIT_IP);
    throw loginFailed();
  }
  assertContractAllowsLogin(account);
  await ctx.kv.reset(`rl:${emailKey}`);
  return ctx.db.tx(async (q) => {
    await q.query('UPDATE accounts SET last_login_at = now() WHERE id = $1', [account.id]);
    return issueTokens(ctx, q, account, randomUUID());
  });
}

/** Refresh-token rotation: each token works once; presenting a used one revokes its whole family. */
export async function refresh(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const outcome = await ctx.db.tx(async (q) => {
    const row = await q.maybeOne<{
      id: number;
      family_id: string;
      account_id: number;
      expires_at: string;
      used_at: string | null;
      revoked_at: string | null;
    }>('SELECT * FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE', [sha256(refreshToken)]);
    if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now()) return { error: 'invalid' as const };
    if (row.used_at) {
      await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [row.family_id]);
      return { error: 'reused' as const };
    }
    const account = await findAccountById(q, row.account_id);
    if (!account || account.contract_status === 'TERMINATED') return { error: 'invalid' as const };
    await q.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [row.id]);
    return { tokens: await issueTokens(ctx, q, account, row.family_id) };
  });
  if ('error' in outcome) throw unauthorized('server.token_invalid', outcome.error === 'reused' ? 'REFRESH_TOKEN_REUSED' : 'TOKEN_INVALID');
  return outcome.tokens;
}

/** Resolves a bearer operator token into the actor; any mismatch is 401. */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthorized();
  const claims = await ctx.tokens.verify({ kind: 'operator' }, token);
  if (!claims) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const account = await loadAccount(ctx, Number(claims.sub));
  if (!account || account.token_version !== claims.tv) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  if (account.contract_status === 'TERMINATED') throw unauthorized('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (account.contract_status === 'SUSPENDED' || account.contract_status === 'INACTIVE')
    throw forbidden('server.account_suspended', 'ACCOUNT_SUSPENDED');
  return actorFromRow(account);
}

export async function userInfo(ctx: AppContext, actor: Actor) {
  const account = await loadAccount(ctx, actor.id);
  if (!account) throw unauthorized();
  return presentAccount(account);
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.tx((q) => endAllSessions(q, actor.id));
  await accountsChanged(ctx, [actor.id]);
}

/** Sends a one-time reset link when the account exists; answers the same either way. */
export async function forgotPassword(ctx: AppContext, email: string, lang: Lang): Promise<void> {
  const account = await findAccountByEmail(ctx.db, email);
  if (!account || account.contract_status === 'TERMINATED') return;
  // At most 3 links an hour per account, silently: the answer must not differ.
  if ((await ctx.kv.incr(`rl:forgot:${account.id}`, 3600)) > 3) return;
  const token = randomToken(32);
  await ctx.db.tx(async (q) => {
    await q.query("UPDATE one_time_tokens SET used_at = now() WHERE purpose = 'password_reset' AND subject_id = $1 AND used_at IS NULL", [
      account.id,
    ]);
    await q.query("INSERT INTO one_time_tokens (purpose, subject_id, token_hash, expires_at) VALUES ('password_reset', $1, $2, $3)", [
      account.id,
      sha256(token),
      new Date(Date.now() + RESET_TTL_MIN * 60_000),
    ]);
    const link = `${ctx.config.adminUrl}/new-password?token=${encodeURIComponent(token)}`;
    await queueMail(q, {
      to: account.email,
      subject: translate(lang, 'server.mail_reset_subject'),
      text: translate(lang, 'server.mail_reset_body', { link, minutes: RESET_TTL_MIN }),
    });
  });
}

async function findResetToken(q: Queryable, token: string, lock: boolean) {
  const row = await q.maybeOne<{ id: number; subject_id: number; expires_at: string; used_at: string | null }>(
    `SELECT * FROM one_time_tokens WHERE purpose = 'password_reset' AND token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [sha256(token)],
  );
  if (!row || row.used_at || new Date(row.expires_at).getTime() < Date.now())
    throw new AppError(400, 'TOKEN_INVALID', 'server.reset_token_invalid');
  return row;
}

export async function verifyResetToken(ctx: AppContext, token: string): Promise<void> {
  await findResetToken(ctx.db, token, false);
}

export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const hashed = await hashPassword(password);
  const accountId = await ctx.db.tx(async (q) => {
    const row = await findResetToken(q, token, true);
    await q.query('UPDATE one_time_tokens SET used_at = now() WHERE id = $1', [row.id]);
    await q.query('UPDATE accounts SET password_hash = $1, must_change_password = false, updated_at = now() WHERE id = $2', [
      hashed,
      row.subject_id,
    ]);
    await endAllSessions(q, row.subject_id);
    return row.subject_id;
  });
  await accountsChanged(ctx, [accountId]);
}

export async function changePassword(ctx: AppContext, actor: Actor, current: string, next: string) {
  const account = await findAccountById(ctx.db, actor.id);
  if (!account || !(await verifyPassword(account.password_hash, current)))
    throw fieldError('currentPassword', 'validation.password_incorrect');
  if (current === next) throw fieldError('password', 'server.password_same');
  return setNewPassword(ctx, account, next);
}

export async function firstTimeChangePassword(ctx: AppContext, actor: Actor, next: string) {
  const account = await findAccountById(ctx.db, actor.id);
  if (!account) throw unauthorized();
  if (await verifyPassword(account.password_hash, next)) throw fieldError('password', 'server.password_same');
  return setNewPassword(ctx, account, next);
}

/** A new password ends every other session and hands back a fresh pair for this one. */
async function setNewPassword(ctx: AppContext, account: AccountRow, next: string) {
  const hashed = await hashPassword(next);
  const tokens = await ctx.db.tx(async (q) => {
    await q.query('UPDATE accounts SET password_hash = $1, must_change_password = false, updated_at = now() WHERE id = $2', [
      hashed,
      account.id,
    ]);
    await endAllSessions(q, account.id);
    const fresh = (await findAccountById(q, account.id)) as AccountRow;
    return issueTokens(ctx, q, fresh, randomUUID());
  });
  await accountsChanged(ctx, [account.id]);
  return tokens;
}
