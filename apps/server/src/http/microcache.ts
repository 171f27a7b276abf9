import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse, validateHeaderName, validateHeaderValue } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { encodingKey } from './encoding.js';

// A response micro-cache in front of the sites origin (the "microcaching" of reverse proxies, in
// process). Public published-site answers (page detail, site shell, server-rendered pages) are the
// same bytes for every visitor with the same address, language and encoding; the busiest of them are
// asked thousands of times a second. A handler opts in with `cacheable(reply)`; the finished
// response (status 200, no cookie set) is kept for a short time and the next identical request is
// answered before routing and hooks run. Entries are dropped whenever a site changes
// (`site.invalidated`: publish, unpublish, domain, default site), and live ttlMs, so another instance's publish shows within that time
// on top of the published-site cache's own staleness. When an entry has expired, one request goes through to
// the app and its answer replaces the entry; requests arriving meanwhile still get the old answer, for at most
// REFRESH_MS (a hot address at 100 connections otherwise sent all of them through the app in the same
// millisecond, every ttlMs: a 30 to 50 ms stall each time).
//
// Contract for handlers that opt in: the response may depend only on the method, Host, URL,
// Accept-Language, the encoding accepted (http/encoding.ts), X-Forwarded-Proto/Host, the cookies named in `cookies`,
// and published data. A request with Authorization is never answered from here.
// An address whose answer depends on the visitor in a way the handler can compute from the request alone (a page
// under an experiment: the variation hashed from a cookie) opts in with a `Vary`: the address then keeps a marker
// holding that function and one entry per variant; a request is answered from its variant's entry, and goes to the
// app when the function answers null (a visitor the app must first give a cookie).

export interface MicroCacheOptions {
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** cookies the opted-in handlers read */
  cookies?: string[];
}

/** Headers as Node keeps a response's own (`{ name: [name, value] }`). */
type NodeHeaders = Record<string, [string, string | number | readonly string[]]>;

interface Entry {
  at: number;
  /** the kept headers as Node keeps them (NODE_HEADERS), with a slot for the request id: for a 304, and
   *  the same with content-length for a 200 */
  node304: NodeHeaders;
  node200: NodeHeaders;
  body: Buffer;
  etag: string | null;
  /** when the request fetching it again was let through (0: none yet) */
  refreshing: number;
  /** what it costs in memory: body, key (the client chooses it: query string, headers) and headers */
  cost: number;
}

/** The memory of an entry beyond its body: its key and its two header records (UTF-16), and their bookkeeping. */
function entryCost(key: string, headers: NodeHeaders, body: Buffer): number {
  let text = key.length;
  for (const [k, v] of Object.values(headers)) text += k.length + String(v).length;
  return body.length + 2 * key.length + 2 * 2 * text + 512;
}

/** How long an expired entry is still answered while one request fetches it again. */
export const REFRESH_MS = 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** the sites origin's micro-cache, when on */
    microcache?: MicroCache;
  }
}

const TAG = Symbol('microcache');
/**
 * Names the variant of an address a request gets, from the request alone; null: the app must answer it. With
 * `setCookie`, the answer carries those cookies too (a first visit given its id here, as the app would give it).
 */
export type VaryFn = (req: IncomingMessage) => string | null | { part: string; setCookie: string[] };
export interface Vary {
  fn: VaryFn;
  /** the variant this response is */
  part: string;
}
type Tagged = FastifyReply & { [TAG]?: true | Vary };

/**
 * Marks this response as the same for every request with the same key (see the contract above), or, with `vary`,
 * for every request with the same key that `vary.fn` names `vary.part`.
 */
export function cacheable(reply: FastifyReply, vary?: Vary): void {
  (reply as Tagged)[TAG] = vary ?? true;
}

/** An address answered per variant: the function naming a request's variant (its entries are `key\n#variant`). */
interface Marker {
  vary: VaryFn;
  cost: number;
}
const isMarker = (e: Entry | Marker): e is Marker => 'vary' in e;

