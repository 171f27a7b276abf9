import type { MessageResponse, SiteDetail } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

// Site calls more than one screen uses (the list, the editor, the visitors screen): features share them
// through lib/, never by importing each other. Shapes are the server's response types from @swipe/core.

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

export const deleteSite = (id: number) => api.del<MessageResponse>(`sites/${id}`);
