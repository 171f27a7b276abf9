import { ACCOUNT_TYPES, AUTHORITIES, email, operatorPassword, requiredString, STAFF_ROLES } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { idParams, pageQuery } from '../../http/schemas.js';
import * as accounts from './service.js';

const tags = ['user'];
const security = [{ bearer: [] }];

export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/user', { schema: { tags, security, querystring: pageQuery.extend({ type: z.enum(ACCOUNT_TYPES).optional() }) } }, async (req) =>
    accounts.listAccounts(ctx, actorOf(req), req.query as z.infer<typeof pageQuery> & { type?: (typeof ACCOUNT_TYPES)[number] }),
  );
  app.get('/user/:id', { schema: { tags, security, params: idParams } }, async (req) =>
    accounts.getAccount(ctx, actorOf(req), (req.params as { id: number }).id),
  );
  app.post(
    '/user',
    {
      schema: {
        tags,
        security,
        body: z.object({
          type: z.enum(ACCOUNT_TYPES),
          email,
          companyName: requiredString(),
          contactName: z.string().max(50).optional(),
          authority: z.enum(AUTHORITIES).default('EDIT'),
          staffRole: z.enum(STAFF_ROLES).nullish(),
          planId: z.number().int().positive().nullish(),
          password: operatorPassword,
        }),
      },
    },
    async (req, reply) => reply.status(201).send(await accounts.createAccount(ctx, actorOf(req), req.body as accounts.CreateAccountInput)),
  );
  app.put(
    '/user/:id',
    {
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({
          companyName: requiredString().optional(),
          contactName: z.string().max(50).optional(),
          authority: z.enum(AUTHORITIES).optional(),
        }),
      },
    },
    async (req) => accounts.updateAccount(ctx, actorOf(req), (req.params as { id: number }).id, req.body as { companyName?: string }),
  );
  app.put(
    '/user/:id/contract',
    { schema: { tags, security, params: idParams, body: z.object({ action: z.enum(['pause', 'resume', 'terminate']) }) } },
    async (req) =>
      accounts.changeContract(
        ctx,
        actorOf(req),
        (req.params as { id: number }).id,
        (req.body as { action: 'pause' | 'resume' | 'terminate' }).action,
      ),
  );
  app.delete('/user/:id', { schema: { tags, security, params: idParams } }, async (req) => {
    await accounts.deleteAccount(ctx, actorOf(req), (req.params as { id: number }).id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}
