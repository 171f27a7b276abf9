import type { FieldIssue, FormType, Language } from '@swipe/core';
import { checkEmail, checkFormValues, checkLogin, checkMemberPassword, MEMBERSHIP_SYSTEM_KEYS } from '@swipe/core/forms.ts';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { AppError, tooMany } from '../../errors.js';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { clearFailures, countFailure, type Limit, overLimit } from '../../lib/ratelimit.js';
import { submitted } from '../../lib/submissions.js';
import { END_USER_TTL_S } from '../../lib/tokens.js';
import { findOneTimeToken, issueOneTimeToken, markOneTimeTokenUsed, recentOneTimeToken } from '../auth/service.js';
import { queueMail } from '../mail/service.js';
import { getPublishedSite, type PublishedSite, siteOrigin } from '../published/service.js';
import { signMemberToken } from './auth.js';
import { ipHash } from './guard.js';
import { alreadyMemberMail, confirmMail, notifyMail, summary, visitorMail } from './mails.js';
import {
  activateMember,
  findMemberByEmail,
  findMemberById,
  insertMemberIfAbsent,
  insertSubmission,
  lockMemberByEmail,
  type MemberRow,
  submissionByKey,
  updateProvisionalMember,
} from './repo.js';
import { assertFormsOpen, companyLinks, fieldsOf, formSetting, type VisitorSite, visitorSite } from './site.js';
import { NO_VISIT, type Visit } from './visit.js';

export const CONFIRM_TTL_HOURS = 24;
/** A second confirmation mail within this many seconds is not sent (double click, impatient retry). */
const RESEND_GAP_S = 20;
export const MEMBER_LOGIN_LIMIT: Limit = { max: 5, windowSeconds: 15 * 60 };
const CONFIRM_PURPOSE = 'member_confirm';

/** 400 when a value had the wrong type, 422 when a rule is broken; the first issue is the message. */
export function rejectIssues(issues: FieldIssue[], malformed: boolean): never {
  throw new AppError(malformed ? 400 : 422, 'VALIDATION_FAILED', issues[0]?.key ?? 'server.validation_failed', issues[0]?.params, issues);
}

/** Where a confirmation link points: the custom domain when verified, else the site's own host or path form. */
export function memberLink(ctx: AppContext, site: PublishedSite, lang: Language, page: string, query: string): string {
  const base = site.customDomain
    ? `https://${site.customDomain}`
    : (siteOrigin(ctx.config, site.siteId) ?? `${ctx.config.sitesUrl}/sites/${site.siteId}`);
  return `${base}/${lang}/${page}?${query}`;
}

async function issueConfirmation(ctx: AppContext, q: Queryable, v: VisitorSite, member: MemberRow, lang: Language): Promise<boolean> {
  if (await recentOneTimeToken(q, CONFIRM_PURPOSE, member.id, RESEND_GAP_S)) return false;
  const token = await issueOneTimeToken(q, { purpose: CONFIRM_PURPOSE, subjectId: member.id, ttlSeconds: CONFIRM_TTL_HOURS * 3600 });
  const link = memberLink(ctx, v.site, lang, 'register', `token=${encodeURIComponent(token)}`);
  await queueMail(q, confirmMail(lang, member.email, v.site.document.name, link, CONFIRM_TTL_HOURS));
  return true;
}

export interface RegisterInput {
  email?: unknown;
  password?: unknown;
  confirmPassword?: unknown;
  data?: unknown;
  agreed?: unknown;
  lang?: unknown;
}

/**
 * Provisional registration (viewer.md 4): the member is stored PROVISIONAL and a one-time link is
 * mailed in the same transaction. The answer is the same whether the address was new, provisional
 * (password replaced, link sent again) or already a member (a "you are already registered" mail).
 */
