import type { Queryable } from '../../db/db.js';

// notification_deliveries: the notices the viewer shows. Written only by the demo data today
// (demo/seed.ts); the viewer reads them in api.ts. Added by the platform engineer.

export interface NewNotification {
  lang: string;
  title: string;
  content: string;
  newsUrl: string | null;
  /** shown from now minus this many days until now plus `untilDays` */
  sinceDays: number;
  untilDays: number;
}

export async function insertPublicNotifications(q: Queryable, siteId: number, items: NewNotification[]): Promise<void> {
  for (const n of items) {
    await q.query(
      `INSERT INTO notification_deliveries (site_id, lang, title, content, news_url, status, start_date, end_date)
       VALUES ($1, $2, $3, $4, $5, 'PUBLIC', now() - make_interval(days => $6), now() + make_interval(days => $7))`,
      [siteId, n.lang, n.title, n.content, n.newsUrl, n.sinceDays, n.untilDays],
    );
  }
}
