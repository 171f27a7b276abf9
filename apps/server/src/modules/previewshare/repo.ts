import type { Queryable } from '../../db/db.js';

// The SQL of preview_shares, the one table this module owns (docs/architecture.md).

export interface ShareRow {
  id: number;
  email: string;
  invitedBy: number | null;
  revokedAt: string | null;
  createdAt: string;
}
interface Row {
  id: number;
  email: string;
  invited_by: number | null;
  revoked_at: string | Date | null;
  created_at: string | Date;
}
const COLUMNS = 'id, email, invited_by, revoked_at, created_at';
const iso = (v: string | Date) => new Date(v).toISOString();
const share = (r: Row): ShareRow => ({
  id: Number(r.id),
  email: r.email,
  invitedBy: r.invited_by === null ? null : Number(r.invited_by),
  revokedAt: r.revoked_at === null ? null : iso(r.revoked_at),
  createdAt: iso(r.created_at),
});

/** Invites an e-mail (again): a revoked invitation comes back. */
export async function upsertShare(q: Queryable, siteId: number, email: string, invitedBy: number): Promise<void> {
  await q.query(
    `INSERT INTO preview_shares (site_id, email, invited_by) VALUES ($1, $2, $3)
     ON CONFLICT (site_id, lower(email)) DO UPDATE SET revoked_at = NULL, invited_by = EXCLUDED.invited_by, created_at = now()`,
    [siteId, email, invitedBy],
  );
}

/** The invitations of a site still in force, newest first. */
export async function activeShares(q: Queryable, siteId: number): Promise<ShareRow[]> {
  const rows = await q.query<Row>(
    `SELECT ${COLUMNS} FROM preview_shares WHERE site_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC, id DESC`,
    [siteId],
  );
  return rows.map(share);
}

/** Revokes the invitations of these (lower-case) e-mails; returns the e-mails revoked now. */
export async function revokeEmails(q: Queryable, siteId: number, lowerEmails: string[]): Promise<string[]> {
  if (lowerEmails.length === 0) return [];
  const rows = await q.query<{ email: string }>(
    'UPDATE preview_shares SET revoked_at = now() WHERE site_id = $1 AND lower(email) = ANY($2) AND revoked_at IS NULL RETURNING email',
    [siteId, lowerEmails],
  );
  return rows.map((r) => r.email);
}

export async function countShares(q: Queryable, siteId: number): Promise<{ active: number; revoked: number }> {
  return q.one<{ active: number; revoked: number }>(
    `SELECT count(*) FILTER (WHERE revoked_at IS NULL)::int AS active, count(*) FILTER (WHERE revoked_at IS NOT NULL)::int AS revoked
       FROM preview_shares WHERE site_id = $1`,
    [siteId],
  );
}

/** The invitation of an e-mail (any case) on a site, revoked or not. */
export async function shareByEmail(q: Queryable, siteId: number, email: string): Promise<ShareRow | null> {
  const r = await q.maybeOne<Row>(`SELECT ${COLUMNS} FROM preview_shares WHERE site_id = $1 AND lower(email) = lower($2)`, [
    siteId,
    email.trim(),
  ]);
  return r ? share(r) : null;
}

/** An invitation by id, on that site only. */
export async function shareById(q: Queryable, siteId: number, id: number): Promise<ShareRow | null> {
  const r = await q.maybeOne<Row>(`SELECT ${COLUMNS} FROM preview_shares WHERE id = $1 AND site_id = $2`, [id, siteId]);
  return r ? share(r) : null;
}
