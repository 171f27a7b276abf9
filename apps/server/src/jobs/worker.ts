import type { Transporter } from 'nodemailer';
import type { AppContext } from '../context.js';
import { jobsFailed } from '../lib/metrics.js';
import { claimDueMail, markMailFailed, markMailSent } from '../modules/mail/service.js';
import { claimDueJob, markJobDone, markJobFailed } from './repo.js';
import { seedSchedules } from './schedule.js';

export type JobHandler = (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>;

export interface WorkerOptions {
  pollMs?: number;
  /** first retry delay; doubles each attempt up to an hour */
  retryBaseMs?: number;
  maxMailAttempts?: number;
}

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
    this.retryBaseMs = opts.retryBaseMs ?? ctx.config.retryBaseMs;
    this.maxMailAttempts = opts.maxMailAttempts ?? 12;
  }

  async start(): Promise<void> {
    if (this.ctx.config.smtpUrl) {
      const nodemailer = await import('nodemailer');
      this.transport = nodemailer.createTransport(this.ctx.config.smtpUrl);
    }
    // Recurring jobs (schedule.ts): the current period's run is queued once, whichever worker starts first.
    await seedSchedules(this.ctx, this.handlers).catch((err: unknown) => this.ctx.log.error({ err }, 'seeding scheduled jobs failed'));
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

  /** when the loop last went round (readiness: a worker stuck in one job for longer than its lease is stale) */
  lastBeatMs(): number {
    return this.beatMs;
  }
  private beatMs = Date.now();

  private async run(): Promise<void> {
    while (this.running) {
      this.beatMs = Date.now();
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
    return new Date(this.ctx.clock.nowMs() + Math.min(this.retryBaseMs * 2 ** Math.max(0, attempts - 1), 3_600_000));
  }

  /** Sends one due mail when SMTP is configured; without it mail stays in the outbox. */
  async sendOneMail(): Promise<boolean> {
    if (!this.transport) return false;
    const mail = await claimDueMail(this.ctx.db, this.ctx.config.jobLeaseSeconds);
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
      await markMailSent(this.ctx.db, mail.id);
    } catch (err) {
      await markMailFailed(this.ctx.db, mail.id, {
        giveUp: mail.attempts >= this.maxMailAttempts,
        nextAttemptAt: this.backoff(mail.attempts),
        error: String((err as Error).message),
      });
      this.ctx.log.warn({ mailId: mail.id, attempts: mail.attempts }, 'mail delivery failed; will retry');
    }
    return true;
  }

  async runOneJob(): Promise<boolean> {
    const kinds = Object.keys(this.handlers);
    if (kinds.length === 0) return false;
    const job = await claimDueJob(this.ctx.db, kinds, this.ctx.config.jobLeaseSeconds, this.ctx.clock.now());
    if (!job) return false;
    const handler = this.handlers[job.kind] as JobHandler;
    try {
      const result = await handler(this.ctx, job.payload);
      await markJobDone(this.ctx.db, job.id, result);
    } catch (err) {
      const retry = err instanceof RetryLater ? err.at : this.backoff(job.attempts);
      await markJobFailed(this.ctx.db, job.id, {
        giveUp: job.attempts >= job.max_attempts,
        runAt: retry,
        error: String((err as Error).message),
      });
      if (!(err instanceof RetryLater)) {
        jobsFailed.labels(job.kind).inc();
        this.ctx.log.warn({ jobId: job.id, kind: job.kind, err }, 'job failed');
      }
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