export async function register(ctx: AppContext, siteId: number, input: RegisterInput): Promise<{ email: string }> {
  const v = await visitorSite(ctx, siteId, input.lang);
  const fields = fieldsOf(v, 'MEMBERSHIP_SETTING');
  const extra = input.data ?? {};
  const issues: FieldIssue[] = [];
  let malformed = false;
  const emailIssue = checkEmail(input.email);
  if (emailIssue) {
    issues.push(emailIssue);
    if (emailIssue.key === 'validation.invalid_type') malformed = true;
  }
  const pw = checkMemberPassword(input.password, input.confirmPassword);
  issues.push(...pw.issues);
  malformed ||= pw.malformed;
  const rest = checkFormValues(fields, extra, { skip: MEMBERSHIP_SYSTEM_KEYS });
  issues.push(...rest.issues.map((i) => ({ ...i, path: i.path === 'data' ? 'data' : `data.${i.path}` })));
  malformed ||= rest.malformed;
  if (companyLinks(v, 'membership').agreementRequired && input.agreed !== true)
    issues.push({ path: 'agreed', key: 'enduser.agree_required', params: {} });
  if (issues.length > 0) rejectIssues(issues, malformed);

  const email = (input.email as string).trim();
  const passwordHash = await hashPassword(input.password as string);
  await ctx.db.tx(async (q) => {
    await insertMemberIfAbsent(q, { siteId, email, passwordHash, lang: v.lang, data: rest.values });
    const member = await lockMemberByEmail(q, siteId, email);
    if (!member) return;
    if (member.status === 'ACTIVE') {
      const recent = await ctx.kv.incr(`eu:already:${member.id}`, 3600);
      if (recent === 1)
        await queueMail(q, alreadyMemberMail(v.lang, member.email, v.site.document.name, memberLink(ctx, v.site, v.lang, 'login', 'r=1')));
      return;
    }
    if (member.status === 'DISABLED') return;
    if (member.password_hash !== passwordHash)
      await updateProvisionalMember(q, member.id, { passwordHash, lang: v.lang, data: rest.values });
    await issueConfirmation(ctx, q, v, member, v.lang);
  });
  return { email };
}

/** Sends the confirmation link again to a provisional member; answers the same for any address. */
export async function resend(ctx: AppContext, siteId: number, input: { email?: unknown; lang?: unknown }): Promise<void> {
  const v = await visitorSite(ctx, siteId, input.lang);
  const e = checkEmail(input.email);
  if (e) rejectIssues([e], e.key === 'validation.invalid_type');
  await ctx.db.tx(async (q) => {
    const member = await lockMemberByEmail(q, siteId, (input.email as string).trim());
    if (member?.status === 'PROVISIONAL') await issueConfirmation(ctx, q, v, member, v.lang);
  });
}

/** Follows the one-time link: the member becomes ACTIVE (a registration, told to the submission hooks). The link works once and expires. */
export async function confirm(ctx: AppContext, siteId: number, token: string, visit: Visit = NO_VISIT): Promise<{ email: string }> {
  // the hooks read the published site: loaded (cached) before the transaction
  await getPublishedSite(ctx, siteId).catch(() => null);
  const result = await ctx.db.tx(async (q) => {
    const t = await findOneTimeToken(q, CONFIRM_PURPOSE, token, true);
    if (!t) return null;
    const member = await findMemberById(q, siteId, t.subjectId, true);
    if (!member || member.status === 'DISABLED') return null;
    await markOneTimeTokenUsed(q, t);
    if (member.status === 'PROVISIONAL') {
      await activateMember(q, member.id);
      const at = (await findMemberById(q, siteId, member.id))?.confirmed_at;
      const occurredAt = at ? new Date(at) : new Date();
      await submitted(q, ctx, { kind: 'register', siteId, id: Number(member.id), occurredAt, lang: member.lang, visit });
    }
    return { email: member.email };
  });
  if (!result) throw new AppError(400, 'CONFIRM_LINK_INVALID', 'enduser.confirm_invalid');
  return result;
}

const loginFailed = () => new AppError(401, 'LOGIN_FAILED', 'enduser.login_failed');

/**
 * End-user login: an end-user token for this site. Unknown e-mail and wrong password answer alike and
 * take the same time; failures are counted per address and per IP, for any address.
 */
