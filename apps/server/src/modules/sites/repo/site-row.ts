import type { Language } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

export interface SiteRow {
  id: number;
  uuid: string;
  account_id: number;
  status: string;
  name: string;
  number_horizontal: number;
  number_vertical: number;
  default_language: Language;
  languages: Language[];
  logo_setting: Record<string, unknown>;
  favicon_setting: Record<string, unknown>;
  global_menu_text_color: string | null;
  global_menu_background_color: string | null;
  speaker_color: string | null;
  display_language_icon: boolean;
  display_global_menu: boolean;
  display_page_count: boolean;
  display_album: boolean;
  swipe_redirection: boolean;
  view_mode: 'MOBILE' | 'PC';
  custom_domain: string | null;
  domain_verified_at: string | null;
  path_prefix: string | null;
  is_default: boolean;
  preview_security: boolean;
  preview_password_hash?: string | null;
  domain_requested_at?: string | null;
  domain_checked_at?: string | null;
  domain_failed_at?: string | null;
  status_before_domain?: 'DRAFT' | 'PUBLISH' | 'PRIVATE' | null;
  deleted_at?: string | null;
  expires_at: string | null;
  publish_version: number;
  published_at: string | null;
  created_at: string;
  updated_at: string;
  /** filled by the service from accounts' service (scoping, the list's parent account) */
  owner_path?: string;
  owner_company?: string;
}

export const SITE_SELECT = 'SELECT s.* FROM sites s';

export function findSite(q: Queryable, id: number, lock = false): Promise<SiteRow | undefined> {
  return q.maybeOne<SiteRow>(`${SITE_SELECT} WHERE s.id = $1 AND s.deleted_at IS NULL${lock ? ' FOR UPDATE OF s' : ''}`, [id]);
}
