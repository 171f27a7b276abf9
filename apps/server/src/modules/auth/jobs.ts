import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { type Limit, overAfterHit } from '../../lib/ratelimit.js';
import { awaitsPasswordSetup, findAccountByEmail, findAccountById, lockAccount } from '../accounts/service.js';
import { queueMail } from '../mail/service.js';
import { issueOneTimeToken } from './onetime.js';

export const RESET_JOB = 'auth.password_reset';
export const RESET_PURPOSE = 'password_reset';
const LANGS = new Set(['ja', 'en', 'kr', 'cn']);
const RESET_TTL_MIN = 30;
/** At most 3 links an hour per account, silently: the answer never differs. */
const RESET_LIMIT: Limit = { max: 3, windowSeconds: 3600 };

/** The queued half of forgot-password: a one-time link by mail when the account exists and may sign in. */
async function sendResetLink(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const email = String(payload.email ?? '');
  const lang = (LANGS.has(String(payload.lang)) ? String(payload.lang) : 'ja') as Lang;
  const account = await findAccountByEmail(ctx.db, email);
  if (!account || (account.chain_status ?? account.contract_status) === 'TERMINATED') return;
  if (await overAfterHit(ctx.kv, `forgot:${account.id}`, RESET_LIMIT)) return;
  await ctx.db.tx(async (q) => {
    const token = await issueOneTimeToken(q, {
      purpose: RESET_PURPOSE,
      subjectId: account.id,
      ttlSeconds: RESET_TTL_MIN * 60,
      replacePrevious: true,
    });
    // the page opens in the mail's language (the back-office takes ?lang= until the person picks one)
    const link = `${ctx.config.adminUrl}/new-password?token=${encodeURIComponent(token)}&lang=${lang}`;
    await queueMail(q, {
      to: account.email,
      subject: translate(lang, 'server.mail_reset_subject'),
      text: translate(lang, 'server.mail_reset_body', { link, minutes: RESET_TTL_MIN }),
    });
  });
}

export const SETUP_JOB = 'auth.account_setup';
export const SETUP_PURPOSE = 'account_setup';
export const SETUP_TTL_DAYS = 7;

/**
 * The set-up link every new account gets (queued by whoever creates it, in the creating transaction):
 * a one-time token for 7 days, replacing earlier ones, and a translated mail. The account row is locked
 * first, so a retried or doubled job still leaves exactly one open link (the last one mailed).
 */
async function sendSetupLink(ctx: AppContext, payload: Record<string, unknown>): Promise<void> {
  const accountId = Number(payload.accountId);
  if (!Number.isSafeInteger(accountId) || accountId <= 0) return;
  await ctx.db.tx(async (q) => {
    await lockAccount(q, accountId);
    const account = await findAccountById(q, accountId);
    if (!account || !awaitsPasswordSetup(account) || (account.chain_status ?? account.contract_status) === 'TERMINATED') return;
    const lang = (LANGS.has(String(payload.lang)) ? String(payload.lang) : LANGS.has(account.language) ? account.language : 'ja') as Lang;
    const token = await issueOneTimeToken(q, {
      purpose: SETUP_PURPOSE,
      subjectId: account.id,
      ttlSeconds: SETUP_TTL_DAYS * 24 * 3600,
      replacePrevious: true,
    });
    const link = `${ctx.config.adminUrl}/new-password?token=${encodeURIComponent(token)}&setup=1&lang=${lang}`;
    await queueMail(q, {
      to: account.email,
      subject: translate(lang, 'server.mail_setup_subject'),
      text: translate(lang, 'server.mail_setup_body', { link, days: SETUP_TTL_DAYS, email: account.email }),
    });
  });
}

export const authJobs = { [RESET_JOB]: sendResetLink, [SETUP_JOB]: sendSetupLink };
