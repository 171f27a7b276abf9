import { randomBytes } from 'node:crypto';
import type { SetPreviewPasswordInput } from '@swipe/core';
import { type Lang, normalizeLang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { getAccountBriefs } from '../accounts/service.js';
import { queueMail } from '../mail/service.js';
import { getPublishedSite } from '../published/service.js';
import { assertRevisionInScope, readSiteDocument, scopedSite, setPreviewSecurity } from '../sites/service.js';
import { activeShares, countShares, revokeEmails, type ShareRow, shareByEmail, shareById, upsertShare } from './repo.js';

// Preview sharing (back-office.md 2, 3, 6, 7): the operator invites e-mails (mail queued in the same
// transaction), lists and revokes them, and sets the preview passcode. Viewing needs an invited e-mail
// plus the passcode (modules/preview checks both on the sites origin, through the reads at the end).

const norm = (e: string) => e.trim().toLowerCase();

/** The preview address; with a language, the lock page speaks the language the link was made in. */
function previewLink(ctx: AppContext, siteId: number, lang?: Lang): string {
  return `${ctx.config.sitesUrl}/site/${siteId}/preview${lang ? `?lang=${lang}` : ''}`;
}

async function queueInvitation(ctx: AppContext, q: Queryable, to: string, site: { id: number; name: string }, actor: Actor, lang: Lang) {
  const params = { site: site.name, inviter: actor.email, link: previewLink(ctx, site.id, lang) };
  await queueMail(q, {
    to,
    subject: translate(lang, 'sites.mail_preview_subject', params),
    text: translate(lang, 'sites.mail_preview_body', params),
  });
}

export async function shareSite(ctx: AppContext, actor: Actor, siteId: number, emails: string[], lang: Lang) {
  assertCanEdit(actor);
  const unique = [...new Map(emails.map((e) => [norm(e), e.trim()])).values()];
  const hasPassword = await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, siteId, true);
    for (const email of unique) {
      await upsertShare(q, siteId, email, actor.id);
      await queueInvitation(ctx, q, email, site, actor, lang);
    }
    return Boolean(site.preview_password_hash);
  });
  // Invited before a passcode exists (docs/decisions.md): the mail tells the invitee to ask for the
  // passcode, and the operator is told the invitees wait for one.
  return { message: translate(lang, hasPassword ? 'sites.preview_shared' : 'sites.preview_shared_no_passcode'), emails: unique };
}

export async function listShares(ctx: AppContext, actor: Actor, siteId: number) {
  await scopedSite(ctx.db, actor, siteId);
  const rows = await activeShares(ctx.db, siteId);
  const inviters = await getAccountBriefs(
    ctx.db,
    rows.flatMap((r) => (r.invitedBy === null ? [] : [r.invitedBy])),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      email: r.email,
      invitedBy: r.invitedBy === null ? null : (inviters.get(r.invitedBy)?.email ?? null),
      invitedAt: r.createdAt,
    })),
    total: rows.length,
  };
}

/** PUT .../share/revoke {emails, resendAll}: revokes the given e-mails; resendAll re-sends to those still invited. */
export async function revokeShares(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  input: { emails: string[]; resendAll: boolean },
  lang: Lang,
) {
  assertCanEdit(actor);
  const revoked = await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, siteId, true);
    const gone = await revokeEmails(q, siteId, input.emails.map(norm));
    if (input.resendAll) for (const r of await activeShares(q, siteId)) await queueInvitation(ctx, q, r.email, site, actor, lang);
    return gone;
  });
  return { message: translate(lang, 'sites.preview_revoked'), revoked };
}

/** POST .../share/set-password {password, previewSecurity}: a passcode is required when security is on. */
export async function setPreviewPassword(ctx: AppContext, actor: Actor, siteId: number, input: SetPreviewPasswordInput, lang: Lang) {
  assertCanEdit(actor);
  await scopedSite(ctx.db, actor, siteId);
  const hash = input.password ? await hashPassword(input.password) : null;
  const hasPassword = await ctx.db.tx(async (q) => {
    await scopedSite(q, actor, siteId, true);
    return setPreviewSecurity(q, siteId, input.previewSecurity, hash);
  });
  return { message: translate(lang, 'sites.preview_password_set'), previewSecurity: input.previewSecurity, hasPassword };
}

