import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { forbidden } from '../errors.js';
import type { Actor } from '../modules/accounts/actor.js';
import { authenticate } from '../modules/auth/service.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    /** operator routes a first-time user may call before changing the password */
    allowBeforePasswordChange?: boolean;
  }
}

export function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** Every route registered inside `app` requires an operator token. */
export function requireOperator(app: FastifyInstance, ctx: AppContext): void {
  // onRequest: an unauthenticated call is refused before its body is even read.
  app.addHook('onRequest', async (req) => {
    const actor = await authenticate(ctx, bearer(req));
    if (actor.mustChangePassword && !req.routeOptions.config.allowBeforePasswordChange)
      throw forbidden('server.password_change_required', 'PASSWORD_CHANGE_REQUIRED');
    req.actor = actor;
  });
}

export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new Error('route is missing requireOperator');
  return req.actor;
}
