import { insertMany } from '../../db/bulk.js';
import type { Queryable } from '../../db/db.js';

// The analytics module's SQL: analytics_events (docs/architecture.md).

export type EventRow = {
  site_id: number;
  page_id: number | null;
  event: string;
  session_id: string;
  lang: string | null;
  target_id: number | null;
  data: string;
  occurred_at: string;
};

export async function insertEvents(q: Queryable, rows: EventRow[]): Promise<void> {
  await insertMany(
    q,
    'analytics_events',
    {
      site_id: 'bigint',
      page_id: 'bigint',
      event: 'text',
      session_id: 'text',
      lang: 'text',
      target_id: 'bigint',
      data: 'jsonb',
      occurred_at: 'timestamptz',
    },
    rows,
  );
}
