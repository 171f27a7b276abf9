import type { Queryable } from '../../db/db.js';

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

export function listOutbox(q: Queryable, limit: number): Promise<OutboxMail[]> {
  return q.query<OutboxMail>(
    'SELECT id, to_addr, subject, text_body, status, attempts, created_at, sent_at FROM mail_outbox ORDER BY id DESC LIMIT $1',
    [limit],
  );
}
