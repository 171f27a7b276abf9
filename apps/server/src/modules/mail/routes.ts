import { devMailQuery, devMailResponse } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { notFound } from '../../errors.js';
import type { App } from '../module.js';
import { listOutbox } from './service.js';

/** Timestamps travel as ISO text, as JSON.stringify writes a Date. */
function iso(v: unknown): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The outbox is readable only while no SMTP server is configured (mail is not really sent) and only
 * from this machine: it holds reset links.
 */
function devMailAllowed(ctx: AppContext, ip: string): boolean {
  return !ctx.config.smtpUrl && (ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1');
}

/** Dev page on the admin origin: the outbox, readable when no SMTP server is configured.  */
export async function mailDevRoutes(app: App, ctx: AppContext): Promise<void> {
  app.get('/dev/mail', { schema: { hide: true, querystring: devMailQuery, response: { 200: devMailResponse } } }, async (req, reply) => {
    if (!devMailAllowed(ctx, req.ip)) throw notFound();
    const mails = await listOutbox(ctx.db, 100);
    if (req.query.format === 'json')
      return {
        mails: mails.map((m) => ({
          id: m.id,
          toAddr: m.to_addr,
          subject: m.subject,
          textBody: m.text_body,
          status: m.status,
          attempts: m.attempts,
          createdAt: iso(m.created_at),
          sentAt: m.sent_at === null ? null : iso(m.sent_at),
        })),
      };
    const rows = mails
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p><b>To:</b> ${escapeHtml(m.to_addr)} · <b>Status:</b> ${m.status} · ${escapeHtml(String(m.created_at))}</p><pre>${escapeHtml(m.text_body)}</pre></article>`,
      )
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title><style nonce="${reply.cspNonce}">body{font:14px system-ui;max-width:860px;margin:2rem auto;padding:0 1rem}article{border-bottom:1px solid #ddd;padding:.5rem 0}pre{white-space:pre-wrap;background:#f6f6f6;padding:.75rem}</style></head><body><h1>Mail outbox (${mails.length})</h1>${rows || '<p>No mail yet.</p>'}</body></html>`;
  });
}
