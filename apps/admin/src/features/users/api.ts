import type {
  AccountListQuery,
  AccountType,
  AccountView,
  AssignablePlan,
  ContractAction,
  ContractHistoryEntry,
  CreateAccountBody,
  MessageResponse,
  Paged,
  UpdateAccountBody,
  UserDetail,
  UserList,
  UserSummary,
} from '@swipe/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

// The user screens' calls (server: modules/accounts/users.routes.ts and contracts.routes.ts).

export type UserListParams = Omit<AccountListQuery, 'search'> & { search: string };

const listQuery = (p: Omit<UserListParams, 'page' | 'pageSize'>) => ({
  search: p.search || undefined,
  type: p.type,
  status: p.status,
  planId: p.planId,
  sort: p.sort,
  order: p.order,
});

export const userListQuery = (p: UserListParams) =>
  queryOptions({
    queryKey: ['users', 'list', p],
    queryFn: ({ signal }) => api.get<UserList>('user', { query: { ...listQuery(p), page: p.page, pageSize: p.pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

/** CSV of the list as filtered and sorted (BOM, formula-safe cells, dates in Japan time: the server writes it). */
export const exportUsersCsv = (p: Omit<UserListParams, 'page' | 'pageSize'>) =>
  api.get<string>('user/export-csv', { query: listQuery(p), raw: true });

export const userQuery = (id: number) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => api.get<UserDetail>(`user/${id}`, { signal }) });

export const historyQuery = (id: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['users', 'history', id, page, pageSize],
    queryFn: ({ signal }) => api.get<Paged<ContractHistoryEntry>>(`user/${id}/history`, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });

export const plansQuery = (type: AccountType | undefined) =>
  queryOptions({
    queryKey: ['users', 'plans', type ?? 'all'],
    queryFn: ({ signal }) => api.get<{ items: AssignablePlan[] }>('user/assignable-plans', { query: { type }, signal }),
    staleTime: 60_000,
  });

/** The plans the accounts of the caller's subtree hold (the list's plan filter). */
export const plansInUseQuery = () =>
  queryOptions({
    queryKey: ['users', 'plans-in-use'],
    queryFn: ({ signal }) => api.get<{ items: AssignablePlan[] }>('user/plans-in-use', { signal }),
    staleTime: 60_000,
  });

export const createUser = (body: CreateAccountBody) => api.post<UserSummary>('user', body);
export const updateUser = (id: number, body: UpdateAccountBody) => api.put<UserSummary>(`user/${id}`, body);
export const resendSetup = (id: number) => api.post<MessageResponse>(`user/${id}/resend-setup`);
export const changeContract = (id: number, action: ContractAction, override = false) =>
  api.put<AccountView>(`user/${id}/contract`, { action, override });
export const deleteUser = (id: number) => api.del<MessageResponse>(`user/${id}`);
