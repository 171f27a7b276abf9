import { z } from 'zod';
import { LANGUAGES, LIMITS } from '../constants.js';
import { checkDateRange, dateString, linkUrl, requiredString } from '../validation.js';
import { id, paged, pageQuery } from './common.js';

// Notification delivery (back-office.md 2): the visitor banner's notifications of one site,
// written by the site's operators on the admin origin (/api/v1/sites/{siteId}/notification-deliveries,
// /api/v1/notification-deliveries/{id}). The viewer reads the live ones (viewer.ts notificationList).

export const DELIVERY_STATUSES = ['PUBLIC', 'UNPUBLIC', 'DRAFT'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** What visitors get now: shown, not yet, no longer, or never (unpublic or draft). */
export const DELIVERY_STATES = ['live', 'scheduled', 'ended', 'hidden'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export const DELIVERY_SORTS = ['start', 'title', 'status', 'created'] as const;
export type DeliverySort = (typeof DELIVERY_SORTS)[number];
/** A media key of the site's uploads (or an absolute http(s) address); shown through the media origin. */
export const DELIVERY_IMAGE_MAX = 600;

export const deliveryView = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  title: z.string(),
  content: z.string(),
  /** null: every language of the site */
  lang: z.enum(LANGUAGES).nullable(),
  imageUrl: z.string().nullable(),
  newsUrl: z.string().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  state: z.enum(DELIVERY_STATES),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeliveryView = z.output<typeof deliveryView>;
export const deliveryList = paged(deliveryView).extend({
  site: z.object({ id: z.number().int(), name: z.string(), languages: z.array(z.enum(LANGUAGES)), defaultLanguage: z.enum(LANGUAGES) }),
});
export type DeliveryList = z.output<typeof deliveryList>;

export const deliverySiteParams = z.object({ siteId: id });
export const deliveryListQuery = pageQuery.extend({
  state: z.enum([...DELIVERY_STATES, 'all']).default('all'),
  sort: z.enum(DELIVERY_SORTS).default('start'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type DeliveryListQuery = z.output<typeof deliveryListQuery>;

/** Checks shared by the form and the server: body at most 120, a valid link at most 256, end after start. */
export const deliveryBody = z
  .object({
    title: requiredString(LIMITS.text),
    content: z.string().trim().max(LIMITS.notificationBody).default(''),
    lang: z.enum(LANGUAGES, { error: 'validation.language' }).nullable().default(null),
    imageUrl: z
      .string()
      .trim()
      .max(DELIVERY_IMAGE_MAX)
      .refine((s) => !/[\s<>"']/.test(s) && !s.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(s.replace(/^https?:/i, '')), {
        error: 'validation.invalid',
      })
      .nullable()
      .default(null)
      .transform((s) => s || null),
    newsUrl: z
      .union([z.literal(''), linkUrl])
      .nullable()
      .default(null)
      .transform((s) => s || null),
    status: z.enum(DELIVERY_STATUSES).default('PUBLIC'),
    startDate: dateString.nullable().default(null),
    endDate: dateString.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const r = checkDateRange(v.startDate, v.endDate);
    if (r) ctx.addIssue({ code: 'custom', message: r, path: ['endDate'] });
  });
export type DeliveryBody = z.input<typeof deliveryBody>;
export type DeliveryInput = z.output<typeof deliveryBody>;
