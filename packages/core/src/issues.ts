import type { z } from 'zod';

export interface FieldIssue {
  /** dotted path of the field, '' for the whole body */
  path: string;
  /** i18n key in the validation namespace */
  key: string;
  params: Record<string, string | number>;
}

const KNOWN_PREFIX = 'validation.';

/** Maps zod issues to i18n keys with parameters, the one place where messages are chosen (server and clients). */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.map((iss): FieldIssue => {
    const path = iss.path.map(String).join('.');
    if (typeof iss.message === 'string' && iss.message.startsWith(KNOWN_PREFIX)) return { path, key: iss.message, params: {} };
    switch (iss.code) {
      case 'invalid_type':
        return {
          path,
          key: (iss as { input?: unknown }).input === undefined ? 'validation.required' : 'validation.invalid_type',
          params: {},
        };
      case 'too_big': {
        const max = Number(iss.maximum);
        if (iss.origin === 'string') return { path, key: 'validation.max_length', params: { max } };
        if (iss.origin === 'array' || iss.origin === 'set') return { path, key: 'validation.max_items', params: { max } };
        return { path, key: 'validation.max_value', params: { max } };
      }
      case 'too_small': {
        const min = Number(iss.minimum);
        if (iss.origin === 'string') return { path, key: min <= 1 ? 'validation.required' : 'validation.min_length', params: { min } };
        if (iss.origin === 'array' || iss.origin === 'set')
          return { path, key: min <= 1 ? 'validation.required' : 'validation.min_items', params: { min } };
        return { path, key: 'validation.min_value', params: { min } };
      }
      case 'invalid_format':
        if (iss.format === 'email') return { path, key: 'validation.email', params: {} };
        if (iss.format === 'url') return { path, key: 'validation.url', params: {} };
        if (iss.format === 'datetime' || iss.format === 'date') return { path, key: 'validation.date', params: {} };
        return { path, key: 'validation.invalid_format', params: {} };
      case 'invalid_value':
        return { path, key: 'validation.invalid_option', params: {} };
      case 'unrecognized_keys':
        return { path, key: 'validation.unknown_field', params: { keys: iss.keys.join(', ') } };
      default:
        return { path, key: 'validation.invalid', params: {} };
    }
  });
}

/** A body is malformed (400) when a value has the wrong type or is missing; other rule violations are 422. */
export function isMalformed(error: z.ZodError): boolean {
  return error.issues.some((i) => i.code === 'invalid_type' || i.code === 'invalid_union');
}
