import type { Queryable } from '../../db/db.js';

export interface NoticeRow {
  id: number;
  title: string;
  content: string;
  image_url: string | null;
  news_url: string | null;
  start_date: string | null;
  end_date: string | null;
}

/** Public notifications of a site in a language (or every language) whose date window contains now; newest first, 20 at most. */
export function liveNotifications(q: Queryable, siteId: number, lang: string): Promise<NoticeRow[]> {
  return q.query<NoticeRow>(
    `SELECT id, title, content, image_url, news_url, start_date, end_date FROM notification_deliveries
      WHERE site_id = $1 AND status = 'PUBLIC' AND (lang IS NULL OR lang = $2)
        AND (start_date IS NULL OR start_date <= now()) AND (end_date IS NULL OR end_date > now())
      ORDER BY start_date DESC NULLS LAST, id DESC LIMIT 20`,
    [siteId, lang],
  );
}
