import { ActionIcon, Badge, Button, Card, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { STAFF_SORTS, type StaffSort, type StaffView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconEdit, IconPlus, IconShare, IconTrash } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import {
  ClearFiltersButton,
  FilterBar,
  ListError,
  ListHeader,
  SkeletonCards,
  SkeletonRows,
  usePhoneLayout,
} from '../../components/list-layout';
import { listSort, SortableHeaders, SortPicker } from '../../components/list-sort';
import { EmptyState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { removeStaff, resendInvite, type StaffListParams, staffListQuery } from './api';
import { StaffFormModal } from './staff-form-modal';

// Admin settings (back-office.md 3 "Admin staff", issue 9.6): the staff of the caller's owner, searchable,
// sortable by its column headers, paged; invite, edit, resend the set-up link, remove. Cards on a phone.

const COLUMNS: { key: string; sort?: StaffSort }[] = [
  { key: 'name', sort: 'name' },
  { key: 'email', sort: 'email' },
  { key: 'role', sort: 'role' },
  { key: 'authority' },
  { key: 'license' },
  { key: 'status' },
  { key: 'last_login', sort: 'last_login' },
];

export function AdminListPage() {
  const t = useT();
  const qc = useQueryClient();
  const me = useSession()?.user;
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search: q, searchInput, setSearchInput, set } = useListParams();
  const sorting = listSort(sp, set, {
    sorts: STAFF_SORTS,
    defaultSort: 'created',
    defaultOrder: (s) => (s === 'created' || s === 'last_login' ? 'desc' : 'asc'),
  });
  const params: StaffListParams = { page, pageSize, search: q, sort: sorting.sort, order: sorting.order };
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

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.staff_title')} subtitle={list.data && t('admin.staff_count', { count: list.data.total })}>
        <Button component={Link} to="../api-settings" relative="path" variant="default">
          {t('admin.api_link')}
        </Button>
        {canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)}>
            {t('admin.staff_invite')}
          </Button>
        )}
      </ListHeader>

      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.staff_search')} value={searchInput} onChange={setSearchInput} />
          {phone && (
            <SortPicker
              label={t('admin.staff_sort_label')}
              sorting={sorting}
              sortName={(s) => t(`admin.staff_sort_${s}`)}
              orderName={(o) => t(`admin.staff_sorted_${o}`)}
            />
          )}
        </FilterBar>

        {list.isError ? (
          <ListError query={list} />
        ) : phone ? (
          <Stack gap={0} aria-busy={list.isFetching} data-testid="staff-list">
            {list.isPending && <SkeletonCards count={3} h={88} />}
            {list.data?.items.map((s) => (
              <StaffCard key={s.id} s={s} {...actions} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid="staff-list">
              <Table.Thead>
                <Table.Tr>
                  <SortableHeaders
                    columns={COLUMNS}
                    sorting={sorting}
                    label={(key) => t(`admin.staff_col_${key}`)}
                    sortLabel={(column) => t('admin.staff_sort_by', { column })}
                    style={() => ({ whiteSpace: 'nowrap' })}
                  />
                  <Table.Th>
                    <VisuallyHidden>{t('admin.staff_col_actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={4} cols={COLUMNS.length + 1} />}
                {list.data?.items.map((s) => (
                  <Table.Tr key={s.id} data-testid="staff-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {s.name}
                        </Text>
                        {s.id === me?.id && <YouBadge t={t} />}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{s.email}</Table.Td>
                    <Table.Td>{t(`admin.staff_role_${s.role.toLowerCase()}`)}</Table.Td>
                    <Table.Td>{t(s.authority === 'EDIT' ? 'admin.authority_edit' : 'admin.authority_view')}</Table.Td>
                    <Table.Td>{t(s.licenseIssue ? 'admin.staff_license_yes' : 'admin.staff_license_no')}</Table.Td>
                    <Table.Td>
                      <StatusBadge s={s} t={t} />
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(s.lastLoginAt)}</Table.Td>
                    <Table.Td>
                      <RowActions s={s} {...actions} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            title={params.search ? t('admin.staff_no_match') : t('admin.staff_empty')}
            body={params.search ? t('admin.visitors_no_match_body') : t('admin.staff_empty_body')}
            action={
              params.search ? (
                <ClearFiltersButton
                  onClick={() => {
                    setSearchInput('');
                    set({ q: null, page: null });
                  }}
                />
              ) : canEdit ? (
                <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
                  {t('admin.staff_invite')}
                </Button>
              ) : undefined
            }
          />
        )}
        {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
      </Card>
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

function StatusBadge({ s, t }: { s: StaffView; t: T }) {
  return (
    <Badge color={s.status === 'ACTIVE' ? 'teal.9' : 'orange.9'} variant="outline" radius="sm" style={{ textTransform: 'none' }}>
      {t(`admin.staff_status_${s.status.toLowerCase()}`)}
    </Badge>
  );
}

/** Edit, resend the set-up link (pending only), remove: never on oneself (the server refuses it too). */
function RowActions({ s, me, canEdit, onEdit, onRemove, onResend, t }: ActionProps & { s: StaffView }) {
  if (!canEdit || s.id === me) return null;
  const who = s.name || s.email;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {s.status === 'PENDING' && (
        <Tooltip label={t('admin.staff_resend')}>
          <ActionIcon variant="subtle" color="gray" aria-label={t('admin.staff_resend_for', { name: who })} onClick={() => onResend(s)}>
            <IconShare size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('admin.staff_edit')}>
        <ActionIcon variant="subtle" color="gray" aria-label={t('admin.staff_edit_for', { name: who })} onClick={() => onEdit(s)}>
          <IconEdit size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('admin.staff_remove')}>
        <ActionIcon variant="subtle" color="red" aria-label={t('admin.staff_remove_for', { name: who })} onClick={() => onRemove(s)}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** One member as a card (phones). */
function StaffCard({ s, ...actions }: ActionProps & { s: StaffView }) {
  const { t } = actions;
  return (
    <Stack gap={4} p="sm" data-testid="staff-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {s.name}
            </Text>
            {s.id === actions.me && <YouBadge t={t} />}
          </Group>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {s.email}
          </Text>
        </div>
        <StatusBadge s={s} t={t} />
      </Group>
      <Text size="xs">
        {t(`admin.staff_role_${s.role.toLowerCase()}`)} · {t(s.authority === 'EDIT' ? 'admin.authority_edit' : 'admin.authority_view')} ·{' '}
        {t('admin.staff_col_license')}: {t(s.licenseIssue ? 'admin.staff_license_yes' : 'admin.staff_license_no')}
      </Text>
      <Group justify="space-between" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t('admin.staff_col_last_login')}: {formatDateTime(s.lastLoginAt)}
        </Text>
        <RowActions s={s} {...actions} />
      </Group>
    </Stack>
  );
}
