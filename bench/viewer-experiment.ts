import { DEMO_LOGINS } from '../apps/server/src/demo/seed.js';
import { liner, median } from './lib.js';
import { type CannonResult, hasWrk, wrk } from './load-generator.js';
import { loadGenerator, PIN, quiet, startBare } from './processes.js';

// A site with a running A/B test against the same site without one: req/s of its server-rendered page (/B3) with 100
// connections, as shares of a bare Fastify route measured in turns with it, before the test starts and after, for a
// returning visitor (its cookies sent back) and for first visits (no cookie: each answer makes a new visitor id and
// its variation's cookies). The test runs on A1: every page of the site is then rendered in the visitor's variation.

const line = liner(54, 12);
type Measure = (url: string, seconds: number, pid: number, headers?: Record<string, string>, warm?: boolean) => Promise<CannonResult>;

async function startTest(admin: string, siteId: number, pageId: number): Promise<void> {
  const user = DEMO_LOGINS[1];
  const json = async (r: Response) => {
    if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<Record<string, unknown>>;
  };
  const login = await json(
    await fetch(`${admin}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    }),
  );
  const auth = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  const x = await json(
    await fetch(`${admin}/api/v1/sites/${siteId}/experiments`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        name: 'Bench',
        scope: 'pages',
        page_ids: [pageId],
        variations: [
          { name: 'A', weight: 50 },
          { name: 'B', weight: 50 },
        ],
      }),
    }),
  );
  await json(await fetch(`${admin}/api/v1/experiments/${x.id}/start`, { method: 'POST', headers: { authorization: auth.authorization } }));
}

export async function experimentThroughput(product: { pid: number; sites: string; admin: string }, a1: number | undefined): Promise<void> {
  if (!a1) return line('A/B test throughput', 'no page A1');
  await quiet(product.pid, 60_000);
  const page = `${product.sites}/B3`;
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const sent = await fetch(page, { headers: browser });
  const bytes = (await sent.arrayBuffer()).byteLength;
  const bare = await startBare(bytes, bytes);
  const load = await loadGenerator().catch((e: unknown) => {
    bare.stop();
    throw e;
  });
  const main: Measure = hasWrk()
    ? (url, secs, pid, headers = {}, warm = true) => wrk(PIN ? '0' : null, { url, seconds: secs, pid, headers, warm })
    : load.cannon;
  const seconds = Number(process.env.BENCH_SECONDS ?? 3);
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
  /** Each round: the bare route, each answer, the bare route again; an answer's share is against their mean. */
  const shares = async (answers: { name: string; headers: Record<string, string> }[]) => {
    const out = new Map<string, number[]>(answers.map((a) => [a.name, []]));
    let before = await main(bare.url, seconds, bare.pid, {}, true);
    for (let i = 0; i < rounds; i++) {
      const got: [string, CannonResult][] = [];
      for (const a of answers) got.push([a.name, await main(page, seconds, product.pid, { ...browser, ...a.headers }, i === 0)]);
      const after = await main(bare.url, seconds, bare.pid, {}, false);
      const b = (before.rps + after.rps) / 2;
      for (const [name, r] of got) out.get(name)?.push((r.rps / b) * 100);
      before = after;
    }
    return out;
  };
  try {
    const without = await shares([{ name: 'page', headers: {} }]);
    await startTest(product.admin, 1, a1);
    // a returning visitor: the cookies its first visit was given
    const first = await fetch(page, { headers: browser });
    await first.arrayBuffer();
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // its variation's answer is kept once it is asked for with those cookies
    await (await fetch(page, { headers: { ...browser, cookie } })).arrayBuffer();
    const withTest = await shares([
      { name: 'returning', headers: { cookie } },
      { name: 'first', headers: {} },
    ]);
    const pct = (xs: number[] | undefined) => `${median(xs ?? []).toFixed(0)} %`;
    const each = (xs: number[] | undefined) => (xs ?? []).map((x) => x.toFixed(0)).join(' / ');
    line(`A/B test: /B3 as a share of the bare route, ${rounds} rounds of ${seconds} s`, '');
    line('  the site without a test', pct(without.get('page')), '>= 60 %');
    line('    each round (%)', each(without.get('page')));
    line('  with a running test, a returning visitor', pct(withTest.get('returning')), 'as without');
    line('    each round (%)', each(withTest.get('returning')));
    line('  with a running test, first visits (new id each)', pct(withTest.get('first')), 'as without');
    line('    each round (%)', each(withTest.get('first')));
  } finally {
    bare.stop();
    load.stop();
  }
}
