import { z } from 'zod';
import { LANGUAGES, LIMITS } from './constants.js';
import { placeholderProblem } from './placeholders.js';
import { color } from './validation.js';

// The fields the site document's parts are made of (site.ts, site-campaign.ts): per-language texts, colours and
// media references, each with the limits the editor and the server check.

export const lang = z.enum(LANGUAGES);
/** The largest value a PostgreSQL `integer` column holds (order numbers, page numbers, counters). */
export const INT32_MAX = 2_147_483_647;
export const i18nText = (max: number = LIMITS.text) => z.partialRecord(lang, z.string().max(max));
/** Visitor text that may hold placeholders `{{utm_term|fallback}}` (placeholders.ts): sources and fallbacks checked. */
export const dynamicText = (max: number = LIMITS.text) =>
  z.partialRecord(
    lang,
    z
      .string()
      .max(max)
      .superRefine((s, ctx) => {
        const key = placeholderProblem(s);
        if (key) ctx.addIssue({ code: 'custom', message: key });
      }),
  );
export const optColor = z.union([z.literal(''), color]).nullish();
export const percent = z.number().min(-100).max(200);
/** Media references are storage keys or URLs of this product's media (never data: or javascript:). */
export const mediaRef = z
  .string()
  .max(1024)
  .refine((s) => s === '' || /^(https?:\/\/|\/)/.test(s) || /^[\w\-./]+$/.test(s), { error: 'validation.url' });
