import type { Queryable } from '../../db/db.js';

// The end-user module's SQL: site_members and form_submissions (docs/architecture.md), nothing else.

export interface MemberRow {
  id: number;
  site_id: number;
  email: string;
  password_hash: string;
  status: 'PROVISIONAL' | 'ACTIVE' | 'DISABLED';
  lang: string;
  data: Record<string, unknown>;
  token_version: number;
  confirmed_at: string | null;
  created_at: string;
}

/** Stores a provisional member unless the address is already known on the site (any case). */
export async function insertMemberIfAbsent(
  q: Queryable,
  m: { siteId: number; email: string; passwordHash: string; lang: string; data: Record<string, unknown> },
): Promise<void> {
  await q.query(
    `INSERT INTO site_members (site_id, email, password_hash, lang, data) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (site_id, lower(email)) DO NOTHING`,
    [m.siteId, m.email, m.passwordHash, m.lang, m.data],
  );
}

/** The member of an address on a site (any case), locked until the caller's commit. */
export function lockMemberByEmail(q: Queryable, siteId: number, email: string): Promise<MemberRow | undefined> {
  return q.maybeOne<MemberRow>('SELECT * FROM site_members WHERE site_id = $1 AND lower(email) = lower($2) FOR UPDATE', [siteId, email]);
}

/** The member of an address on a site (any case). */
export function findMemberByEmail(q: Queryable, siteId: number, email: string): Promise<MemberRow | undefined> {
  return q.maybeOne<MemberRow>('SELECT * FROM site_members WHERE site_id = $1 AND lower(email) = lower($2)', [siteId, email]);
}

/** The member of an id on a site; `lock` keeps the row locked until the caller's commit. */
export function findMemberById(q: Queryable, siteId: number, id: number, lock = false): Promise<MemberRow | undefined> {
  return q.maybeOne<MemberRow>(`SELECT * FROM site_members WHERE id = $1 AND site_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, siteId]);
}

/** A provisional member registering again: new password, language and answers. */
export async function updateProvisionalMember(
  q: Queryable,
  id: number,
  m: { passwordHash: string; lang: string; data: Record<string, unknown> },
): Promise<void> {
  await q.query('UPDATE site_members SET password_hash = $2, lang = $3, data = $4 WHERE id = $1', [id, m.passwordHash, m.lang, m.data]);
}

export async function activateMember(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE site_members SET status = 'ACTIVE', confirmed_at = now() WHERE id = $1", [id]);
}

export interface NewSubmission {
  siteId: number;
  formType: string;
  lang: string;
  email: string | null;
  data: Record<string, unknown>;
  idempotencyKey: string | null;
  ipHash: string;
}

/** Stores a form submission; null when one with the same idempotency key exists on the site. */
export function insertSubmission(q: Queryable, s: NewSubmission): Promise<{ id: number; created_at: string } | undefined> {
  return q.maybeOne<{ id: number; created_at: string }>(
    `INSERT INTO form_submissions (site_id, form_type, lang, email, data, idempotency_key, ip_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (site_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
     RETURNING id, created_at`,
    [s.siteId, s.formType, s.lang, s.email, s.data, s.idempotencyKey, s.ipHash],
  );
}

export function submissionByKey(q: Queryable, siteId: number, key: string | null): Promise<{ id: number; created_at: string }> {
  return q.one<{ id: number; created_at: string }>(
    'SELECT id, created_at FROM form_submissions WHERE site_id = $1 AND idempotency_key = $2',
    [siteId, key],
  );
}

// ---- the operators' lists of members, contacts and homepage-form submissions ----

export type EntryKind = 'member' | 'contact' | 'form';
const FORM_TYPE = { contact: 'CONTACT_SETTING', form: 'HOMEPAGE_SETTING' } as const;

export interface EntryRow {
  id: number;
  email: string | null;
  lang: string;
  data: Record<string, unknown>;
  created_at: string;
  status?: string;
  confirmed_at?: string | null;
}

function where(kind: EntryKind, search: string | undefined, siteId: number): { sql: string; params: unknown[] } {
  const params: unknown[] = [siteId];
  let sql = 'site_id = $1';
  if (kind !== 'member') {
    params.push(FORM_TYPE[kind]);
    sql += ` AND form_type = $${params.length}`;
  }
  if (search) {
    params.push(`%${search.replace(/[\\%_]/g, '\\$&')}%`);
    sql += ` AND (email ILIKE $${params.length} OR data::text ILIKE $${params.length})`;
  }
  return { sql, params };
}

/** A page of a site's members or submissions of one form, newest first, with how many match in all. */
export async function entryRows(
  q: Queryable,
  kind: EntryKind,
  siteId: number,
  search: string | undefined,
  limit: number,
  offset: number,
): Promise<{ total: number; items: EntryRow[] }> {
  const w = where(kind, search, siteId);
  const table = kind === 'member' ? 'site_members' : 'form_submissions';
  const cols = kind === 'member' ? 'id, email, lang, data, status, confirmed_at, created_at' : 'id, email, lang, data, created_at';
  const total = (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${w.sql}`, w.params)).n;
  const items = await q.query<EntryRow>(
    `SELECT ${cols} FROM ${table} WHERE ${w.sql} ORDER BY id DESC LIMIT $${w.params.length + 1} OFFSET $${w.params.length + 2}`,
    [...w.params, limit, offset],
  );
  return { total, items };
}
