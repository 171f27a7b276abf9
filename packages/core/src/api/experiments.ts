import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { pageSchema, popupItemSchema, siteDocumentSchema } from '../site.js';
import { requiredString } from '../validation.js';
import { id } from './common.js';

// Experiments (A/B tests) of a published site: request and response shapes of /api/v1/sites/{id}/experiments and
// /api/v1/experiments/{id}. Variation 0 is the control (the published site); the others carry what differs.

export const EXPERIMENT_STATUSES = ['draft', 'running', 'paused', 'stopped', 'completed'] as const;
export type ExperimentStatus = (typeof EXPERIMENT_STATUSES)[number];
export const EXPERIMENT_SCOPES = ['pages', 'site'] as const;
/** control plus at most this many variations */
export const MAX_VARIATIONS = 5;

/** What a variation changes: whole pages (by page id) and, where the experiment tests them, the popup CTAs. */
export const variationContent = z.object({
  pages: z.record(z.string().regex(/^\d{1,15}$/), pageSchema).default({}),
  popupCtas: z.object({ timeLimit: popupItemSchema.nullish(), applicantLimit: popupItemSchema.nullish() }).nullish(),
});
export type VariationContent = z.output<typeof variationContent>;

const weight = z.number().int().min(0).max(100);
const name = requiredString(LIMITS.text);

/** POST /sites/{siteId}/experiments: a draft; its variations start as copies of the control. */
export const experimentCreateBody = z
  .object({
    name,
    scope: z.enum(EXPERIMENT_SCOPES),
    pageIds: z.array(id).max(1000).default([]),
    popup: z.boolean().default(false),
    coverage: z.number().int().min(1).max(100).default(100),
    /** control first; 2 to MAX_VARIATIONS + 1 of them */
    variations: z
      .array(z.object({ name, weight }))
      .min(2)
      .max(MAX_VARIATIONS + 1),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'pages' && v.pageIds.length === 0 && !v.popup)
      ctx.addIssue({ code: 'custom', message: 'validation.experiment_pages_required', path: ['pageIds'] });
    if (v.variations.reduce((s, x) => s + x.weight, 0) !== 100)
      ctx.addIssue({ code: 'custom', message: 'validation.experiment_weights_sum', path: ['variations'] });
  });
export type ExperimentCreateBody = z.output<typeof experimentCreateBody>;

/** PUT /experiments/{id} (drafts only): name, coverage, and every variation (control first) with its content. */
export const experimentUpdateBody = z
  .object({
    name,
    coverage: z.number().int().min(1).max(100),
    variations: z
      .array(z.object({ id: id.optional(), name, weight, content: variationContent.default({ pages: {} }) }))
      .min(2)
      .max(MAX_VARIATIONS + 1),
  })
  .superRefine((v, ctx) => {
    if (v.variations.reduce((s, x) => s + x.weight, 0) !== 100)
      ctx.addIssue({ code: 'custom', message: 'validation.experiment_weights_sum', path: ['variations'] });
  });
export type ExperimentUpdateBody = z.output<typeof experimentUpdateBody>;

export const experimentPromoteBody = z.object({ variationId: id });

export const experimentVariation = z.object({
  id: z.number().int(),
  position: z.number().int(),
  name: z.string(),
  weight: z.number().int(),
});
export const experimentView = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  name: z.string(),
  status: z.enum(EXPERIMENT_STATUSES),
  scope: z.enum(EXPERIMENT_SCOPES),
  pageIds: z.array(z.number().int()),
  popup: z.boolean(),
  coverage: z.number().int(),
  /** the hash seed: with the weights and coverage, anyone can reproduce the split (GrowthBook's v2 hash) */
  seed: z.string(),
  startedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  winnerVariationId: z.number().int().nullable(),
  promotedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  variations: z.array(experimentVariation),
});
export type ExperimentView = z.output<typeof experimentView>;

export const experimentList = z.object({
  items: z.array(experimentView),
  /** what running and paused experiments hold: the editor marks these pages and asks before publishing them */
  underTest: z.object({ pageIds: z.array(z.number().int()), popup: z.boolean() }),
  /** the site has a publication to test against */
  published: z.boolean(),
});
export type ExperimentList = z.output<typeof experimentList>;

/** GET /experiments/{id}: the experiment, each variation's content and the published site it changes (the control). */
export const experimentDetail = experimentView.extend({
  variations: z.array(experimentVariation.extend({ content: variationContent })),
  /** the published document (null when the site is not published any more) */
  base: siteDocumentSchema.nullable(),
});
export type ExperimentDetail = z.output<typeof experimentDetail>;

export const experimentSiteParams = z.object({ siteId: id });

export const EXPERIMENT_VERDICTS = ['srm', 'collecting', 'winner', 'control_wins', 'inconclusive'] as const;

/** GET /experiments/{id}/results */
export const experimentResults = z.object({
  experimentId: z.number().int(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  variations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      weight: z.number().int(),
      visitors: z.number().int(),
      conversions: z.number().int(),
      cvRate: z.number(),
      pageViews: z.number().int(),
      ctaClicks: z.number().int(),
      /** mean dwell on the pages under test (views of 1 s or more), null without any */
      dwellMeanMs: z.number().nullable(),
      dwellCount: z.number().int(),
      chanceToBeat: z.number().nullable(),
      uplift: z.object({ expected: z.number(), lower: z.number(), upper: z.number() }).nullable(),
    }),
  ),
  srm: z.object({ chi2: z.number(), p: z.number(), mismatch: z.boolean() }),
  enoughData: z.boolean(),
  minVisitors: z.number().int(),
  minConversions: z.number().int(),
  verdict: z.enum(EXPERIMENT_VERDICTS),
  winnerVariationId: z.number().int().nullable(),
  /** CV rate per variation per Japan day */
  days: z.array(
    z.object({
      day: z.string(),
      variations: z.array(z.object({ id: z.number().int(), visitors: z.number().int(), conversions: z.number().int() })),
    }),
  ),
});
export type ExperimentResults = z.output<typeof experimentResults>;
