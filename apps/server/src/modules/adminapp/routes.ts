import fs from 'node:fs';
import path from 'node:path';
import { appConfig, appPlan } from '@swipe/core';
import { LANGS, type Lang, translate } from '@swipe/i18n';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { builtFile, sendBuilt } from '../../http/built-files.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { planOf } from '../sites/service.js';

// Serves the back-office SPA (apps/admin/dist) on the admin origin: its built files in the form the client accepts
// (http/built-files.ts), hashed assets with a year of cache; index.html for every client route with this response's
// CSP nonce injected.

const here = path.dirname(new URL(import.meta.url).pathname);
export const ADMIN_DIST = path.resolve(here, '../../../../admin/dist');

interface Index {
  dist: string;
  mtime: number;
  html: string;
  /** each language's first table (vite.config.ts: virtual:admin-messages/messages-<lang>), as an address */
  tables: Partial<Record<Lang, string>>;
}
let cachedIndex: Index | undefined;
function indexFor(dist: string): Index | null {
  const file = path.join(dist, 'index.html');
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    return null;
  }
  if (cachedIndex?.dist !== dist || cachedIndex.mtime !== st.mtimeMs) {
    const tables: Index['tables'] = {};
    try {
      const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
      for (const lang of LANGS) {
        const entry = manifest[`virtual:admin-messages/messages-${lang}`];
        if (entry) tables[lang] = `/${entry.file}`;
      }
    } catch {
      // a build without a manifest: no hint, the SPA fetches its table as it starts
    }
    cachedIndex = { dist, mtime: st.mtimeMs, html: fs.readFileSync(file, 'utf8'), tables };
  }
  return cachedIndex;
}

/**
 * The language whose table the SPA fetches before its first render (lib/i18n.tsx), as far as a request shows it:
 * a pick (the lang cookie), the link's ?lang=, the browser's languages; Japanese else. The SPA's last resort, the
 * signed-in account's language, is not known here: a miss costs one more table, fetched as before.
 */
function firstLang(req: FastifyRequest): Lang {
  const picked = /(?:^|;\s*)lang=(ja|en|kr|cn)(?:;|$)/.exec(req.headers.cookie ?? '')?.[1] as Lang | undefined;
  return picked ?? requestLang(req);
}

/**
 * index.html for this request: the language table it will need preloaded with the entry script (otherwise it is
 * asked for only once the entry has run, one round trip later, before anything shows) and the response's nonce.
 */
function pageFor(index: Index, req: FastifyRequest, nonce: string): string {
  const table = index.tables[firstLang(req)];
  const html = table ? index.html.replace('</head>', `  <link rel="modulepreload" crossorigin href="${table}">\n  </head>`) : index.html;
  return withNonce(html, nonce);
}

/** index.html with the nonce on every script tag and in the meta tag Mantine reads for its style tags. */
export function withNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\bnonce=)/g, `<script nonce="${nonce}"`).replace(/__CSP_NONCE__/g, nonce);
}

/** The relative path inside dist a URL path names, or null (never outside dist: built-files.ts checks too). */
function relFor(urlPath: string): string | null {
  try {
    const rel = decodeURIComponent(urlPath.split('?')[0] ?? '');
    return rel.includes('\0') ? null : `.${rel}`;
  } catch {
    return null;
  }
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
      // index.html is answered below, with this response's nonce, never as it is built
      const rel = url === '/' ? null : relFor(url);
      const file = rel === null || rel.endsWith('/index.html') ? null : builtFile(dist, rel);
      if (file) {
        // hashed names (assets/) never change their bytes; the rest (the icon) may change with a release
        reply.header('cache-control', url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        return sendBuilt(req, reply, file);
      }
      // A missing asset is a 404, not the app (a stale tab asking for an old chunk must see the failure).
      if (url.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(url)) return reply.callNotFound();
      const index = indexFor(dist);
      if (index === null) {
        reply.status(503).type('text/plain; charset=utf-8').header('cache-control', 'no-store');
        return translate(requestLang(req), 'server.admin_not_built');
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return pageFor(index, req, reply.cspNonce);
    });
  };
}
