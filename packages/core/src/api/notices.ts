import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { checkDateRange, linkUrl, requiredString } from '../validation.js';
import { paged, pageQuery } from './common.js';

// Latest information (news) and system notifications (back-office.md 2, 3 "News and system notification",
// 4, 5, 7). Module `notices` on the server: /api/v1/news and /api/v1/system_noti.

/** What the list shows: DRAFT (never shown), PUBLIC (shown), UNPUBLIC (hidden, or scheduled and not started), EXPIRED (past its end). */
export const NOTICE_STATUSES = ['PUBLIC', 'UNPUBLIC', 'DRAFT', 'EXPIRED'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
/** What the writer asks for; the status follows from it and the dates (a job moves it at the start and the end). */
export const NOTICE_INTENTS = ['PUBLIC', 'UNPUBLIC', 'DRAFT'] as const;
export type NoticeIntent = (typeof NOTICE_INTENTS)[number];
export const PUBLISH_TYPES = ['INSTANT', 'SCHEDULED'] as const;
export type PublishType = (typeof PUBLISH_TYPES)[number];
/** List filter (back-office.md 3): all, published, unpublished, draft, expired. */
export const NOTICE_FILTERS = ['all', 'published', 'unpublished', 'draft', 'expired'] as const;
export type NoticeFilter = (typeof NOTICE_FILTERS)[number];
export const NOTICE_SORTS = ['created', 'start', 'title'] as const;
export type NoticeSort = (typeof NOTICE_SORTS)[number];
/** System notification audiences (back-office.md 6): OEM master, OEM admin, OEM user, master user. */
export const RECEIVER_ROLES = ['OEM_MASTER', 'OEM_ADMIN', 'USER', 'MASTER_USER'] as const;
export type ReceiverRole = (typeof RECEIVER_ROLES)[number];

/**
 * The status a notice has at `now`: the writer's draft or hidden choice as it is; otherwise expired from
 * the end on, not yet shown before the start, shown in between (start inclusive, end exclusive).
 */
export function noticeStatusAt(
  n: { intent: NoticeIntent; startDate: string | Date | null; endDate: string | Date | null },
  now: Date,
): NoticeStatus {
  if (n.intent !== 'PUBLIC') return n.intent;
  if (n.endDate && new Date(n.endDate).getTime() <= now.getTime()) return 'EXPIRED';
  if (n.startDate && new Date(n.startDate).getTime() > now.getTime()) return 'UNPUBLIC';
  return 'PUBLIC';
}

const dateTime = z.iso.datetime({ offset: true, error: 'validation.date' });
const optionalUrl = z.union([z.literal(''), linkUrl]).nullish();

/** Fields both kinds share; the date rules of back-office.md 5 (end needed with a start, end after start; scheduled needs both). */
const noticeFields = z.object({
  title: requiredString(LIMITS.text),
  url: optionalUrl,
  body: z.string().trim().max(LIMITS.notificationBody).default(''),
  /** a completed upload of the writer (media, no site): its served URL */
  imageUrl: z.string().max(600).nullish(),
  publishType: z.enum(PUBLISH_TYPES).default('INSTANT'),
  intent: z.enum(NOTICE_INTENTS).default('PUBLIC'),
  startDate: dateTime.nullish(),
  endDate: dateTime.nullish(),
});
type Dated = { publishType: PublishType; startDate?: string | null; endDate?: string | null };
function datesRule(v: Dated, ctx: z.RefinementCtx) {
  if (v.publishType === 'SCHEDULED' && !v.startDate) ctx.addIssue({ code: 'custom', message: 'validation.required', path: ['startDate'] });
  const r = checkDateRange(v.startDate, v.endDate);
  if (r) ctx.addIssue({ code: 'custom', message: r, path: ['endDate'] });
}

/** POST /news, PUT /news/{id}. distributionSiteId: the site whose operators the news is for (none: everyone below the writer). */
export const newsBody = noticeFields
  .extend({ distributionSiteId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish() })
  .superRefine(datesRule);
export type NewsBody = z.output<typeof newsBody>;

/** POST /system_noti, PUT /system_noti/{id}: at least one receiver role. */
export const systemNotiBody = noticeFields
  .extend({ receiverRoles: z.array(z.enum(RECEIVER_ROLES)).min(1, { error: 'validation.required' }).max(RECEIVER_ROLES.length) })
  .superRefine(datesRule);
export type SystemNotiBody = z.output<typeof systemNotiBody>;

export const noticeListQuery = pageQuery.extend({
  status: z.enum(NOTICE_FILTERS).default('all'),
  sort: z.enum(NOTICE_SORTS).default('created'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type NoticeListQuery = z.output<typeof noticeListQuery>;
/** The received ones: only what is shown now. */
export const noticeFeedQuery = pageQuery;
export type NoticeFeedQuery = z.output<typeof noticeFeedQuery>;

const view = {
  id: z.number().int(),
  title: z.string(),
  url: z.string().nullable(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  publishType: z.enum(PUBLISH_TYPES),
  intent: z.enum(NOTICE_INTENTS),
  status: z.enum(NOTICE_STATUSES),
  /** asked to be shown, waiting for its start */
  scheduled: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
export const newsView = z.object({
  ...view,
  distributionSiteId: z.number().int().nullable(),
  distributionSiteName: z.string().nullable(),
  authorName: z.string(),
  /** the caller wrote it (may edit) */
  own: z.boolean(),
});
export type NewsView = z.output<typeof newsView>;
export const newsList = paged(newsView);
export type NewsList = z.output<typeof newsList>;

export const systemNotiView = z.object({
  ...view,
  receiverRoles: z.array(z.enum(RECEIVER_ROLES)),
  /** for a receiver: whether it has read it (the writer: false) */
  read: z.boolean(),
});
export type SystemNotiView = z.output<typeof systemNotiView>;
export const systemNotiList = paged(systemNotiView);
export type SystemNotiList = z.output<typeof systemNotiList>;
/** GET /system_noti/show: the caller's notifications (latest first) with its unread count. */
export const systemNotiInbox = paged(systemNotiView).extend({ unread: z.number().int() });
export type SystemNotiInbox = z.output<typeof systemNotiInbox>;

/** PUT /system_noti/mark_as_read: ids the caller may not see are ignored. */
export const markAsReadBody = z.object({
  notiIds: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.max_items' }),
});
export type MarkAsReadBody = z.output<typeof markAsReadBody>;
export const unreadCount = z.object({ unread: z.number().int() });
export type UnreadCount = z.output<typeof unreadCount>;
