import { Button, Group, Stack, Text } from '@mantine/core';
import { USER_SORTS, type UserSort, type UserSummary } from '@swipe/core';
import { type AccountType, CONTRACT_STATUSES, type ContractStatus } from '@swipe/core/constants.ts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AddButton, RowLink } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { FilterSelect } from '../../components/data-list/filter-select';
import { oneOf, positiveId, useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconUpload } from '../../components/icons';
import { ListHeader } from '../../components/list-layout';
import { type T, useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { exportUsersCsv, plansInUseQuery, type UserListParams, userListQuery } from './api';
import { ContractBadge, creatableTypes, day, typeLabel, typesBelow } from './labels';

// back-office.md 2: every account of the caller's subtree, searchable, filtered by type, contract status and plan,
// sortable by its column headers, paged, exported as CSV (the server's file); cards on a phone.

export function UserListPage() {
  const t = useT();
  const base = useBase();
  const user = useSession()?.user;
  const effective = (user?.effectiveType ?? 'USER') as AccountType;
  const types = typesBelow(effective);
  const state = useListState({
    sort: { sorts: USER_SORTS, defaultSort: 'created', defaultOrder: (s) => (s === 'created' ? 'desc' : 'asc') },
    filters: { type: oneOf(types), status: oneOf(CONTRACT_STATUSES), plan: positiveId },
  });
  const { filter } = state;
  const params: UserListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    type: filter.type as AccountType | undefined,
    status: filter.status as ContractStatus | undefined,
    planId: filter.plan ? Number(filter.plan) : undefined,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
  const list = useQuery(userListQuery(params));
  const plans = useQuery(plansInUseQuery());
  const canCreate = user?.authority === 'EDIT' && creatableTypes(effective).length > 0;
  const createTo = `${base}/create-user/${user?.type === 'SUB_ADMIN' ? user.parentId : user?.id}`;
  const all = (label: string) => [{ value: '', label }];

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.users_title')} subtitle={list.data && t('admin.users_count', { count: list.data.total })}>
        {canCreate && (
          <Group gap="xs">
            <Button variant="default" component={Link} to={`${base}/user-list/import`} leftSection={<IconUpload size={16} />}>
              {t('admin.import_users_button')}
            </Button>
            <AddButton label={t('admin.users_create')} to={createTo} />
          </Group>
        )}
      </ListHeader>
      <DataList
        label={t('admin.users_title')}
        state={state}
        query={list}
        columns={columns(t, base)}
        rowKey={(u) => u.id}
        search={t('admin.users_search')}
        filters={
          <>
            <FilterSelect
              label={t('admin.users_filter_type')}
              data={[...all(t('admin.users_all_types')), ...types.map((x) => ({ value: x, label: typeLabel(t, x) }))]}
              value={filter.type ?? ''}
              onChange={(v) => state.setFilter('type', v || null)}
              w={180}
            />
            <FilterSelect
              label={t('admin.users_filter_status')}
              data={[
                ...all(t('admin.users_all_statuses')),
                ...CONTRACT_STATUSES.map((x) => ({ value: x, label: t(`admin.users_status_${x.toLowerCase()}`) })),
              ]}
              value={filter.status ?? ''}
              onChange={(v) => state.setFilter('status', v || null)}
              w={170}
            />
            <FilterSelect
              label={t('admin.users_filter_plan')}
              data={[...all(t('admin.users_all_plans')), ...(plans.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))]}
              value={filter.plan ?? ''}
              onChange={(v) => state.setFilter('plan', v || null)}
              w={170}
            />
          </>
        }
        csv={{ fileName: 'users', server: () => exportUsersCsv(params) }}
        empty={{
          title: t('admin.users_empty'),
          body: t('admin.users_empty_body'),
          action: canCreate && <AddButton label={t('admin.users_create')} to={createTo} small />,
        }}
        noMatch={{ title: t('admin.users_no_match'), body: t('admin.users_no_match_body') }}
        sortNames={{ created: t('admin.users_sort_created') }}
        minWidth={1040}
        rowTestId="user-row"
      />
    </Stack>
  );
}

function columns(t: T, base: string): Column<UserSummary, UserSort>[] {
  return [
    {
      key: 'company',
      title: t('admin.users_col_company'),
      sort: 'company',
      phone: 'title',
      render: (u) => <RowLink to={`${base}/user/${u.id}`}>{u.companyName || u.email}</RowLink>,
    },
    { key: 'email', title: t('admin.users_col_email'), sort: 'email', phone: 'plain', render: (u) => u.email },
    { key: 'contact', title: t('admin.users_col_contact'), sort: 'contact', render: (u) => u.contactName || '—' },
    // a type is a short term ("マスターユーザー"): it never breaks inside; a plan name breaks, but not before its first word
    { key: 'type', title: t('admin.users_col_type'), sort: 'type', nowrap: true, render: (u) => typeLabel(t, u.type) },
    { key: 'plan', title: t('admin.users_col_plan'), sort: 'plan', minWidth: 96, render: (u) => <PlanCell u={u} t={t} /> },
    {
      key: 'contract_start',
      title: t('admin.users_col_contract_start'),
      sort: 'contract_start',
      nowrap: true,
      render: (u) => day(u.contractStart),
    },
    {
      key: 'contract_end',
      title: t('admin.users_col_contract_end'),
      sort: 'contract_end',
      nowrap: true,
      render: (u) => day(u.contractEnd),
    },
    {
      key: 'parent',
      title: t('admin.users_col_parent'),
      sort: 'parent',
      maxWidth: 180,
      render: (u) => u.parentCompany || '—',
    },
    {
      key: 'status',
      title: t('admin.users_col_status'),
      sort: 'status',
      phone: 'badge',
      nowrap: true,
      render: (u) => <ContractBadge status={u.contractStatus} />,
    },
    {
      key: 'authority_license',
      title: t('admin.users_col_authority_license'),
      render: (u) => (
        <>
          <Text size="sm">{t(u.authority === 'EDIT' ? 'admin.users_form_authority_edit' : 'admin.users_form_authority_view')}</Text>
          <Text size="xs" c="dimmed">
            {t(u.licenseIssue ? 'admin.users_license_granted' : 'admin.users_license_not_granted')}
          </Text>
        </>
      ),
    },
  ];
}

function PlanCell({ u, t }: { u: UserSummary; t: T }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{u.planName ?? t('admin.users_no_plan')}</Text>
      {u.nextPlanName && (
        <Text size="xs" c="dimmed">
          {t('admin.users_from_next_month', { plan: u.nextPlanName })}
        </Text>
      )}
    </Stack>
  );
}
