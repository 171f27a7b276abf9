import type { MessageResponse, Paged, SiteSummary, SurveyAdminList, SurveyDetail, SurveyInput, SurveyResponseList } from '@swipe/core';
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

export type ResponseParams = { page: number; pageSize: number; search: string; surveyId?: number };
export const responsesQuery = (siteId: number, p: ResponseParams) =>
  queryOptions({
    queryKey: ['surveys', 'responses', siteId, p],
    queryFn: ({ signal }) =>
      api.get<SurveyResponseList>(`sites/${siteId}/survey-responses`, {
        query: { page: p.page, pageSize: p.pageSize, search: p.search || undefined, surveyId: p.surveyId },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const exportResponses = (siteId: number, p: ResponseParams) =>
  api.get<string>(`sites/${siteId}/survey-responses/export-csv`, {
    query: { search: p.search || undefined, surveyId: p.surveyId },
    raw: true,
  });

/** The server's CSV text as a file, with its byte-order mark (decoding the answer drops it). */
export const csvBlob = (text: string) => new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });

export const textIn = (r: Record<string, string>, lang: string) => r[lang] || Object.values(r).find(Boolean) || '';
