import type dns from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedIpv4, ipv6Bytes, isPrivateAddress } from './addresses.js';
import { refusedDestination, sendWebhook, type WebhookPolicy } from './send.js';

// Webhook destinations (SSRF): an IPv6 address that carries an IPv4 one is judged by the IPv4 inside, in
// every textual form, before connecting (a literal) and after the name was looked up (at connect time).

/** Each embedding with loopback, private and link-local IPv4s inside, and the same embedding of a public one. */
const EMBEDDED: { form: string; bad: string[]; good: string }[] = [
  {
    form: 'IPv4-compatible',
    bad: ['::127.0.0.1', '::7f00:1', '::10.0.0.1', '::169.254.169.254', '0:0:0:0:0:0:192.168.1.1'],
    good: '::93.184.216.34',
  },
  {
    form: 'IPv4-mapped',
    bad: ['::ffff:127.0.0.1', '::FFFF:7F00:1', '0:0:0:0:0:ffff:10.1.2.3', '::ffff:a9fe:a9fe', '::ffff:172.16.0.1'],
    good: '::ffff:93.184.216.34',
  },
  { form: 'IPv4-translated', bad: ['::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '0:0:0:0:ffff:0:192.168.0.1'], good: '::ffff:0:93.184.216.34' },
  { form: 'NAT64 well-known', bad: ['64:ff9b::127.0.0.1', '64:ff9b::a00:1', '64:ff9b::169.254.169.254'], good: '64:ff9b::93.184.216.34' },
  // local-use NAT64 (RFC 8215): refused whatever it carries (127.0.0.1 at /96 and /48, 10.0.0.1 at /48, a public one)
  {
    form: 'NAT64 local-use',
    bad: ['64:ff9b:1::127.0.0.1', '64:ff9b:1:7f00:0:100::', '64:ff9b:1:a00:0:100::', '64:ff9b:1:5db8:d8:2200::'],
    good: '64:ff9b::5db8:d822',
  },
  { form: '6to4', bad: ['2002:7f00:1::', '2002:a00:1::1', '2002:c0a8:101:1::5', '2002:a9fe:a9fe::'], good: '2002:5db8:d822::1' },
  // Teredo: server 65.54.227.120, client 127.0.0.1 / 10.0.0.1 / 192.168.1.1 obfuscated (every bit inverted)
  {
    form: 'Teredo',
    bad: ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:f5ff:fffe', '2001:0:4136:e378::3f57:fefe'],
    good: '2001:0:4136:e378:8000:63bf:a247:27dd',
  },
];

describe('the address rule', () => {
  it('reads every textual form of an IPv6 address into its bytes', () => {
    expect(Array.from(ipv6Bytes('::127.0.0.1') ?? [])).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 127, 0, 0, 1]);
    expect(Array.from(ipv6Bytes('::FFFF:127.0.0.1') ?? [])).toEqual(Array.from(ipv6Bytes('0:0:0:0:0:ffff:7f00:0001') ?? []));
    expect(Array.from(ipv6Bytes('2002:7f00:1::') ?? []).slice(0, 6)).toEqual([0x20, 0x02, 127, 0, 0, 1]);
    expect(ipv6Bytes('127.0.0.1')).toBeNull();
    expect(ipv6Bytes('2001:db8:::1')).toBeNull();
  });

  it('finds the IPv4 inside each embedding (Teredo: the server, then the client de-obfuscated)', () => {
    const at = (ip: string) => embeddedIpv4(ipv6Bytes(ip) as Uint8Array);
    expect(at('::127.0.0.1')).toEqual(['127.0.0.1']);
    expect(at('::ffff:10.0.0.1')).toEqual(['10.0.0.1']);
    expect(at('::ffff:0:10.0.0.1')).toEqual(['10.0.0.1']);
    expect(at('64:ff9b::10.0.0.1')).toEqual(['10.0.0.1']);
    expect(at('2002:c000:204::1')).toEqual(['192.0.2.4']);
    expect(at('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['65.54.227.120', '192.0.2.45']);
    expect(at('2606:4700::1111')).toEqual([]);
  });

  for (const e of EMBEDDED)
    it(`${e.form}: private, loopback and link-local IPv4s inside are refused, a public one is not`, () => {
      for (const ip of e.bad) expect(isPrivateAddress(ip), ip).toBe(true);
      expect(isPrivateAddress(e.good), e.good).toBe(false);
    });

  it('plain private, reserved and public addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fd00::1',
      'fe80::1%eth0',
      'ff02::1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '2606:4700::1111', '2001:4860:4860::8888']) expect(isPrivateAddress(ip), ip).toBe(false);
    expect(isPrivateAddress('not an address')).toBe(true);
  });

  it('a destination URL: literal addresses in any form, names of this machine and plain http refused in production', () => {
    const prod: WebhookPolicy = { allowPrivate: false };
    for (const e of EMBEDDED)
      for (const ip of e.bad) expect(refusedDestination(new URL(`https://[${ip}]:9/hook`), prod), ip).toBe('private address');
    for (const u of ['https://127.1/', 'https://2130706433/', 'https://0x7f.0.0.1/', 'https://localhost/', 'https://a.localhost/'])
      expect(refusedDestination(new URL(u), prod), u).toBe('private address');
    expect(refusedDestination(new URL('http://hooks.example.com/'), prod)).toBe('plain http');
    expect(refusedDestination(new URL('https://hooks.example.com/'), prod)).toBeNull();
    expect(refusedDestination(new URL(`https://[${EMBEDDED[0]?.good}]/`), prod)).toBeNull();
    expect(refusedDestination(new URL('http://[::127.0.0.1]/'), { allowPrivate: true })).toBeNull();
  });
});

describe('at connect time, after the name is looked up', () => {
  let hits = 0;
  let port = 0;
  const srv = http.createServer((_req, res) => {
    hits++;
    res.writeHead(204).end();
  });
  beforeAll(async () => {
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    port = (srv.address() as AddressInfo).port;
  });
  afterAll(async () => {
    srv.closeAllConnections();
    await new Promise<void>((r) => srv.close(() => r()));
  });

  /** A lookup that answers `address` for every name, as a DNS server naming it would. */
  const answering = (address: string): typeof dns.lookup =>
    ((_host: string, _opts: unknown, cb: (err: null, list: dns.LookupAddress[]) => void) =>
      cb(null, [{ address, family: 6 }])) as unknown as typeof dns.lookup;
  const send = (address: string, allowPrivate: boolean) =>
    sendWebhook({
      url: `http://hook.example.test:${port}/hook`,
      method: 'POST',
      headers: {},
      body: '{}',
      policy: { allowPrivate, lookup: answering(address) },
      timeoutMs: 5_000,
    });

  it('the control: a name answering an IPv4-mapped loopback reaches the receiver on this machine when private is allowed', async () => {
    // the control: the answer really leads to the receiver on 127.0.0.1
    const allowed = await send('::ffff:127.0.0.1', true);
    expect(allowed.status).toBe(204);
    expect(hits).toBe(1);
  });

  it('production: every embedded form of a private IPv4 in the answer is refused by the lookup, nothing is sent', async () => {
    const before = hits;
    for (const e of EMBEDDED)
      for (const ip of e.bad) {
        const r = await sendWebhook({
          url: `https://hook.example.test:${port}/hook`,
          method: 'POST',
          headers: {},
          body: '{}',
          policy: { allowPrivate: false, lookup: answering(ip) },
          timeoutMs: 5_000,
        });
        expect(r.status, ip).toBeNull();
        expect(r.error, ip).toMatch(/^EPRIVATE/);
      }
    expect(hits).toBe(before);
  });
});
