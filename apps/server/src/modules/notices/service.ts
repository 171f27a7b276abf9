import {
  type AccountType,
  type MarkAsReadBody,
  type NewsBody,
  type NewsList,
  type NewsView,
  type NoticeFeedQuery,
  type NoticeListQuery,
  RECEIVER_ROLES,
  type ReceiverRole,
  type SystemNotiBody,
  type SystemNotiInbox,
  type SystemNotiList,
  type SystemNotiView,
} from '@swipe/core';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { fieldError, forbidden, notFound } from '../../errors.js';
import { enqueueJob } from '../../jobs/queue.js';
import { type Actor, assertCanEdit, assertMenu } from '../accounts/actor.js';
import { getAccountBriefs } from '../accounts/service.js';
import { scopedSite } from '../sites/service.js';
import * as repo from './repo.js';

// Latest information and system notifications (docs/decisions.md "Notices").
// News: the platform master writes for everyone, an OEM master or OEM admin for its subtree (staff for their
// owner, with edit authority); a reader is shown the news of its ancestors that is public now and addressed
// to everyone or to its own account (the owner of the news' distribution site). System notifications: the
// platform master writes (menu system_notification); receivers by their owner's type; read marks per account.

/** The job that stores a notice's status at its start and at its end (idempotent: it recomputes). */
export const REFRESH_JOB = 'notices.refresh';
const WRITERS: readonly AccountType[] = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'];

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

// ---- shared: dates, image, jobs ----

interface Resolved {
  startDate: string | null;
  endDate: string | null;
}

/**
 * The dates to store: an instant notice starts when it is first published (kept on later saves), a scheduled
 * one at its chosen start; the end stays optional for an instant one and must come after the start.
 */
function resolveDates(
  input: { publishType: 'INSTANT' | 'SCHEDULED'; intent: string; startDate?: string | null; endDate?: string | null },
  prev: { publish_type: string; start_date: Date | string | null } | undefined,
  now: Date,
): Resolved {
  const endDate = input.endDate ? new Date(input.endDate).toISOString() : null;
  let startDate: string | null;
  if (input.publishType === 'SCHEDULED') startDate = input.startDate ? new Date(input.startDate).toISOString() : null;
  else if (prev?.publish_type === 'INSTANT' && prev.start_date) startDate = iso(prev.start_date);
  else startDate = input.intent === 'PUBLIC' ? now.toISOString() : null;
  if (startDate && endDate && new Date(endDate) <= new Date(startDate)) throw fieldError('endDate', 'validation.date_end_after_start');
  return { startDate, endDate };
}

/** An image is a completed upload of the writer's own (media, no site), or the one already stored. */
function checkImage(ctx: AppContext, actor: Actor, url: string | null | undefined, stored: string | null): string | null {
  if (!url) return null;
  if (url === stored) return url;
  const prefix = `${ctx.storage.publicBase()}/accounts/${actor.ownerId}/`;
  if (!url.startsWith(prefix) || !/^[A-Za-z0-9._-]+$/.test(url.slice(prefix.length)))
    throw fieldError('imageUrl', 'sites.upload_not_found');
  return url;
}

/** In the saving transaction: a refresh at each boundary still ahead (a changed date queues a new one; old ones find nothing to move). */
async function queueBoundaries(q: Queryable, table: 'news' | 'system', id: number, d: Resolved, now: Date): Promise<void> {
  for (const at of [d.startDate, d.endDate]) {
    if (!at || new Date(at) <= now) continue;
    await enqueueJob(q, REFRESH_JOB, { table, id }, { runAt: new Date(at), dedupeKey: `${table}:${id}:${at}`, maxAttempts: 20 });
  }
}

export async function refreshJob(ctx: AppContext, payload: Record<string, unknown>): Promise<unknown> {
  const table = payload.table === 'system' ? 'system' : 'news';
  const id = Number(payload.id);
  if (!Number.isSafeInteger(id)) return { skipped: true };
  // the job runs once its run_at (a boundary) has passed on the app's clock: the status as of that clock
  return { status: await ctx.db.tx((q) => repo.refreshStatus(q, table, id, ctx.clock.now())) };
}

