import type { LeadKind, LeadRecord, LeadsPage } from '@swipe/core';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, fieldError, forbidden, tooMany, unauthorized } from '../../errors.js';
import { IpBlock } from '../../http/ipblock.js';
import { safeEqual, sha256 } from '../../lib/crypto.js';
import { burnPasswordCheck, verifyPassword } from '../../lib/passwords.js';
import { countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { loadAccount } from '../accounts/service.js';
import {
  type LeadCursor,
  type LeadPageInput,
  type MemberLeadRow,
  memberLeads,
  type SubmissionLeadRow,
  submissionLeads,
} from '../enduser/service.js';
import { type SurveyLeadRow, surveyResponseLeads } from '../surveys/service.js';
import { type ApiSettingsRow, settingsByKeyHash, settingsOf } from './repo.js';

// The leads API (issue 12.5): the account's own systems read the members, contacts, form submissions and
// survey responses of the account's own sites, authenticated with the method of its API settings.
//   API key:   X-API-Key: <key> (or Authorization: Bearer <key>); the key names the account.
//   basic:     X-Swipe-Account: <account id> + Authorization: Basic <id:password>
//   IP list:   X-Swipe-Account: <account id>, from an address in the list
// Wrong or missing credentials 401, an address outside the list 403, an API that is off 403. Failed checks
// are counted per client address (LEADS_FAILURES); over the limit every check answers 429 until the window ends.
// A credential lives as long as its account's contract: once the account, or one above it, is terminated or
// deleted every credential of it is 401 at once; a paused account's keep working (docs/decisions.md
// "Integrations of a paused or closed account").

export const LEADS_FAILURES: Limit = { max: 20, windowSeconds: 15 * 60 };

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

/** Which account's API the request may read; throws 401/403/429. */
export async function authenticateLeads(ctx: AppContext, req: FastifyRequest): Promise<ApiSettingsRow> {
  const ip = req.ip;
  const key = `leads:ip:${ip}`;
  if (await overLimit(ctx.kv, key, LEADS_FAILURES)) throw tooMany();
  try {
    const s = await check(ctx, req);
    if (await accountClosed(ctx, Number(s.account_id))) throw unauthorized('server.account_terminated', 'ACCOUNT_TERMINATED');
    return s;
  } catch (err) {
    if (err instanceof AppError && (err.status === 401 || err.status === 403)) await countFailure(ctx.kv, key, LEADS_FAILURES);
    throw err;
  }
}

async function check(ctx: AppContext, req: FastifyRequest): Promise<ApiSettingsRow> {
  const auth = header(req, 'authorization') ?? '';
  const apiKey = header(req, 'x-api-key') ?? /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  if (apiKey) {
    const s = apiKey.length <= 200 ? await settingsByKeyHash(ctx.db, sha256(apiKey)) : undefined;
    if (s?.auth_method !== 'API_KEY') throw wrong();
    if (!s.enabled) throw forbidden('server.api_disabled', 'API_DISABLED');
    return s;
  }
  const account = header(req, 'x-swipe-account');
  if (!account || !/^\d{1,15}$/.test(account)) throw wrong();
  const s = await settingsOf(ctx.db, Number(account));
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth)?.[1];
  if (!s?.auth_method) {
    if (basic) await burnPasswordCheck('x');
    throw wrong();
  }
  if (!s.enabled) throw forbidden('server.api_disabled', 'API_DISABLED');
  if (s.auth_method === 'IP_RESTRICTION') {
    if (!new IpBlock(s.allowed_ips).blocks(req.ip)) throw forbidden('server.api_ip_not_allowed', 'API_IP_NOT_ALLOWED');
    return s;
  }
  if (s.auth_method === 'BASIC_AUTH') {
    if (!basic) throw wrong();
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const id = colon < 0 ? decoded : decoded.slice(0, colon);
    const password = colon < 0 ? '' : decoded.slice(colon + 1);
    const idOk = s.basic_id !== null && safeEqual(sha256(id), sha256(s.basic_id));
    let pwOk = false;
    if (s.basic_password_hash) pwOk = await verifyPassword(s.basic_password_hash, password);
    else await burnPasswordCheck(password);
    if (!idOk || !pwOk) throw wrong();
    return s;
  }
  throw wrong();
}

// --- pages: an opaque cursor over (created_at, id)

export function encodeCursor(c: LeadCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}
/** created_at as PostgreSQL writes timestamptz as text */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;
export function decodeCursor(s: string): LeadCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2) {
      const [at, id] = v as [unknown, unknown];
      if (typeof at === 'string' && TIMESTAMP.test(at) && Number.isSafeInteger(id) && (id as number) >= 0) return { at, id: id as number };
    }
  } catch {
    /* below */
  }
  throw fieldError('since', 'validation.invalid');
}

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

function member(r: MemberLeadRow): LeadRecord {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    email: r.email,
    lang: r.lang,
    status: r.status,
    data: r.data,
    confirmedAt: isoOrNull(r.confirmed_at),
    createdAt: iso(r.created_at),
  };
}
function submission(r: SubmissionLeadRow): LeadRecord {
  return { id: Number(r.id), siteId: Number(r.site_id), email: r.email, lang: r.lang, data: r.data, createdAt: iso(r.created_at) };
}
function survey(r: SurveyLeadRow): LeadRecord {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    email: r.email,
    lang: null,
    surveyId: Number(r.survey_id),
    answers: r.answers,
    score: Number(r.score),
    pageId: r.page_id === null ? null : Number(r.page_id),
    ctaId: r.cta_id === null ? null : Number(r.cta_id),
    clickSource: r.click_source,
    createdAt: iso(r.created_at),
  };
}

export const presentLead = { member, submission, survey };

/** One page of one kind, oldest first; next_cursor continues after the last item (or stays where it was). */
export async function leadsPage(
  ctx: AppContext,
  s: ApiSettingsRow,
  kind: LeadKind,
  q: { since?: string; limit: number },
): Promise<LeadsPage> {
  const after = q.since ? decodeCursor(q.since) : null;
  const p: LeadPageInput = {
    accountId: Number(s.account_id),
    from: s.tags === 'CURRENT' ? s.scope_from : null,
    after,
    limit: q.limit + 1,
  };
  try {
    return await readPage(ctx, kind, p, q);
  } catch (err) {
    // a well-formed cursor naming a date that does not exist (February 30th): the database refuses it
    if (after && (err as { code?: string }).code?.startsWith('22')) throw fieldError('since', 'validation.invalid');
    throw err;
  }
}

async function readPage(ctx: AppContext, kind: LeadKind, p: LeadPageInput, q: { since?: string; limit: number }): Promise<LeadsPage> {
  let rows: { cursor_at: string; id: number }[];
  let items: LeadRecord[];
  if (kind === 'members') {
    const r = await memberLeads(ctx.db, p);
    rows = r;
    items = r.slice(0, q.limit).map(member);
  } else if (kind === 'survey-responses') {
    const r = await surveyResponseLeads(ctx.db, p);
    rows = r;
    items = r.slice(0, q.limit).map(survey);
  } else {
    const r = await submissionLeads(ctx.db, kind === 'contacts' ? 'CONTACT_SETTING' : 'HOMEPAGE_SETTING', p);
    rows = r;
    items = r.slice(0, q.limit).map(submission);
  }
  const last = rows.slice(0, q.limit).at(-1);
  return {
    items,
    hasMore: rows.length > q.limit,
    nextCursor: last ? encodeCursor({ at: last.cursor_at, id: Number(last.id) }) : (q.since ?? null),
  };
}
