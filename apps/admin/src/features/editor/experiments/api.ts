import type {
  ExperimentCreateBody,
  ExperimentDetail,
  ExperimentList,
  ExperimentResults,
  ExperimentUpdateBody,
  MessageResponse,
} from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// The calls of A/B tests (server: modules/experiments/routes.ts).

export const experimentsQuery = (siteId: number) =>
  queryOptions({
    queryKey: ['experiments', 'site', siteId],
    queryFn: ({ signal }) => api.get<ExperimentList>(`sites/${siteId}/experiments`, { signal }),
  });

export const experimentQuery = (id: number) =>
  queryOptions({
    queryKey: ['experiments', id],
    queryFn: ({ signal }) => api.get<ExperimentDetail>(`experiments/${id}`, { signal }),
  });

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: ['experiments', id, 'results'],
    queryFn: ({ signal }) => api.get<ExperimentResults>(`experiments/${id}/results`, { signal }),
  });

export const createExperiment = (siteId: number, body: ExperimentCreateBody) =>
  api.post<ExperimentDetail>(`sites/${siteId}/experiments`, body);
export const updateExperiment = (id: number, body: ExperimentUpdateBody) => api.put<ExperimentDetail>(`experiments/${id}`, body);
export const deleteExperiment = (id: number) => api.del<MessageResponse>(`experiments/${id}`);
export type Transition = 'start' | 'pause' | 'resume' | 'stop';
export const transition = (id: number, action: Transition) => api.post<ExperimentDetail>(`experiments/${id}/${action}`);
export const promote = (id: number, variationId: number) => api.post<ExperimentDetail>(`experiments/${id}/promote`, { variationId });
export const resultsCsv = (id: number) => api.get<string>(`experiments/${id}/results/export-csv`, { raw: true });
