import type { ErrorResponse } from '@swipe/core';
import { translate } from '@swipe/i18n';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { unhandledErrors } from '../lib/metrics.js';
import { requestLang } from './lang.js';

type ErrorBody = ErrorResponse;

function bodyFor(req: FastifyRequest, err: AppError): ErrorBody {
  const lang = requestLang(req);
  const body: ErrorBody = { message: translate(lang, err.key, err.params), code: err.code };
  if (err.fields && err.fields.length > 0) {
    const fields = err.fields.map((f) => ({ path: f.path, message: translate(lang, f.key, f.params) }));
    body.message = fields.map((f) => (f.path ? `${f.path}: ${f.message}` : f.message));
    body.fields = fields;
  }
  return body;
}

/**
 * PostgreSQL refusing a value (a number beyond its column, a NUL byte, a malformed date) is bad
 * input that slipped past the rules, never a server fault: 400/422 with a translated message.
 */
const DATA_ERRORS: Record<string, [number, string]> = {
  '22003': [422, 'server.number_out_of_range'],
  '22P05': [400, 'server.nul_character'],
  '22021': [400, 'server.nul_character'],
  '54001': [400, 'server.too_deep'],
  '22P02': [400, 'server.bad_request'],
  '22007': [400, 'server.bad_request'],
  '22008': [400, 'server.bad_request'],
};

function dataError(error: unknown): AppError | null {
  const code = (error as { code?: unknown }).code;
  const hit = typeof code === 'string' ? DATA_ERRORS[code] : undefined;
  return hit ? new AppError(hit[0], 'INVALID_VALUE', hit[1]) : null;
}

/** The one error handler: domain errors keep their status; framework errors map to 400/413/415; 5xx text is hidden. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, req: FastifyRequest, reply: FastifyReply) => {
    let err: AppError;
    const refused = dataError(error);
    if (error instanceof AppError) err = error;
    else if (refused) {
      // bad input that passed the rules (a fuzzer's number past a column's range): the client's fault, one line
      req.log.info(
        { statusCode: refused.status, route: req.routeOptions.url, pgCode: (error as { code?: string }).code },
        'refused a value the database would not take',
      );
      err = refused;
    } else if ((error as FastifyError).validation) err = new AppError(400, 'VALIDATION_FAILED', 'server.validation_failed');
    else {
      const fe = error as FastifyError;
      const status = fe.statusCode ?? 500;
      if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413)
        err = new AppError(413, 'PAYLOAD_TOO_LARGE', 'server.payload_too_large');
      else if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
        err = new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'server.unsupported_media_type');
      else if (fe.code?.startsWith('FST_ERR_CTP') || (error instanceof SyntaxError && status === 400))
        err = new AppError(400, 'INVALID_JSON', 'server.invalid_json');
      else if (status === 429) err = new AppError(429, 'TOO_MANY_REQUESTS', 'server.too_many_requests');
      else if (status >= 400 && status < 500) err = new AppError(status, 'BAD_REQUEST', 'server.bad_request');
      else {
        req.log.error({ err: error }, 'unhandled error');
        unhandledErrors.inc();
        err = new AppError(500, 'INTERNAL', 'server.internal');
      }
    }
    if (err.status >= 500 && error instanceof AppError) req.log.error({ err: error }, 'server error');
    reply.status(err.status).send(bodyFor(req, err));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(bodyFor(req, new AppError(404, 'NOT_FOUND', 'server.not_found')));
  });
}
