import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { redactUrl } from '../lib/log.js';

/**
 * One short line per answered request, at debug (LOG_LEVEL=debug shows them). Fastify's own request
 * logs (two JSON lines per request at info) are off (app.ts `logController`); when debug is not on,
 * no hook is installed at all, so the hot path pays nothing for logging.
 */
export function installRequestLog(app: FastifyInstance, log: FastifyBaseLogger): void {
  if (log.level !== 'debug' && log.level !== 'trace') return;
  app.addHook('onResponse', (req, reply, done) => {
    req.log.debug({ method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: reply.elapsedTime }, 'request');
    done();
  });
}
