import { createHash } from 'node:crypto';
import { toSnake } from '@swipe/core/case.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheable } from '../../http/microcache.js';
import type { PublishedSite } from '../published/service.js';

// Serialized public payloads, keyed by the publication they come from: a new publication has a new
// version, so publishing makes every old entry unreachable (getPublishedSite is invalidated on publish).

export interface Cached {
  /** UTF-8 bytes, encoded once (not per response) */
  body: Buffer;
  etag: string;
  /** built from a publication (the same for every visitor): the micro-cache may keep the response */
  published?: boolean;
}

const MAX = 5000;
// One store per context (tests run several servers, each with its own database, in one process).
const stores = new WeakMap<object, Map<string, Cached>>();

export function versionKey(ps: Pick<PublishedSite, 'siteId' | 'version' | 'publishedAt'>): string {
  return `${ps.siteId}:${ps.version}:${ps.publishedAt}`;
}

/** The payload of `key` for this publication, built (and snake-cased, serialized, hashed) once. */
export function cachedJson(ctx: object, ps: PublishedSite, key: string, build: () => unknown): Cached {
  let store = stores.get(ctx);
  if (!store) {
    store = new Map();
    stores.set(ctx, store);
  }
  const k = `${versionKey(ps)}:${key}`;
  const hit = store.get(k);
  if (hit) return hit;
  const value: Cached = { ...serialize(build()), published: true };
  if (store.size >= MAX) store.delete(store.keys().next().value as string);
  store.set(k, value);
  return value;
}

export function serialize(payload: unknown): Cached {
  const body = Buffer.from(JSON.stringify(toSnake(payload)), 'utf8');
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"` };
}

/** Public, revalidated responses: ETag always, 304 when the client already has it. */
export function sendCached(req: FastifyRequest, reply: FastifyReply, c: Cached, cacheControl = 'public, max-age=0, must-revalidate') {
  reply.header('etag', c.etag);
  reply.header('cache-control', cacheControl);
  reply.header('vary', 'accept-language');
  const inm = req.headers['if-none-match'];
  if (c.published) cacheable(reply);
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === c.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(c.body);
}

/** Member-only responses: never stored by any cache. */
export function sendPrivate(reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'private, no-store');
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(toSnake(payload)));
}
