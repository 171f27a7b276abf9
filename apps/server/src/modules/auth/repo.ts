import type { Queryable } from '../../db/db.js';

// SQL on refresh_tokens and one_time_tokens (this module owns both).

export interface RefreshRow {
  id: number;
  family_id: string;
  account_id: number;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

export async function insertRefreshToken(q: Queryable, familyId: string, accountId: number, tokenHash: string, expiresAt: Date) {
  await q.query('INSERT INTO refresh_tokens (family_id, account_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    familyId,
    accountId,
    tokenHash,
    expiresAt,
  ]);
}

export function lockRefreshToken(q: Queryable, tokenHash: string): Promise<RefreshRow | undefined> {
  return q.maybeOne<RefreshRow>(
    'SELECT id, family_id, account_id, expires_at, used_at, revoked_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
    [tokenHash],
  );
}

export async function markRefreshUsed(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [id]);
}

export async function revokeFamily(q: Queryable, familyId: string): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
}

export async function revokeAccountRefreshTokens(q: Queryable, accountId: number): Promise<void> {
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE account_id = $1 AND revoked_at IS NULL', [accountId]);
}

export interface OneTimeRow {
  id: number;
  subject_id: number;
  expires_at: string;
  used_at: string | null;
}

export async function insertOneTimeToken(q: Queryable, purpose: string, subjectId: number, tokenHash: string, expiresAt: Date) {
  await q.query('INSERT INTO one_time_tokens (purpose, subject_id, token_hash, expires_at) VALUES ($1, $2, $3, $4)', [
    purpose,
    subjectId,
    tokenHash,
    expiresAt,
  ]);
}

export async function useOpenOneTimeTokens(q: Queryable, purpose: string, subjectId: number): Promise<void> {
  await q.query('UPDATE one_time_tokens SET used_at = now() WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL', [
    purpose,
    subjectId,
  ]);
}

export async function hasRecentOneTimeToken(q: Queryable, purpose: string, subjectId: number, withinSeconds: number): Promise<boolean> {
  const row = await q.maybeOne(
    `SELECT id FROM one_time_tokens WHERE purpose = $1 AND subject_id = $2 AND used_at IS NULL AND created_at > now() - make_interval(secs => $3)`,
    [purpose, subjectId, withinSeconds],
  );
  return Boolean(row);
}

export function findOneTimeRow(q: Queryable, purpose: string, tokenHash: string, lock: boolean): Promise<OneTimeRow | undefined> {
  return q.maybeOne<OneTimeRow>(
    `SELECT id, subject_id, expires_at, used_at FROM one_time_tokens WHERE purpose = $1 AND token_hash = $2${lock ? ' FOR UPDATE' : ''}`,
    [purpose, tokenHash],
  );
}

export async function markOneTimeUsed(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE one_time_tokens SET used_at = now() WHERE id = $1', [id]);
}
