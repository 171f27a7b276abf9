import type { IncomingMessage } from 'node:http';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

// Blocked addresses (IP_BLOCKLIST: addresses and CIDR ranges, IPv4 and IPv6). A blocked visitor or
// operator gets the "blocked by IP" 403: JSON with code IP_BLOCKED on API paths, and the 403-ip
// error screen for pages (viewer.md 3, back-office.md 2). The screens themselves and the static
// files they need stay reachable, so the explanation can be shown.

export class IpBlock {
  private readonly list = new net.BlockList();
  readonly size: number;

  /** `name`: the setting the entries come from (IP_BLOCKLIST, METRICS_ALLOW), named when one is wrong */
  constructor(entries: string[], name = 'IP_BLOCKLIST') {
    let n = 0;
    for (const raw of entries) {
      const e = raw.trim();
      if (!e) continue;
      const [addr, bits] = e.split('/') as [string, string | undefined];
      const type = net.isIPv6(addr) ? 'ipv6' : net.isIPv4(addr) ? 'ipv4' : null;
      if (!type) throw new Error(`${name}: "${e}" is not an IP address or CIDR range`);
      if (bits === undefined) this.list.addAddress(addr, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (type === 'ipv4' ? 32 : 128))
          throw new Error(`${name}: "${e}" has a bad prefix length`);
        this.list.addSubnet(addr, prefix, type);
      }
      n++;
    }
    this.size = n;
  }

  blocks(ip: string | undefined): boolean {
    if (!ip || this.size === 0) return false;
    const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    const addr = v4mapped ? (v4mapped[1] as string) : ip;
    if (net.isIPv4(addr)) return this.list.check(addr, 'ipv4');
    if (net.isIPv6(addr)) return this.list.check(addr, 'ipv6');
    return false;
  }

  /** The client address as Fastify's req.ip gives it: the left-most X-Forwarded-For entry behind a trusted proxy. */
  static clientIp(req: IncomingMessage, trustProxy: boolean): string | undefined {
    if (trustProxy) {
      const xff = req.headers['x-forwarded-for'];
      const first = (Array.isArray(xff) ? xff[0] : xff)?.split(',')[0]?.trim();
      if (first) return first;
    }
    return req.socket.remoteAddress;
  }

  blocksRequest(req: IncomingMessage, trustProxy: boolean): boolean {
    return this.size > 0 && this.blocks(IpBlock.clientIp(req, trustProxy));
  }
}

/** What a blocked address may still fetch: the error screens and the static files they use. */
const OPEN = /^\/(errors\/|_viewer\/|assets\/|favicon)/;

export function installIpBlock(app: FastifyInstance, block: IpBlock): void {
  if (block.size === 0) return;
  app.addHook('onRequest', (req, reply, done) => {
    if (!block.blocks(req.ip) || OPEN.test(req.url)) {
      done();
      return;
    }
    if (req.url.startsWith('/api/') || req.method !== 'GET') {
      done(new AppError(403, 'IP_BLOCKED', 'server.ip_blocked'));
      return;
    }
    reply.header('cache-control', 'no-store').redirect('/errors/403-ip', 302);
  });
}
