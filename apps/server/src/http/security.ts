import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../config.js';
import { siteHostsSource } from '../modules/published/hosts.js';

declare module 'fastify' {
  interface FastifyReply {
    /** per-response CSP nonce for inline scripts (admin origin) */
    cspNonce: string;
  }
}

function isTls(config: Config, reply: FastifyReply): boolean {
  if (config.tls) return true;
  return config.trustProxy && reply.request.headers['x-forwarded-proto'] === 'https';
}

/** Headers of the admin origin: a strict CSP with a nonce, no framing, nosniff, HSTS over TLS. */
export function adminSecurityHeaders(app: FastifyInstance, config: Config): void {
  // Everything but the nonce is fixed for the life of the process: built once, at the first response
  // (the public addresses are final by then, also in tests that learn their ports after building).
  // Stripe.js (its card fields and 3-D Secure frames) is allowed only where Stripe takes the cards
  const stripe = config.billing.paymentProvider === 'stripe';
  const before = `default-src 'self'; script-src 'self'${stripe ? ' https://js.stripe.com' : ''} 'nonce-`;
  let after = '';
  const rest = () => {
    const sites = [new URL(config.sitesUrl).origin, siteHostsSource(config)].filter(Boolean).join(' ');
    return [
      "'",
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob: ${sites}`,
      `media-src 'self' blob: ${sites}`,
      `connect-src 'self' ${sites}${stripe ? ' https://api.stripe.com' : ''}`,
      `frame-src ${sites}${stripe ? ' https://js.stripe.com https://hooks.stripe.com' : ''}`,
      "font-src 'self' data:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
  };
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', (_req, reply, done) => {
    reply.cspNonce = randomBytes(16).toString('base64');
    done();
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    // A script or stylesheet is no document: a CSP, framing and opener rules and a permissions policy act on
    // documents (and on workers, which the back-office starts from blobs only, under its page's policy), so the
    // built files go without them: about 650 bytes of headers less on each of the 50-odd files of a first
    // signed-in screen. nosniff stays (it is what makes a browser refuse a script of another type).
    if (STATIC_TYPE.test(String(reply.getHeader('content-type') ?? ''))) {
      reply.header('x-content-type-options', 'nosniff');
      if (isTls(config, reply)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      return done(null, payload);
    }
    if (!after) after = rest();
    reply.header('content-security-policy', before + reply.cspNonce + after);
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    common(reply, config);
    done(null, payload);
  });
}

/** The admin origin's built scripts and stylesheets (their content type, as @fastify/static sends it). */
const STATIC_TYPE = /^(text|application)\/(javascript|css)\b/;

/**
 * Headers of the sites origin. Operator scripts run here (and only here), so its CSP cannot forbid
 * scripts outright; the viewer module tightens it per page. Framing is allowed by the admin origin only.
 */
export function sitesSecurityHeaders(app: FastifyInstance, config: Config): void {
  let htmlCsp = '';
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy')) {
      const type = String(reply.getHeader('content-type') ?? '');
      if (type.startsWith('text/html')) {
        // Pages set their own (viewer, end-user and lock pages); any other page runs only our files.
        htmlCsp ||= `default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'self' ${new URL(config.adminUrl).origin}`;
        reply.header('content-security-policy', htmlCsp);
      } else reply.header('content-security-policy', SITES_DATA_CSP);
    }
    common(reply, config);
    done(null, payload);
  });
}

/** JSON, scripts and other data of the sites origin: nothing in them may load, run or be framed. */
export const SITES_DATA_CSP = "default-src 'none'; frame-ancestors 'none'";

function common(reply: FastifyReply, config: Config): void {
  reply.header('x-request-id', reply.request.id);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('referrer-policy', 'strict-origin-when-cross-origin');
  reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=()');
  if (isTls(config, reply)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
}
