import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, forbidden, tooMany, unauthorized } from '../../errors.js';
import { IpBlock } from '../../http/ipblock.js';
import { safeEqual, sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { anyOverLimit, countFailures, type Limit, type LimitKey } from '../../lib/ratelimit.js';
import { loadAccount } from '../accounts/service.js';
import { type ApiSettingsRow, settingsByKeyHash, settingsOf } from './repo.js';

// Who may read the leads API: the account's own systems, with the method of its API settings.
//   API key:   X-API-Key: <key> (or Authorization: Bearer <key>); the key names the account.
//   basic:     X-Swipe-Account: <account id> + Authorization: Basic <id:password>
//   IP list:   X-Swipe-Account: <account id>, from an address in the list
// Wrong or missing credentials 401, an address outside the list 403, an API that is off 403.
// Failures are throttled, never successes (lib/ratelimit.ts, as operator login): each failure counts under the
// client address (req.ip: X-Forwarded-For only with TRUST_PROXY) and under the account it names; once either
// is over its limit a failing check answers 429, while a right credential keeps answering, so a stranger
// behind the customer's NAT or proxy cannot stop its integration. Over the limit a basic password is compared
// only with the credential last seen right (a keyed fingerprint in the kv, set at save and at each success),
// never hashed again: guesses past the limit cost no argon2 time.
// A credential lives as long as its account's contract: once the account, or one above it, is terminated or
// deleted every credential of it is 401 at once; a paused account's keep working (docs/decisions.md
// "Integrations of a paused or closed account").

export const LEADS_FAILURES_ADDRESS: Limit = { max: 60, windowSeconds: 15 * 60 };
export const LEADS_FAILURES_ACCOUNT: Limit = { max: 300, windowSeconds: 15 * 60 };
/** how long a right basic credential is remembered without being used (each success renews it) */
const BASIC_SEEN_TTL_S = 30 * 24 * 3600;

const wrong = () => unauthorized('server.api_unauthorized', 'API_UNAUTHORIZED');

/**
 * True when the account, or one above it, is terminated or deleted. Read through the accounts' cache, whose
 * stamp in the kv changes with every termination and deletion, so each process sees it at the next call.
 */
export async function accountClosed(ctx: AppContext, accountId: number): Promise<boolean> {
  const a = await loadAccount(ctx, accountId);
  return !a || (a.chain_status ?? a.contract_status) === 'TERMINATED';
}

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** Which account's API the request may read; throws 401/403, or 429 for a failure over the limit. */
export async function authenticateLeads(ctx: AppContext, req: FastifyRequest): Promise<ApiSettingsRow> {
  const keys: LimitKey[] = [{ key: `leads:ip:${req.ip}`, limit: LEADS_FAILURES_ADDRESS }];
  const named = namedAccount(req);
  if (named !== null) keys.push({ key: `leads:acct:${named}`, limit: LEADS_FAILURES_ACCOUNT });
  const over = await anyOverLimit(ctx.kv, keys);
  try {
    const s = await check(ctx, req, named, over);
    if (await accountClosed(ctx, Number(s.account_id))) throw unauthorized('server.account_terminated', 'ACCOUNT_TERMINATED');
    return s;
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.status === 403)) {
      await countFailures(ctx.kv, keys);
      if (over) throw tooMany();
    }
    throw err;
  }
}

function namedAccount(req: FastifyRequest): number | null {
  const account = header(req, 'x-swipe-account');
  return account && /^\d{1,15}$/.test(account) ? Number(account) : null;
}

async function check(ctx: AppContext, req: FastifyRequest, account: number | null, over: boolean): Promise<ApiSettingsRow> {
  const auth = header(req, 'authorization') ?? '';
  const apiKey = header(req, 'x-api-key') ?? /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  if (apiKey) {
    const s = apiKey.length <= 200 ? await settingsByKeyHash(ctx.db, sha256(apiKey)) : undefined;
    if (s?.auth_method !== 'API_KEY') throw wrong();
    if (!s.enabled) throw forbidden('server.api_disabled', 'API_DISABLED');
    return s;
  }
  if (account === null) throw wrong();
  const s = await settingsOf(ctx.db, account);
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth)?.[1];
  if (!s?.auth_method) {
    if (basic && !over) await burnPasswordCheck('x');
    throw wrong();
  }
  if (!s.enabled) throw forbidden('server.api_disabled', 'API_DISABLED');
  if (s.auth_method === 'IP_RESTRICTION') {
    if (!new IpBlock(s.allowed_ips).blocks(req.ip)) throw forbidden('server.api_ip_not_allowed', 'API_IP_NOT_ALLOWED');
    return s;
  }
  if (s.auth_method === 'BASIC_AUTH') {
    if (!basic || !(await basicMatches(ctx, s, Buffer.from(basic, 'base64').toString('utf8'), over))) throw wrong();
    return s;
  }
  throw wrong();
}

const seenKey = (accountId: number) => `leads:basic-seen:${accountId}`;
/** The remembered form of a right "id:password": keyed by the stored password hash, so a new password forgets it. */
const fingerprint = (passwordHash: string, credential: string) => createHmac('sha256', passwordHash).update(credential).digest('hex');

/** Remembers a basic credential as right (the settings' save, which has just hashed its password). */
export async function rememberBasicCredential(ctx: AppContext, accountId: number, passwordHash: string, credential: string): Promise<void> {
  await ctx.kv.set(seenKey(accountId), fingerprint(passwordHash, credential), BASIC_SEEN_TTL_S);
}

async function basicMatches(ctx: AppContext, s: ApiSettingsRow, credential: string, over: boolean): Promise<boolean> {
  const hash = s.basic_password_hash;
  if (!hash || s.basic_id === null) {
    if (!over) await burnPasswordCheck(credential);
    return false;
  }
  const seen = await ctx.kv.get(seenKey(Number(s.account_id)));
  if (seen && safeEqual(seen, fingerprint(hash, credential))) return true;
  if (over) return false;
  const colon = credential.indexOf(':');
  const id = colon < 0 ? credential : credential.slice(0, colon);
  const password = colon < 0 ? '' : credential.slice(colon + 1);
  const idOk = safeEqual(sha256(id), sha256(s.basic_id));
  const pwOk = await verifyPassword(hash, password);
  if (!idOk || !pwOk) return false;
  await rememberBasicCredential(ctx, Number(s.account_id), hash, credential);
  return true;
}
