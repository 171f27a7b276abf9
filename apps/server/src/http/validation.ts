import { isMalformed, nestingDepth, toCamel, toFieldIssues } from '@swipe/core';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '../errors.js';

/** No request part (body, query, params) nests deeper than this; real documents stay far below it. */
export const MAX_NESTING = 64;

/** True when a string value or a record key anywhere in `value` holds U+0000 (PostgreSQL text cannot). Iterative. */
export function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\0')) return true;
    } else if (Array.isArray(v)) {
      for (const c of v) stack.push(c);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, c] of Object.entries(v)) {
        if (k.includes('\0')) return true;
        stack.push(c);
      }
    }
  }
  return false;
}

/**
 * Input no route can take, refused before any conversion or rule: nesting deeper than
 * MAX_NESTING (the key conversion and zod would walk it) and NUL characters.
 */
export function refuseHostile(data: unknown): AppError | null {
  // only parsed JSON and query objects: a raw body handed on as a stream or buffer is the route's own
  if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
    const proto = Object.getPrototypeOf(data);
    if (proto !== Object.prototype && proto !== null) return null;
  }
  if (nestingDepth(data, MAX_NESTING) > MAX_NESTING) return new AppError(400, 'TOO_DEEP', 'server.too_deep');
  if (hasNul(data)) return new AppError(400, 'INVALID_CHARACTER', 'server.nul_character');
  return null;
}

/** Every route, with a schema or not: hostile body, query or params are refused before anything reads them. */
export function installHostileInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (req, _reply, done) => {
    done(refuseHostile(req.body) ?? refuseHostile(req.query) ?? refuseHostile(req.params) ?? undefined);
  });
}

/**
 * Request validation: snake_case keys on the wire become camelCase, then the zod schema of
 * packages/core checks them. Missing or wrongly typed values are 400; broken rules are 422.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => {
  return (data: unknown) => {
    const result = schema.safeParse(toCamel(data), { reportInput: true });
    if (result.success) return { value: result.data };
    const fields = toFieldIssues(result.error);
    return {
      error: new AppError(
        isMalformed(result.error) ? 400 : 422,
        'VALIDATION_FAILED',
        fields[0]?.key ?? 'server.validation_failed',
        fields[0]?.params,
        fields,
      ),
    };
  };
};
