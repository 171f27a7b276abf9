import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ByteCache } from '../lib/bytecache.js';
import { type Compressed, compressOnce, sendEncoded } from './encoding.js';

// The front ends' built files (the viewer's bundles on the sites origin, the back-office's on the admin origin),
// served from memory in the form the client accepts. The build writes each text file's brotli and gzip forms
// beside it (`<file>.br`, `<file>.gz`: scripts/vite-precompress.ts, the same compression as encoding.ts); a build
// without them (a test's folder) has its files compressed once here, when first asked for.

export const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Types worth compressing (fonts and images are compressed formats already). */
export const COMPRESSIBLE = /^text\/|javascript|json|svg/;

/** The precompressed forms' suffixes: never answered as files of their own. */
export const SIBLINGS = ['.br', '.gz'] as const;

export interface BuiltFile extends Compressed {
  raw: Buffer;
  type: string;
}

// Bounded in bytes; only files that exist in a build are kept, so the cache holds the builds at most.
const files = new ByteCache<BuiltFile>('built files', 64 * 1024 * 1024, (e) => e.raw.length + (e.gzip?.length ?? 0) + (e.br?.length ?? 0));

/** A precompressed form written by the same build (not older than the file), or null. */
function sibling(full: string, suffix: string, mtimeMs: number): Buffer | null {
  try {
    const st = fs.statSync(full + suffix);
    return st.mtimeMs >= mtimeMs ? fs.readFileSync(full + suffix) : null;
  } catch {
    return null;
  }
}

/**
 * The file at `rel` inside `dist` with its compressed forms, or null when there is none (or `rel` leaves `dist`,
 * or names a precompressed form or the bundler's own folder `.vite`).
 */
export function builtFile(dist: string, rel: string): BuiltFile | null {
  const root = path.resolve(dist);
  const full = path.resolve(root, rel);
  if (!full.startsWith(root + path.sep) || full.includes(`${path.sep}.vite${path.sep}`) || full.includes('\0')) return null;
  if (SIBLINGS.some((s) => full.endsWith(s))) return null;
  const hit = files.get(full);
  if (hit) return hit;
  let st: fs.Stats;
  let raw: Buffer;
  try {
    st = fs.statSync(full);
    if (!st.isFile()) return null;
    raw = fs.readFileSync(full);
  } catch {
    return null;
  }
  const type = TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
  let e: BuiltFile = { raw, type, gzip: null, br: null };
  if (COMPRESSIBLE.test(type)) {
    const br = sibling(full, '.br', st.mtimeMs);
    const gzip = sibling(full, '.gz', st.mtimeMs);
    // brotli made now when the build did not: these answers are cached for a year, and a shared cache keeps the
    // form it got first
    e = br && gzip ? { raw, type, br, gzip } : compressOnce(raw, e, true);
  }
  files.set(full, e);
  return e;
}

/** Sends a built file in the form the client accepts (Vary: Accept-Encoding), with its type. */
export function sendBuilt(req: FastifyRequest, reply: FastifyReply, e: BuiltFile) {
  reply.type(e.type);
  return sendEncoded(req, reply, e.raw, e);
}
