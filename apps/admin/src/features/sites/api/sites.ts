import type { CreateSiteBody, Paged, SiteSummary } from '@swipe/core';
import type { SiteStatus } from '@swipe/core/constants.ts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface SiteListParams {
  page: number;
  pageSize: number;
  search: string;
  status: SiteStatus | 'ALL';
}

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

/** CSV of the list as filtered (the server neutralises formula cells); saved with a byte-order mark. */
export function exportSitesCsv(p: { search: string; status: SiteStatus | 'ALL' }) {
  return api.get<string>('sites/export-csv', {
    query: { search: p.search || undefined, status: p.status === 'ALL' ? undefined : p.status },
    raw: true,
  });
}

export const createSite = (body: CreateSiteBody) => api.post<SiteSummary>('sites', body);
