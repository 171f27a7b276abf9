import {
  idParams,
  markAsReadBody,
  messageResponse,
  newsBody,
  newsList,
  newsView,
  noticeFeedQuery,
  noticeListQuery,
  pageQuery,
  systemNotiBody,
  systemNotiInbox,
  systemNotiList,
  systemNotiView,
  unreadCount,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import {
  createNews,
  createSystemNoti,
  deleteNews,
  deleteSystemNoti,
  getNews,
  getSystemNoti,
  listOwnNews,
  listSystemNotis,
  markAsRead,
  newsFeed,
  REFRESH_JOB,
  refreshJob,
  systemInbox,
  unreadCount as unreadOf,
  updateNews,
  updateSystemNoti,
} from './service.js';

// Latest information (/news) and system notifications (/system_noti, back-office.md 7). Every rule is in the service.

const security = [{ bearer: [] }];
const news = { tags: ['news'], security };
const noti = { tags: ['system_noti'], security };

export async function noticeRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);

  app.get('/news', { schema: { ...news, querystring: noticeListQuery, response: { 200: newsList } } }, async (req) =>
    listOwnNews(ctx, actorOf(req), req.query),
  );
  app.get('/news/feed', { schema: { ...news, querystring: noticeFeedQuery, response: { 200: newsList } } }, async (req) =>
    newsFeed(ctx, actorOf(req), req.query),
  );
  app.get('/news/:id', { schema: { ...news, params: idParams, response: { 200: newsView } } }, async (req) =>
    getNews(ctx, actorOf(req), req.params.id),
  );
  app.post('/news', { schema: { ...news, body: newsBody, response: { 201: newsView } } }, async (req, reply) =>
    reply.status(201).send(await createNews(ctx, actorOf(req), req.body)),
  );
  app.put('/news/:id', { schema: { ...news, params: idParams, body: newsBody, response: { 200: newsView } } }, async (req) =>
    updateNews(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/news/:id', { schema: { ...news, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteNews(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });

  app.get('/system_noti', { schema: { ...noti, querystring: noticeListQuery, response: { 200: systemNotiList } } }, async (req) =>
    listSystemNotis(ctx, actorOf(req), req.query),
  );
  app.get('/system_noti/show', { schema: { ...noti, querystring: pageQuery, response: { 200: systemNotiInbox } } }, async (req) =>
    systemInbox(ctx, actorOf(req), req.query),
  );
  app.get('/system_noti/unread', { schema: { ...noti, response: { 200: unreadCount } } }, async (req) => ({
    unread: await unreadOf(ctx, actorOf(req)),
  }));
  app.put('/system_noti/mark_as_read', { schema: { ...noti, body: markAsReadBody, response: { 200: unreadCount } } }, async (req) => ({
    unread: await markAsRead(ctx, actorOf(req), req.body),
  }));
  app.get('/system_noti/:id', { schema: { ...noti, params: idParams, response: { 200: systemNotiView } } }, async (req) =>
    getSystemNoti(ctx, actorOf(req), req.params.id),
  );
  app.post('/system_noti', { schema: { ...noti, body: systemNotiBody, response: { 201: systemNotiView } } }, async (req, reply) =>
    reply.status(201).send(await createSystemNoti(ctx, actorOf(req), req.body)),
  );
  app.put(
    '/system_noti/:id',
    { schema: { ...noti, params: idParams, body: systemNotiBody, response: { 200: systemNotiView } } },
    async (req) => updateSystemNoti(ctx, actorOf(req), req.params.id, req.body),
  );
  app.delete('/system_noti/:id', { schema: { ...noti, params: idParams, response: { 200: messageResponse } } }, async (req) => {
    await deleteSystemNoti(ctx, actorOf(req), req.params.id);
    return { message: translate(requestLang(req), 'server.delete_success') };
  });
}

export const noticeJobs = { [REFRESH_JOB]: refreshJob };
