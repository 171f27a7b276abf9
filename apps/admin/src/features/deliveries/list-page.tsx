import { Anchor, Card, Grid, Select, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DELIVERY_SORTS, DELIVERY_STATES, type DeliverySort, type DeliveryView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { AddButton, RowAction, RowActions, RowLink } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { FilterSelect } from '../../components/data-list/filter-select';
import { oneOf, useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconEdit, IconEye, IconTrash } from '../../components/icons';
import { ListHeader } from '../../components/list-layout';
import { type T, useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { type DeliveryListParams, deleteDelivery, deliveryListQuery } from './api';
import { BannerPreview } from './banner-preview';
import { langLabel, StateBadge, windowText } from './labels';

// Notification delivery of one site: its banner notifications, searchable, filtered by what visitors get now,
// sortable, paged, exported as CSV; a preview of the banner as visitors see it now, per language.

type State = DeliveryListParams['state'];

export function DeliveryListPage() {
  const t = useT();
  const qc = useQueryClient();
  const base = useBase();
  const siteId = Number(useParams().siteId);
  const canEdit = useSession()?.user.authority === 'EDIT';
  const state = useListState({
    sort: { sorts: DELIVERY_SORTS, defaultSort: 'start', defaultOrder: (s) => (s === 'title' ? 'asc' : 'desc') },
    filters: { state: oneOf(DELIVERY_STATES) },
  });
  const shown: State = (state.filter.state as State | undefined) ?? 'all';
  const params: DeliveryListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    state: shown,
    sort: state.sorting.sort,
    order: state.sorting.order,
  };
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

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/site/${siteId}`} size="sm">
        ← {site?.name ?? t('admin.delivery_back_to_site')}
      </Anchor>
      <ListHeader title={t('admin.delivery_title')} subtitle={list.data && t('admin.delivery_count', { count: list.data.total })}>
        {canEdit && <AddButton label={t('admin.delivery_create')} to={`${root}/create`} />}
      </ListHeader>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <DataList
            label={t('admin.delivery_title')}
            state={state}
            query={list}
            columns={columns(actions)}
            rowKey={(d) => d.id}
            search={t('admin.delivery_search')}
            filters={
              <FilterSelect
                label={t('admin.delivery_filter_state')}
                showLabel
                data={['all', ...DELIVERY_STATES].map((s) => ({ value: s, label: t(`admin.delivery_state_${s}`) }))}
                value={shown}
                onChange={(v) => state.setFilter('state', v === 'all' ? null : v)}
                w={180}
              />
            }
            csv={{
              fileName: `notifications-${siteId}`,
              pages: (page, pageSize) => qc.fetchQuery(deliveryListQuery(siteId, { ...params, page, pageSize })),
            }}
            empty={{ title: t('admin.delivery_empty'), body: t('admin.delivery_empty_body') }}
            noMatch={{ title: t('admin.delivery_no_match') }}
            minWidth={720}
            testId="delivery-list"
            rowTestId="delivery-row"
          />
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

function DeliveryActions({ d, root, canEdit, onRemove, t }: ActionProps & { d: DeliveryView }) {
  return (
    <RowActions>
      <RowAction
        label={t('admin.delivery_view')}
        name={t('admin.delivery_view_for', { title: d.title })}
        to={`${root}/detail/${d.id}`}
        icon={<IconEye size={16} />}
      />
      {canEdit && (
        <>
          <RowAction
            label={t('admin.delivery_edit')}
            name={t('admin.delivery_edit_for', { title: d.title })}
            to={`${root}/edit/${d.id}`}
            icon={<IconEdit size={16} />}
          />
          <RowAction
            label={t('admin.delete')}
            name={t('admin.delivery_delete_for', { title: d.title })}
            onClick={() => onRemove(d)}
            icon={<IconTrash size={16} />}
            color="red"
          />
        </>
      )}
    </RowActions>
  );
}

function columns(a: ActionProps): Column<DeliveryView, DeliverySort>[] {
  const { t, root } = a;
  return [
    {
      key: 'title',
      title: t('admin.delivery_col_title'),
      sort: 'title',
      phone: 'title',
      minWidth: 160,
      maxWidth: 260,
      csv: (d) => d.title,
      render: (d) => <RowLink to={`${root}/detail/${d.id}`}>{d.title}</RowLink>,
    },
    { key: 'lang', title: t('admin.delivery_col_lang'), csv: (d) => langLabel(t, d.lang), render: (d) => langLabel(t, d.lang) },
    {
      key: 'state',
      title: t('admin.delivery_col_state'),
      sort: 'status',
      phone: 'badge',
      nowrap: true,
      csv: (d) => t(`admin.delivery_state_${d.state}`),
      render: (d) => <StateBadge state={d.state} t={t} />,
    },
    {
      key: 'window',
      title: t('admin.delivery_col_window'),
      sort: 'start',
      nowrap: true,
      csv: (d) => windowText(t, d),
      render: (d) => windowText(t, d),
    },
    {
      key: 'actions',
      title: t('admin.delivery_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      render: (d) => <DeliveryActions d={d} {...a} />,
    },
  ];
}
