import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { PLAN_SORTS, PLAN_STATUSES, type PlanSort, type PlanView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddButton } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { oneOf, useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { ListHeader, usePhoneLayout } from '../../components/list-layout';
import { useLang, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { archivePlan, deletePlan, exportPlansCsv, moveFamilyToLatest, type PlanListParams, planListQuery, restorePlan } from './api';
import { planName } from './labels';
import { PlanFormDrawer } from './plan-form-drawer';
import { Accounts, type Actions, Flags, PlanActions, Quotas, StateBadge, yen } from './plan-row';

// Plan management (back-office.md 2 /{userTypeId}/plan-management): the caller's plans, one row per family (its
// latest version), searchable, filtered by status, sortable, paged, exported as CSV; create and edit in a drawer;
// archive (in use) or delete (never used) after a confirmation; move the accounts of older versions to the latest.

export function PlanManagementPage() {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const me = useSession()?.user;
  const phone = usePhoneLayout();
  const state = useListState({
    sort: { sorts: PLAN_SORTS, defaultSort: 'price', defaultOrder: () => 'asc', omitDefaultOrder: true },
    filters: { status: oneOf(PLAN_STATUSES.filter((s) => s !== 'active')) },
  });
  const status = (state.filter.status as PlanListParams['status'] | undefined) ?? 'active';
  const { search } = state;
  const params: PlanListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search,
    status,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
  const list = useQuery(planListQuery(params));
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

  const create = (small: boolean) => canEdit && <AddButton label={t('admin.plans_create')} onClick={() => open(null)} small={small} />;

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.plans_title')} subtitle={list.data && t('admin.plans_count', { count: list.data.total })}>
        {create(false)}
      </ListHeader>
      <DataList
        label={t('admin.plans_title')}
        state={state}
        query={list}
        columns={columns(actions)}
        rowKey={(p) => p.id}
        search={t('admin.plans_search')}
        filters={
          <SegmentedControl
            aria-label={t('admin.plans_status_label')}
            data={PLAN_STATUSES.map((s) => ({ value: s, label: t(`admin.plans_status_${s}`) }))}
            value={status}
            onChange={(s) => state.setFilter('status', s === 'active' ? null : s)}
            fullWidth={phone}
            w={phone ? '100%' : undefined}
          />
        }
        csv={{ fileName: 'plans', server: () => exportPlansCsv({ search, status, sort: params.sort, order: params.order }) }}
        empty={{ title: t('admin.plans_empty'), body: t('admin.plans_empty_body'), action: create(true) }}
        noMatch={{ title: t('admin.plans_no_match') }}
        minWidth={980}
        testId="plan-list"
        rowTestId="plan-row"
      />
      <PlanFormDrawer key={formKey} opened={formOpen} onClose={form.close} plan={editing} />
    </Stack>
  );
}

function columns(a: Actions): Column<PlanView, PlanSort>[] {
  const { t, lang } = a;
  return [
    {
      key: 'name',
      title: t('admin.plans_col_name'),
      sort: 'name',
      phone: 'title',
      minWidth: 160,
      render: (p) => (
        <>
          <Text size="sm" fw={600}>
            {planName(p, lang)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t(`admin.plans_type_${p.contractType}`)} · {t('admin.plans_version_n', { version: p.version })}
          </Text>
        </>
      ),
    },
    {
      key: 'price',
      title: t('admin.plans_col_price'),
      sort: 'price',
      phone: 'badge',
      align: 'right',
      nowrap: true,
      render: (p) => yen(t, lang, p.price),
    },
    { key: 'quotas', title: t('admin.plans_col_quotas'), phone: 'plain', render: (p) => <Quotas p={p} t={t} lang={lang} /> },
    { key: 'flags', title: t('admin.plans_col_flags'), phone: 'plain', maxWidth: 300, render: (p) => <Flags p={p} t={t} /> },
    { key: 'accounts', title: t('admin.plans_col_accounts'), sort: 'accounts', render: (p) => <Accounts p={p} t={t} lang={lang} /> },
    { key: 'status', title: t('admin.plans_col_status'), phone: 'badge', nowrap: true, render: (p) => <StateBadge p={p} t={t} /> },
    {
      key: 'actions',
      title: t('admin.plans_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      render: (p) => <PlanActions p={p} {...a} />,
    },
  ];
}
