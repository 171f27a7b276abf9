import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { ACCESS_TTL_S, REFRESH_TTL_S } from '../../lib/tokens.js';
import { type AccountRow, bumpTokenVersion, presentAccount } from '../accounts/service.js';
import { insertRefreshToken, revokeAccountRefreshTokens } from './repo.js';

// Sessions: a short access token and a rotating refresh token. Both carry the account's token
// version (the refresh token as its prefix), so bumping the version in accounts ends every session
// without accounts knowing about refresh tokens.

/** `<token version>.<random>`: the version is checked on refresh, the whole string is hashed. */
export function refreshTokenVersion(token: string): number | null {
  const m = /^(\d{1,9})\./.exec(token);
  return m ? Number(m[1]) : null;
}

export async function issueTokens(ctx: AppContext, q: Queryable, account: AccountRow, familyId: string) {
  const refreshToken = `${account.token_version}.${randomToken(32)}`;
  await insertRefreshToken(q, familyId, account.id, sha256(refreshToken), new Date(Date.now() + REFRESH_TTL_S * 1000));
  const accessToken = await ctx.tokens.sign(
    { kind: 'operator' },
    { sub: String(account.id), tv: account.token_version, fam: familyId },
    ACCESS_TTL_S,
  );
  return { accessToken, refreshToken, tokenType: 'Bearer' as const, expiresIn: ACCESS_TTL_S, user: presentAccount(account) };
}

/** Ends every session of an account: access and refresh tokens alike (in the caller's transaction). */
export async function endSessions(q: Queryable, accountId: number): Promise<void> {
  await bumpTokenVersion(q, [accountId]);
  await revokeAccountRefreshTokens(q, accountId);
}
