import { z } from 'zod';

/** GET /dev/mail (admin origin, development only: no SMTP, from this machine): the outbox, as a page or JSON. */
export const devMailQuery = z.object({ format: z.enum(['html', 'json']).optional() });
export const outboxMail = z.object({
  id: z.number().int(),
  toAddr: z.string(),
  subject: z.string(),
  textBody: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMailView = z.output<typeof outboxMail>;
export const devMailList = z.object({ mails: z.array(outboxMail) });
/** The HTML page, or the list when `format=json`. */
export const devMailResponse = z.union([z.string(), devMailList]);
