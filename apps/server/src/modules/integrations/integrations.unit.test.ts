import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isIpOrCidr, isWebhookUrl } from '@swipe/core';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from './leads.js';
import { isPrivateAddress, sendWebhook, signature } from './send.js';

describe('IP allow-list entries', () => {
  it('takes IPv4, IPv6 and CIDR ranges, nothing else', () => {
    for (const ok of ['203.0.113.5', '10.0.0.0/8', '::1', '2001:db8::/32', '::ffff:192.0.2.1', 'fe80::1:2:3:4'])
      expect(isIpOrCidr(ok), ok).toBe(true);
    for (const bad of ['', '1.2.3', '256.1.1.1', '1.2.3.4/33', '::1/129', 'example.com', '1.2.3.4/8/1', '2001:db8:::1', '01.2.3.4/x'])
      expect(isIpOrCidr(bad), bad).toBe(false);
  });
});

describe('webhook URLs', () => {
  it('https anywhere, http only to this machine', () => {
    expect(isWebhookUrl('https://hooks.example.com/x')).toBe(true);
    expect(isWebhookUrl('http://localhost:8080/x')).toBe(true);
    expect(isWebhookUrl('http://example.com/x')).toBe(false);
    expect(isWebhookUrl('https://user:pw@example.com/x')).toBe(false);
    expect(isWebhookUrl('ftp://example.com')).toBe(false);
  });
});

describe('SSRF guard', () => {
  it('knows private, loopback, link-local and reserved addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('refuses a private destination (literal or by name) unless allowed, and never follows plain http in production', async () => {
    let hits = 0;
    const srv = http.createServer((_req, res) => {
      hits++;
      res.writeHead(204).end();
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    try {
      const base = { method: 'POST', headers: {}, body: '{}' };
      const prod = { allowPrivate: false };
      expect((await sendWebhook({ ...base, url: `http://127.0.0.1:${port}/`, policy: prod })).error).toMatch(/refused/);
      expect((await sendWebhook({ ...base, url: `https://127.0.0.1:${port}/`, policy: prod })).error).toMatch(/refused/);
      expect((await sendWebhook({ ...base, url: `https://localhost:${port}/`, policy: prod })).error).toMatch(/private|refused/);
      expect(hits).toBe(0);
      const dev = await sendWebhook({ ...base, url: `http://127.0.0.1:${port}/`, policy: { allowPrivate: true } });
      expect(dev.status).toBe(204);
      expect(hits).toBe(1);
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });

  it('signs t.body with HMAC-SHA256', () => {
    expect(signature('secret', 1700000000, '{"a":1}')).toBe(
      `t=1700000000,v1=${createHmac('sha256', 'secret').update('1700000000.{"a":1}').digest('hex')}`,
    );
  });
});

describe('cursor', () => {
  it('round-trips and refuses anything else', () => {
    const c = { at: '2026-01-01 00:00:00.000001+00', id: 42 };
    expect(decodeCursor(encodeCursor(c))).toEqual(c);
    expect(() => decodeCursor('x')).toThrow();
    expect(() => decodeCursor(Buffer.from(JSON.stringify(["1'; DROP", 1])).toString('base64url'))).toThrow();
  });
});
