import { createHmac } from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AppContext } from '../../context.js';
import { isPrivateAddress } from './addresses.js';

// Sends one webhook request. Never to a private, loopback or link-local address in production (SSRF, the
// rule in addresses.ts): a literal address is checked before connecting, a name in the connection's own DNS
// lookup, so what was checked is what is connected to (no rebinding between check and connect); redirects
// are not followed. Development and tests (NODE_ENV not production) may send to this machine;
// WEBHOOK_ALLOW_PRIVATE=true allows it in production too.

export const WEBHOOK_TIMEOUT_MS = 10_000;

export { isPrivateAddress };

export interface WebhookPolicy {
  allowPrivate: boolean;
  /** the name lookup (the system's by default; a test gives the answers a DNS server would) */
  lookup?: typeof dns.lookup;
}
/** What this process may send to (see the comment above; docs/decisions.md "Webhooks and SSRF"). */
export function webhookPolicy(ctx: AppContext): WebhookPolicy {
  return { allowPrivate: ctx.config.env !== 'production' || ctx.config.webhookAllowPrivate };
}

/**
 * Why a destination is refused before any lookup (null: it may be tried, a name is checked again when it is
 * looked up): plain http, a private literal address or a name of this machine, unless the policy allows private.
 * The settings' save and every send ask this.
 */
export function refusedDestination(url: URL, policy: WebhookPolicy): 'plain http' | 'private address' | null {
  if (policy.allowPrivate) return null;
  if (url.protocol !== 'https:') return 'plain http';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (net.isIP(host)) return isPrivateAddress(host) ? 'private address' : null;
  return host === 'localhost' || host.endsWith('.localhost') ? 'private address' : null;
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

function guardedLookup(policy: WebhookPolicy) {
  const lookup = policy.lookup ?? dns.lookup;
  return (hostname: string, options: dns.LookupOptions, cb: LookupCb) => {
    lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return cb(err, '');
      const list = addresses as dns.LookupAddress[];
      if (!policy.allowPrivate && list.some((a) => isPrivateAddress(a.address)))
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
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return Promise.resolve(done(null, 'invalid URL'));
  const refused = refusedDestination(url, r.policy);
  if (refused) return Promise.resolve(done(null, `refused: ${refused}`));
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
        lookup: guardedLookup(r.policy) as unknown as net.LookupFunction,
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