export async function login(ctx: AppContext, siteId: number, input: { email?: unknown; password?: unknown }, ip: string) {
  await visitorSite(ctx, siteId);
  const issues = checkLogin(input.email, input.password);
  if (issues.length > 0)
    rejectIssues(
      issues,
      issues.some((i) => i.key === 'validation.invalid_type'),
    );
  const email = (input.email as string).trim().toLowerCase();
  const password = input.password as string;
  const emailKey = `eu:loginfail:${siteId}:${email}`;
  const ipKey = `eu:loginfail:ip:${ip}`;
  if ((await overLimit(ctx.kv, emailKey, MEMBER_LOGIN_LIMIT)) || (await overLimit(ctx.kv, ipKey, { max: 30, windowSeconds: 15 * 60 })))
    throw tooMany();
  const member = await findMemberByEmail(ctx.db, siteId, email);
  let ok = false;
  if (member && member.status !== 'DISABLED') ok = await verifyPassword(member.password_hash, password);
  else await burnPasswordCheck(password);
  if (!member || !ok) {
    await countFailure(ctx.kv, emailKey, MEMBER_LOGIN_LIMIT);
    await countFailure(ctx.kv, ipKey, { max: 30, windowSeconds: 15 * 60 });
    throw loginFailed();
  }
  // Only someone who knows the password learns the address still waits for confirmation.
  if (member.status === 'PROVISIONAL') throw new AppError(403, 'MEMBER_NOT_CONFIRMED', 'enduser.not_confirmed');
  await clearFailures(ctx.kv, emailKey);
  const accessToken = await signMemberToken(ctx, member);
  return { accessToken, tokenType: 'Bearer', expiresIn: END_USER_TTL_S, member: { id: member.id, email: member.email } };
}

export interface SubmitInput {
  data?: unknown;
  lang?: unknown;
  agreed?: unknown;
  mode?: unknown;
}
export interface SubmitResult {
  id: number;
  createdAt: string;
  replayed: boolean;
}

/**
 * A contact or homepage form: checked against the site's field settings, stored, and one
 * notification mail per destination address (plus the visitor's confirmation when configured)
 * queued in the same transaction. With an idempotency key, a retry stores nothing new and gets the
 * first answer.
 */
export async function submitForm(
  ctx: AppContext,
  siteId: number,
  type: Extract<FormType, 'CONTACT_SETTING' | 'HOMEPAGE_SETTING'>,
  input: SubmitInput,
  meta: { ip: string; idempotencyKey: string | null; visit?: Visit },
): Promise<SubmitResult> {
  const v = await visitorSite(ctx, siteId, input.lang);
  assertFormsOpen(v.site);
  const group = type === 'CONTACT_SETTING' ? 'contact' : 'form';
  const fields = fieldsOf(v, type);
  const check = checkFormValues(fields, input.data);
  const issues = [...check.issues];
  if (companyLinks(v, group).agreementRequired && input.agreed !== true)
    issues.push({ path: 'agreed', key: 'enduser.agree_required', params: {} });
  if (issues.length > 0) rejectIssues(issues, check.malformed);

  const setting = formSetting(v, type);
  const emailField = fields.find((f) => f.fieldKey === 'email');
  const visitorEmail = emailField && typeof check.values.email === 'string' && check.values.email ? check.values.email : null;
  return ctx.db.tx(async (q) => {
    const inserted = await insertSubmission(q, {
      siteId,
      formType: type,
      lang: v.lang,
      email: visitorEmail,
      data: check.values,
      idempotencyKey: meta.idempotencyKey,
      ipHash: ipHash(ctx, meta.ip),
    });
    if (!inserted) {
      const first = await submissionByKey(q, siteId, meta.idempotencyKey);
      return { id: first.id, createdAt: new Date(first.created_at).toISOString(), replayed: true };
    }
    const at = new Date(inserted.created_at);
    const kind = type === 'CONTACT_SETTING' ? 'contact' : 'homepage';
    await submitted(q, ctx, { kind, siteId, id: Number(inserted.id), occurredAt: at, lang: v.lang, visit: meta.visit ?? NO_VISIT });
    const text = summary(v.lang, fields, check.values);
    const siteName = v.site.document.name;
    for (const to of new Set((setting?.destinationEmails ?? []).map((e) => e.trim()).filter(Boolean)))
      await queueMail(q, notifyMail(v.lang, to, group, siteName, { id: inserted.id, summary: text, at }));
    if (setting?.sendConfirmation && visitorEmail) await queueMail(q, visitorMail(v.lang, visitorEmail, group, siteName, text));
    return { id: inserted.id, createdAt: at.toISOString(), replayed: false };
  });
}
export { requireMember } from './auth.js';
export { idempotencyKey, throttle } from './guard.js';
export { sendEnduserPage } from './html.js';
export { registerSurveyScreen, type SurveyScreen } from './pages.js';
export {
  type LeadCursor,
  type LeadPageInput,
  type MemberLeadRow,
  memberLead,
  memberLeads,
  type SubmissionLeadRow,
  submissionLead,
  submissionLeads,
} from './repo/leads.js';
export { siteLang } from './site.js';
export { NO_VISIT, type Visit, visitOf } from './visit.js';
