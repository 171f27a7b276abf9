// The outbox belongs to the mail module (modules/mail/service.ts); kept here so existing imports keep working.
export { type Mail, queueMail } from '../modules/mail/service.js';
