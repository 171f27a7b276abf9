import { toFieldIssues } from '@swipe/core/issues.ts';
import type { Lang } from '@swipe/i18n';
import type { z } from 'zod';
import { translateIn } from './i18n';

export type FieldErrors = Record<string, string>;

/** Runs one of @swipe/core's schemas and translates its issues: the same rules as the server, never rewritten here. */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  lang: Lang,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, data: r.data };
  return { ok: false, errors: issuesToErrors(r.error, lang) };
}

export function issuesToErrors(error: z.ZodError, lang: Lang): FieldErrors {
  const out: FieldErrors = {};
  for (const i of toFieldIssues(error)) if (!(i.path in out)) out[i.path] = translateIn(lang, i.key, i.params);
  return out;
}

/** The error of one field, when the user has touched it or tried to submit. */
export function shown(errors: FieldErrors, path: string, visible: boolean): string | undefined {
  return visible ? errors[path] : undefined;
}
