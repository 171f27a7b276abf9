import { randomUUID } from 'node:crypto';
import type { Lang } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { AppError, fieldError, forbidden, tooMany, unauthorized } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import {
  type AccountRow,
  type Actor,
  accountsChanged,
  actorFromRow,
  awaitsPasswordSetup,
  findAccountByEmail,
  findAccountById,
  loadAccount,
  passwordUsable,
  presentAccount,
  setAccountPassword,
  touchLastLogin,
} from '../accounts/service.js';
import { RESET_JOB, RESET_PURPOSE, SETUP_PURPOSE } from './jobs.js';
import { consumeOneTimeToken, findOneTimeToken } from './onetime.js';
import { lockRefreshToken, markRefreshUsed, revokeFamily } from './repo.js';
import { endSessions, issueTokens, refreshTokenVersion } from './sessions.js';
import { loginAllowed, loginFailed, loginSucceeded } from './throttle.js';

// One-time tokens are for every module (end-user confirmation, ...): they use them from here.
export {
  consumeOneTimeToken,
  findOneTimeToken,
  type IssueOneTimeToken,
  issueOneTimeToken,
  markOneTimeTokenUsed,
  type OpenOneTimeToken,
  recentOneTimeToken,
} from './onetime.js';
export { LOGIN_LIMIT_ACCOUNT, LOGIN_LIMIT_IP, LOGIN_LIMIT_PAIR } from './throttle.js';

const loginFailedError = () => new AppError(401, 'LOGIN_FAILED', 'server.login_failed');
const resetTokenInvalid = () => new AppError(400, 'TOKEN_INVALID', 'server.reset_token_invalid');

/** The contract status that governs an account: its own or the worst above it (owner, tree). */
function chainStatus(account: AccountRow): string {
  return account.chain_status ?? account.contract_status;
}

/**
 * Login (throttle.ts says how attempts are limited). Unknown e-mail, wrong password and an account
 * whose contract (or an owner's above it) is not active answer alike and take the same time: the
 * answer never confirms a password nor that an address exists.
 */
export async function login(ctx: AppContext, input: { email: string; password: string }, ip: string) {
  if (!(await loginAllowed(ctx, input.email, ip))) throw tooMany();
  const account = await findAccountByEmail(ctx.db, input.email);
  let ok = false;
  // An account still waiting for its set-up link has no password: it spends the same time as the others.
  if (account && passwordUsable(account.password_hash)) ok = await verifyPassword(account.password_hash, input.password);
  else await burnPasswordCheck(input.password);
  if (!account || !ok || chainStatus(account) !== 'ACTIVE') {
    await loginFailed(ctx, input.email, ip);
    throw loginFailedError();
  }
  await loginSucceeded(ctx, input.email, ip);
  return ctx.db.tx(async (q) => {
    await touchLastLogin(q, account.id);
    return issueTokens(ctx, q, account, randomUUID());
  });
}

/** Refresh-token rotation: each token works once; presenting a used one revokes its whole family. */
export async function refresh(ctx: AppContext, refreshToken: string | undefined) {
  if (!refreshToken) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const outcome = await ctx.db.tx(async (q) => {
    const row = await lockRefreshToken(q, sha256(refreshToken));
    if (!row || row.revoked_at || new Date(row.expires_at).getTime() < Date.now()) return { error: 'invalid' as const };
    if (row.used_at) {
      await revokeFamily(q, row.family_id);
      return { error: 'reused' as const };
    }
    const account = await findAccountById(q, Number(row.account_id));
    if (!account || chainStatus(account) !== 'ACTIVE' || refreshTokenVersion(refreshToken) !== account.token_version) {
      await revokeFamily(q, row.family_id);
      return { error: 'invalid' as const };
    }
    await markRefreshUsed(q, row.id);
    return { tokens: await issueTokens(ctx, q, account, row.family_id) };
  });
  if ('error' in outcome) throw unauthorized('server.token_invalid', outcome.error === 'reused' ? 'REFRESH_TOKEN_REUSED' : 'TOKEN_INVALID');
  return outcome.tokens;
}

/**
 * Resolves a bearer operator token into the actor; any mismatch is 401. The account's contract and
 * every owner's above it are checked on each call (the cached row carries the chain's status).
 */
