import type { DeliveryInput, DeliveryList, DeliveryListQuery, DeliveryState, DeliveryView, Language, NotificationView } from '@swipe/core';
import { mediaUrl } from '@swipe/core/media.ts';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/db.js';
import { fieldError, notFound } from '../../errors.js';
import { ByteCache, jsonBytes, perContext } from '../../lib/bytecache.js';
import { type Actor, assertCanEdit } from '../accounts/actor.js';
import { scopedSite } from '../sites/service.js';
import { type DeliveryRow, deleteRow, findRow, insertRow, listRows, liveRows, updateRow } from './repo.js';

// Notification delivery: the operators of a site write its banner notifications; visitors
// read the live ones (viewer's /end-user/noti_delivery). Every change drops the cached live lists of the
// site here and, through the kv, in every process, so the next banner request shows it (no restart).

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null);

export function stateOf(r: Pick<DeliveryRow, 'status' | 'start_date' | 'end_date'>, now: number): DeliveryState {
  if (r.status === 'EXPIRED') return 'ended';
  if (r.status !== 'PUBLIC') return 'hidden';
  if (r.start_date && new Date(r.start_date).getTime() > now) return 'scheduled';
  if (r.end_date && new Date(r.end_date).getTime() <= now) return 'ended';
  return 'live';
}

/** A delivery as the operator sees it; its state as of `now` (business time, ms). */
function present(r: DeliveryRow, now: number): DeliveryView {
  return {
    id: Number(r.id),
    siteId: Number(r.site_id),
    title: r.title,
    content: r.content,
    lang: r.lang as Language | null,
    imageUrl: r.image_url,
    newsUrl: r.news_url,
    status: r.status === 'EXPIRED' ? 'UNPUBLIC' : r.status,
    state: stateOf(r, now),
    startDate: iso(r.start_date),
    endDate: iso(r.end_date),
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
  };
}

// ---- the visitor side: live notifications, cached until a change ----

const TTL_S = 60;
/** At most this many bytes of live notification lists in process (lib/bytecache.ts). */
export const NOTIFICATIONS_CACHE_BYTES = 4 * 1024 * 1024;
// windows move: an entry lives a short time even without a change (less with a shared kv, for other processes' writes)
const localCache = perContext<NotificationView[], AppContext>((ctx) => {
  const local = new ByteCache<NotificationView[]>(
    'live notifications',
    NOTIFICATIONS_CACHE_BYTES,
    jsonBytes,
    ctx.config.redisUrl ? 5_000 : 30_000,
  );
  const drop = (id: number) => {
    if (!id) return local.clear();
    local.deleteWhere((k) => k.startsWith(`${id}:`));
  };
  ctx.events.on('site.invalidated', drop);
  ctx.events.on('deliveries.changed', drop);
  return local;
});

/** The notifications visitors of a site see now in a language (viewer.md 3: id, title, content, imageUrl, newsUrl, dates). */
export async function liveNotifications(ctx: AppContext, siteId: number, lang: Language): Promise<NotificationView[]> {
  const local = localCache(ctx);
  const key = `${siteId}:${lang}`;
  const hit = local.get(key);
  if (hit) return hit;
  const kvKey = `site:${siteId}:noti:${lang}`;
  const shared = await ctx.kv.get(kvKey);
  let value: NotificationView[];
  if (shared !== null) value = JSON.parse(shared) as NotificationView[];
  else {
    const base = ctx.storage.publicBase();
    const rows = await liveRows(ctx.db, siteId, lang, ctx.clock.now());
    value = rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      content: r.content,
      imageUrl: r.image_url ? (/^https?:\/\//i.test(r.image_url) ? r.image_url : mediaUrl(base, r.image_url)) : null,
      newsUrl: r.news_url,
      startDate: iso(r.start_date),
      endDate: iso(r.end_date),
    }));
    await ctx.kv.set(kvKey, JSON.stringify(value), TTL_S);
  }
  local.set(key, value);
  return value;
}

/** Drops the cached live notifications of a site, here and in every process sharing the kv. */
export async function dropDeliveries(ctx: AppContext, siteId: number): Promise<void> {
  await ctx.kv.del(`site:${siteId}:noti:`);
  ctx.events.emit('deliveries.changed', siteId);
}

// ---- the operator side, scoped to the site's tenant ----

async function siteOf(q: Queryable, actor: Actor, siteId: number, lock = false) {
  const s = await scopedSite(q, actor, siteId, lock);
  return { id: Number(s.id), name: s.name, languages: s.languages, defaultLanguage: s.default_language };
}

async function scopedDelivery(q: Queryable, actor: Actor, id: number, lock = false) {
  const row = await findRow(q, id, lock);
  if (!row) throw notFound();
  const site = await siteOf(q, actor, Number(row.site_id), lock);
  return { row, site };
}

function checkLang(input: DeliveryInput, languages: readonly string[]) {
  if (input.lang !== null && !languages.includes(input.lang)) throw fieldError('lang', 'validation.invalid_option');
}

export async function listDeliveries(ctx: AppContext, actor: Actor, siteId: number, p: DeliveryListQuery): Promise<DeliveryList> {
  const site = await siteOf(ctx.db, actor, siteId);
  const now = ctx.clock.nowMs();
  const { rows, total } = await listRows(ctx.db, siteId, p, new Date(now));
  return { items: rows.map((r) => present(r, now)), total, page: p.page, pageSize: p.pageSize, site };
}

export async function getDelivery(ctx: AppContext, actor: Actor, id: number): Promise<DeliveryView> {
  return present((await scopedDelivery(ctx.db, actor, id)).row, ctx.clock.nowMs());
}

export async function createDelivery(ctx: AppContext, actor: Actor, siteId: number, input: DeliveryInput): Promise<DeliveryView> {
  assertCanEdit(actor);
  const row = await ctx.db.tx(async (q) => {
    const site = await siteOf(q, actor, siteId, true);
    checkLang(input, site.languages);
    return insertRow(q, siteId, input);
  });
  await dropDeliveries(ctx, siteId);
  return present(row, ctx.clock.nowMs());
}

export async function updateDelivery(ctx: AppContext, actor: Actor, id: number, input: DeliveryInput): Promise<DeliveryView> {
  assertCanEdit(actor);
  const row = await ctx.db.tx(async (q) => {
    const { site } = await scopedDelivery(q, actor, id, true);
    checkLang(input, site.languages);
    return updateRow(q, id, input);
  });
  await dropDeliveries(ctx, Number(row.site_id));
  return present(row, ctx.clock.nowMs());
}

export async function deleteDelivery(ctx: AppContext, actor: Actor, id: number): Promise<number> {
  assertCanEdit(actor);
  const siteId = await ctx.db.tx(async (q) => {
    const { row } = await scopedDelivery(q, actor, id, true);
    await deleteRow(q, id);
    return Number(row.site_id);
  });
  await dropDeliveries(ctx, siteId);
  return siteId;
}

// What the embedded mode's demo data writes.
export { insertPublicNotifications, type NewNotification } from './repo.js';
