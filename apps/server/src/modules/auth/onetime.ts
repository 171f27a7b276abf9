import type { Queryable } from '../../db/db.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { findOneTimeRow, hasRecentOneTimeToken, insertOneTimeToken, markOneTimeUsed, useOpenOneTimeTokens } from './repo.js';

// One-time tokens for every module (operator password reset, end-user confirmation, ...): only the
// hash is stored; a token works once, before it expires, for the purpose it was issued for.

export interface IssueOneTimeToken {
  purpose: string;
  subjectId: number;
  ttlSeconds: number;
  /** end the subject's earlier open tokens of this purpose (a new reset link replaces the old one) */
  replacePrevious?: boolean;
}

/** Issues a token in the caller's transaction; returns the token itself (to mail), never stored. */
export async function issueOneTimeToken(q: Queryable, t: IssueOneTimeToken): Promise<string> {
  if (t.replacePrevious) await useOpenOneTimeTokens(q, t.purpose, t.subjectId);
  const token = randomToken(32);
  await insertOneTimeToken(q, t.purpose, t.subjectId, sha256(token), new Date(Date.now() + t.ttlSeconds * 1000));
  return token;
}

/** Whether the subject got an open token of this purpose in the last `withinSeconds` (resend gap). */
export function recentOneTimeToken(q: Queryable, purpose: string, subjectId: number, withinSeconds: number): Promise<boolean> {
  return hasRecentOneTimeToken(q, purpose, subjectId, withinSeconds);
}

export interface OpenOneTimeToken {
  id: number;
  subjectId: number;
}

/**
 * A valid (unused, unexpired) token of this purpose, or null. With `lock` (inside a transaction) the
 * row stays locked until the caller's commit, so two uses of one token cannot both pass.
 */
export async function findOneTimeToken(q: Queryable, purpose: string, token: string, lock = false): Promise<OpenOneTimeToken | null> {
  const row = await findOneTimeRow(q, purpose, sha256(token), lock);
  if (!row || row.used_at || new Date(row.expires_at).getTime() < Date.now()) return null;
  return { id: Number(row.id), subjectId: Number(row.subject_id) };
}

/** Marks a token found with findOneTimeToken as used (in the same transaction). */
export function markOneTimeTokenUsed(q: Queryable, t: OpenOneTimeToken): Promise<void> {
  return markOneTimeUsed(q, t.id);
}

/** Finds, locks and uses a token in one go (call inside a transaction); null when it is not valid. */
export async function consumeOneTimeToken(q: Queryable, purpose: string, token: string): Promise<OpenOneTimeToken | null> {
  const t = await findOneTimeToken(q, purpose, token, true);
  if (t) await markOneTimeUsed(q, t.id);
  return t;
}