const common = (r: repo.NewsRow | repo.SystemNotiRow, now: Date) => ({
  id: Number(r.id),
  title: r.title,
  url: r.url,
  body: r.body,
  imageUrl: r.image_url,
  publishType: r.publish_type,
  intent: r.intent,
  status: r.status,
  scheduled: r.intent === 'PUBLIC' && r.start_date !== null && new Date(r.start_date) > now,
  startDate: iso(r.start_date),
  endDate: iso(r.end_date),
  createdAt: iso(r.created_at) as string,
  updatedAt: iso(r.updated_at) as string,
});

const listArgs = (p: NoticeListQuery, now: Date): repo.ListArgs => ({
  filter: p.status,
  search: p.search || undefined,
  sort: p.sort,
  order: p.order,
  limit: p.pageSize,
  offset: (p.page - 1) * p.pageSize,
  now,
});

// ---- news ----

function isWriter(actor: Actor): boolean {
  return WRITERS.includes(actor.effectiveType);
}
function assertWriter(actor: Actor): void {
  assertMenu(actor, 'latest_information');
  if (!isWriter(actor)) throw forbidden();
  assertCanEdit(actor);
}
/** The accounts above the caller's owner (its materialized path without itself). */
function ancestorIds(actor: Actor): number[] {
  return actor.scopePath
    .split('/')
    .filter(Boolean)
    .map(Number)
    .filter((id) => id !== actor.ownerId);
}

async function presentNews(q: Queryable, actor: Actor, rows: repo.NewsRow[], now: Date): Promise<NewsView[]> {
  const authors = await getAccountBriefs(
    q,
    rows.map((r) => Number(r.account_id)),
  );
  return rows.map((r) => ({
    ...common(r, now),
    distributionSiteId: r.distribution_site_id === null ? null : Number(r.distribution_site_id),
    distributionSiteName: r.distribution_site_name,
    authorName: authors.get(Number(r.account_id))?.companyName ?? '',
    own: Number(r.account_id) === actor.ownerId,
  }));
}

/** GET /news: the caller's own news (writers only). */
export async function listOwnNews(ctx: AppContext, actor: Actor, p: NoticeListQuery, now = ctx.clock.now()): Promise<NewsList> {
  assertMenu(actor, 'latest_information');
  if (!isWriter(actor)) throw forbidden();
  const { rows, total } = await repo.listOwnNews(ctx.db, actor.ownerId, listArgs(p, now));
  return { items: await presentNews(ctx.db, actor, rows, now), total, page: p.page, pageSize: p.pageSize };
}

/** GET /news/feed: what the caller is shown now from above. */
export async function newsFeed(ctx: AppContext, actor: Actor, p: NoticeFeedQuery, now = ctx.clock.now()): Promise<NewsList> {
  assertMenu(actor, 'latest_information');
  const { rows, total } = await repo.listNewsFeed(ctx.db, {
    ancestorIds: ancestorIds(actor),
    readerId: actor.ownerId,
    search: p.search || undefined,
    limit: p.pageSize,
    offset: (p.page - 1) * p.pageSize,
    now,
  });
  return { items: await presentNews(ctx.db, actor, rows, now), total, page: p.page, pageSize: p.pageSize };
}

/** Whether the caller may see this row: its own, or shown to it now from above. */
function newsVisible(actor: Actor, r: repo.NewsRow): boolean {
  if (Number(r.account_id) === actor.ownerId) return isWriter(actor);
  return (
    ancestorIds(actor).includes(Number(r.account_id)) &&
    r.status === 'PUBLIC' &&
    (r.audience_account_id === null || Number(r.audience_account_id) === actor.ownerId)
  );
}

export async function getNews(ctx: AppContext, actor: Actor, id: number, now = ctx.clock.now()): Promise<NewsView> {
  assertMenu(actor, 'latest_information');
  const r = await repo.findNews(ctx.db, id, now);
  if (!r || !newsVisible(actor, r)) throw notFound();
  return (await presentNews(ctx.db, actor, [r], now))[0] as NewsView;
}

