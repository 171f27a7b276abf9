import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Three token kinds with their own audience (back-office.md 6): operator, end-user per site, preview per site.
 * HS256 is pinned: a token signed any other way is refused.
 */
export type TokenKind = { kind: 'operator' } | { kind: 'end-user'; siteId: number } | { kind: 'preview'; siteId: number };

export function audienceOf(k: TokenKind): string {
  return k.kind === 'operator' ? 'operator' : `${k.kind}:${k.siteId}`;
}

const ISSUER = 'swipe-sites';
const ALG = 'HS256';

export interface TokenClaims {
  sub: string;
  /** token version of the subject: bumping it ends every session */
  tv: number;
  /** refresh family, for operators */
  fam?: string;
  email?: string;
}

export class Tokens {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(kind: TokenKind, claims: TokenClaims, ttlSeconds: number): Promise<string> {
    return new SignJWT({ tv: claims.tv, fam: claims.fam, email: claims.email })
      .setProtectedHeader({ alg: ALG, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(audienceOf(kind))
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(this.key);
  }

  /** Returns the claims, or null when the token is invalid, expired, of another kind, or not HS256. */
  async verify(kind: TokenKind, token: string): Promise<(TokenClaims & { exp: number }) | null> {
    try {
      // A token without an expiry is refused: every token this server signs has one.
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALG],
        audience: audienceOf(kind),
        issuer: ISSUER,
        requiredClaims: ['exp', 'sub'],
      });
      if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
      return {
        sub: payload.sub,
        tv: payload.tv,
        fam: payload.fam as string | undefined,
        email: payload.email as string | undefined,
        exp: payload.exp as number,
      };
    } catch (e) {
      if (e instanceof errors.JOSEError) return null;
      throw e;
    }
  }

  /**
   * A keyed digest of a value under this deployment's secret, one key per purpose (HMAC-SHA-256, hex): a
   * pseudonym to store that nobody without the secret can recompute from a guess (an IPv4 address has only
   * 2^32 values: an unsalted hash of one is reversed in seconds).
   */
  digest(purpose: string, value: string): string {
    const key = createHmac('sha256', this.key).update(`digest:${purpose}`).digest();
    return createHmac('sha256', key).update(value).digest('hex');
  }
}

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 30 * 24 * 3600;
export const END_USER_TTL_S = 7 * 24 * 3600;
export const PREVIEW_TTL_S = 12 * 3600;
