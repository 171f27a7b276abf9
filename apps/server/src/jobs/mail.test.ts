import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context.js';
import { queueMail } from '../modules/mail/service.js';
import { createContext } from '../open.js';
import { freePort, testConfig, testDb } from '../test/helpers.js';
import { type ReceivedMail, startSmtp, stopSmtp } from '../test/smtp.js';
import { Worker } from './worker.js';

// A real SMTP server on loopback: down when the mail is queued, up later; the mail arrives exactly once.

let ctx: AppContext;
let drop: () => Promise<void>;
let port: number;
beforeAll(async () => {
  const t = await testDb();
  drop = t.drop;
  port = await freePort();
  ctx = await createContext(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true` }), {
    db: t.db,
    logger: pino({ level: 'silent' }),
  });
});
afterAll(async () => {
  await ctx.db.close();
  await drop();
});

describe('mail outbox', () => {
  it('a mail queued while SMTP is down is delivered exactly once after it comes back', async () => {
    const id = await ctx.db.tx((q) => queueMail(q, { to: 'someone@example.test', subject: 'Hello', text: 'Body text' }));
    const worker = new Worker(ctx, {}, { pollMs: 20, retryBaseMs: 100 });
    await worker.start();
    // SMTP is down: the worker tries, fails and schedules a retry.
    await waitFor(
      async () =>
        (await ctx.db.one<{ last_error: string | null }>('SELECT last_error FROM mail_outbox WHERE id = $1', [id])).last_error !== null,
    );
    const failed = await ctx.db.one<{ status: string; sent_at: string | null }>('SELECT status, sent_at FROM mail_outbox WHERE id = $1', [
      id,
    ]);
    expect(['QUEUED', 'SENDING']).toContain(failed.status);
    expect(failed.sent_at).toBeNull();

    const received: ReceivedMail[] = [];
    const smtp = await startSmtp(port, received);
    try {
      await waitFor(
        async () => (await ctx.db.one<{ status: string }>('SELECT status FROM mail_outbox WHERE id = $1', [id])).status === 'SENT',
      );
      // Give a second worker pass the chance to (wrongly) send again.
      await new Promise((r) => setTimeout(r, 400));
      await worker.stop();
      expect(received).toHaveLength(1);
      expect(received[0]?.to).toEqual(['someone@example.test']);
      const row = await ctx.db.one<{ message_id: string }>('SELECT message_id FROM mail_outbox WHERE id = $1', [id]);
      expect(received[0]?.messageId).toBe(row.message_id);
      expect(received[0]?.body).toContain('Body text');
    } finally {
      await stopSmtp(smtp);
    }
  });

  it('two workers never send the same mail twice', async () => {
    const received: ReceivedMail[] = [];
    const smtp = await startSmtp(port, received);
    try {
      await ctx.db.tx(async (q) => {
        for (let i = 0; i < 20; i++) await queueMail(q, { to: `n${i}@example.test`, subject: `m${i}`, text: 'x' });
      });
      const a = new Worker(ctx, {}, { pollMs: 10 });
      const b = new Worker(ctx, {}, { pollMs: 10 });
      await Promise.all([a.start(), b.start()]);
      await waitFor(
        async () => (await ctx.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mail_outbox WHERE status <> 'SENT'")).n === 0,
      );
      await Promise.all([a.stop(), b.stop()]);
      expect(received.filter((m) => m.to[0]?.startsWith('n'))).toHaveLength(20);
      expect(new Set(received.map((m) => m.messageId)).size).toBe(received.length);
    } finally {
      await stopSmtp(smtp);
    }
  });
});

async function waitFor(cond: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition not met in time');
}
