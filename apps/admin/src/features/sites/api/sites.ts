import type { CreateSiteBody, Paged, SiteSummary } from '@swipe/core';
import type { SiteStatus } from '@swipe/core/constants.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listParamsOf } from '../../../components/data-list/list-url';
import { api } from '../../../lib/api';
import { appConfigQuery } from '../../../lib/app-config';
import { queryClient } from '../../../lib/query';
import { getSession } from '../../../lib/session';

export interface SiteListParams {
  page: number;
  pageSize: number;
  search: string;
  status: SiteStatus | 'ALL';
}

/** How long the site list's first draw waits for its rows (prefetchSiteList). */
const FIRST_DRAW_WAIT_MS = 1000;

export const siteListQuery = (p: SiteListParams) =>
  queryOptions({
    queryKey: ['sites', 'list', p],
    queryFn: ({ signal }) =>
      api.get<Paged<SiteSummary>>('sites', {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, status: p.status === 'ALL' ? undefined : p.status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The status filter in the order a person looks for them. */
export const SITE_STATUSES = ['PUBLISH', 'PRIVATE', 'DRAFT', 'DOMAIN_VERIFYING'] as const;

/** The list's query as its URL holds it: what the screen asks for (useListState reads the URL the same way). */
export function siteListParamsOf(sp: URLSearchParams): SiteListParams {
  const status = sp.get('status');
  return {
    ...listParamsOf(sp),
    status: status !== null && (SITE_STATUSES as readonly string[]).includes(status) ? (status as SiteStatus) : 'ALL',
  };
}

/**
 * The site list route's loader: with a session, its rows (and the sites origin's address, which the rows' preview
 * links need) are asked as the route is entered, beside the download of the screen's code; the screen's useQuery
 * finds them under the same keys. The router draws the screen once both have come, or after FIRST_DRAW_WAIT_MS at
 * most (then the screen draws its placeholders and its own query goes on): drawing placeholders and then again
 * with rows cost a second pass over the header, search and filters as long as the first.
 */
export async function prefetchSiteList({ request }: { request: Request }): Promise<null> {
  // silent: a failure is told once, by the screen's own query, which asks again when it mounts
  const query = { ...siteListQuery(siteListParamsOf(new URL(request.url).searchParams)), meta: { silent: true } };
  if (!getSession()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all([queryClient.prefetchQuery(query), queryClient.prefetchQuery({ ...appConfigQuery, meta: { silent: true } })]),
    new Promise((resolve) => {
      timer = setTimeout(resolve, FIRST_DRAW_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return null;
}

/** CSV of the list as filtered (the server neutralises formula cells); saved with a byte-order mark. */
export function exportSitesCsv(p: { search: string; status: SiteStatus | 'ALL' }) {
  return api.get<string>('sites/export-csv', {
    query: { search: p.search || undefined, status: p.status === 'ALL' ? undefined : p.status },
    raw: true,
  });
}

export const createSite = (body: CreateSiteBody) => api.post<SiteSummary>('sites', body);
