import { CLICK_SOURCES } from '@swipe/core';
import type { FastifyRequest } from 'fastify';
import type { Submission } from '../../lib/submissions.js';

// What led a visitor to a form, the registration or a survey: the sites origin's first-party
// cookies the viewer sets when a CTA leads there (cv_page_id, cv_cta_id, cv_source) and the visitor id
// the events endpoint sets (swipe_sid). Anything malformed is unknown (null), never an error: the
// submission is what matters. Whether the page and CTA belong to the site is checked where they are used.

export type Visit = Submission['visit'];
export const NO_VISIT: Visit = { sessionId: null, pageId: null, ctaId: null, source: null };

const idOf = (v: string | undefined): number | null => (v && /^\d{1,15}$/.test(v) && Number(v) > 0 ? Number(v) : null);

export function visitOf(req: FastifyRequest): Visit {
  const c = req.cookies ?? {};
  const sid = c.swipe_sid;
  const source = c.cv_source;
  return {
    sessionId: sid && /^[\w-]{16,64}$/.test(sid) ? sid : null,
    pageId: idOf(c.cv_page_id),
    ctaId: idOf(c.cv_cta_id),
    source: source && (CLICK_SOURCES as readonly string[]).includes(source) ? (source as Visit['source']) : null,
    doNotTrack: req.headers.dnt === '1' || req.headers['sec-gpc'] === '1',
    gpc: req.headers['sec-gpc'] === '1',
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
  };
}
