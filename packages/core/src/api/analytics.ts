import { z } from 'zod';
import { LANGUAGES } from '../constants.js';
import { id } from './common.js';

// Visitor events of viewer.md 7 (sent by the viewer in batches with sendBeacon) and the live applicant
// counts of popup CTAs (sites origin).

export const EVENT_KINDS = [
  'page_view',
  'click_cta_btn',
  'slide_page',
  'click_product_item',
  'click_product_point',
  'click_popup_cta',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const positiveId = z
  .number()
  .int()
  .positive()
  .max(2 ** 53 - 1);
export const visitorEvent = z.object({
  event: z.enum(EVENT_KINDS),
  siteId: positiveId,
  pageId: positiveId.nullish(),
  /** button, product or popup id */
  targetId: positiveId.nullish(),
  popupId: positiveId.nullish(),
  lang: z.enum(LANGUAGES).nullish(),
  /** position code, direction and such small facts */
  data: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()])).optional(),
  at: z.number().int().positive().optional(),
});
export type VisitorEvent = z.output<typeof visitorEvent>;
/** POST /end-user/events */
export const eventsBody = z.object({ events: z.array(visitorEvent).min(1).max(50) });
export const eventsResponse = z.object({ accepted: z.number().int() });

export const popupCountsParams = z.object({ siteId: id });
/** GET /end-user/site/{siteId}/popup-cta: live applicant counts (the snapshot holds them as of publishing). */
export const popupCountsResponse = z.object({
  items: z.array(z.object({ id: z.number().int(), numberClicks: z.number().int(), limit: z.number().int().nullable() })),
});
export type PopupCountsResponse = z.output<typeof popupCountsResponse>;
