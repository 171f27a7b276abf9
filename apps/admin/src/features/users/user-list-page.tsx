import { Anchor, Button, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import { USER_SORTS, type UserSort, type UserSummary } from '@swipe/core';
import { type AccountType, CONTRACT_STATUSES, type ContractStatus } from '@swipe/core/constants.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconPlus, IconUpload } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import {
  ClearFiltersButton,
  ExportCsvButton,
  FilterBar,
  ListError,
  ListHeader,
  SkeletonCards,
  SkeletonRows,
  usePhoneLayout,
} from '../../components/list-layout';
import { listSort, SortableHeaders, SortPicker } from '../../components/list-sort';
import { EmptyState } from '../../components/states';
import { downloadBlob } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { exportUsersCsv, plansInUseQuery, type UserListParams, userListQuery } from './api';
import { ContractBadge, creatableTypes, day, typeLabel, typesBelow } from './labels';

// back-office.md 2 and issue 9.2: every account of the caller's subtree, searchable, filtered, sortable by its
// column headers, paged, exported as CSV; cards instead of the table on a phone.

const COLUMNS: { key: string; sort?: UserSort }[] = [
  { key: 'company', sort: 'company' },
  { key: 'email', sort: 'email' },
  { key: 'contact', sort: 'contact' },
  { key: 'type', sort: 'type' },
  { key: 'plan', sort: 'plan' },
  { key: 'contract_start', sort: 'contract_start' },
  { key: 'contract_end', sort: 'contract_end' },
  { key: 'parent', sort: 'parent' },
  { key: 'status', sort: 'status' },
  { key: 'authority_license' },
];

