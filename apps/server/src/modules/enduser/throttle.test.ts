import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, makeVisitorSite } from '../../test/enduser-fixtures.js';
import { http, startTestServer, type TestServer } from '../../test/helpers.js';
import { networkOf } from './guard.js';

// The contact form's per-site limit (600 a minute) let about 30 addresses block a site's
// form for everyone. Attempts refused per IP or per network no longer count towards the site, and the
// site's ceiling is out of reach of a handful of addresses.

let s: TestServer;
let site: Fixture;

beforeAll(async () => {
  s = await startTestServer({ trustProxy: true, enduserRateMultiplier: 1 });
  site = await makeVisitorSite(s.ctx);
});
afterAll(async () => {
  await s?.drop();
});

const good = { email: 'visitor@example.com', company_name: 'Acme', topic: 'Press', quantity: 3, interests: ['Bags'], message: 'Hello' };
const contact = (ip: string, data: unknown) =>
  http(s.sitesUrl, 'POST', `/api/v1/end-user/site/${site.siteId}/contact`, { body: { data }, headers: { 'x-forwarded-for': ip } });

describe('contact form throttle', () => {
  it('groups addresses by network', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0::/48');
  });

  it('30 addresses hammering the form do not block it for another visitor', async () => {
    const statuses = new Map<number, number>();
    // 30 addresses in 30 networks, 25 attempts each (invalid bodies: the throttle counts before the checks).
    for (let round = 0; round < 25; round++)
      await Promise.all(
        Array.from({ length: 30 }, async (_, i) => {
          const r = await contact(`198.51.${i}.10`, {});
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
        }),
      );
    expect(statuses.get(422)).toBe(30 * 20);
    expect(statuses.get(429)).toBe(30 * 5);
    // A handful of neighbours in one network share one budget.
    let refused = 0;
    for (let i = 1; i <= 5; i++) for (let n = 0; n < 20; n++) if ((await contact(`192.0.2.${i}`, {})).status === 429) refused++;
    expect(refused).toBe(100 - 60);
    const visitor = await contact('203.0.113.50', good);
    expect(visitor.status).toBe(201);
  }, 120_000);
});
