import type { MessageResponse, Paged, SiteSummary, SurveyAdminList, SurveyDetail, SurveyInput } from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The operator survey calls (server: modules/surveys/operator.routes.ts).

export const surveyListQuery = (p: { page: number; pageSize: number; search: string; siteId?: number }) =>
  queryOptions({
    queryKey: ['surveys', 'list', p],
    queryFn: ({ signal }) =>
      api.get<SurveyAdminList>('surveys', {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, siteId: p.siteId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const surveyQuery = (id: number) =>
  queryOptions({ queryKey: ['surveys', 'one', id], queryFn: ({ signal }) => api.get<SurveyDetail>(`surveys/${id}`, { signal }) });

/** The caller's sites, for the survey's site choice. */
export const mySitesQuery = () =>
  queryOptions({
    queryKey: ['surveys', 'sites'],
    queryFn: ({ signal }) => api.get<Paged<SiteSummary>>('sites', { query: { page: 1, pageSize: 100 }, signal }),
    staleTime: 60_000,
  });

export const createSurvey = (body: SurveyInput) => api.post<SurveyDetail>('surveys', body);
export const updateSurvey = (id: number, body: SurveyInput) => api.put<SurveyDetail>(`surveys/${id}`, body);
export const deleteSurvey = (id: number) => api.del<MessageResponse>(`surveys/${id}`);
