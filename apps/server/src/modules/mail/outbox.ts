// Kept for existing imports (e2e/admin-auth.spec.ts): the outbox reader is the mail service's.
export { listOutbox, type OutboxMail } from './service.js';
