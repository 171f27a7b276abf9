import type { Queryable } from '../../db/db.js';
import { randomToken } from '../../lib/crypto.js';
import { insertMail } from './repo.js';

// The mail module: the outbox (mail_outbox) other modules queue into, the worker's delivery steps,
// and the development reader. Other modules call this file, never repo.ts.

export type { ClaimedMail, OutboxMail } from './repo.js';
export { claimDueMail, listOutbox, markMailFailed, markMailSent, outboxBacklog } from './repo.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues a mail in the outbox inside the caller's transaction: the mail exists exactly when the
 * change that caused it is committed. The worker delivers it (SMTP_URL) or it stays readable
 * with `npm run mail` and on the admin origin's dev page.
 */
export function queueMail(q: Queryable, mail: Mail, domain = 'swipe.localhost'): Promise<number> {
  return insertMail(q, { ...mail, messageId: `<${randomToken(12)}@${domain}>` });
}
