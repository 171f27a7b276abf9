import type { SiteStatus } from '@swipe/core/constants.ts';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

// Site calls more than one screen uses (the list, the editor, the visitors screen): features share them
// through lib/, never by importing each other.

/** A site as lists and the editor's header show it (GET /sites, GET /sites/{id} minus the document). */
export interface SiteSummary {
  id: number;
  uuid: string;
  name: string;
  status: SiteStatus;
  parentAccount: string;
  accountId: number;
  url: string;
  customDomain: string | null;
  domainVerified: boolean;
  numberHorizontal: number;
  numberVertical: number;
  defaultLanguage: string;
  languages: string[];
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /sites/{id}: the summary and the whole site document. */
export type SiteDetail = Record<string, unknown> & SiteSummary;

export const getSite = (id: number, signal?: AbortSignal) => api.get<SiteDetail>(`sites/${id}`, { signal });

/** One cache entry per site for every screen that reads it. */
export const siteDetailKey = (siteId: number) => ['sites', 'detail', siteId] as const;

export const siteDetailQuery = (siteId: number) =>
  queryOptions({
    queryKey: siteDetailKey(siteId),
    queryFn: ({ signal }) => getSite(siteId, signal),
    // each screen shows its own error state with a retry
    meta: { silent: true },
  });

export const deleteSite = (id: number) => api.del<{ message: string }>(`sites/${id}`);
