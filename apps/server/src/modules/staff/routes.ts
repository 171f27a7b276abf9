import { idParams, inviteStaffBody, messageResponse, staffList, staffListQuery, staffView, updateStaffBody } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { inviteStaff, listStaff, removeStaff, resendInvite, updateStaff } from './service.js';

const tags = ['sub-admin'];
const security = [{ bearer: [] }];

/** Admin staff: an owner's sub-admins (back-office.md 3, 6). */
export async function staffRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  app.get('/sub-admin', { schema: { tags, security, querystring: staffListQuery, response: { 200: staffList } } }, async (req) =>
    listStaff(ctx, actorOf(req), req.query),
  );
  app.post('/sub-admin', { schema: { tags, security, body: inviteStaffBody, response: { 201: staffView } } }, async (req, reply) =>
    reply.status(201).send(await inviteStaff(ctx, actorOf(req), req.body, requestLang(req))),
  );
  app.put(
    '/sub-admin/:id',
    { schema: { tags, security, params: idParams, body: updateStaffBody, response: { 200: staffView } } },
    async (req) => updateStaff(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/sub-admin/:id', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await removeStaff(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
  app.post('/sub-admin/:id/resend', { schema: { tags, security, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    const lang = requestLang(req);
    await resendInvite(ctx, actorOf(req), req.params.id, lang);
    return { message: translate(lang, 'server.staff_invite_resent') };
  });
}