export async function shareStatus(ctx: AppContext, actor: Actor, siteId: number) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const n = await countShares(ctx.db, siteId);
  return {
    siteId,
    siteStatus: site.status,
    previewSecurity: site.preview_security,
    hasPassword: Boolean(site.preview_password_hash),
    sharedCount: n.active,
    revokedCount: n.revoked,
    previewUrl: previewLink(ctx, siteId),
    /** viewing needs an invited e-mail and the password */
    ready: n.active > 0 && Boolean(site.preview_password_hash),
  };
}

/** JSON with object keys sorted (the live copy comes back from jsonb, which orders keys its own way). */
function canonical(v: unknown): string {
  return JSON.stringify(JSON.parse(JSON.stringify(v ?? null)), (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

/**
 * GET .../share/live: the working copy against the live copy. A save after the last publication that left the
 * document as published (a draft saved unchanged) is no change; the documents are compared only then.
 */
export async function liveState(ctx: AppContext, actor: Actor, siteId: number) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const live = await getPublishedSite(ctx, siteId).catch(() => null);
  const publishedAt = site.published_at ? new Date(site.published_at).toISOString() : null;
  if (!live) return { published: false, unpublishedChanges: false, publishedAt };
  const savedAfter = site.published_at !== null && new Date(site.updated_at).getTime() > new Date(site.published_at).getTime();
  const unpublishedChanges = savedAfter && canonical(await readSiteDocument(ctx.db, site)) !== canonical(live.document);
  return { published: true, unpublishedChanges, publishedAt };
}

// The signed-in operator's preview (docs/decisions.md): an authenticated admin call mints a ticket for a site
// in the caller's scope; the sites origin exchanges it once (modules/preview) for a preview session cookie.

/** Lifetime of a preview ticket: long enough to open a tab, too short to be worth stealing. */
export const PREVIEW_TICKET_TTL_S = 60;
const TICKET_SUB = /^t:(\d{1,15}):([A-Za-z0-9_-]{16,64})$/;

/**
 * POST .../share/ticket: a single-use ticket (in the URL's fragment, never in a log) for the preview entrance; with
 * `revision`, for that kept revision (404 when the site has none such: another tenant's is never there).
 */
export async function mintPreviewTicket(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  asked: string | undefined,
  lang: Lang,
  revision?: number,
) {
  if (revision !== undefined) await assertRevisionInScope(ctx, actor, siteId, revision);
  else await scopedSite(ctx.db, actor, siteId);
  const nonce = randomBytes(18).toString('base64url');
  const ticket = await ctx.tokens.sign({ kind: 'preview', siteId }, { sub: `t:${actor.id}:${nonce}`, tv: 0 }, PREVIEW_TICKET_TTL_S);
  const l = (asked && normalizeLang(asked)) || lang;
  const rev = revision !== undefined ? `&revision=${revision}` : '';
  return { url: `${ctx.config.sitesUrl}/site/${siteId}/preview-enter?lang=${l}${rev}#ticket=${ticket}`, expiresIn: PREVIEW_TICKET_TTL_S };
}

/** The account and nonce of a ticket's subject, or null when the subject is not a ticket's. */
export function ticketSubject(sub: string): { accountId: number; nonce: string } | null {
  const m = TICKET_SUB.exec(sub);
  return m ? { accountId: Number(m[1]), nonce: m[2] as string } : null;
}

// What the preview module reads (it owns no table): an invitation in force, by e-mail or by id.
export type { ShareRow };

/** The invitation in force of an e-mail on a site, or null (none, or revoked). */
export async function activeShareByEmail(q: Queryable, siteId: number, email: string): Promise<ShareRow | null> {
  const s = await shareByEmail(q, siteId, email);
  return s && !s.revokedAt ? s : null;
}

/** The invitation in force with this id on this site, or null. */
export async function activeShareById(q: Queryable, siteId: number, id: number): Promise<ShareRow | null> {
  const s = await shareById(q, siteId, id);
  return s && !s.revokedAt ? s : null;
}
export { upsertShare } from './repo.js';
