import type { AdoptionByPlan, RegistrationData, Revenue, UserSite } from '@swipe/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The summary screen's four calls (server: modules/dashboard/routes.ts, prefix /api/v1/dashboard).

const get = <T>(part: string) =>
  queryOptions({
    queryKey: ['dashboard', part],
    queryFn: ({ signal }) => api.get<T>(`dashboard/${part}`, { signal }),
    staleTime: 60_000,
  });

export const userSiteQuery = () => get<UserSite>('user-site');
export const revenueQuery = () => get<Revenue>('revenue');
export const adoptionQuery = () => get<AdoptionByPlan>('adoption-by-plan');
export const registrationsQuery = () => get<RegistrationData>('registration-data');
