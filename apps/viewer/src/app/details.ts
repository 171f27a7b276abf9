import type { PageDetailResponse, ViewerBoot } from '@swipe/core';
import { startTransition, useCallback, useRef, useState } from 'react';
import { type Pos, pageAt } from '../engine/grid.js';
import { type Api, ApiError, clearToken, errorText, readToken } from '../lib/api.js';

/** A page's detail (its media, texts and buttons), fetched once per page as the visitor comes near it. */
export type DetailState = { status: 'loading' } | { status: 'success'; data: PageDetailResponse } | { status: 'unset' };
export type Details = Record<number, DetailState>;

/**
 * A page's dynamic text filled from this address, as the server fills the first page (core placeholders.ts): the
 * rule is fetched only for a page that has placeholders, never in the first load.
 */
const withPlaceholders = (d: PageDetailResponse): PageDetailResponse | Promise<PageDetailResponse> =>
  JSON.stringify(d.pageDetail).includes('{{') ? import('@swipe/core/placeholders.ts').then((m) => m.fillFromSearch(d, location.search)) : d;

/** The pictures of the pages whose detail has loaded, by page id (the album's members-only thumbnails). */
export function loadedMedia(details: Details): Record<number, { imageUrl: string | null; thumbnail: string | null }> {
  const out: Record<number, { imageUrl: string | null; thumbnail: string | null }> = {};
  for (const [id, d] of Object.entries(details)) if (d.status === 'success') out[Number(id)] = d.data.pageDetail;
  return out;
}

type DetailsDeps = {
  boot: ViewerBoot;
  api: Api;
  /** A member's token was refused (expired or signed out elsewhere): the members-only pages lock again. */
  onSignedOut: () => void;
  /** Shown when the page in view could not load. */
  showToast: (text: string) => void;
  t: (key: string) => string;
};

/**
 * The pages' details: the server-rendered ones from the boot data, the others fetched by `load` (one request per
 * page at a time; a members-only page only with a member's token, and never in the operator's preview).
 */
export function useDetails({ boot, api, onSignedOut, showToast, t }: DetailsDeps) {
  const { site, preview } = boot;
  const [details, setDetails] = useState<Details>(() =>
    Object.fromEntries(Object.entries(boot.details).map(([id, data]) => [id, { status: 'success', data }])),
  );
  const inflight = useRef(new Set<number>());

  const load = useCallback(
    (p: Pos, isCurrent: boolean) => {
      const page = pageAt(site, p);
      if (!page?.hasMedia || inflight.current.has(page.id)) return;
      const access = page.locked && !preview ? 'private' : 'public';
      if (access === 'private' && !readToken(site.siteId)) return;
      setDetails((d) => {
        const cur = d[page.id];
        if (cur && cur.status !== 'unset') return d;
        inflight.current.add(page.id);
        api
          .pageDetail(page.id, access)
          .then(withPlaceholders)
          .then((data) => startTransition(() => setDetails((x) => ({ ...x, [page.id]: { status: 'success', data } }))))
          .catch((e: unknown) => {
            setDetails((x) => ({ ...x, [page.id]: { status: 'unset' } }));
            if (e instanceof ApiError && e.status === 401) {
              clearToken(site.siteId);
              onSignedOut();
            } else if (isCurrent) showToast(errorText(e, t));
          })
          .finally(() => inflight.current.delete(page.id));
        return { ...d, [page.id]: { status: 'loading' } };
      });
    },
    [api, preview, site, onSignedOut, showToast, t],
  );

  /** After a member signs out: the members-only pages' copies are dropped, so they lock again. */
  const dropLocked = useCallback(() => {
    setDetails((d) => {
      const out = { ...d };
      for (const c of site.categories) for (const pg of c.pages) if (pg.locked) delete out[pg.id];
      return out;
    });
  }, [site]);

  return { details, load, dropLocked };
}
