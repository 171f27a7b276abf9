import { importParams, importResult, LIMITS } from '@swipe/core';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { commitImport, dryRunImport, getImport, importTemplate } from './service.js';

const tags = ['user'];
const security = [{ bearer: [] }];
/** Content types a CSV arrives with (Windows names .csv files application/vnd.ms-excel). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain', 'application/octet-stream'];
/**
 * The route reads up to 1 MB past the CSV limit, so a file just over 5 MB gets the translated "over 5 MB"
 * message from the service; anything larger is cut off by Fastify (413, translated by http/errors.ts).
 */
const BODY_LIMIT = LIMITS.csvBytes + 1024 * 1024;

function bytesOf(body: unknown): Buffer {
  if (Buffer.isBuffer(body)) return body;
  throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.unsupported_media_type');
}

/**
 * CSV import of users (back-office.md 7: `user/import`). The file is the request body (text/csv), not
 * a form: POST /user/import/dry-run checks it, POST /user/import commits it, GET /user/import/{id}
 * reports progress, GET /user/import/template is the file to fill in.
 */
export async function importRoutes(app: App, ctx: AppContext): Promise<void> {
  requireOperator(app, ctx);
  await app.register(async (sub: App) => {
    sub.addContentTypeParser(CSV_TYPES, { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
    sub.get('/user/import/template', { schema: { tags, security, response: { 200: z.string() } } }, async (req, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="user-import-template.csv"')
        .header('cache-control', 'no-store')
        .send(await importTemplate(ctx, actorOf(req))),
    );
    sub.post('/user/import/dry-run', { schema: { tags, security, response: { 200: importResult } }, bodyLimit: BODY_LIMIT }, async (req) =>
      dryRunImport(ctx, actorOf(req), bytesOf(req.body), requestLang(req)),
    );
    sub.post(
      '/user/import',
      { schema: { tags, security, response: { 200: importResult, 202: importResult } }, bodyLimit: BODY_LIMIT },
      async (req, reply) => {
        const { result, fresh } = await commitImport(ctx, actorOf(req), bytesOf(req.body), requestLang(req));
        return reply.status(fresh ? 202 : 200).send(result);
      },
    );
    sub.get('/user/import/:id', { schema: { tags, security, params: importParams, response: { 200: importResult } } }, async (req) =>
      getImport(ctx, actorOf(req), req.params.id, requestLang(req)),
    );
  });
}
