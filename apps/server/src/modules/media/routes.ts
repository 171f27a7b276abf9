import fastifyStatic from '@fastify/static';
import { translate } from '@swipe/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { actorOf, requireOperator } from '../../http/auth.js';
import { requestLang } from '../../http/lang.js';
import { idParams } from '../../http/schemas.js';
import { registerVideoRenditions } from '../sites/service.js';
import { bulkJob, bulkStatus, completeBulk, receiveBulk, startBulk } from './bulk.js';
import { CLEANUP_JOB, cleanupPendingJob } from './cleanup.js';
import { mediaVariantsJob } from './jobs.js';
import { videoRenditionsOf } from './repo.js';
import { completeUpload, generateUploadUrls, receiveUpload } from './uploads.js';

// A saved document takes each video's rendition from the media rows (sites never imports media).
registerVideoRenditions(videoRenditionsOf);

/** Media on the sites origin (the "separate media host" of viewer.md 7): immutable, cacheable for a year. */
export async function mediaSitesRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
const uploadFile = z.object({
  fileName: z.string().min(1).max(255),
  contentType: z.string().min(1).max(100),
  sizeBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  kind: z.enum(['image', 'video']),
});
const generateBody = z.object({ siteId: z.number().int().positive().nullish(), files: z.array(uploadFile).max(200) });
const logoBody = z.union([
  generateBody,
  // a single file without the list also works for logo and favicon
  uploadFile.partial({ kind: true }).extend({ siteId: z.number().int().positive().nullish() }),
]);
const tokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });

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
export async function mediaAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // The signed URLs: the token is the credential (like an S3 presigned URL); the raw body is streamed.
  await app.register(
    async (raw) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', (_req, _payload, done) => done(null));
      // Without a content type Fastify would pick a buffering parser with the JSON body limit: never here.
      raw.addHook('onRequest', async (req) => {
        if (!req.headers['content-type']) req.headers['content-type'] = 'application/octet-stream';
      });
      raw.put('/uploads/bulk/:token', { schema: { tags, params: tokenParams } }, async (req, reply) => {
        const r = await closeOnRefusal(reply, () => receiveBulk(ctx, (req.params as { token: string }).token, req.raw, contentLength(req)));
        return { size: r.size, message: translate(requestLang(req), 'sites.upload_done') };
      });
      raw.put('/uploads/:token', { schema: { tags, params: tokenParams } }, async (req, reply) => {
        const r = await closeOnRefusal(reply, () =>
          receiveUpload(ctx, (req.params as { token: string }).token, req.raw, contentLength(req)),
        );
        return { size: r.size };
      });
    },
    { prefix: '/api/v1' },
  );

  await app.register(
    async (op) => {
      requireOperator(op, ctx);
      op.post('/sites/generate-upload-urls', { schema: { tags, security, body: generateBody } }, async (req) =>
        generateUploadUrls(ctx, actorOf(req), req.body as z.infer<typeof generateBody>, 'CREATIVE'),
      );
      op.post('/sites/generate-logo-url', { schema: { tags, security, body: logoBody } }, async (req) => {
        const b = req.body as z.infer<typeof logoBody>;
        const files =
          'files' in b ? b.files : [{ fileName: b.fileName, contentType: b.contentType, sizeBytes: b.sizeBytes, kind: 'image' as const }];
        const r = await generateUploadUrls(ctx, actorOf(req), { siteId: b.siteId, files }, 'LOGO');
        return 'files' in b ? r : { ...r.uploads[0], uploads: r.uploads };
      });
      op.post('/sites/complete-upload', { schema: { tags, security, body: z.object({ key: z.string().min(1).max(600) }) } }, async (req) =>
        completeUpload(ctx, actorOf(req), (req.body as { key: string }).key),
      );
      op.post('/sites/:id/bulk-upload/start', { schema: { tags, security, params: idParams } }, async (req) =>
        startBulk(ctx, actorOf(req), (req.params as { id: number }).id),
      );
      op.post(
        '/sites/:id/bulk-upload/complete',
        { schema: { tags, security, params: idParams, body: z.object({ uploadId: z.string().min(1).max(64) }) } },
        async (req) => {
          const r = await completeBulk(ctx, actorOf(req), (req.params as { id: number }).id, (req.body as { uploadId: string }).uploadId);
          return { ...r, message: translate(requestLang(req), 'sites.bulk_queued') };
        },
      );
      op.get(
        '/sites/:id/bulk-upload/:uploadId',
        { schema: { tags, security, params: idParams.extend({ uploadId: z.string().min(1).max(64) }) } },
        async (req) => {
          const p = req.params as { id: number; uploadId: string };
          return bulkStatus(ctx, actorOf(req), p.id, p.uploadId, requestLang(req));
        },
      );
    },
    { prefix: '/api/v1' },
  );
}

export const mediaJobs = {
  'media.variants': mediaVariantsJob,
  'media.bulk': bulkJob,
  [CLEANUP_JOB]: (ctx: AppContext, payload: Record<string, unknown>) => cleanupPendingJob(ctx, payload),
};
