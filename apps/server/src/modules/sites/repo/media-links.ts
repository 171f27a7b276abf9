import type { Queryable } from '../../../db/db.js';

// Where pages meet media (sites never imports media): media registers how to read video renditions,
// and calls these through sites' service to place uploaded files and finished renditions on pages.

export type RenditionSource = (q: Queryable, keys: string[]) => Promise<Map<string, { poster_key: string | null; hls_key: string | null }>>;
let renditions: RenditionSource = async () => new Map();

/** The media module registers how a saved document learns each video's poster and HLS rendition. */
export function registerVideoRenditions(source: RenditionSource): void {
  renditions = source;
}
export function videoRenditions(q: Queryable, keys: string[]) {
  return keys.length ? renditions(q, keys) : Promise.resolve(new Map<string, { poster_key: string | null; hls_key: string | null }>());
}

/** Bulk upload: puts each file on the working copy's page at (column, row). */
export async function placeGridMedia(
  q: Queryable,
  siteId: number,
  cells: readonly { col: number; row: number; key: string; mediaType: 'IMAGE' | 'VIDEO' }[],
): Promise<void> {
  if (cells.length === 0) return;
  await q.query(
    `UPDATE pages p SET image_url = x.key, media_type = x.media_type, thumbnail = NULL, hls_path = NULL
       FROM categories c, jsonb_to_recordset($2::jsonb) AS x(col int, row int, key text, media_type text)
      WHERE c.site_id = $1 AND p.category_id = c.id AND c.order_num = x.col AND p.order_num = x.row`,
    [siteId, JSON.stringify(cells.map((c) => ({ col: c.col, row: c.row, key: c.key, media_type: c.mediaType })))],
  );
}

/**
 * A finished video rendition: pages showing the video pick it up, and so does the live publication (it is
 * derived from the same file, not operator content; older revisions keep what they had); true when it changed.
 */
export async function setVideoRendition(q: Queryable, siteId: number, key: string, r: { poster: string; hls: string }): Promise<boolean> {
  await q.query('UPDATE pages SET hls_path = $3, thumbnail = $4 WHERE site_id = $1 AND image_url = $2', [siteId, key, r.hls, r.poster]);
  type Doc = {
    categories?: { pages?: { mediaType?: string; imageUrl?: string | null; hlsPath?: string | null; thumbnail?: string | null }[] }[];
  };
  const pub = await q.maybeOne<{ document: Doc }>('SELECT document FROM site_publications WHERE site_id = $1 AND live FOR UPDATE', [
    siteId,
  ]);
  if (!pub) return false;
  let changed = false;
  for (const c of pub.document.categories ?? [])
    for (const p of c.pages ?? [])
      if (p.imageUrl === key && p.mediaType === 'VIDEO' && p.hlsPath !== r.hls) {
        p.hlsPath = r.hls;
        p.thumbnail = r.poster;
        changed = true;
      }
  // a new version: payloads cached per publication version are built again
  if (changed)
    await q.query('UPDATE site_publications SET document = $2, version = version + 1 WHERE site_id = $1 AND live', [
      siteId,
      JSON.stringify(pub.document),
    ]);
  return changed;
}
