import { isMalformed, toCamel, toFieldIssues } from '@swipe/core';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '../errors.js';

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
