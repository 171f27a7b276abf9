import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';

// Per-site hosts (SITE_SUBDOMAIN_BASE): every site that has no custom domain gets its own origin,
// `s{id}.{base}`, instead of the shared path form `/sites/{id}`. Browsers keep storage, cookies and
// script access per origin, so one site's operator scripts can never read another site's visitor
// tokens. The port and protocol are those of SITES_URL.

const LABEL = /^s(\d{1,15})$/;

/** The origin of a site's own host, or null when per-site hosts are off. */
export function siteOrigin(config: Pick<Config, 'sitesUrl' | 'siteSubdomainBase'>, siteId: number): string | null {
  if (!config.siteSubdomainBase) return null;
  const u = new URL(config.sitesUrl);
  return `${u.protocol}//s${siteId}.${config.siteSubdomainBase}${u.port ? `:${u.port}` : ''}`;
}

/** The site a Host header names in per-site host form, or null. */
export function siteIdOfHost(config: Pick<Config, 'siteSubdomainBase'>, host: string | undefined): number | null {
  const base = config.siteSubdomainBase;
  if (!base || !host) return null;
  const name = host.split(':')[0]?.toLowerCase() ?? '';
  if (!name.endsWith(`.${base}`)) return null;
  const m = LABEL.exec(name.slice(0, -(base.length + 1)));
  return m ? Number(m[1]) : null;
}

/** The CSP source that covers every site host (`http://*.base:port`), or null. */
export function siteHostsSource(config: Pick<Config, 'sitesUrl' | 'siteSubdomainBase'>): string | null {
  if (!config.siteSubdomainBase) return null;
  const u = new URL(config.sitesUrl);
  return `${u.protocol}//*.${config.siteSubdomainBase}${u.port ? `:${u.port}` : ''}`;
}

/**
 * With per-site hosts on, the shared path forms move to the site's own host: `/sites/{id}/...` (the
 * viewer and its form screens) and `/site/{id}/preview...` (invited reviewers). Nothing of a site is
 * then served, with its scripts, on an origin another site shares.
 */
export function installSiteHosts(app: FastifyInstance, config: Pick<Config, 'sitesUrl' | 'siteSubdomainBase'>): void {
  if (!config.siteSubdomainBase) return;
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return done();
    const url = req.url;
    const m = /^\/sites\/(\d{1,15})(?=[/?]|$)([^?]*)(\?.*)?$/.exec(url) ?? null;
    const p = m ? null : /^\/site\/(\d{1,15})\/preview(?=[/?]|$)/.exec(url);
    if (!m && !p) return done();
    const id = Number((m ?? p)?.[1]);
    const target = siteOrigin(config, id) as string;
    const location = m ? `${target}${m[2] || '/'}${m[3] ?? ''}` : `${target}${url}`;
    // already on that host (a preview there): serve it
    if (!m && siteIdOfHost(config, req.headers.host) === id) return done();
    reply.header('cache-control', 'no-store').redirect(location, m ? 301 : 302);
  });
}