async function newsInput(ctx: AppContext, q: Queryable, actor: Actor, b: NewsBody, prev: repo.NewsRow | undefined, now: Date) {
  const dates = resolveDates(b, prev, now);
  let site: { id: number; name: string; accountId: number } | null = null;
  if (b.distributionSiteId) {
    // a site of the writer's subtree whose owner is below the writer (its operators are the audience)
    const s = await scopedSite(q, actor, b.distributionSiteId).catch(() => {
      throw fieldError('distributionSiteId', 'server.not_found');
    });
    if (Number(s.account_id) === actor.ownerId) throw fieldError('distributionSiteId', 'server.not_found');
    site = { id: Number(s.id), name: s.name, accountId: Number(s.account_id) };
  }
  const input: repo.NewsInput = {
    title: b.title,
    url: b.url || null,
    body: b.body,
    imageUrl: checkImage(ctx, actor, b.imageUrl, prev?.image_url ?? null),
    publishType: b.publishType,
    intent: b.intent,
    ...dates,
    distributionSiteId: site?.id ?? null,
    distributionSiteName: site?.name ?? null,
    audienceAccountId: site?.accountId ?? null,
  };
  return { input, dates };
}

export async function createNews(ctx: AppContext, actor: Actor, b: NewsBody, now = ctx.clock.now()): Promise<NewsView> {
  assertWriter(actor);
  return ctx.db.tx(async (q) => {
    const { input, dates } = await newsInput(ctx, q, actor, b, undefined, now);
    const id = await repo.insertNews(q, actor.ownerId, input);
    await queueBoundaries(q, 'news', id, dates, now);
    await repo.refreshStatus(q, 'news', id, now);
    return (await presentNews(q, actor, [(await repo.findNews(q, id, now)) as repo.NewsRow], now))[0] as NewsView;
  });
}

/** The caller's own news, locked (another's: 404). */
async function ownNews(q: Queryable, actor: Actor, id: number, now: Date): Promise<repo.NewsRow> {
  const r = await repo.findNews(q, id, now, true);
  if (!r || Number(r.account_id) !== actor.ownerId) throw notFound();
  return r;
}

export async function updateNews(ctx: AppContext, actor: Actor, id: number, b: NewsBody, now = ctx.clock.now()): Promise<NewsView> {
  assertWriter(actor);
  return ctx.db.tx(async (q) => {
    const prev = await ownNews(q, actor, id, now);
    const { input, dates } = await newsInput(ctx, q, actor, b, prev, now);
    await repo.updateNews(q, id, input);
    await queueBoundaries(q, 'news', id, dates, now);
    await repo.refreshStatus(q, 'news', id, now);
    return (await presentNews(q, actor, [(await repo.findNews(q, id, now)) as repo.NewsRow], now))[0] as NewsView;
  });
}

export async function deleteNews(ctx: AppContext, actor: Actor, id: number, now = ctx.clock.now()): Promise<void> {
  assertWriter(actor);
  await ctx.db.tx(async (q) => {
    await ownNews(q, actor, id, now);
    await repo.deleteNews(q, id);
  });
}

// ---- system notifications ----

/** The receiver role of the caller (its owner's type); the platform master receives none. */
export function receiverRole(actor: Actor): ReceiverRole | null {
  return (RECEIVER_ROLES as readonly string[]).includes(actor.effectiveType) ? (actor.effectiveType as ReceiverRole) : null;
}

function presentSystem(r: repo.SystemNotiRow, now: Date): SystemNotiView {
  return { ...common(r, now), receiverRoles: r.receiver_roles, read: Boolean(r.read) };
}

/** GET /system_noti: the platform master's list. */
export async function listSystemNotis(ctx: AppContext, actor: Actor, p: NoticeListQuery, now = ctx.clock.now()): Promise<SystemNotiList> {
  assertMenu(actor, 'system_notification');
  const { rows, total } = await repo.listSystemNotis(ctx.db, listArgs(p, now));
  return { items: rows.map((r) => presentSystem(r, now)), total, page: p.page, pageSize: p.pageSize };
}

/** GET /system_noti/show: the caller's notifications with its unread count (none for the platform master). */
export async function systemInbox(
  ctx: AppContext,
  actor: Actor,
  p: { page: number; pageSize: number },
  now = ctx.clock.now(),
): Promise<SystemNotiInbox> {
  const role = receiverRole(actor);
  if (!role) return { items: [], total: 0, unread: 0, page: p.page, pageSize: p.pageSize };
  const r = await repo.systemInbox(ctx.db, { role, accountId: actor.id, limit: p.pageSize, offset: (p.page - 1) * p.pageSize, now });
  return { items: r.rows.map((x) => presentSystem(x, now)), total: r.total, unread: r.unread, page: p.page, pageSize: p.pageSize };
}