export function UserListPage() {
  const t = useT();
  const base = useBase();
  const user = useSession()?.user;
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search: q, searchInput, setSearchInput, set } = useListParams();
  const effective = (user?.effectiveType ?? 'USER') as AccountType;
  const types = typesBelow(effective);
  const sorting = listSort(sp, set, {
    sorts: USER_SORTS,
    defaultSort: 'created',
    defaultOrder: (s) => (s === 'created' ? 'desc' : 'asc'),
  });
  const params: UserListParams = {
    page,
    pageSize,
    search: q,
    type: (types as string[]).includes(sp.get('type') ?? '') ? (sp.get('type') as AccountType) : undefined,
    status: (CONTRACT_STATUSES as readonly string[]).includes(sp.get('status') ?? '') ? (sp.get('status') as ContractStatus) : undefined,
    planId: Number(sp.get('plan')) > 0 ? Number(sp.get('plan')) : undefined,
    sort: sorting.sort,
    order: sorting.order,
  };
  const list = useQuery(userListQuery(params));
  const plans = useQuery(plansInUseQuery());
  const exportCsv = useMutation({
    mutationFn: () => exportUsersCsv(params),
    onSuccess: (text) => downloadBlob(csvBlob(text), `users-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const canCreate = user?.authority === 'EDIT' && creatableTypes(effective).length > 0;
  const createTo = `${base}/create-user/${user?.type === 'SUB_ADMIN' ? user.parentId : user?.id}`;
  const filtered = Boolean(params.search || params.type || params.status || params.planId);

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.users_title')} subtitle={list.data && t('admin.users_count', { count: list.data.total })}>
        <Group gap="xs">
          <ExportCsvButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} />
          {canCreate && (
            <Button variant="default" component={Link} to={`${base}/user-list/import`} leftSection={<IconUpload size={16} />}>
              {t('admin.import_users_button')}
            </Button>
          )}
          {canCreate && (
            <Button component={Link} to={createTo} leftSection={<IconPlus size={16} />}>
              {t('admin.users_create')}
            </Button>
          )}
        </Group>
      </ListHeader>

      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.users_search')} value={searchInput} onChange={setSearchInput} />
          <Select
            aria-label={t('admin.users_filter_type')}
            data={[{ value: '', label: t('admin.users_all_types') }, ...types.map((x) => ({ value: x, label: typeLabel(t, x) }))]}
            value={params.type ?? ''}
            onChange={(v) => set({ type: v || null, page: null })}
            allowDeselect={false}
            w={phone ? '100%' : 180}
          />
          <Select
            aria-label={t('admin.users_filter_status')}
            data={[
              { value: '', label: t('admin.users_all_statuses') },
              ...CONTRACT_STATUSES.map((x) => ({ value: x, label: t(`admin.users_status_${x.toLowerCase()}`) })),
            ]}
            value={params.status ?? ''}
            onChange={(v) => set({ status: v || null, page: null })}
            allowDeselect={false}
            w={phone ? '100%' : 170}
          />
          <Select
            aria-label={t('admin.users_filter_plan')}
            data={[
              { value: '', label: t('admin.users_all_plans') },
              ...(plans.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name })),
            ]}
            value={params.planId ? String(params.planId) : ''}
            onChange={(v) => set({ plan: v || null, page: null })}
            allowDeselect={false}
            w={phone ? '100%' : 170}
          />
          {phone && (
            <SortPicker
              label={t('admin.users_sort_label')}
              sorting={sorting}
              sortName={(s) => sortName(t, s)}
              orderName={(o) => t(`admin.users_sorted_${o}`)}
            />
          )}
        </FilterBar>

        {list.isError ? (
          <ListError query={list} />
        ) : phone ? (
          <Stack gap={0} aria-busy={list.isFetching}>
            {list.isPending && <SkeletonCards count={4} h={96} />}
            {list.data?.items.map((u) => (
              <UserCard key={u.id} u={u} to={`${base}/user/${u.id}`} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={1040}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <SortableHeaders
                    columns={COLUMNS}
                    sorting={sorting}
                    label={(key) => t(`admin.users_col_${key}`)}
                    sortLabel={(column) => t('admin.users_sort_by', { column })}
                  />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={5} cols={COLUMNS.length} />}
                {list.data?.items.map((u) => (
                  <Table.Tr key={u.id} data-testid="user-row">
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/user/${u.id}`} fw={600} size="sm">
                        {u.companyName || u.email}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{u.email}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{u.contactName || '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{typeLabel(t, u.type)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <PlanCell u={u} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {day(u.contractStart)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {day(u.contractEnd)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate maw={180}>
                        {u.parentCompany || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ContractBadge status={u.contractStatus} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {t(u.authority === 'EDIT' ? 'admin.users_form_authority_edit' : 'admin.users_form_authority_view')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(u.licenseIssue ? 'admin.users_license_granted' : 'admin.users_license_not_granted')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            title={filtered ? t('admin.users_no_match') : t('admin.users_empty')}
            body={filtered ? t('admin.users_no_match_body') : t('admin.users_empty_body')}
            action={
              filtered ? (
                <ClearFiltersButton
                  onClick={() => {
                    setSearchInput('');
                    set({ q: null, type: null, status: null, plan: null, page: null });
                  }}
                />
              ) : canCreate ? (
                <Button component={Link} to={createTo} size="xs" leftSection={<IconPlus size={14} />}>
                  {t('admin.users_create')}
                </Button>
              ) : undefined
            }
          />
        )}
        {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
      </Card>
    </Stack>
  );
}

function sortName(t: ReturnType<typeof useT>, s: UserSort): string {
  return s === 'created' ? t('admin.users_sort_created') : t(`admin.users_col_${s}`);
}

function PlanCell({ u }: { u: UserSummary }) {
  const t = useT();
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

/** One account on a phone: what the table row says, stacked. */
function UserCard({ u, to }: { u: UserSummary; to: string }) {
  const t = useT();
  return (
    <Stack gap={4} p="sm" data-testid="user-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={to} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {u.companyName || u.email}
        </Anchor>
        <ContractBadge status={u.contractStatus} />
      </Group>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {u.email}
        {u.contactName ? ` · ${u.contactName}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {typeLabel(t, u.type)} · {u.planName ?? t('admin.users_no_plan')}
        {u.nextPlanName ? ` → ${u.nextPlanName}` : ''}
      </Text>
      {(u.contractStart || u.contractEnd) && (
        <Text size="xs" c="dimmed">
          {t('admin.users_contract_period', { start: day(u.contractStart), end: day(u.contractEnd) })}
        </Text>
      )}
      {u.parentCompany && (
        <Text size="xs" c="dimmed">
          {t('admin.users_col_parent')}: {u.parentCompany}
        </Text>
      )}
    </Stack>
  );
}
