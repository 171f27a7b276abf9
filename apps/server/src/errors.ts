import type { FieldIssue } from '@swipe/core';

/**
 * Domain errors with stable codes; mapped to HTTP once, in http/errors.ts. Messages are i18n keys.
 * A 4xx is an expected answer (not found, refused, invalid), never logged with its stack, so none is
 * captured: capturing one was the most expensive step of a 404. 5xx keep theirs.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: string;
  readonly params?: Record<string, string | number>;
  readonly fields?: FieldIssue[];
  constructor(status: number, code: string, key: string, params?: Record<string, string | number>, fields?: FieldIssue[]) {
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    try {
      super(key);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.status = status;
    this.code = code;
    this.key = key;
    this.params = params;
    this.fields = fields;
  }
}

export const badRequest = (key = 'server.bad_request', code = 'BAD_REQUEST') => new AppError(400, code, key);
export const unauthorized = (key = 'server.unauthorized', code = 'UNAUTHORIZED') => new AppError(401, code, key);
export const forbidden = (key = 'server.forbidden', code = 'FORBIDDEN') => new AppError(403, code, key);
export const notFound = (key = 'server.not_found', code = 'NOT_FOUND') => new AppError(404, code, key);
export const conflict = (key = 'server.conflict', code = 'CONFLICT') => new AppError(409, code, key);
export const tooMany = (key = 'server.too_many_requests', code = 'TOO_MANY_REQUESTS') => new AppError(429, code, key);
export const invalid = (fields: FieldIssue[], status = 422) =>
  new AppError(status, 'VALIDATION_FAILED', fields[0]?.key ?? 'server.validation_failed', fields[0]?.params, fields);
/** One rule broken on one field, with the rule's key (e.g. validation.password_incorrect). */
export const fieldError = (path: string, key: string, params: Record<string, string | number> = {}) => invalid([{ path, key, params }]);
