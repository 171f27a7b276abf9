import { randomUUID } from 'node:crypto';
import { SESSION_COOKIE_MAX_AGE_DAYS } from '@swipe/core/constants.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { insertMany } from '../../db/bulk.js';
import { hitLimits } from '../../lib/ratelimit.js';
import { getPublishedSite } from '../published/service.js';

// Visitor events of viewer.md 7, sent by the viewer in batches with sendBeacon and stored for the
// analytics screens. A session id cookie (3650 days) ties a visitor's events together.

export const EVENT_KINDS = [
  'page_view',
  'click_cta_btn',
  'slide_page',
  'click_product_item',
  'click_product_point',
  'click_popup_cta',
] as const;
export const SESSION_COOKIE = 'swipe_sid';

const id = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
const eventSchema = z.object({
  event: z.enum(EVENT_KINDS),
  siteId: id,
  pageId: id.nullish(),
  /** button, product or popup id */
  targetId: id.nullish(),
  popupId: id.nullish(),
  lang: z.enum(['ja', 'en', 'kr', 'cn']).nullish(),
  /** position code, direction and such small facts */
  data: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  at: z.number().int().positive().optional(),
});
export const eventsBody = z.object({ events: z.array(eventSchema).min(1).max(50) });

export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // sendBeacon posts text/plain when given a string: read it as JSON too.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (e) {
      done(e as Error, undefined);
    }
  });

  app.post('/api/v1/end-user/events', { schema: { tags: ['end-user'], body: eventsBody }, bodyLimit: 64 * 1024 }, async (req, reply) => {
    await hitLimits(ctx.kv, [{ key: `events:${req.ip}`, limit: { max: 240, windowSeconds: 60 } }]);
    const { events } = req.body as z.infer<typeof eventsBody>;
    let sid = req.cookies[SESSION_COOKIE];
    if (!sid || !/^[\w-]{16,64}$/.test(sid)) {
      sid = randomUUID();
      reply.setCookie(SESSION_COOKIE, sid, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: ctx.config.sitesUrl.startsWith('https:'),
        maxAge: SESSION_COOKIE_MAX_AGE_DAYS * 24 * 3600,
      });
    }
    // Only events of published sites, on pages of that site, are kept.
    const rows: Record<string, unknown>[] = [];
    const popupClicks: { siteId: number; popupId: number }[] = [];
    const sites = new Map<number, Set<number> | null>();
    for (const e of events) {
      if (!sites.has(e.siteId)) {
        const ps = await getPublishedSite(ctx, e.siteId);
        sites.set(e.siteId, ps ? new Set(ps.document.categories.flatMap((c) => c.pages.map((p) => Number(p.id)))) : null);
      }
      const pages = sites.get(e.siteId);
      if (!pages) continue;
      if (e.pageId && !pages.has(e.pageId)) continue;
      const at = e.at && Math.abs(Date.now() - e.at) < 24 * 3600_000 ? new Date(e.at) : new Date();
      rows.push({
        site_id: e.siteId,
        page_id: e.pageId ?? null,
        event: e.event,
        session_id: sid,
        lang: e.lang ?? null,
        target_id: e.targetId ?? e.popupId ?? null,
        data: JSON.stringify({ ...(e.data ?? {}), ...(e.popupId ? { popupId: e.popupId } : {}) }),
        occurred_at: at.toISOString(),
      });
      if (e.event === 'click_popup_cta' && e.popupId) popupClicks.push({ siteId: e.siteId, popupId: e.popupId });
    }
    if (rows.length > 0) {
      await ctx.db.tx(async (q) => {
        await insertMany(
          q,
          'analytics_events',
          {
            site_id: 'bigint',
            page_id: 'bigint',
            event: 'text',
            session_id: 'text',
            lang: 'text',
            target_id: 'bigint',
            data: 'jsonb',
            occurred_at: 'timestamptz',
          },
          rows,
        );
        // The applicant-limit item counts its applicants, never past the limit.
        for (const c of popupClicks)
          await q.query(
            `UPDATE popup_ctas SET number_clicks = number_clicks + 1
              WHERE id = $1 AND site_id = $2 AND kind = 'APPLICANT_LIMIT' AND (applicant_limit IS NULL OR number_clicks < applicant_limit)`,
            [c.popupId, c.siteId],
          );
      });
    }
    return reply.code(202).send({ accepted: rows.length });
  });

  // Live applicant counts (the published snapshot holds the count as of publishing).
  app.get(
    '/api/v1/end-user/site/:siteId/popup-cta',
    {
      schema: {
        tags: ['end-user'],
        params: z.object({
          siteId: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 53 - 1),
        }),
      },
    },
    async (req, reply) => {
      const siteId = (req.params as { siteId: number }).siteId;
      const ps = await getPublishedSite(ctx, siteId);
      reply.header('cache-control', 'no-store');
      if (!ps) return reply.code(404).send({ message: 'not found', code: 'NOT_FOUND' });
      const rows = await ctx.db.query<{ id: number; number_clicks: number; applicant_limit: number | null }>(
        "SELECT id, number_clicks, applicant_limit FROM popup_ctas WHERE site_id = $1 AND kind = 'APPLICANT_LIMIT'",
        [siteId],
      );
      return { items: rows.map((r) => ({ id: Number(r.id), numberClicks: Number(r.number_clicks), limit: r.applicant_limit })) };
    },
  );
}
