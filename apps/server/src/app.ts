import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import { snakeKey, toSnake } from '@swipe/core';
import { LANGUAGE_COOKIE } from '@swipe/core/constants.ts';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './context.js';
import type { Drain } from './http/drain.js';
import { registerErrorHandling } from './http/errors.js';
import { IpBlock, installIpBlock } from './http/ipblock.js';
import { installHttpMetrics } from './http/metrics.js';
import { MicroCache } from './http/microcache.js';
import { installRequestLog } from './http/requestlog.js';
import { adminSecurityHeaders, sitesSecurityHeaders } from './http/security.js';
import { installHostileInputGuard, zodValidatorCompiler } from './http/validation.js';
import { watchCache } from './lib/metrics.js';
import { modules } from './modules/index.js';
import { installSiteHosts } from './modules/published/hosts.js';

export type Origin = 'admin' | 'sites';

/** A route as registered: what the fuzz tests and tools enumerate (new routes are covered by themselves). */
export interface RouteEntry {
  method: string;
  url: string;
  schema: { body?: unknown; params?: unknown; querystring?: unknown } | undefined;
}
const routeTables = new WeakMap<FastifyInstance, RouteEntry[]>();
/** Every route of an app built by buildApp, in registration order. */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  return routeTables.get(app) ?? [];
}

function baseOptions(ctx: AppContext): FastifyServerOptions {
  const opts: FastifyServerOptions = {
    loggerInstance: ctx.log,
    trustProxy: ctx.config.trustProxy,
    bodyLimit: ctx.config.bodyLimit,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's two JSON lines per request are off: one short line at debug instead (http/requestlog.ts)
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  };
  if (ctx.config.tls) {
    (opts as Record<string, unknown>).https = { key: fs.readFileSync(ctx.config.tls.key), cert: fs.readFileSync(ctx.config.tls.cert) };
  }
  return opts;
}

/** Builds one origin's server: shared plumbing, then the routes each module mounts on that origin. */
export async function buildApp(ctx: AppContext, origin: Origin, drain?: Drain): Promise<FastifyInstance> {
  const opts = baseOptions(ctx);
  const ipBlock = new IpBlock(ctx.config.ipBlocklist);
  const trustProxy = ctx.config.trustProxy;
  const micro =
    origin === 'sites' && ctx.config.microcacheTtlMs > 0
      ? new MicroCache({ ttlMs: ctx.config.microcacheTtlMs, cookies: ['page_id', 'variation_id', LANGUAGE_COOKIE] })
      : null;
  if (micro) {
    // Repeated public requests are answered before routing (see http/microcache.ts); never while draining.
    const tls = (opts as { https?: https.ServerOptions }).https;
    delete (opts as { https?: unknown }).https;
    opts.serverFactory = (handler) => {
      const front: http.RequestListener = (req, res) => {
        if (drain?.draining || ipBlock.blocksRequest(req, trustProxy) || !micro.serve(req, res)) handler(req, res);
      };
      const server = tls ? https.createServer(tls, front) : http.createServer(front);
      server.keepAliveTimeout = 72_000;
      return server;
    };
    // Any site change may change what an address shows (a new default site, a custom domain): start over.
    ctx.events.on('site.invalidated', () => micro.clear());
    watchCache(micro);
  }
  const app = Fastify(opts);
  const table: RouteEntry[] = [];
  routeTables.set(app, table);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) table.push({ method, url: r.url, schema: r.schema as RouteEntry['schema'] });
  });
  if (micro) app.decorate('microcache', micro);
  app.setValidatorCompiler(zodValidatorCompiler);
  // Responses are plain JSON of what services present, converted to snake_case once, here.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // callback hooks, not async ones: no promise per request on the hot path; x-request-id is set
  // with the security headers (http/security.ts), in the one onSend hook every answer passes
  app.addHook('preSerialization', (_req, _reply, payload, done) => done(null, toSnake(payload)));
  app.decorateRequest('actor', null);
  drain?.install(app);
  installRequestLog(app, ctx.log);
  installHttpMetrics(app, origin);
  registerErrorHandling(app);
  installHostileInputGuard(app);
  installIpBlock(app, ipBlock);
  if (origin === 'sites') installSiteHosts(app, ctx.config);
  await app.register(cookie);
  if (origin === 'admin') adminSecurityHeaders(app, ctx.config);
  else sitesSecurityHeaders(app, ctx.config);
  // after every other root onSend hook: it keeps the finished headers
  micro?.install(app);

  await app.register(swagger, {
    openapi: {
      info: { title: `Swipe Sites API (${origin} origin)`, version: '1' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // the leads API (modules/integrations): an account's API key, or basic auth with X-Swipe-Account
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          basicAuth: { type: 'http', scheme: 'basic' },
        },
      },
    },
    transform: (args) => {
      const out = jsonSchemaTransform(args);
      return { ...out, schema: snakeSchema(out.schema) };
    },
  });
  app.get('/api/v1/docs', { schema: { hide: true } }, async (_req, reply) => {
    // Sent as text: the key conversion of other responses must not touch OpenAPI's own names.
    return reply.type('application/json').send(JSON.stringify(app.swagger()));
  });

  for (const m of modules) {
    const register = origin === 'admin' ? m.admin : m.sites;
    if (register)
      await app.register(async (scoped) => register(scoped.withTypeProvider<ZodTypeProvider>(), ctx), { prefix: m.prefix ?? '' });
  }
  return app;
}

/** The OpenAPI document shows wire names: snake_case property names. */
function snakeSchema<T>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node && typeof node === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
        if (k === 'properties' && v && typeof v === 'object') {
          out[k] = Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([pk, pv]) => [snakeKey(pk), walk(pv)]));
        } else if (k === 'required' && Array.isArray(v)) {
          out[k] = v.map((r) => (typeof r === 'string' ? snakeKey(r) : r));
        } else out[k] = walk(v);
      }
      return out;
    }
    return node;
  };
  return walk(schema) as T;
}
