import { keysAsTheyAre, type LeadKind, type LeadRecord, type LeadsPage } from '@swipe/core';
import type { AppContext } from '../../context.js';
import { fieldError } from '../../errors.js';
import {
  type LeadCursor,
  type LeadPageInput,
  type MemberLeadRow,
  memberLeads,
  type SubmissionLeadRow,
  submissionLeads,
} from '../enduser/service.js';
import { type SurveyLeadRow, surveyResponseLeads } from '../surveys/service.js';
import type { ApiSettingsRow } from './repo.js';

// The leads API's pages: the members, contacts, form submissions and survey responses of the
// account's own sites, oldest first through an opaque cursor. Who may read them: leads-auth.ts. A record's `data` is
// keyed by the operator's own form field keys: it goes out as it is (keysAsTheyAre), the envelope in snake_case.

// --- pages: an opaque cursor over (created_at, id)

export function encodeCursor(c: LeadCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}
/** created_at as PostgreSQL writes timestamptz as text */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;
export function decodeCursor(s: string): LeadCursor {
  try {
    const v: unknown = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 2) {
      const [at, id] = v as [unknown, unknown];
      if (typeof at === 'string' && TIMESTAMP.test(at) && Number.isSafeInteger(id) && (id as number) >= 0) return { at, id: id as number };
    }
  } catch {
    /* below */
  }
  throw fieldError('since', 'validation.invalid');
}

const iso = (v: unknown): string => new Date(v as string).toISOString();
const isoOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : iso(v));

function member(r: MemberLeadRow): LeadRecord {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    email: r.email,
    lang: r.lang,
    status: r.status,
    data: keysAsTheyAre(r.data),
    confirmedAt: isoOrNull(r.confirmed_at),
    createdAt: iso(r.created_at),
  };
}
function submission(r: SubmissionLeadRow): LeadRecord {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    email: r.email,
    lang: r.lang,
    data: keysAsTheyAre(r.data),
    createdAt: iso(r.created_at),
  };
}
function survey(r: SurveyLeadRow): LeadRecord {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    email: r.email,
    lang: null,
    surveyId: Number(r.survey_id),
    answers: r.answers,
    score: Number(r.score),
    pageId: r.page_id === null ? null : Number(r.page_id),
    ctaId: r.cta_id === null ? null : Number(r.cta_id),
    clickSource: r.click_source,
    createdAt: iso(r.created_at),
  };
}

export const presentLead = { member, submission, survey };

/** One page of one kind, oldest first; next_cursor continues after the last item (or stays where it was). */
export async function leadsPage(
  ctx: AppContext,
  s: ApiSettingsRow,
  kind: LeadKind,
  q: { since?: string; limit: number },
): Promise<LeadsPage> {
  const after = q.since ? decodeCursor(q.since) : null;
  const p: LeadPageInput = {
    accountId: Number(s.account_id),
    from: s.tags === 'CURRENT' ? s.scope_from : null,
    after,
    limit: q.limit + 1,
  };
  try {
    return await readPage(ctx, kind, p, q);
  } catch (err) {
    // a well-formed cursor naming a date that does not exist (February 30th): the database refuses it
    if (after && (err as { code?: string }).code?.startsWith('22')) throw fieldError('since', 'validation.invalid');
    throw err;
  }
}

async function readPage(ctx: AppContext, kind: LeadKind, p: LeadPageInput, q: { since?: string; limit: number }): Promise<LeadsPage> {
  let rows: { cursor_at: string; id: number }[];
  let items: LeadRecord[];
  if (kind === 'members') {
    const r = await memberLeads(ctx.db, p);
    rows = r;
    items = r.slice(0, q.limit).map(member);
  } else if (kind === 'survey-responses') {
    const r = await surveyResponseLeads(ctx.db, p);
    rows = r;
    items = r.slice(0, q.limit).map(survey);
  } else {
    const r = await submissionLeads(ctx.db, kind === 'contacts' ? 'CONTACT_SETTING' : 'HOMEPAGE_SETTING', p);
    rows = r;
    items = r.slice(0, q.limit).map(submission);
  }
  const last = rows.slice(0, q.limit).at(-1);
  return {
    items,
    hasMore: rows.length > q.limit,
    nextCursor: last ? encodeCursor({ at: last.cursor_at, id: Number(last.id) }) : (q.since ?? null),
  };
}
