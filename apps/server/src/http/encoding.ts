import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Which compressed form of a response a client takes (Accept-Encoding): brotli, then gzip, else
// none. One rule for the senders (viewer assets, server-rendered pages, published JSON) and for the
// micro-cache's key, which must tell apart the requests that get different bytes.

/** An encoding counts as accepted when it is named without `q=0` (RFC 9110 12.5.3). */
function accepts(header: string, name: 'br' | 'gzip'): boolean {
  const at = header.indexOf(name);
  if (at < 0) return false;
  // the usual header ("gzip, deflate, br"): no weights, the name once, as a whole token
  if (!header.includes(';') && header.indexOf(name, at + 1) < 0) {
    const before = at === 0 ? ',' : header[at - 1];
    const after = header[at + name.length] ?? ',';
    return (before === ',' || before === ' ') && (after === ',' || after === ' ');
  }
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    if (token.trim().toLowerCase() !== name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

export interface Accepted {
  br: boolean;
  gzip: boolean;
}

export function acceptedEncodings(header: string | string[] | undefined): Accepted {
  const h = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  return { br: h !== '' && accepts(h, 'br'), gzip: h !== '' && accepts(h, 'gzip') };
}

/** The part of a cache key that tells apart requests answered with different encodings. */
export function encodingKey(header: string | string[] | undefined): string {
  const a = acceptedEncodings(header);
  return `${a.br ? 'br' : ''}${a.gzip ? 'gz' : ''}`;
}

/**
 * A body's compressed forms, made once and then sent as they are to every client (viewer assets,
 * rendered pages, published JSON). `br` is null while it is being made.
 */
export interface Compressed {
  gzip: Buffer | null;
  br: Buffer | null;
}

/** Bodies from this size are compressed: below it the saving is about the size of the headers it needs. */
export const COMPRESS_FROM = 1024;

const BROTLI = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
};

/**
 * Gives `into` its compressed forms of `raw`: gzip -9 now (tens of microseconds for these bodies); brotli at
 * its best quality, some 15 to 25 % smaller but milliseconds of work, on the thread pool, so neither the
 * request nor the event loop waits for it. It is stored into the same object when done; gzip is sent until
 * then. A cache measuring the object when it is stored counts the gzip form twice for the brotli to come.
 * `now`: brotli too is made before returning, for files sent with a year of caching (a shared cache would
 * keep the gzip form it got first).
 */
export function compressOnce<T extends object>(raw: Buffer, into: T, now = false): T & Compressed {
  const c = Object.assign(into, { gzip: null, br: null }) as T & Compressed;
  if (raw.length < COMPRESS_FROM) return c;
  c.gzip = zlib.gzipSync(raw, { level: 9 });
  if (now) c.br = zlib.brotliCompressSync(raw, BROTLI);
  else
    zlib.brotliCompress(raw, BROTLI, (err, buf) => {
      if (!err) c.br = buf;
    });
  return c;
}

/**
 * Both compressed forms of a file at once, on the thread pool (several files compress side by side): what a build
 * writes beside its files (scripts/vite-precompress.ts), the same forms `compressOnce` makes; null below
 * `COMPRESS_FROM`.
 */
export async function compressFile(raw: Buffer): Promise<{ gzip: Buffer; br: Buffer } | null> {
  if (raw.length < COMPRESS_FROM) return null;
  const [gzip, br] = await Promise.all([promisify(zlib.gzip)(raw, { level: 9 }), promisify(zlib.brotliCompress)(raw, BROTLI)]);
  return { gzip, br };
}

/** Whether the form this client gets is final: not gzip while the brotli it would take is still being made. */
export function settled(acceptEncoding: string | string[] | undefined, c: Compressed): boolean {
  return c.gzip === null || c.br !== null || !acceptedEncodings(acceptEncoding).br;
}

/**
 * Sends br, else gzip, when the client accepts it and it is there; else the body as it is. Vary names
 * Accept-Encoding unless the caller set a Vary of its own (which then names it when the body is compressed).
 */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, body: Buffer | string, encoded: Compressed) {
  if (!reply.hasHeader('vary')) reply.header('vary', 'accept-encoding');
  const accept = acceptedEncodings(req.headers['accept-encoding']);
  if (accept.br && encoded.br) return reply.header('content-encoding', 'br').send(encoded.br);
  if (accept.gzip && encoded.gzip) return reply.header('content-encoding', 'gzip').send(encoded.gzip);
  return reply.send(body);
}
