import { createHash } from 'node:crypto';
import { toSnake } from '@swipe/core/case.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Compressed, compressOnce, sendEncoded, settled } from '../../http/encoding.js';
import { cacheable } from '../../http/microcache.js';
import { ByteCache, jsonBytes, perContext } from '../../lib/bytecache.js';
import type { PublishedSite } from '../published/service.js';

// Serialized public payloads, keyed by the publication they come from: a new publication has a new
// version, so publishing makes every old entry unreachable (getPublishedSite is invalidated on publish).

export interface Cached extends Compressed {
  /** UTF-8 bytes, encoded once (not per response); compressed once when built from a publication */
  body: Buffer;
  etag: string;
  /** built from a publication (the same for every visitor): the micro-cache may keep the response */
  published?: boolean;
}

/** At most this many bytes of serialized payloads per server (bounded in bytes, not entries). */
export const PAYLOAD_CACHE_BYTES = 16 * 1024 * 1024;
// One store per context (tests run several servers, each with its own database, in one process).
const storeOf = perContext(
  () => new ByteCache<Cached>('viewer payloads', PAYLOAD_CACHE_BYTES, (c) => c.body.length + 2 * (c.gzip?.length ?? 0) + c.etag.length * 2),
);

/**
 * The publication, the owner's plan it was cut to (a plan change must not reuse older payloads) and the experiment
 * variations it shows (a variant never answers for the control or another variant).
 */
export function versionKey(ps: Pick<PublishedSite, 'siteId' | 'version' | 'publishedAt' | 'planKey' | 'variantKey'>): string {
  return `${ps.siteId}:${ps.version}:${ps.publishedAt}:${ps.planKey ?? ''}:${ps.variantKey ?? ''}`;
}

/** The payload of `key` for this publication, built (and snake-cased, serialized, hashed) once. */
export function cachedJson(ctx: object, ps: PublishedSite, key: string, build: () => unknown): Cached {
  const store = storeOf(ctx);
  const k = `${versionKey(ps)}:${key}`;
  const hit = store.get(k);
  if (hit) return hit;
  const s = serialize(build());
  const value = compressOnce(s.body, { ...s, published: true });
  store.set(k, value);
  return value;
}

const valuesOf = perContext(() => new ByteCache<unknown>('viewer values (page lists)', 4 * 1024 * 1024, jsonBytes));

/** A value derived from this publication, built once (for answers that are then cut per request). */
export function cachedValue<T>(ctx: object, ps: PublishedSite, key: string, build: () => T): T {
  const store = valuesOf(ctx);
  const k = `${versionKey(ps)}:${key}`;
  const hit = store.get(k);
  if (hit !== undefined) return hit as T;
  const value = build();
  store.set(k, value);
  return value;
}

/** The strong ETag of a body sent as it is built (payloads here, rendered pages). */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

const cachedOf = (body: Buffer): Cached => ({ body, etag: etagOf(body), gzip: null, br: null });

/** A list answer from items serialized beforehand (each one snake-cased JSON) and the list's other fields. */
export function serializeList(itemsJson: readonly string[], rest: Record<string, unknown>): Cached {
  return cachedOf(Buffer.from(`{"items":[${itemsJson.join(',')}],${JSON.stringify(toSnake(rest)).slice(1)}`, 'utf8'));
}

export function serialize(payload: unknown): Cached {
  return cachedOf(Buffer.from(JSON.stringify(toSnake(payload)), 'utf8'));
}

/**
 * Public, revalidated responses: ETag always, 304 when the client already has it. Payloads built from a
 * publication are sent compressed to clients that accept it (a page's detail: 2.2 KB of JSON, 0.7 KB in brotli).
 */
export function sendCached(req: FastifyRequest, reply: FastifyReply, c: Cached, cacheControl = 'public, max-age=0, must-revalidate') {
  reply.header('etag', c.etag);
  reply.header('cache-control', cacheControl);
  reply.header('vary', c.gzip ? 'accept-language, accept-encoding' : 'accept-language');
  const inm = req.headers['if-none-match'];
  if (c.published && settled(req.headers['accept-encoding'], c)) cacheable(reply);
  if (inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === c.etag)) return reply.code(304).send();
  return sendEncoded(req, reply.type('application/json; charset=utf-8'), c.body, c);
}

/** Member-only responses: never stored by any cache. */
export function sendPrivate(reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'private, no-store');
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(toSnake(payload)));
}
