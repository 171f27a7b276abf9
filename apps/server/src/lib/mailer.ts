import type { Queryable } from '../db/db.js';
import { randomToken } from './crypto.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox inside the caller's transaction: the mail exists exactly when the
 * change that caused it is committed. The mail worker delivers it (SMTP_URL) or it stays readable
 * with `npm run mail` and on the admin origin's dev page.
 */
export async function queueMail(q: Queryable, mail: Mail, domain = 'swipe.localhost'): Promise<number> {
  const row = await q.one<{ id: number }>(
    'INSERT INTO mail_outbox (to_addr, subject, text_body, html_body, message_id) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [mail.to, mail.subject, mail.text, mail.html ?? null, `<${randomToken(12)}@${domain}>`],
  );
  return row.id;
}
