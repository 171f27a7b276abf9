import type { MessageResponse, MoveToLatestResult, PlanBody, PlanDetail, PlanList, PlanListQuery, PlanSaved, PlanView } from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// Plan management's calls (server: modules/accounts/plans.routes.ts).

export type PlanListParams = Omit<PlanListQuery, 'search'> & { search: string };

export const planListQuery = (p: PlanListParams) =>
  queryOptions({
    queryKey: ['plans', 'list', p],
    queryFn: ({ signal }) => api.get<PlanList>('plans', { query: { ...p, search: p.search || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

/** The plan list as CSV (same filters and order, no paging). */
export const exportPlansCsv = (p: Omit<PlanListParams, 'page' | 'pageSize'>) =>
  api.get<string>('plans/export-csv', { query: { ...p, search: p.search || undefined }, raw: true });

export const getPlan = (id: number) => api.get<PlanDetail>(`plans/${id}`);
export const createPlan = (body: PlanBody) => api.post<PlanView>('plans', body);
export const updatePlan = (id: number, body: PlanBody) => api.put<PlanSaved>(`plans/${id}`, body);
export const archivePlan = (id: number) => api.post<PlanView>(`plans/${id}/archive`);
export const restorePlan = (id: number) => api.post<PlanView>(`plans/${id}/restore`);
export const deletePlan = (id: number) => api.del<MessageResponse>(`plans/${id}`);

/** Books the latest version for the accounts on every older version of the plan's family; how many were booked. */
export async function moveFamilyToLatest(latest: PlanView): Promise<number> {
  const detail = await getPlan(latest.id);
  let n = 0;
  for (const v of detail.versions)
    if (v.id !== latest.id && v.accounts > 0) n += (await api.post<MoveToLatestResult>(`plans/${v.id}/move-to-latest`, {})).scheduled;
  return n;
}