export async function unreadCount(ctx: AppContext, actor: Actor, now = ctx.clock.now()): Promise<number> {
  const role = receiverRole(actor);
  return role ? repo.unreadSystemNotis(ctx.db, role, actor.id, now) : 0;
}

/** GET /system_noti/{id}: the writer sees any; a receiver only one shown to it now (else 404). */
export async function getSystemNoti(ctx: AppContext, actor: Actor, id: number, now = ctx.clock.now()): Promise<SystemNotiView> {
  const r = await repo.findSystemNoti(ctx.db, id, now, actor.id);
  if (!r) throw notFound();
  if (actor.effectiveType === 'MASTER') {
    assertMenu(actor, 'system_notification');
    return presentSystem({ ...r, read: false }, now);
  }
  const role = receiverRole(actor);
  if (!role || !r.receiver_roles.includes(role) || r.status !== 'PUBLIC') throw notFound();
  return presentSystem(r, now);
}

/** PUT /system_noti/mark_as_read: the caller's own marks; ids it is not shown are ignored. */
export async function markAsRead(ctx: AppContext, actor: Actor, b: MarkAsReadBody, now = ctx.clock.now()): Promise<number> {
  const role = receiverRole(actor);
  if (!role) return 0;
  return ctx.db.tx(async (q) => {
    await repo.markSystemNotisRead(q, role, actor.id, [...new Set(b.notiIds)], now);
    return repo.unreadSystemNotis(q, role, actor.id, now);
  });
}

function systemInput(ctx: AppContext, actor: Actor, b: SystemNotiBody, prev: repo.SystemNotiRow | undefined, now: Date) {
  const dates = resolveDates(b, prev, now);
  const input: repo.SystemNotiInput = {
    title: b.title,
    url: b.url || null,
    body: b.body,
    imageUrl: checkImage(ctx, actor, b.imageUrl, prev?.image_url ?? null),
    publishType: b.publishType,
    intent: b.intent,
    ...dates,
    receiverRoles: [...new Set(b.receiverRoles)],
  };
  return { input, dates };
}

function assertSystemWriter(actor: Actor): void {
  assertMenu(actor, 'system_notification');
  assertCanEdit(actor);
}

export async function createSystemNoti(ctx: AppContext, actor: Actor, b: SystemNotiBody, now = ctx.clock.now()): Promise<SystemNotiView> {
  assertSystemWriter(actor);
  return ctx.db.tx(async (q) => {
    const { input, dates } = systemInput(ctx, actor, b, undefined, now);
    const id = await repo.insertSystemNoti(q, actor.ownerId, input);
    await queueBoundaries(q, 'system', id, dates, now);
    await repo.refreshStatus(q, 'system', id, now);
    return presentSystem((await repo.findSystemNoti(q, id, now, null)) as repo.SystemNotiRow, now);
  });
}

export async function updateSystemNoti(ctx: AppContext, actor: Actor, id: number, b: SystemNotiBody, now = ctx.clock.now()) {
  assertSystemWriter(actor);
  return ctx.db.tx(async (q) => {
    const prev = await repo.findSystemNoti(q, id, now, null, true);
    if (!prev) throw notFound();
    const { input, dates } = systemInput(ctx, actor, b, prev, now);
    await repo.updateSystemNoti(q, id, input);
    await queueBoundaries(q, 'system', id, dates, now);
    await repo.refreshStatus(q, 'system', id, now);
    return presentSystem((await repo.findSystemNoti(q, id, now, null)) as repo.SystemNotiRow, now);
  });
}

export async function deleteSystemNoti(ctx: AppContext, actor: Actor, id: number, now = ctx.clock.now()): Promise<void> {
  assertSystemWriter(actor);
  await ctx.db.tx(async (q) => {
    if (!(await repo.findSystemNoti(q, id, now, null, true))) throw notFound();
    await repo.deleteSystemNoti(q, id);
  });
}
