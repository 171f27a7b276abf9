import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';

/**
 * The Fastify instance routes are registered on: request types come from the route's zod schemas
 * (`req.body`, `req.params`, `req.query` are the parsed, camelCase values; no casts), and handlers must
 * return what the `response` schema says.
 */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A domain module mounts its routes on the admin origin, the sites origin, or both. */
export interface Module {
  name: string;
  prefix?: string;
  admin?: (app: App, ctx: AppContext) => Promise<void> | void;
  sites?: (app: App, ctx: AppContext) => Promise<void> | void;
  /** job handlers this module contributes to the worker */
  jobs?: Record<string, (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>>;
}
