import fs from 'node:fs';
import path from 'node:path';
import { appConfig, appPlan } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { planOf } from '../sites/service.js';

// Serves the back-office SPA (apps/admin/dist) on the admin origin: hashed assets with a long cache,
// index.html for every client route with this response's CSP nonce injected.

const here = path.dirname(new URL(import.meta.url).pathname);
export const ADMIN_DIST = path.resolve(here, '../../../../admin/dist');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

let cachedIndex: { mtime: number; html: string } | undefined;
function indexHtml(dist: string): string | null {
  const file = path.join(dist, 'index.html');
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return null;
  }
  if (!cachedIndex || cachedIndex.mtime !== st.mtimeMs) cachedIndex = { mtime: st.mtimeMs, html: fs.readFileSync(file, 'utf8') };
  return cachedIndex.html;
}

/** index.html with the nonce on every script tag and in the meta tag Mantine reads for its style tags. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`).replace(/__CSP_NONCE__/g, nonce);
}

/** A file inside dist for a URL path, or null (never outside dist). */
function fileFor(dist: string, urlPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath.split('?')[0] ?? '');
  } catch {
    return null;
  }
  if (rel.includes('\0')) return null;
  const full = path.resolve(dist, `.${rel}`);
  if (!full.startsWith(dist + path.sep)) return null;
  try {
    return fs.statSync(full).isFile() ? full : null;
  } catch {
    return null;
  }
}

function sendFile(reply: FastifyReply, file: string, immutable: boolean) {
  reply.type(TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
  return reply.send(fs.createReadStream(file));
}

export function adminAppRoutes(opts: { dist?: string } = {}) {
  return async function register(app: App, ctx: AppContext): Promise<void> {
    const dist = opts.dist ?? ADMIN_DIST;

    // What the SPA needs to know about this deployment (public: the login screen needs nothing secret).
    app.get('/api/v1/app-config', { schema: { tags: ['app'], response: { 200: appConfig } } }, async () => ({
      sitesUrl: ctx.config.sitesUrl,
      adminUrl: ctx.config.adminUrl,
      cnameTarget: ctx.config.cnameTarget,
    }));
    // The caller's plan limits (site editor: rows x columns limit, feature flags).
    await app.register(async (priv) => {
      requireOperator(priv, ctx);
      priv.get(
        '/api/v1/app-config/plan',
        { schema: { tags: ['app'], security: [{ bearer: [] }], response: { 200: appPlan } } },
        async (req) => {
          const plan = await planOf(ctx.db, actorOf(req).ownerId);
          return { quantitySwipe: plan.quantitySwipe, quantitySite: plan.quantitySite, flags: plan.flags };
        },
      );
    });

    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const url = req.url.split('?')[0] ?? '/';
      if (url.startsWith('/api/') || url === '/api' || url.startsWith('/dev/')) return reply.callNotFound();
      const file = url === '/' ? null : fileFor(dist, url);
      if (file && !file.endsWith(`${path.sep}index.html`)) return sendFile(reply, file, url.startsWith('/assets/'));
      // A missing asset is a 404, not the app (a stale tab asking for an old chunk must see the failure).
      if (url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url)) return reply.callNotFound();
      const html = indexHtml(dist);
      if (html === null) {
        reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store');
        return translate(requestLang(req), 'server.admin_not_built');
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return withNonce(html, reply.cspNonce);
    });
  };
}
