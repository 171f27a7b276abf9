import { randomUUID } from 'node:crypto';
import { DELIVERY_LOG_SIZE, toSnake, type WebhookDelivery, type WebhookDeliveryDetail } from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import type { Submission } from '../../lib/submissions.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { memberLead, submissionLead } from '../enduser/service.js';
import { findSite } from '../sites/service.js';
import { surveyResponseLead } from '../surveys/service.js';
import { presentLead } from './leads.js';
import { accountClosed } from './leads-auth.js';
import {
  attemptsOf,
  insertMessageOnce,
  latestMessages,
  type MessageRow,
  messageById,
  recordAttempt,
  reopenMessage,
  settingsOf,
} from './repo.js';
import { sendWebhook, signature, webhookPolicy } from './send.js';

// Outbound webhooks. Each submission on an account's site becomes one message (unique per
// account, kind and submission: a second hook call or a retried transaction adds nothing) and one job,
// queued in the submission's own transaction. The job sends the message's JSON to the settings' endpoint,
// signed with the account's webhook secret; a 2xx answer delivers it, anything else is retried by the
// worker with backoff up to WEBHOOK_MAX_ATTEMPTS, then the message is FAILED. Every attempt is logged.
// Once the account (or one above it) is terminated or deleted nothing more is sent: a message still queued
// fails at its next attempt without a request ("account closed" in its log); a paused account's keep going.

export const WEBHOOK_JOB = 'integrations.webhook';
export const WEBHOOK_MAX_ATTEMPTS = 8;

async function record(q: Queryable, s: Submission): Promise<Record<string, unknown> | null> {
  if (s.kind === 'register') {
    const r = await memberLead(q, s.id);
    return r ? presentLead.member(r) : null;
  }
  if (s.kind === 'survey') {
    const r = await surveyResponseLead(q, s.id);
    return r ? presentLead.survey(r) : null;
  }
  const r = await submissionLead(q, s.id);
  return r ? presentLead.submission(r) : null;
}

