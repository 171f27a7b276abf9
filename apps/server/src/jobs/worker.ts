import type { Transporter } from 'nodemailer';
import type { AppContext } from '../context.js';

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>;

export interface WorkerOptions {
  pollMs?: number;
  /** first retry delay; doubles each attempt up to an hour */
  retryBaseMs?: number;
  maxMailAttempts?: number;
}

const LEASE = "interval '2 minutes'";

/**
 * Takes jobs and outbox mail with FOR UPDATE SKIP LOCKED under a lease, so any number of workers
 * (in-process or separate) share the work and a crashed one's lease simply runs out.
 */
export class Worker {
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private transport: Transporter | undefined;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly maxMailAttempts: number;

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: Record<string, JobHandler>,
    opts: WorkerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 1000;
    this.retryBaseMs = opts.retryBaseMs ?? Number(process.env.RETRY_BASE_MS ?? 5000);
    this.maxMailAttempts = opts.maxMailAttempts ?? 12;
  }

  async start(): Promise<void> {
    if (this.ctx.config.smtpUrl) {
      const nodemailer = await import('nodemailer');
      this.transport = nodemailer.createTransport(this.ctx.config.smtpUrl);
    }
    this.running = true;
    this.loop = this.run();
  }

  /** Stops after the current job or mail. */
  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.transport?.close();
  }

  /** Nudges the loop (new work was queued in this process). */
  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (this.running) {
      let did = false;
      try {
        did = (await this.sendOneMail()) || did;
        if (!this.running) break;
        did = (await this.runOneJob()) || did;
      } catch (err) {
        this.ctx.log.error({ err }, 'worker iteration failed');
      }
      if (!did && this.running)
        await new Promise<void>((r) => {
          const t = setTimeout(r, this.pollMs);
          this.wake = () => {
            clearTimeout(t);
            r();
          };
        });
    }
  }

  private backoff(attempts: number): Date {
    return new Date(Date.now() + Math.min(this.retryBaseMs * 2 ** Math.max(0, attempts - 1), 3_600_000));
  }

  /** Sends one due mail when SMTP is configured; without it mail stays in the outbox. */
  async sendOneMail(): Promise<boolean> {
    if (!this.transport) return false;
    const mail = await this.ctx.db.maybeOne<{
      id: number;
      to_addr: string;
      subject: string;
      text_body: string;
      html_body: string | null;
      message_id: string;
      attempts: number;
    }>(
      `UPDATE mail_outbox SET status = 'SENDING', attempts = attempts + 1, lease_until = now() + ${LEASE}
       WHERE id = (SELECT id FROM mail_outbox
                   WHERE (status = 'QUEUED' AND next_attempt_at <= now()) OR (status = 'SENDING' AND lease_until < now())
                   ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, to_addr, subject, text_body, html_body, message_id, attempts`,
    );
    if (!mail) return false;
    try {
      await this.transport.sendMail({
        from: this.ctx.config.mailFrom,
        to: mail.to_addr,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body ?? undefined,
        messageId: mail.message_id,
      });
      await this.ctx.db.query(
        "UPDATE mail_outbox SET status = 'SENT', sent_at = now(), lease_until = NULL, last_error = NULL WHERE id = $1",
        [mail.id],
      );
    } catch (err) {
      const failed = mail.attempts >= this.maxMailAttempts;
      await this.ctx.db.query(
        'UPDATE mail_outbox SET status = $2, next_attempt_at = $3, lease_until = NULL, last_error = $4 WHERE id = $1',
        [mail.id, failed ? 'FAILED' : 'QUEUED', this.backoff(mail.attempts), String((err as Error).message).slice(0, 500)],
      );
      this.ctx.log.warn({ mailId: mail.id, attempts: mail.attempts }, 'mail delivery failed; will retry');
    }
    return true;
  }

  async runOneJob(): Promise<boolean> {
    const kinds = Object.keys(this.handlers);
    if (kinds.length === 0) return false;
    const job = await this.ctx.db.maybeOne<{
      id: number;
      kind: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      `UPDATE jobs SET status = 'RUNNING', attempts = attempts + 1, lease_until = now() + ${LEASE}
       WHERE id = (SELECT id FROM jobs
                   WHERE kind = ANY($1) AND ((status = 'QUEUED' AND run_at <= now()) OR (status = 'RUNNING' AND lease_until < now()))
                   ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id, kind, payload, attempts, max_attempts`,
      [kinds],
    );
    if (!job) return false;
    const handler = this.handlers[job.kind] as JobHandler;
    try {
      const result = await handler(this.ctx, job.payload);
      await this.ctx.db.query("UPDATE jobs SET status = 'DONE', result = $2, finished_at = now(), lease_until = NULL WHERE id = $1", [
        job.id,
        result ?? null,
      ]);
    } catch (err) {
      const retry = err instanceof RetryLater ? err.at : this.backoff(job.attempts);
      const failed = job.attempts >= job.max_attempts;
      await this.ctx.db.query(
        'UPDATE jobs SET status = $2, run_at = $3, lease_until = NULL, last_error = $4, finished_at = $5 WHERE id = $1',
        [job.id, failed ? 'FAILED' : 'QUEUED', retry, String((err as Error).message).slice(0, 500), failed ? new Date() : null],
      );
      if (!(err instanceof RetryLater)) this.ctx.log.warn({ jobId: job.id, kind: job.kind, err }, 'job failed');
    }
    return true;
  }
}

/** Thrown by a handler that wants to run again later without counting as an error (e.g. DNS not ready). */
export class RetryLater extends Error {
  constructor(readonly at: Date) {
    super('retry later');
  }
}
