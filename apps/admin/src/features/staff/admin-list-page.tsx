import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { STAFF_SORTS, type StaffSort, type StaffView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { AddButton, RowAction, RowActions } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconEdit, IconShare, IconTrash } from '../../components/icons';
import { ListHeader } from '../../components/list-layout';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { removeStaff, resendInvite, type StaffListParams, staffListQuery } from './api';
import { StaffFormModal } from './staff-form-modal';

// Admin settings (back-office.md 3 "Admin staff"): the staff of the caller's owner, searchable, sortable by its
// column headers, paged, exported as CSV; invite, edit, resend the set-up link, remove. Cards on a phone.

export function AdminListPage() {
  const t = useT();
  const qc = useQueryClient();
  const me = useSession()?.user;
  const state = useListState({
    sort: { sorts: STAFF_SORTS, defaultSort: 'created', defaultOrder: (s) => (s === 'created' || s === 'last_login' ? 'desc' : 'asc') },
  });
  const params: StaffListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
  const list = useQuery(staffListQuery(params));
  const [formOpen, form] = useDisclosure();
  const [editing, setEditing] = useState<StaffView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const canEdit = me?.authority === 'EDIT';
  const canGrantLicense = me?.type !== 'SUB_ADMIN' || Boolean(me?.licenseIssue);

  const remove = useMutation({
    mutationFn: (s: StaffView) => removeStaff(s.id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const resend = useMutation({ mutationFn: (s: StaffView) => resendInvite(s.id), onSuccess: (r) => notifySuccess(r.message) });

  const open = (s: StaffView | null) => {
    setEditing(s);
    setFormKey((k) => k + 1);
    form.open();
  };
  const confirmRemove = (s: StaffView) =>
    modals.openConfirmModal({
      title: t('admin.staff_remove_title'),
      children: <Text size="sm">{t('admin.staff_remove_body', { name: s.name || s.email, email: s.email })}</Text>,
      labels: { confirm: t('admin.staff_remove'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => remove.mutate(s),
    });
  const actions = { me: me?.id, canEdit, onEdit: open, onRemove: confirmRemove, onResend: (s: StaffView) => resend.mutate(s), t };
  const invite = (small: boolean) => canEdit && <AddButton label={t('admin.staff_invite')} onClick={() => open(null)} small={small} />;

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.staff_title')} subtitle={list.data && t('admin.staff_count', { count: list.data.total })}>
        <Button component={Link} to="../api-settings" relative="path" variant="default">
          {t('admin.api_link')}
        </Button>
        {invite(false)}
      </ListHeader>
      <DataList
        label={t('admin.staff_title')}
        state={state}
        query={list}
        columns={columns(actions)}
        rowKey={(s) => s.id}
        search={t('admin.staff_search')}
        csv={{ fileName: 'staff', pages: (page, pageSize) => qc.fetchQuery(staffListQuery({ ...params, page, pageSize })) }}
        empty={{ title: t('admin.staff_empty'), body: t('admin.staff_empty_body'), action: invite(true) }}
        noMatch={{ title: t('admin.staff_no_match'), body: t('admin.visitors_no_match_body') }}
        sortNames={{ created: t('admin.staff_sort_created') }}
        minWidth={960}
        testId="staff-list"
        rowTestId="staff-row"
      />
      <StaffFormModal
        key={formKey}
        opened={formOpen}
        onClose={form.close}
        staff={editing}
        maxAuthority={me?.authority ?? 'VIEW'}
        canGrantLicense={canGrantLicense}
      />
    </Stack>
  );
}

function columns(a: ActionProps): Column<StaffView, StaffSort>[] {
  const { t } = a;
  const authority = (s: StaffView) => t(s.authority === 'EDIT' ? 'admin.authority_edit' : 'admin.authority_view');
  const license = (s: StaffView) => t(s.licenseIssue ? 'admin.staff_license_yes' : 'admin.staff_license_no');
  return [
    {
      key: 'name',
      title: t('admin.staff_col_name'),
      sort: 'name',
      phone: 'title',
      csv: (s) => s.name,
      render: (s) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
          {s.id === a.me && <YouBadge t={t} />}
        </Group>
      ),
    },
    { key: 'email', title: t('admin.staff_col_email'), sort: 'email', phone: 'plain', csv: (s) => s.email, render: (s) => s.email },
    {
      key: 'role',
      title: t('admin.staff_col_role'),
      sort: 'role',
      csv: (s) => t(`admin.staff_role_${s.role.toLowerCase()}`),
      render: (s) => t(`admin.staff_role_${s.role.toLowerCase()}`),
    },
    { key: 'authority', title: t('admin.staff_col_authority'), csv: authority, render: authority },
    { key: 'license', title: t('admin.staff_col_license'), csv: license, render: license },
    {
      key: 'status',
      title: t('admin.staff_col_status'),
      phone: 'badge',
      nowrap: true,
      csv: (s) => t(`admin.staff_status_${s.status.toLowerCase()}`),
      render: (s) => <StatusBadge s={s} t={t} />,
    },
    {
      key: 'last_login',
      title: t('admin.staff_col_last_login'),
      sort: 'last_login',
      nowrap: true,
      csv: (s) => formatDateTime(s.lastLoginAt),
      render: (s) => formatDateTime(s.lastLoginAt),
    },
    {
      key: 'actions',
      title: t('admin.staff_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      render: (s) => <StaffActions s={s} {...a} />,
    },
  ];
}

interface ActionProps {
  me: number | undefined;
  canEdit: boolean;
  onEdit: (s: StaffView) => void;
  onRemove: (s: StaffView) => void;
  onResend: (s: StaffView) => void;
  t: T;
}

function YouBadge({ t }: { t: T }) {
  return (
    <Badge size="sm" variant="outline" color="gray" style={{ textTransform: 'none' }}>
      {t('admin.staff_you')}
    </Badge>
  );
}

/** Light badges: the theme darkens their text for AA contrast on the tint (orange 9 on white was 3.9:1). */
function StatusBadge({ s, t }: { s: StaffView; t: T }) {
  return (
    <Badge color={s.status === 'ACTIVE' ? 'teal' : 'orange'} variant="light" radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.staff_status_${s.status.toLowerCase()}`)}
    </Badge>
  );
}

/** Edit, resend the set-up link (pending only), remove: never on oneself (the server refuses it too). */
function StaffActions({ s, me, canEdit, onEdit, onRemove, onResend, t }: ActionProps & { s: StaffView }) {
  if (!canEdit || s.id === me) return null;
  const who = s.name || s.email;
  return (
    <RowActions>
      {s.status === 'PENDING' && (
        <RowAction
          label={t('admin.staff_resend')}
          name={t('admin.staff_resend_for', { name: who })}
          onClick={() => onResend(s)}
          icon={<IconShare size={16} />}
        />
      )}
      <RowAction
        label={t('admin.staff_edit')}
        name={t('admin.staff_edit_for', { name: who })}
        onClick={() => onEdit(s)}
        icon={<IconEdit size={16} />}
      />
      <RowAction
        label={t('admin.staff_remove')}
        name={t('admin.staff_remove_for', { name: who })}
        onClick={() => onRemove(s)}
        icon={<IconTrash size={16} />}
        color="red"
      />
    </RowActions>
  );
}