/**
 * The symbol under which Node keeps a response's headers, when this version of Node has it. Headers given
 * there, rather than to writeHead, are written without being checked again character by character: that
 * check (a regular expression over every value, a CSP of 560 characters among them) was a tenth of the
 * server's time per cached answer. An entry's headers are checked once, with Node's own
 * validateHeaderName/Value, when it is stored; a Node without the symbol gets them through writeHead.
 */
export const NODE_HEADERS: symbol | undefined = (() => {
  try {
    const req = { method: 'GET', url: '/', httpVersionMajor: 1, httpVersionMinor: 1, headers: {} } as IncomingMessage;
    return Object.getOwnPropertySymbols(new ServerResponse(req)).find((s) => s.description === 'kOutHeaders');
  } catch {
    return undefined; // another Node's response wants more of a request: the checked path
  }
})();

/** Node's form of a header object; null when a name or value is not one Node would send. */
function checkedHeaders(h: OutgoingHttpHeaders): NodeHeaders | null {
  const out: NodeHeaders = {};
  try {
    for (const [k, v] of Object.entries(h)) {
      if (v === undefined) continue;
      validateHeaderName(k);
      for (const one of [v].flat()) validateHeaderValue(k, String(one));
      out[k] = [k, v];
    }
  } catch {
    return null;
  }
  out['x-request-id'] = ['x-request-id', ''];
  return out;
}

const DROP = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Bounded in bytes (maxBytes: bodies, keys and headers, entryCost) and entries, like every in-process cache; its own
 * map rather than lib/bytecache.ts: first in, first out, so a hit on this hot path never re-inserts its entry.
 */
export class MicroCache {
  private readonly entries = new Map<string, Entry | Marker>();
  /** what the entries cost (entryCost), at most maxBytes */
  bytes = 0;
  private readonly maxEntries: number;
  readonly maxBytes: number;
  private readonly cookieNames: string[];
  hits = 0;
  /** answers it could keep but the app had to give (metrics) */
  misses = 0;

  constructor(private readonly opts: MicroCacheOptions) {
    this.maxEntries = opts.maxEntries ?? 5000;
    this.maxBytes = opts.maxBytes ?? 16 * 1024 * 1024;
    this.cookieNames = opts.cookies ?? [];
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cache key of a request, or null when it may never be answered from the cache. */
  keyOf(req: IncomingMessage): string | null {
    if (req.method !== 'GET') return null;
    const h = req.headers;
    if (h.authorization) return null;
    let key = `${h.host ?? ''}\n${req.url ?? ''}\n${h['accept-language'] ?? ''}\n${encodingKey(h['accept-encoding'])}\n${h['x-forwarded-proto'] ?? ''}\n${h['x-forwarded-host'] ?? ''}`;
    if (h.cookie && this.cookieNames.length) key += `\n${this.cookieValues(String(h.cookie))}`;
    return key;
  }

  private cookieValues(header: string): string {
    let out = '';
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const name = part.slice(0, eq).trim();
      if (this.cookieNames.includes(name)) out += `${name}=${part.slice(eq + 1).trim()};`;
    }
    return out;
  }

