import fastifyStatic from '@fastify/static';
import {
  bulkParams,
  bulkQueued,
  bulkStart,
  bulkState,
  completeBulkBody,
  completeUploadBody,
  generateLogoBody,
  generateUploadBody,
  idParams,
  mediaView,
  receivedBulk,
  receivedUpload,
  signedLogoUpload,
  signedUploads,
  uploadTokenParams,
} from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import type { App } from '../module.js';
import { registerVideoRenditions } from '../sites/service.js';
import { bulkStatus, completeBulk, receiveBulk, startBulk } from './bulk.js';
import { videoRenditionsOf } from './repo.js';
import { completeUpload, generateLogoUrl, generateUploadUrls, receiveUpload } from './uploads.js';

// A saved document takes each video's rendition from the media rows (sites never imports media).
registerVideoRenditions(videoRenditionsOf);

/** Media on the sites origin (the "separate media host" of viewer.md 7): immutable, cacheable for a year. */
export async function mediaSitesRoutes(app: App, ctx: AppContext): Promise<void> {
  if (ctx.config.s3) return;
  await app.register(fastifyStatic, {
    root: ctx.config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    dotfiles: 'deny',
    index: false,
    list: false,
    immutable: true,
    maxAge: '365d',
    acceptRanges: true,
    setHeaders: (res) => {
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      // Media never executes here: any uploaded bytes are served as inert.
      res.setHeader('content-security-policy', "default-src 'none'; sandbox");
    },
  });
}

const tags = ['media'];
const security = [{ bearer: [] }];

/** A refused body is not read to its end: the connection closes after the answer. */
async function closeOnRefusal<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    reply.header('connection', 'close');
    // Discard whatever is still coming (never stored) and drop the connection soon after the answer.
    const req = reply.request.raw;
    req.resume();
    reply.raw.once('finish', () => setTimeout(() => req.socket?.destroy(), 2000).unref());
    throw err;
  }
}

function contentLength(req: FastifyRequest): number | undefined {
  const v = req.headers['content-length'];
  const n = v === undefined ? Number.NaN : Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** Operator calls for uploads (admin origin) and the signed upload URLs themselves. */
export async function mediaAdminRoutes(app: App, ctx: AppContext): Promise<void> {
  // The signed URLs: the token is the credential (like an S3 presigned URL); the raw body is streamed.
  await app.register(
    async (raw: App) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
      // Without a content type Fastify would pick a buffering parser with the JSON body limit: never here.
      raw.addHook('onRequest', async (req) => {
        if (!req.headers['content-type']) req.headers['content-type'] = 'application/octet-stream';
      });
      raw.put(
        '/uploads/bulk/:token',
        { schema: { tags, params: uploadTokenParams, response: { 200: receivedBulk } } },
        async (req, reply) => {
          const r = await closeOnRefusal(reply, () => receiveBulk(ctx, req.params.token, req.raw, contentLength(req)));
          return { size: r.size, message: translate(requestLang(req), 'sites.upload_done') };
        },
      );
      raw.put('/uploads/:token', { schema: { tags, params: uploadTokenParams, response: { 200: receivedUpload } } }, async (req, reply) =>
        closeOnRefusal(reply, () => receiveUpload(ctx, req.params.token, req.raw, contentLength(req))),
      );
    },
    { prefix: '/api/v1' },
  );

  await app.register(
    async (op: App) => {
      requireOperator(op, ctx);
      op.post(
        '/sites/generate-upload-urls',
        { schema: { tags, security, body: generateUploadBody, response: { 200: signedUploads } } },
        async (req) => generateUploadUrls(ctx, actorOf(req), req.body, req.body.purpose === 'profile' ? 'PROFILE' : 'CREATIVE'),
      );
      op.post(
        '/sites/generate-logo-url',
        { schema: { tags, security, body: generateLogoBody, response: { 200: signedLogoUpload } } },
        async (req) => generateLogoUrl(ctx, actorOf(req), req.body),
      );
      op.post(
        '/sites/complete-upload',
        { schema: { tags, security, body: completeUploadBody, response: { 200: mediaView } } },
        async (req) => completeUpload(ctx, actorOf(req), req.body.key),
      );
      op.post('/sites/:id/bulk-upload/start', { schema: { tags, security, params: idParams, response: { 200: bulkStart } } }, async (req) =>
        startBulk(ctx, actorOf(req), req.params.id),
      );
      op.post(
        '/sites/:id/bulk-upload/complete',
        { schema: { tags, security, params: idParams, body: completeBulkBody, response: { 200: bulkQueued } } },
        async (req) => ({
          ...(await completeBulk(ctx, actorOf(req), req.params.id, req.body.uploadId)),
          message: translate(requestLang(req), 'sites.bulk_queued'),
        }),
      );
      op.get(
        '/sites/:id/bulk-upload/:uploadId',
        { schema: { tags, security, params: bulkParams, response: { 200: bulkState } } },
        async (req) => bulkStatus(ctx, actorOf(req), req.params.id, req.params.uploadId, requestLang(req)),
      );
    },
    { prefix: '/api/v1' },
  );
}

export { mediaJobs } from './jobs.js';
