import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

/** A domain module mounts its routes on the admin origin, the sites origin, or both. */
export interface Module {
  name: string;
  prefix?: string;
  admin?: (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;
  sites?: (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;
  /** job handlers this module contributes to the worker */
  jobs?: Record<string, (ctx: AppContext, payload: Record<string, unknown>) => Promise<unknown>>;
}
