import { type Lang, translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { queueMail } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/passwords.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { scopedSite } from '../sites/service.js';

// Preview sharing (back-office.md 2, 3, 6, 7): the operator invites e-mails (mail queued in the same
// transaction), lists and revokes them, and sets the preview password. Viewing needs an invited e-mail
// plus the password (modules/preview checks both on the sites origin).

const norm = (e: string) => e.trim().toLowerCase();

function previewLink(ctx: AppContext, siteId: number): string {
  return `${ctx.config.sitesUrl}/site/${siteId}/preview`;
}

interface ShareRow {
  id: number;
  email: string;
  invited_by: number | null;
  inviter_email: string | null;
  revoked_at: string | null;
  created_at: string;
}

export async function shareSite(ctx: AppContext, actor: Actor, siteId: number, emails: string[], lang: Lang) {
  assertCanEdit(actor);
  const unique = [...new Map(emails.map((e) => [norm(e), e.trim()])).values()];
  await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, siteId, true);
    for (const email of unique) {
      await q.query(
        `INSERT INTO preview_shares (site_id, email, invited_by) VALUES ($1, $2, $3)
         ON CONFLICT (site_id, lower(email)) DO UPDATE SET revoked_at = NULL, invited_by = EXCLUDED.invited_by, created_at = now()`,
        [siteId, email, actor.id],
      );
      const params = { site: site.name, inviter: actor.email, link: previewLink(ctx, siteId) };
      await queueMail(q, {
        to: email,
        subject: translate(lang, 'sites.mail_preview_subject', params),
        text: translate(lang, 'sites.mail_preview_body', params),
      });
    }
  });
  return { message: translate(lang, 'sites.preview_shared'), emails: unique };
}

export async function listShares(ctx: AppContext, actor: Actor, siteId: number) {
  await scopedSite(ctx.db, actor, siteId);
  const rows = await ctx.db.query<ShareRow>(
    `SELECT p.id, p.email, p.invited_by, a.email AS inviter_email, p.revoked_at, p.created_at
       FROM preview_shares p LEFT JOIN accounts a ON a.id = p.invited_by
      WHERE p.site_id = $1 AND p.revoked_at IS NULL ORDER BY p.created_at DESC, p.id DESC`,
    [siteId],
  );
  return {
    items: rows.map((r) => ({ id: r.id, email: r.email, invitedBy: r.inviter_email, invitedAt: new Date(r.created_at).toISOString() })),
    total: rows.length,
  };
}

/** PUT .../share/revoke {emails, resendAll}: revokes the given e-mails; resendAll re-sends to those still invited. */
export async function revokeShares(ctx: AppContext, actor: Actor, siteId: number, emails: string[], resendAll: boolean, lang: Lang) {
  assertCanEdit(actor);
  const revoked = await ctx.db.tx(async (q) => {
    const site = await scopedSite(q, actor, siteId, true);
    const rows = emails.length
      ? await q.query<{ email: string }>(
          'UPDATE preview_shares SET revoked_at = now() WHERE site_id = $1 AND lower(email) = ANY($2) AND revoked_at IS NULL RETURNING email',
          [siteId, emails.map(norm)],
        )
      : [];
    if (resendAll) {
      const still = await q.query<{ email: string }>('SELECT email FROM preview_shares WHERE site_id = $1 AND revoked_at IS NULL', [
        siteId,
      ]);
      for (const r of still) {
        const params = { site: site.name, inviter: actor.email, link: previewLink(ctx, siteId) };
        await queueMail(q, {
          to: r.email,
          subject: translate(lang, 'sites.mail_preview_subject', params),
          text: translate(lang, 'sites.mail_preview_body', params),
        });
      }
    }
    return rows.map((r) => r.email);
  });
  return { message: translate(lang, 'sites.preview_revoked'), revoked };
}

/** POST .../share/set-password {password, previewSecurity}: a password is required when security is on. */
export async function setPreviewPassword(
  ctx: AppContext,
  actor: Actor,
  siteId: number,
  input: { password: string; previewSecurity: boolean },
  lang: Lang,
) {
  assertCanEdit(actor);
  await scopedSite(ctx.db, actor, siteId);
  const hash = input.password ? await hashPassword(input.password) : null;
  const hasPassword = await ctx.db.tx(async (q) => {
    await scopedSite(q, actor, siteId, true);
    const r = await q.one<{ has: boolean }>(
      'UPDATE sites SET preview_security = $2, preview_password_hash = COALESCE($3, preview_password_hash) WHERE id = $1 RETURNING preview_password_hash IS NOT NULL AS has',
      [siteId, input.previewSecurity, hash],
    );
    return r.has;
  });
  return { message: translate(lang, 'sites.preview_password_set'), previewSecurity: input.previewSecurity, hasPassword };
}

export async function shareStatus(ctx: AppContext, actor: Actor, siteId: number) {
  const site = await scopedSite(ctx.db, actor, siteId);
  const n = await ctx.db.one<{ active: number; revoked: number }>(
    `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS active, count(*) FILTER (WHERE revoked_at IS NOT NULL)::int AS revoked
       FROM preview_shares WHERE site_id = $1`,
    [siteId],
  );
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
