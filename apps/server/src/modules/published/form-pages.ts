import type { FormPageName, Language } from '@swipe/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';

/** Where the viewer's address parsing found a form-type page (viewer.md 2). */
export interface FormPageTarget {
  siteId: number;
  lang: Language;
  page: FormPageName;
  /** path of the site's viewer root for this language, e.g. `/sites/3/en` or `/` (custom domain, default site) */
  basePath: string;
  mode: 'custom-domain' | 'path' | 'default';
}

export type FormPageHandler = (ctx: AppContext, req: FastifyRequest, reply: FastifyReply, target: FormPageTarget) => Promise<unknown>;

// The viewer module dispatches form-type addresses here; the end-user module registers the handler.
let handler: FormPageHandler | undefined;
export function setFormPageHandler(h: FormPageHandler): void {
  handler = h;
}
export function getFormPageHandler(): FormPageHandler | undefined {
  return handler;
}
