import type { PreviewTicketView, RevisionList } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// A site's revisions: the list, rollback, and the operator's preview of one of them.

export const revisionsKey = (siteId: number) => ['sites', 'revisions', siteId] as const;
export const revisionsQuery = (siteId: number) =>
  queryOptions({ queryKey: revisionsKey(siteId), queryFn: ({ signal }) => api.get<RevisionList>(`sites/${siteId}/revisions`, { signal }) });
export const rollback = (siteId: number, revision: number) =>
  api.post<{ revision: number; message: string }>(`sites/${siteId}/revisions/${revision}/rollback`);
/** A single-use ticket that opens the kept revision in the operator's preview (no passcode). */
export const revisionPreviewTicket = (siteId: number, revision: number, lang: string) =>
  api.post<PreviewTicketView>(`preview/site/${siteId}/share/ticket`, { lang, revision });
