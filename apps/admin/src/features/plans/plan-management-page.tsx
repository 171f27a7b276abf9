import { Button, Card, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { csvBlob } from '@swipe/api-client';
import { PLAN_SORTS, PLAN_STATUSES, type PlanSort, type PlanView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { IconPlus } from '../../components/icons';
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
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { archivePlan, deletePlan, exportPlansCsv, moveFamilyToLatest, type PlanListParams, planListQuery, restorePlan } from './api';
import { planName } from './labels';
import { PlanFormDrawer } from './plan-form-drawer';
import { Accounts, type Actions, Flags, PlanCard, Quotas, RowActions, StateBadge, yen } from './plan-row';

// Plan management (back-office.md 2 /{userTypeId}/plan-management, issue 10.1 and 10.7): the caller's plans, one row per
// family (its latest version), searchable, filtered by status, sortable, paged; create and edit in a drawer; archive
// (in use) or delete (never used) after a confirmation; move the accounts of older versions to the latest. Cards on a phone.

const COLUMNS: { key: string; sort?: PlanSort }[] = [
  { key: 'name', sort: 'name' },
  { key: 'price', sort: 'price' },
  { key: 'quotas' },
  { key: 'flags' },
  { key: 'accounts', sort: 'accounts' },
  { key: 'status' },
];

export function PlanManagementPage() {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const me = useSession()?.user;
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const sorting = listSort(sp, set, { sorts: PLAN_SORTS, defaultSort: 'price', defaultOrder: () => 'asc', omitDefaultOrder: true });
  const status = (PLAN_STATUSES as readonly string[]).includes(sp.get('status') ?? '')
    ? (sp.get('status') as PlanListParams['status'])
    : 'active';
  const params: PlanListParams = { page, pageSize, search, status, sort: sorting.sort, order: sorting.order };
  const list = useQuery(planListQuery(params));
  const exportCsv = useMutation({
    mutationFn: () => exportPlansCsv({ search: params.search, status: params.status, sort: params.sort, order: params.order }),
    onSuccess: (text) => downloadBlob(csvBlob(text), `plans-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const [formOpen, form] = useDisclosure();
  const [editing, setEditing] = useState<PlanView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const canEdit = me?.authority === 'EDIT';

  const done = async (message: string) => {
    notifySuccess(message);
    await qc.invalidateQueries({ queryKey: ['plans'] });
    await qc.invalidateQueries({ queryKey: ['users'] });
  };
  const archive = useMutation({ mutationFn: (p: PlanView) => archivePlan(p.id), onSuccess: () => done(t('admin.plans_archived_done')) });
  const restore = useMutation({ mutationFn: (p: PlanView) => restorePlan(p.id), onSuccess: () => done(t('admin.plans_restored_done')) });
  const remove = useMutation({ mutationFn: (p: PlanView) => deletePlan(p.id), onSuccess: (r) => done(r.message) });
  const move = useMutation({
    mutationFn: (p: PlanView) => moveFamilyToLatest(p),
    onSuccess: (count) => done(t('admin.plans_moved', { count })),
  });

  const open = (p: PlanView | null) => {
    setEditing(p);
    setFormKey((k) => k + 1);
    form.open();
  };
  const confirm = (title: string, body: string, label: string, onConfirm: () => void, danger = false) =>
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{body}</Text>,
      labels: { confirm: label, cancel: t('admin.cancel') },
      confirmProps: danger ? { color: 'red.9' } : undefined,
      onConfirm,
    });
  const actions: Actions = {
    t,
    lang,
    canEdit,
    onEdit: open,
    onArchive: (p) => {
      const name = planName(p, lang);
      confirm(
        t('admin.plans_archive_title', { name }),
        t('admin.plans_archive_body', { count: p.accounts + p.accountsOnOlder }),
        t('admin.plans_archive'),
        () => archive.mutate(p),
        true,
      );
    },
    onRestore: (p) => restore.mutate(p),
    onDelete: (p) => {
      const name = planName(p, lang);
      confirm(t('admin.plans_delete_title', { name }), t('admin.plans_delete_body'), t('admin.plans_delete'), () => remove.mutate(p), true);
    },
    onMove: (p) => {
      const name = planName(p, lang);
      confirm(
        t('admin.plans_move_title'),
        t('admin.plans_move_body', { name, count: p.accountsOnOlder, version: p.version }),
        t('admin.plans_move'),
        () => move.mutate(p),
      );
    },
  };

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.plans_title')} subtitle={list.data && t('admin.plans_count', { count: list.data.total })}>
        <ExportCsvButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} />
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            {t('admin.plans_create')}
          </Button>
        )}
      </ListHeader>

      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.plans_search')} value={searchInput} onChange={setSearchInput} />
          <SegmentedControl
            aria-label={t('admin.plans_status_label')}
            data={PLAN_STATUSES.map((s) => ({ value: s, label: t(`admin.plans_status_${s}`) }))}
            value={status}
            onChange={(s) => set({ status: s === 'active' ? null : s, page: null })}
            fullWidth={phone}
            w={phone ? '100%' : undefined}
          />
          {phone && (
            <SortPicker
              label={t('admin.plans_sort_label')}
              sorting={sorting}
              sortName={(s) => t(`admin.plans_sort_${s}`)}
              orderName={(o) => t(`admin.plans_sorted_${o}`)}
            />
          )}
        </FilterBar>

        {list.isError ? (
          <ListError query={list} />
        ) : phone ? (
          <Stack gap={0} aria-busy={list.isFetching} data-testid="plan-list">
            {list.isPending && <SkeletonCards count={3} h={120} />}
            {list.data?.items.map((p) => (
              <PlanCard key={p.id} p={p} {...actions} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid="plan-list">
              <Table.Thead>
                <Table.Tr>
                  <SortableHeaders
                    columns={COLUMNS}
                    sorting={sorting}
                    label={(key) => t(`admin.plans_col_${key}`)}
                    sortLabel={(column) => t('admin.plans_sort_by', { column })}
                    style={(key) => ({ whiteSpace: 'nowrap', textAlign: key === 'price' ? 'right' : undefined })}
                  />
                  <Table.Th>
                    <VisuallyHidden>{t('admin.plans_col_actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={4} cols={COLUMNS.length + 1} />}
                {list.data?.items.map((p) => (
                  <Table.Tr key={p.id} data-testid="plan-row">
                    <Table.Td style={{ minWidth: 160 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {planName(p, lang)}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t(`admin.plans_type_${p.contractType}`)} · {t('admin.plans_version_n', { version: p.version })}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap', textAlign: 'right' }}>{yen(t, lang, p.price)}</Table.Td>
                    <Table.Td>
                      <Quotas p={p} t={t} lang={lang} />
                    </Table.Td>
                    <Table.Td style={{ maxWidth: 300 }}>
                      <Flags p={p} t={t} />
                    </Table.Td>
                    <Table.Td>
                      <Accounts p={p} t={t} lang={lang} />
                    </Table.Td>
                    <Table.Td style={{ minWidth: 110 }}>
                      <StateBadge p={p} t={t} />
                    </Table.Td>
                    <Table.Td>
                      <RowActions p={p} {...actions} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            title={search || status !== 'active' ? t('admin.plans_no_match') : t('admin.plans_empty')}
            body={search || status !== 'active' ? undefined : t('admin.plans_empty_body')}
            action={
              search ? (
                <ClearFiltersButton
                  onClick={() => {
                    setSearchInput('');
                    set({ q: null, page: null });
                  }}
                />
              ) : canEdit && status === 'active' ? (
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
                  {t('admin.plans_create')}
                </Button>
              ) : undefined
            }
          />
        )}
        {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
      </Card>
      <PlanFormDrawer key={formKey} opened={formOpen} onClose={form.close} plan={editing} />
    </Stack>
  );
}
