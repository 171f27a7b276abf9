import { snakeKey } from '@swipe/core';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routesOf } from '../app.js';
import { http, login, makeAccount, makePlan, startTestServer, type TestServer } from '../test/helpers.js';

// Every POST and PUT route of both origins (enumerated from the apps, so a new route
// is covered by itself) gets bodies with NUL characters, integers beyond PostgreSQL's `integer`, and
// JSON nested thousands of levels deep, as an operator who owns a published site. No answer is a 5xx;
// refusals carry a code and a translated message. GET routes get the same in their query strings.

let s: TestServer;
let siteId = 0;
let tokens: string[] = [];
const EMAILS = ['m@fuzz.test', 'u@fuzz.test'];

async function signIn(): Promise<void> {
  const fresh: string[] = [];
  for (const e of EMAILS)
    fresh.push(
      await login(s.adminUrl, e).then(
        (t) => t.access,
        () => tokens[fresh.length] ?? '',
      ),
    );
  tokens = fresh;
}

beforeAll(async () => {
  s = await startTestServer();
  const plan = await makePlan(s.ctx, { quantitySwipe: 50 });
  const m = await makeAccount(s.ctx, { parentId: null, type: 'MASTER', email: EMAILS[0] as string, planId: plan });
  await makeAccount(s.ctx, { parentId: m.id, type: 'MASTER_USER', email: EMAILS[1] as string, planId: plan });
  await signIn();
  const site = await http<{ id: number }>(s.adminUrl, 'POST', '/api/v1/sites', {
    token: tokens[1],
    body: { name: 'Fuzz', number_horizontal: 2, number_vertical: 2 },
  });
  siteId = site.body.id;
  const doc = await http(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, { token: tokens[1] });
  await http(s.adminUrl, 'PUT', `/api/v1/sites/${siteId}`, { token: tokens[1], body: { action: 'publish', document: doc.body } });
}, 180_000);
afterAll(async () => {
  await s?.drop();
});

// ---- values -------------------------------------------------------------------------------------

const HUGE = [2147483648, -2147483649, 9007199254740991, -9007199254740991, 1e20, 2 ** 63, 1.5e308];
const hugeInt = fc.constantFrom(...HUGE);
const nulString = fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`);
const hostile = fc.oneof(hugeInt, nulString, fc.constant('\u0000'), fc.constant(null), fc.constant([]), fc.constant({}));
const plainString = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.emailAddress(),
  fc.constantFrom('https://example.test/a', 'ja', 'draft', 'A1'),
);

/** zod 4 internals, read only to learn a body's keys and kinds. */
interface ZodDef {
  type: string;
  shape?: Record<string, { _zod: { def: ZodDef } }>;
  innerType?: { _zod: { def: ZodDef } };
  in?: { _zod: { def: ZodDef } };
  element?: { _zod: { def: ZodDef } };
  options?: { _zod: { def: ZodDef } }[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  left?: { _zod: { def: ZodDef } };
}
function defOf(schema: unknown): ZodDef | undefined {
  return (schema as { _zod?: { def: ZodDef } } | undefined)?._zod?.def;
}

/** A plausible value for a schema, with hostile values mixed in at every level. */
function valueFor(def: ZodDef | undefined, depth = 0): fc.Arbitrary<unknown> {
  const plain = plainFor(def, depth);
  return fc.oneof({ arbitrary: plain, weight: 3 }, { arbitrary: hostile, weight: 1 });
}
function plainFor(def: ZodDef | undefined, depth: number): fc.Arbitrary<unknown> {
  if (!def || depth > 6) return fc.oneof(plainString, fc.integer({ min: 0, max: 10 }));
  const inner = (d: { _zod: { def: ZodDef } } | undefined) => valueFor(d?._zod.def, depth + 1);
  switch (def.type) {
    case 'object': {
      const keys = Object.entries(def.shape ?? {}).map(([k, v]) => [snakeKey(k), inner(v)] as const);
      return fc.record(Object.fromEntries(keys));
    }
    case 'array':
      return fc.array(inner(def.element), { maxLength: 3 });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
      return plainFor(def.innerType?._zod.def, depth);
    case 'pipe':
      return plainFor(def.in?._zod.def, depth);
    case 'intersection':
      return plainFor(def.left?._zod.def, depth);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => plainFor(o._zod.def, depth)));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: 0, max: 100 }), hugeInt);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return fc.oneof(plainString, nulString);
    default:
      return fc.oneof(plainString, fc.integer({ min: 0, max: 10 }));
  }
}

/** Replaces one leaf (or pushes into one array) of a real body with a hostile value. */
function mutate(seed: unknown): fc.Arbitrary<unknown> {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, p: (string | number)[]) => {
    paths.push(p);
    if (Array.isArray(v)) {
      for (const [i, c] of v.entries()) walk(c, [...p, i]);
    } else if (v && typeof v === 'object') for (const [k, c] of Object.entries(v)) walk(c, [...p, k]);
  };
  walk(seed, []);
  return fc.tuple(fc.constantFrom(...paths), hostile).map(([p, value]) => {
    const copy = structuredClone(seed) as Record<string | number, unknown>;
    if (p.length === 0) return value;
    let at: Record<string | number, unknown> = copy;
    for (const k of p.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
    const last = p[p.length - 1] as string | number;
    if (Array.isArray(at[last])) (at[last] as unknown[]).push(value);
    else at[last] = value;
    return copy;
  });
}

function deep(levels: number): string {
  return `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;
}

