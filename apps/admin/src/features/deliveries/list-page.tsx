import { ActionIcon, Anchor, Button, Card, Grid, Group, Select, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DELIVERY_SORTS, DELIVERY_STATES, type DeliverySort, type DeliveryView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { IconEdit, IconEye, IconPlus, IconTrash } from '../../components/icons';
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
import { type T, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { type DeliveryListParams, deleteDelivery, deliveryListQuery } from './api';
import { BannerPreview } from './banner-preview';
import { langLabel, StateBadge, windowText } from './labels';

// Notification delivery of one site (issue 12.3): its banner notifications, searchable, filtered by what
// visitors get now, sortable, paged; a preview of the banner as visitors see it now, per language.

const COLUMNS: { key: string; sort?: DeliverySort }[] = [
  { key: 'title', sort: 'title' },
  { key: 'lang' },
  { key: 'state', sort: 'status' },
  { key: 'window', sort: 'start' },
];
type State = DeliveryListParams['state'];

export function DeliveryListPage() {
  const t = useT();
  const qc = useQueryClient();
  const base = useBase();
  const siteId = Number(useParams().siteId);
  const canEdit = useSession()?.user.authority === 'EDIT';
  const phone = usePhoneLayout();
  const { sp, page, pageSize, search, searchInput, setSearchInput, set } = useListParams();
  const sorting = listSort(sp, set, { sorts: DELIVERY_SORTS, defaultSort: 'start', defaultOrder: (s) => (s === 'title' ? 'asc' : 'desc') });
  const rawState = sp.get('state') ?? 'all';
  const state: State = (['all', ...DELIVERY_STATES] as string[]).includes(rawState) ? (rawState as State) : 'all';
  const params: DeliveryListParams = { page, pageSize, search, state, sort: sorting.sort, order: sorting.order };
  const list = useQuery(deliveryListQuery(siteId, params));
  const live = useQuery(deliveryListQuery(siteId, { page: 1, pageSize: 20, search: '', state: 'live', sort: 'start', order: 'desc' }));
  const site = list.data?.site;
  const [previewLang, setPreviewLang] = useState<string | null>(null);
  const lang = previewLang ?? site?.defaultLanguage ?? 'ja';
  const root = `${base}/notification-delivery/${siteId}`;

  const remove = useMutation({
    mutationFn: (d: DeliveryView) => deleteDelivery(d.id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['deliveries', siteId] });
    },
  });
  const confirmRemove = (d: DeliveryView) =>
    modals.openConfirmModal({
      title: t('admin.delivery_delete_title'),
      children: <Text size="sm">{t('admin.delivery_delete_body', { title: d.title })}</Text>,
      labels: { confirm: t('admin.delete'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => remove.mutate(d),
    });
  const actions = { root, canEdit, onRemove: confirmRemove, t };
  const filtered = search !== '' || state !== 'all';

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/site/${siteId}`} size="sm">
        ← {site?.name ?? t('admin.delivery_back_to_site')}
      </Anchor>
      <ListHeader title={t('admin.delivery_title')} subtitle={list.data && t('admin.delivery_count', { count: list.data.total })}>
        {canEdit && (
          <Button component={Link} to={`${root}/create`} leftSection={<IconPlus size={16} />}>
            {t('admin.delivery_create')}
          </Button>
        )}
      </ListHeader>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding={0} radius="md">
            <FilterBar>
              <ListSearch label={t('admin.delivery_search')} value={searchInput} onChange={setSearchInput} />
              <Select
                label={t('admin.delivery_filter_state')}
                data={['all', ...DELIVERY_STATES].map((s) => ({ value: s, label: t(`admin.delivery_state_${s}`) }))}
                value={state}
                onChange={(v) => set({ state: v === 'all' ? null : v, page: null })}
                allowDeselect={false}
                w={180}
              />
              {phone && (
                <SortPicker
                  label={t('admin.delivery_sort_label')}
                  sorting={sorting}
                  sortName={(s) => t(`admin.delivery_sort_${s}`)}
                  orderName={(o) => t(`admin.delivery_sorted_${o}`)}
                />
              )}
            </FilterBar>
            {list.isError ? (
              <ListError query={list} />
            ) : phone ? (
              <Stack gap={0} aria-busy={list.isFetching} data-testid="delivery-list">
                {list.isPending && <SkeletonCards count={3} h={80} />}
                {list.data?.items.map((d) => (
                  <DeliveryCard key={d.id} d={d} {...actions} />
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" highlightOnHover aria-busy={list.isFetching} data-testid="delivery-list">
                  <Table.Thead>
                    <Table.Tr>
                      <SortableHeaders
                        columns={COLUMNS}
                        sorting={sorting}
                        label={(key) => t(`admin.delivery_col_${key}`)}
                        sortLabel={(column) => t('admin.delivery_sort_by', { column })}
                        style={() => ({ whiteSpace: 'nowrap' })}
                      />
                      <Table.Th>
                        <VisuallyHidden>{t('admin.delivery_col_actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {list.isPending && <SkeletonRows rows={3} cols={COLUMNS.length + 1} />}
                    {list.data?.items.map((d) => (
                      <Table.Tr key={d.id} data-testid="delivery-row">
                        <Table.Td maw={260}>
                          <Anchor component={Link} to={`${root}/detail/${d.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {d.title}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{langLabel(t, d.lang)}</Table.Td>
                        <Table.Td>
                          <StateBadge state={d.state} t={t} />
                        </Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{windowText(t, d)}</Table.Td>
                        <Table.Td>
                          <RowActions d={d} {...actions} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {list.data && list.data.items.length === 0 && (
              <EmptyState
                title={filtered ? t('admin.delivery_no_match') : t('admin.delivery_empty')}
                body={filtered ? undefined : t('admin.delivery_empty_body')}
                action={
                  filtered ? (
                    <ClearFiltersButton
                      onClick={() => {
                        setSearchInput('');
                        set({ q: null, state: null, page: null });
                      }}
                    />
                  ) : undefined
                }
              />
            )}
            {list.data && list.data.total > 0 && <ListFooter page={page} pageSize={pageSize} total={list.data.total} set={set} />}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Card withBorder radius="md" padding="md">
            <Stack gap="sm">
              {site && site.languages.length > 1 && (
                <Select
                  label={t('admin.delivery_preview_lang')}
                  data={site.languages.map((l) => ({ value: l, label: t(`admin.delivery_lang_${l}`) }))}
                  value={lang}
                  onChange={setPreviewLang}
                  allowDeselect={false}
                />
              )}
              <BannerPreview
                label={t('admin.delivery_preview_now')}
                items={(live.data?.items ?? []).filter((d) => d.lang === null || d.lang === lang)}
              />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

interface ActionProps {
  root: string;
  canEdit: boolean;
  onRemove: (d: DeliveryView) => void;
  t: T;
}

function RowActions({ d, root, canEdit, onRemove, t }: ActionProps & { d: DeliveryView }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('admin.delivery_view')}>
        <ActionIcon
          component={Link}
          to={`${root}/detail/${d.id}`}
          variant="subtle"
          color="gray"
          aria-label={t('admin.delivery_view_for', { title: d.title })}
        >
          <IconEye size={16} />
        </ActionIcon>
      </Tooltip>
      {canEdit && (
        <>
          <Tooltip label={t('admin.delivery_edit')}>
            <ActionIcon
              component={Link}
              to={`${root}/edit/${d.id}`}
              variant="subtle"
              color="gray"
              aria-label={t('admin.delivery_edit_for', { title: d.title })}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('admin.delete')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('admin.delivery_delete_for', { title: d.title })}
              onClick={() => onRemove(d)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </>
      )}
    </Group>
  );
}

function DeliveryCard({ d, ...actions }: ActionProps & { d: DeliveryView }) {
  const { t, root } = actions;
  return (
    <Stack gap={4} p="sm" data-testid="delivery-row" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={`${root}/detail/${d.id}`} fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {d.title}
        </Anchor>
        <StateBadge state={d.state} t={t} />
      </Group>
      <Text size="xs">
        {langLabel(t, d.lang)} · {windowText(t, d)}
      </Text>
      <RowActions d={d} {...actions} />
    </Stack>
  );
}
