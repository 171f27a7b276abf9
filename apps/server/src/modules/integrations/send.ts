import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AppContext } from '../../context.js';

// Sends one webhook request. Never to a private, loopback or link-local address in production (SSRF): the
// address is checked in the connection's own DNS lookup, so what was checked is what is connected to (no
// rebinding between check and connect); redirects are not followed. Development and tests (NODE_ENV not
// production) may send to this machine; WEBHOOK_ALLOW_PRIVATE=true allows it in production too.

export const WEBHOOK_TIMEOUT_MS = 10_000;

const PRIVATE = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv4');
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(a, p, 'ipv6');

/** Private, loopback, link-local, shared, multicast or reserved: never a webhook's destination in production. */
export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const addr = mapped ? (mapped[1] as string) : ip;
  if (net.isIPv4(addr)) return PRIVATE.check(addr, 'ipv4');
  if (net.isIPv6(addr)) return PRIVATE.check(addr, 'ipv6');
  return true;
}

export interface WebhookPolicy {
  allowPrivate: boolean;
}
/** What this process may send to (see the comment above; docs/decisions.md "Webhooks and SSRF"). */
export function webhookPolicy(ctx: AppContext): WebhookPolicy {
  return { allowPrivate: ctx.config.env !== 'production' || ctx.config.webhookAllowPrivate };
}

export function signature(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}

export interface SendResult {
  status: number | null;
  error: string | null;
  durationMs: number;
}

type LookupCb = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, cb: LookupCb) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address)))
        return cb(Object.assign(new Error('refused: private address'), { code: 'EPRIVATE' }), '');
      if (options.all) return cb(null, list);
      const first = list[0];
      if (!first) return cb(Object.assign(new Error('no address'), { code: 'ENOTFOUND' }), '');
      cb(null, first.address, first.family);
    });
  };
}

export function sendWebhook(r: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  policy: WebhookPolicy;
  timeoutMs?: number;
}): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, error: string | null): SendResult => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  let url: URL;
  try {
    url = new URL(r.url);
  } catch {
    return Promise.resolve(done(null, 'invalid URL'));
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && r.policy.allowPrivate))
    return Promise.resolve(done(null, 'refused: plain http'));
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) && !r.policy.allowPrivate && isPrivateAddress(literal))
    return Promise.resolve(done(null, 'refused: private address'));
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (res: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(res);
    };
    const req = lib.request(
      url,
      {
        method: r.method,
        headers: { ...r.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(r.body)) },
        lookup: guardedLookup(r.policy.allowPrivate) as unknown as net.LookupFunction,
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => finish(done(res.statusCode ?? null, null)));
        res.on('error', (e) => finish(done(res.statusCode ?? null, e.message)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error('timeout'));
      finish(done(null, `timeout after ${r.timeoutMs ?? WEBHOOK_TIMEOUT_MS} ms`));
    }, r.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    req.on('error', (e: NodeJS.ErrnoException) => finish(done(null, e.code ? `${e.code}: ${e.message}` : e.message)));
    req.end(r.body);
  });
}