export async function authenticate(ctx: AppContext, token: string | undefined): Promise<Actor> {
  if (!token) throw unauthorized();
  const claims = await ctx.tokens.verify({ kind: 'operator' }, token);
  if (!claims) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const account = await loadAccount(ctx, Number(claims.sub));
  if (!account || account.token_version !== claims.tv) throw unauthorized('server.token_invalid', 'TOKEN_INVALID');
  const status = chainStatus(account);
  if (status === 'TERMINATED') throw unauthorized('server.account_terminated', 'ACCOUNT_TERMINATED');
  if (status !== 'ACTIVE') throw forbidden('server.account_suspended', 'ACCOUNT_SUSPENDED');
  return actorFromRow(account);
}

export async function userInfo(ctx: AppContext, actor: Actor) {
  const account = await loadAccount(ctx, actor.id);
  if (!account) throw unauthorized();
  return presentAccount(account);
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db.tx((q) => endSessions(q, actor.id));
  await accountsChanged(ctx, [actor.id]);
}

/**
 * Forgot password: queues the work (look-up, link, mail) as a job and answers at once, so a known and
 * an unknown address cost the same (one insert) and take the same time. jobs.ts does the rest.
 */
export async function forgotPassword(ctx: AppContext, email: string, lang: Lang): Promise<void> {
  await ctx.db.tx((q) => enqueueJob(q, RESET_JOB, { email, lang }, { maxAttempts: 3 }));
}

/**
 * A reset link, or a new account's set-up link (decisions.md "Account set-up link"): the set-up one
 * works only while the account has not set a password of its own.
 */
export async function verifyResetToken(ctx: AppContext, token: string): Promise<void> {
  if (await findOneTimeToken(ctx.db, RESET_PURPOSE, token)) return;
  const setup = await findOneTimeToken(ctx.db, SETUP_PURPOSE, token);
  const account = setup && (await findAccountById(ctx.db, setup.subjectId));
  if (!account || !awaitsPasswordSetup(account)) throw resetTokenInvalid();
}

/** Sets the password through a reset or set-up link (one use); every session ends and none starts. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<'reset' | 'setup'> {
  const hashed = await hashPassword(password);
  const done = await ctx.db.tx(async (q) => {
    const reset = await consumeOneTimeToken(q, RESET_PURPOSE, token);
    const setup = reset ? null : await consumeOneTimeToken(q, SETUP_PURPOSE, token);
    const t = reset ?? setup;
    if (!t) throw resetTokenInvalid();
    if (setup) {
      const account = await findAccountById(q, setup.subjectId);
      // thrown inside the transaction: the token stays as it was
      if (!account || !awaitsPasswordSetup(account)) throw resetTokenInvalid();
    }
    await setAccountPassword(q, t.subjectId, hashed);
    await endSessions(q, t.subjectId);
    return { id: t.subjectId, kind: setup ? ('setup' as const) : ('reset' as const) };
  });
  await accountsChanged(ctx, [done.id]);
  return done.kind;
}

export async function changePassword(ctx: AppContext, actor: Actor, current: string, next: string) {
  const account = await findAccountById(ctx.db, actor.id);
  if (!account || !(await verifyPassword(account.password_hash, current)))
    throw fieldError('currentPassword', 'validation.password_incorrect');
  if (current === next) throw fieldError('password', 'server.password_same');
  return setNewPassword(ctx, account, next);
}

/** Only while the account must change its password (a new account); afterwards change-password asks for the current one. */
export async function firstTimeChangePassword(ctx: AppContext, actor: Actor, next: string) {
  const account = await findAccountById(ctx.db, actor.id);
  if (!account) throw unauthorized();
  if (!account.must_change_password) throw forbidden('server.forbidden', 'PASSWORD_CHANGE_NOT_REQUIRED');
  if (await verifyPassword(account.password_hash, next)) throw fieldError('password', 'server.password_same');
  return setNewPassword(ctx, account, next);
}

/** A new password ends every other session and hands back a fresh pair for this one. */
async function setNewPassword(ctx: AppContext, account: AccountRow, next: string) {
  const hashed = await hashPassword(next);
  const tokens = await ctx.db.tx(async (q) => {
    await setAccountPassword(q, account.id, hashed);
    await endSessions(q, account.id);
    const fresh = (await findAccountById(q, account.id)) as AccountRow;
    return issueTokens(ctx, q, fresh, randomUUID());
  });
  await accountsChanged(ctx, [account.id]);
  return tokens;
}
