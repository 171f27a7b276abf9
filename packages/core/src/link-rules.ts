import { z } from 'zod';
import { LIMITS } from './constants.js';
import { isHttpUrl } from './validation.js';

// The URL rule of every link field (back-office.md 5: "link URL valid and max 256"), in one place for the
// editor's inline checks and the server's save: buttons, the page's own link, products, popup transitions,
// campaign banners and campaign items. A link of the external kind needs a valid http(s) URL; anything else
// ("not a url", javascript:, a bare word) is refused with the field named, instead of saving a link the
// visitor's tap would ignore.

/** The i18n key of what is wrong with an external link, or null when it is fine (too long is left to the length rule). */
export function externalLinkProblem(value: string | null | undefined, required = true): string | null {
  const v = value?.trim() ?? '';
  if (v === '') return required ? 'validation.link_url_required' : null;
  if (v.length > LIMITS.linkUrl) return null;
  return isHttpUrl(v) ? null : 'validation.url';
}

/** An optional URL field (empty allowed): a valid http(s) URL of at most 256 characters. */
export const optionalLinkField = z
  .string()
  .trim()
  .max(LIMITS.linkUrl)
  .refine((s) => externalLinkProblem(s, false) === null, { error: 'validation.url' });

/** Adds the URL issue of an external link at `path` (used inside the site document's refinements). */
export function checkExternalLink(
  ctx: { addIssue: (i: { code: 'custom'; message: string; path: (string | number)[] }) => void },
  value: string | null | undefined,
  path: (string | number)[],
): void {
  const problem = externalLinkProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path });
}
