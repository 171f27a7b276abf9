import type { Queryable } from '../../db/db.js';

// mail_outbox: the mail module's table. Its SQL lives here only.

export interface OutboxMail {
  id: number;
  to_addr: string;
  subject: string;
  text_body: string;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
}

/** A mail taken for delivery under a lease. */
export interface ClaimedMail {
  id: number;
  to_addr: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_id: string;
  attempts: number;
}

export async function insertMail(
  q: Queryable,
  m: { to: string; subject: string; text: string; html?: string; messageId: string },
): Promise<number> {
  const row = await q.one<{ id: number }>(
    'INSERT INTO mail_outbox (to_addr, subject, text_body, html_body, message_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [m.to, m.subject, m.text, m.html ?? null, m.messageId],
  );
  return row.id;
}

/** Mails the SMTP server has not accepted yet (queued or being sent) and the age of the oldest, in seconds. */
export function outboxBacklog(q: Queryable): Promise<{ waiting: number; oldest_age_s: number }> {
  return q.one(
    `SELECT count(*)::int AS waiting, COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest_age_s
     FROM mail_outbox WHERE status IN ('QUEUED','SENDING')`,
  );
}

export function listOutbox(q: Queryable, limit: number): Promise<OutboxMail[]> {
  return q.query<OutboxMail>(
    'SELECT id, to_addr, subject, text_body, status, attempts, created_at, sent_at FROM mail_outbox ORDER BY id DESC LIMIT $1',
    [limit],
  );
}

/** Takes the oldest due mail (or one whose lease ran out) with FOR UPDATE SKIP LOCKED; several workers share the outbox. */
export function claimDueMail(q: Queryable, leaseSeconds: number): Promise<ClaimedMail | undefined> {
  return q.maybeOne<ClaimedMail>(
    `UPDATE mail_outbox SET status = 'SENDING', attempts = attempts + 1, lease_until = now() + make_interval(secs => $1)
     WHERE id = (SELECT id FROM mail_outbox
                 WHERE (status = 'QUEUED' AND next_attempt_at <= now()) OR (status = 'SENDING' AND lease_until < now())
                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, to_addr, subject, text_body, html_body, message_id, attempts`,
    [leaseSeconds],
  );
}

export async function markMailSent(q: Queryable, id: number): Promise<void> {
  await q.query("UPDATE mail_outbox SET status = 'SENT', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1", [id]);
}

export async function markMailFailed(q: Queryable, id: number, f: { giveUp: boolean; nextAttemptAt: Date; error: string }): Promise<void> {
  await q.query('UPDATE mail_outbox SET status = $2, next_attempt_at = $3, lease_until = NULL, last_error = $4 WHERE id = $1', [
    id,
    f.giveUp ? 'FAILED' : 'QUEUED',
    f.nextAttemptAt,
    f.error.slice(0, 500),
  ]);
}
