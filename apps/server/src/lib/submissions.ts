import type { AppContext } from '../context.js';
import type { Queryable } from '../db/db.js';

// A visitor's submission (a contact or homepage form, a confirmed registration, a survey response) is
// news for other modules: analytics counts it as a conversion, integrations sends it to the account's
// webhook. The module that stores the submission calls `submitted` inside the transaction that stores
// it, so what the hooks write (an event row, a queued job) commits or rolls back with it. Hooks are
// registered once at start (modules/index.ts), never per request.

export type SubmissionKind = 'contact' | 'homepage' | 'register' | 'survey';
export type ClickSource = 'BUTTON_CTA' | 'POPUP_CTA_TRANSITION';

export interface Submission {
  kind: SubmissionKind;
  siteId: number;
  /** the stored row's id: form_submissions, site_members or survey_responses */
  id: number;
  /** when it was stored (the row's created_at, or the confirmation time for a registration) */
  occurredAt: Date;
  lang: string | null;
  /** what led the visitor here, from the sites origin's first-party cookies (null when unknown) */
  visit: {
    sessionId: string | null;
    pageId: number | null;
    ctaId: number | null;
    source: ClickSource | null;
    /** the request asked not to be tracked (DNT: 1 or Sec-GPC: 1); analytics skips it where the site honours that */
    doNotTrack?: boolean;
    /** Sec-GPC: 1 (Global Privacy Control): no visitor id is used, so no conversion is counted */
    gpc?: boolean;
    /** the request's User-Agent: a bot's submission is stored and delivered but never counted as a conversion */
    userAgent?: string | null;
  };
}

export type SubmissionHook = (q: Queryable, ctx: AppContext, s: Submission) => Promise<void>;

const hooks: SubmissionHook[] = [];

export function onSubmission(hook: SubmissionHook): void {
  hooks.push(hook);
}

/** Runs every hook in the caller's transaction, in registration order. */
export async function submitted(q: Queryable, ctx: AppContext, s: Submission): Promise<void> {
  for (const h of hooks) await h(q, ctx, s);
}