/** The submissions hook (registered in modules/index.ts): queues the webhook of an account whose API is on. */
export async function queueWebhook(q: Queryable, _ctx: AppContext, s: Submission): Promise<void> {
  const site = await findSite(q, s.siteId);
  if (!site) return;
  const accountId = Number(site.account_id);
  const settings = await settingsOf(q, accountId);
  if (!settings?.enabled || !settings.endpoint || !settings.webhook_secret) return;
  const submission = await record(q, s);
  if (!submission) return;
  const deliveryId = randomUUID();
  const body = JSON.stringify(
    toSnake({
      id: deliveryId,
      event: 'submission.created',
      kind: s.kind,
      siteId: s.siteId,
      occurredAt: s.occurredAt.toISOString(),
      lang: s.lang,
      // what led to the submission, never who browsed: no visitor id, no User-Agent (docs/decisions.md "Analytics privacy")
      visit: { pageId: s.visit.pageId, ctaId: s.visit.ctaId, source: s.visit.source },
      submission,
    }),
  );
  const id = await insertMessageOnce(q, { deliveryId, accountId, siteId: s.siteId, kind: s.kind, submissionId: s.id, body });
  if (id !== null) await enqueueJob(q, WEBHOOK_JOB, { messageId: id }, { dedupeKey: `message:${id}`, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
}

/** The job: one attempt. Throws to be retried (the worker's backoff), returns once delivered or given up. */
export async function deliverWebhook(ctx: AppContext, payload: Record<string, unknown>): Promise<unknown> {
  const id = Number(payload.messageId);
  const m = await messageById(ctx.db, id);
  if (m?.status !== 'PENDING') return { skipped: true };
  const attempt = m.attempts + 1;
  const giveUp = attempt - m.retry_base >= WEBHOOK_MAX_ATTEMPTS;
  const s = await settingsOf(ctx.db, m.account_id);
  const on = s?.enabled && s.endpoint && s.webhook_secret ? { endpoint: s.endpoint, secret: s.webhook_secret, method: s.method } : null;
  const stop = !on ? 'webhook turned off' : (await accountClosed(ctx, Number(m.account_id))) ? 'account closed' : null;
  if (stop || !on) {
    await ctx.db.tx((q) => recordAttempt(q, id, { attempt, ok: false, giveUp: true, responseCode: null, durationMs: 0, error: stop }));
    return { delivered: false };
  }
  const t = Math.floor(Date.now() / 1000);
  const r = await sendWebhook({
    url: on.endpoint,
    method: on.method ?? 'POST',
    body: m.body,
    headers: {
      'user-agent': 'SwipeSites-Webhook/1',
      'x-swipe-signature': signature(on.secret, t, m.body),
      'x-swipe-delivery': m.delivery_id,
      'x-swipe-attempt': String(attempt),
    },
    policy: webhookPolicy(ctx),
  });
  const ok = r.status !== null && r.status >= 200 && r.status < 300;
  await ctx.db.tx((q) =>
    recordAttempt(q, id, {
      attempt,
      ok,
      giveUp,
      responseCode: r.status,
      durationMs: r.durationMs,
      error: ok ? null : (r.error ?? `HTTP ${r.status}`),
    }),
  );
  if (!ok && !giveUp) throw new Error(`webhook ${m.delivery_id}: ${r.error ?? `HTTP ${r.status}`}`);
  return { delivered: ok };
}

const iso = (v: unknown): string => new Date(v as string).toISOString();

function present(m: MessageRow): WebhookDelivery {
  return {
    id: Number(m.id),
    deliveryId: m.delivery_id,
    kind: m.kind,
    siteId: Number(m.site_id),
    submissionId: Number(m.submission_id),
    status: m.status,
    attempts: Number(m.attempts),
    lastResponseCode: m.last_response_code === null ? null : Number(m.last_response_code),
    lastDurationMs: m.last_duration_ms === null ? null : Number(m.last_duration_ms),
    lastError: m.last_error,
    createdAt: iso(m.created_at),
    deliveredAt: m.delivered_at === null ? null : iso(m.delivered_at),
  };
}

/** The latest messages of the caller's owner, with their last attempt. */
export async function listDeliveries(ctx: AppContext, actor: Actor): Promise<{ items: WebhookDelivery[] }> {
  assertMenu(actor, 'admin_settings');
  return { items: (await latestMessages(ctx.db, actor.ownerId, DELIVERY_LOG_SIZE)).map(present) };
}

async function ownMessage(q: Queryable, actor: Actor, id: number): Promise<MessageRow> {
  assertMenu(actor, 'admin_settings');
  const m = await messageById(q, id);
  if (!m || Number(m.account_id) !== actor.ownerId) throw notFound();
  return m;
}

export async function getDelivery(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDeliveryDetail> {
  const m = await ownMessage(ctx.db, actor, id);
  const attempts = await attemptsOf(ctx.db, id);
  return {
    ...present(m),
    attemptLog: attempts.map((a) => ({
      attempt: Number(a.attempt),
      status: a.status,
      responseCode: a.response_code === null ? null : Number(a.response_code),
      durationMs: Number(a.duration_ms),
      error: a.error,
      at: iso(a.created_at),
    })),
  };
}

/** Sends a message again (same delivery id, so the receiver can tell); a message already queued stays queued once. */
export async function resendDelivery(ctx: AppContext, actor: Actor, id: number): Promise<WebhookDelivery> {
  assertCanEdit(actor);
  await ctx.db.tx(async (q) => {
    const m = await ownMessage(q, actor, id);
    if (m.status !== 'PENDING') await reopenMessage(q, id);
    await enqueueJob(q, WEBHOOK_JOB, { messageId: id }, { dedupeKey: `message:${id}`, maxAttempts: WEBHOOK_MAX_ATTEMPTS });
  });
  return present((await messageById(ctx.db, id)) as MessageRow);
}
