import net from 'node:net';

// Which addresses a webhook may never reach in production (SSRF): private, loopback, link-local, shared,
// multicast and reserved ranges, and every IPv6 address that carries an IPv4 one, judged by the IPv4 inside:
//   ::a.b.c.d         IPv4-compatible (::/96; :: and ::1 are 0.0.0.0 and 0.0.0.1, refused with 0.0.0.0/8)
//   ::ffff:a.b.c.d    IPv4-mapped (::ffff:0:0/96)
//   ::ffff:0:a.b.c.d  IPv4-translated (::ffff:0:0:0/96, SIIT)
//   64:ff9b::a.b.c.d  NAT64 well-known prefix (64:ff9b::/96)
//   64:ff9b:1::/48    NAT64 local-use prefix (RFC 8215): a translator of the server's own network, whose
//                     prefix length (and so where the IPv4 sits) only that network knows: refused as a whole,
//                     like a private range
//   2002:AABB:CCDD::  6to4 (2002::/16): the IPv4 is bits 16-47
//   2001:0:S:S::~C    Teredo (2001::/32): the server's IPv4 is bits 32-63, the client's the last 32 bits inverted
// An address is read by the URL standard's IPv6 parser (every textual form: hex or dotted tail, upper case,
// leading zeros); anything it cannot read counts as private.

const PRIVATE_V4 = new net.BlockList();
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  PRIVATE_V4.addSubnet(a, p, 'ipv4');

const PRIVATE_V6 = new net.BlockList();
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE_V6.addSubnet(a, p, 'ipv6');

/** The 16 bytes of an IPv6 address (any textual form, zone id ignored), or null when it is not one. */
export function ipv6Bytes(ip: string): Uint8Array | null {
  const text = ip.replace(/%.*$/, '');
  if (!net.isIPv6(text)) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  // the serializer writes hex groups only, compressing one run of zeros with ::
  const [head = '', tail] = host.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  if (groups.length !== 8) return null;
  const out = new Uint8Array(16);
  groups.forEach((g, i) => {
    const v = Number.parseInt(g, 16);
    out[i * 2] = v >> 8;
    out[i * 2 + 1] = v & 0xff;
  });
  return out;
}

const v4 = (b: ArrayLike<number>) => Array.from(b).join('.');
const zero = (b: Uint8Array, from: number, to: number) => b.subarray(from, to).every((x) => x === 0);
const is = (b: Uint8Array, prefix: number[]) => prefix.every((x, i) => b[i] === x);

/** The IPv4 addresses an IPv6 address carries (see above), none for an ordinary IPv6 address. */
export function embeddedIpv4(b: Uint8Array): string[] {
  const last = v4(b.subarray(12, 16));
  if (zero(b, 0, 12)) return [last]; // IPv4-compatible
  if (zero(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [last]; // mapped
  if (zero(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zero(b, 10, 12)) return [last]; // translated
  if (is(b, [0x00, 0x64, 0xff, 0x9b]) && zero(b, 4, 12)) return [last]; // NAT64 well-known
  if (is(b, [0x20, 0x02])) return [v4(b.subarray(2, 6))]; // 6to4
  if (is(b, [0x20, 0x01, 0x00, 0x00])) return [v4(b.subarray(4, 8)), v4(b.subarray(12, 16).map((x) => x ^ 0xff))]; // Teredo
  return [];
}

/** Private, loopback, link-local, shared, multicast or reserved, itself or by the IPv4 it carries. */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return PRIVATE_V4.check(ip, 'ipv4');
  const b = ipv6Bytes(ip);
  if (!b) return true;
  const text = ip.replace(/%.*$/, '');
  if (PRIVATE_V6.check(text, 'ipv6')) return true;
  return embeddedIpv4(b).some((a) => PRIVATE_V4.check(a, 'ipv4'));
}