  /** Answers the request from the cache; false when it is not there (the app answers it). */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.entries.size === 0) return false;
    let key = this.keyOf(req);
    if (key === null) return false;
    let e = this.entries.get(key);
    if (!e) return false;
    let cookies: string[] | undefined;
    if (isMarker(e)) {
      const v = e.vary(req);
      if (v === null) return false;
      if (typeof v !== 'string') cookies = v.setCookie;
      key = `${key}\n#${typeof v === 'string' ? v : v.part}`;
      e = this.entries.get(key);
      if (!e || isMarker(e)) return false;
    }
    const now = Date.now();
    if (now - e.at > this.opts.ttlMs) {
      if (e.refreshing === 0) {
        e.refreshing = now;
        return false;
      }
      // the request let through did not bring a new answer to keep (an error, a cookie): start over
      if (now - e.refreshing > REFRESH_MS) {
        this.remove(key, e);
        return false;
      }
    }
    this.hits++;
    const inm = req.headers['if-none-match'];
    const notModified = e.etag !== null && inm?.split(',').some((t) => t.trim().replace(/^W\//, '') === e.etag);
    // One header object per entry, its request id filled in just before writeHead renders it
    // (synchronously): no setHeader calls, no per-hit object. Node renders the headers it
    // keeps as they are (checked when stored); nothing changes them once they are rendered.
    const kept = notModified === true ? e.node304 : e.node200;
    (kept['x-request-id'] as [string, string])[1] = randomUUID();
    // a variant's cookies (made by its vary function from safe characters): this answer's own header record
    const own: NodeHeaders = cookies ? { ...kept, 'set-cookie': ['set-cookie', cookies] } : kept;
    if (NODE_HEADERS) {
      (res as unknown as Record<symbol, NodeHeaders>)[NODE_HEADERS] = own;
      res.writeHead(notModified ? 304 : 200);
    } else res.writeHead(notModified ? 304 : 200, Object.values(own) as [string, string][]);
    res.end(notModified ? undefined : e.body);
    return true;
  }

  store(key: string, headers: OutgoingHttpHeaders, body: Buffer, vary?: Vary): void {
    if (this.opts.ttlMs <= 0 || body.length > this.maxBytes / 16) return;
    const kept: OutgoingHttpHeaders = {};
    for (const [k, v] of Object.entries(headers)) if (v !== undefined && !DROP.has(k)) kept[k] = v;
    const node304 = checkedHeaders(kept);
    if (!node304) return;
    // the same, checked, with the body's length (a number: nothing to check) and a request id slot of its own
    const node200: NodeHeaders = { ...node304, 'content-length': ['content-length', body.length], 'x-request-id': ['x-request-id', ''] };
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const cost = entryCost(key, node200, body);
    if (cost > this.maxBytes / 16) return;
    while (this.entries.size >= this.maxEntries || (this.entries.size > 0 && this.bytes + cost > this.maxBytes)) {
      const [k, v] = this.entries.entries().next().value as [string, Entry | Marker];
      this.remove(k, v);
    }
    const etag = typeof kept.etag === 'string' ? kept.etag : null;
    if (vary) {
      // the address's marker (it replaced a plain entry, or the marker of an older set of variants, above), then
      // the variant
      const marker: Marker = { vary: vary.fn, cost: 2 * key.length + 512 };
      this.entries.set(key, marker);
      this.bytes += marker.cost;
      key = `${key}\n#${vary.part}`;
      const prev = this.entries.get(key);
      if (prev) this.remove(key, prev);
    }
    this.entries.set(key, { at: Date.now(), node304, node200, body, etag, refreshing: 0, cost });
    this.bytes += cost;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, e: Entry | Marker): void {
    this.entries.delete(key);
    this.bytes -= e.cost;
  }

  /** Keeps the responses of handlers that opted in (runs after every other onSend hook). */
  install(app: FastifyInstance): void {
    app.addHook('onSend', (req, reply, payload, done) => {
      const tag = (reply as Tagged)[TAG];
      // a variant is kept without its cookies: its vary function gives each request its own
      if (tag && reply.statusCode === 200 && req.method === 'GET' && (tag !== true || !reply.hasHeader('set-cookie'))) {
        const body = Buffer.isBuffer(payload) ? payload : typeof payload === 'string' ? Buffer.from(payload, 'utf8') : null;
        const key = body ? this.keyOf(req.raw) : null;
        if (key !== null) this.misses++;
        const headers = reply.getHeaders() as OutgoingHttpHeaders;
        if (tag !== true) delete headers['set-cookie'];
        if (body && key !== null) this.store(key, headers, body, tag === true ? undefined : tag);
      }
      done(null, payload);
    });
  }
}
