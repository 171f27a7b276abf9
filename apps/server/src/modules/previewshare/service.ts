import type { SetPreviewPasswordInput } from '@swipe/core';
import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { getAccountBriefs } from '../accounts/service.js';
import { queueMail } from '../mail/service.js';
import { scopedSite, setPreviewSecurity } from '../sites/service.js';
import { activeShares, countShares, revokeEmails, type ShareRow, shareByEmail, shareById, upsertShare } from './repo.js';

// Preview sharing (back-office.md 2, 3, 6, 7): the operator invites e-mails (mail queued in the same
// transaction), lists and revokes them, and sets the preview passcode. Viewing needs an invited e-mail
// plus the passcode (modules/preview checks both on the sites origin, through the reads at the end).

const norm = (e: string) => e.trim().toLowerCase();

function previewLink(ctx: AppContext, siteId: number): string {
  return `${ctx.config.sitesUrl}/site/${siteId}/preview`;
}

async function queueInvitation(ctx: AppContext, q: Queryable, to: string, site: { id: number; name: string }, actor: Actor, lang: Lang) {
  const params = { site: site.name, inviter: actor.email, link: previewLink(ctx, site.id) };
  await queueMail(q, {
    to,
    subject: translate(lang, 'sites.mail_preview_subject', params),
    text: translate(lang, 'sites.mail_preview_body', params),
  });
}

export async function shareSite(ctx: AppContext, actor: Actor, siteId: number, emails: string[], lang: Lang) {
  assertCanEdit(actor);
  const unique = [...new Map(emails.map((e) => [norm(e), e.trim()])).values()];
  await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, siteId, true);
    for (const email of unique) {
      await upsertShare(q, siteId, email, actor.id);
      await queueInvitation(ctx, q, email, site, actor, lang);
    }
  });
  return { message: translate(lang, 'sites.preview_shared'), emails: unique };
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
