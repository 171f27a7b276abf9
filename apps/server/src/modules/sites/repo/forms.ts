import type { FormType, Language } from '@swipe/core';
import type { Queryable } from '../../../db/db.js';

/** The fields of one form of a site in one language, in their order (keys and titles, e.g. for CSV columns). */
export function formFieldsOf(q: Queryable, siteId: number, type: FormType, lang: Language): Promise<{ fieldKey: string; title: string }[]> {
  return q.query<{ fieldKey: string; title: string }>(
    `SELECT f.field_key AS "fieldKey", f.title FROM form_fields f JOIN form_settings s ON s.id = f.form_setting_id
      WHERE s.site_id = $1 AND s.type = $2 AND s.lang = $3 ORDER BY f.order_num, f.id`,
    [siteId, type, lang],
  );
}
