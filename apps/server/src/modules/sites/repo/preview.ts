import type { Language } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

/** The preview passcode hash of a site: null without a passcode, undefined when there is no such site. */
export async function previewPasscodeHash(q: Queryable, siteId: number): Promise<string | null | undefined> {
  const r = await q.maybeOne<{ preview_password_hash: string | null }>(
    'SELECT preview_password_hash FROM sites WHERE id = $1 AND deleted_at IS NULL',
    [siteId],
  );
  return r ? r.preview_password_hash : undefined;
}

/** Turns the preview lock on or off and (when given) replaces the passcode hash; says whether a passcode is set. */
export async function setPreviewSecurity(q: Queryable, siteId: number, on: boolean, hash: string | null): Promise<boolean> {
  const r = await q.one<{ has: boolean }>(
    'UPDATE sites SET preview_security = $2, preview_password_hash = COALESCE($3, preview_password_hash) WHERE id = $1 RETURNING preview_password_hash IS NOT NULL AS has',
    [siteId, on, hash],
  );
  return r.has;
}

export interface NewSiteRow {
  accountId: number;
  name: string;
  numberHorizontal: number;
  numberVertical: number;
  defaultLanguage: Language;
  languages: Language[];
  isDefault?: boolean;
  previewPasswordHash?: string | null;
  previewSecurity?: boolean;
}

/** Inserts the sites row of a new site (its document is written by writeSiteDocument); returns the id. */
export async function insertSiteRow(q: Queryable, s: NewSiteRow): Promise<number> {
  const r = await q.one<{ id: number }>(
    `INSERT INTO sites (uuid, account_id, name, number_horizontal, number_vertical, default_language, languages, is_default,
                        preview_password_hash, preview_security)
     VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      s.accountId,
      s.name,
      s.numberHorizontal,
      s.numberVertical,
      s.defaultLanguage,
      s.languages,
      s.isDefault ?? false,
      s.previewPasswordHash ?? null,
      s.previewSecurity ?? false,
    ],
  );
  return Number(r.id);
}