// ---- requests -----------------------------------------------------------------------------------

interface Failure {
  route: string;
  status: number;
  body: string;
}
const failures: Failure[] = [];

async function send(base: string, method: string, url: string, raw: string, token: string | undefined, route: string) {
  const r = await http<{ code?: unknown; message?: unknown }>(base, method, url, {
    raw,
    token,
    lang: 'en',
    headers: { 'content-type': 'application/json' },
  });
  if (r.status >= 500) failures.push({ route, status: r.status, body: raw.slice(0, 300) });
  else if (r.status >= 400 && (typeof r.body?.code !== 'string' || !r.body.message))
    failures.push({ route, status: r.status, body: `no error shape: ${JSON.stringify(r.body).slice(0, 200)}` });
  return r.status;
}

function concrete(url: string): string {
  return url.replace(/:[A-Za-z]+/g, String(siteId)).replace(/\*/g, 'x');
}

/** Account and auth routes last: a random body may change the operators' own sign-in. */
function order(url: string): number {
  return /\/(auth|user)\b/.test(url) ? 1 : 0;
}

function routes(app: FastifyInstance, methods: string[]) {
  return routesOf(app)
    .filter((r) => methods.includes(r.method))
    .sort((a, b) => order(a.url) - order(b.url));
}

describe('hostile bodies on every POST and PUT route of both origins', () => {
  it('never answer 5xx', { timeout: 600_000 }, async () => {
    const targets = [
      ...routes(s.admin, ['POST', 'PUT']).map((r) => ({ ...r, base: s.adminUrl, origin: 'admin' })),
      ...routes(s.sites, ['POST', 'PUT']).map((r) => ({ ...r, base: s.sitesUrl, origin: 'sites' })),
    ];
    expect(targets.length).toBeGreaterThan(20);
    const doc = (await http(s.adminUrl, 'GET', `/api/v1/sites/${siteId}`, { token: tokens[1] })).body;
    for (const [i, r] of targets.entries()) {
      const name = `${r.origin} ${r.method} ${r.url}`;
      const url = concrete(r.url);
      const shaped = valueFor(defOf(r.schema?.body)).map((v) => JSON.stringify(v));
      // the site document PUT also gets its real document with one hostile value (order, order_num, …)
      const bodies =
        r.method === 'PUT' && r.url === '/api/v1/sites/:id'
          ? fc.oneof(
              shaped,
              mutate({ action: 'draft', document: doc }).map((v) => JSON.stringify(v)),
            )
          : shaped;
      const token = () => (r.origin === 'admin' ? tokens[i % 2] : undefined);
      for (const levels of [5000, 80_000]) await send(r.base, r.method, url, deep(levels), token(), name);
      await fc.assert(
        fc.asyncProperty(bodies, async (raw) => {
          await send(r.base, r.method, url, raw, token(), name);
        }),
        { numRuns: r.url === '/api/v1/sites/:id' ? 60 : 8, seed: 13 + i, endOnFailure: true },
      );
      if (r.origin === 'admin' && (await http(s.adminUrl, 'GET', '/api/v1/sites', { token: tokens[1] })).status === 401) await signIn();
    }
    expect(failures, failures.map((f) => `${f.route}: ${f.status} for ${f.body}`).join('\n')).toEqual([]);
  });

  it('GET routes refuse NUL and huge numbers in their query strings without a 5xx', { timeout: 300_000 }, async () => {
    await signIn();
    const targets = [
      ...routes(s.admin, ['GET']).map((r) => ({ ...r, base: s.adminUrl, origin: 'admin' })),
      ...routes(s.sites, ['GET']).map((r) => ({ ...r, base: s.sitesUrl, origin: 'sites' })),
    ].filter((r) => r.schema?.querystring);
    for (const r of targets) {
      const keys = Object.keys(defOf(r.schema?.querystring)?.shape ?? {}).map(snakeKey);
      for (const bad of ['a\u0000b', '2147483648', '99999999999999999999', '-2147483649']) {
        const q = new URLSearchParams(keys.map((k) => [k, k === 'site_id' ? String(siteId) : bad])).toString();
        const qAll = new URLSearchParams(keys.map((k) => [k, bad])).toString();
        const token = r.origin === 'admin' ? tokens[1] : undefined;
        for (const query of [q, qAll]) {
          const res = await http<{ code?: unknown }>(r.base, 'GET', `${concrete(r.url)}?${query}`, { token, lang: 'en' });
          if (res.status >= 500) failures.push({ route: `${r.origin} GET ${r.url}`, status: res.status, body: query });
        }
      }
    }
    expect(failures, failures.map((f) => `${f.route}: ${f.status} for ${f.body}`).join('\n')).toEqual([]);
  });
});
