import { Anchor, Group, Stack } from '@mantine/core';
import type { SiteSummary } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { CopyButton } from '../../components/copy-button';
import { AddButton, RowAction, RowActions, RowLink } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { FilterSelect } from '../../components/data-list/filter-select';
import { oneOf, useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { IconChart, IconEdit, IconEye, IconUsers } from '../../components/icons';
import { ListHeader } from '../../components/list-layout';
import { StatusBadge } from '../../components/status-badge';
import { useAppConfig } from '../../lib/app-config';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { exportSitesCsv, SITE_STATUSES, type SiteListParams, siteListQuery } from './api/sites';

// The caller's sites (back-office.md 1): searchable, filtered by status, paged, exported as CSV; edit, analyse,
// visitors and preview from each row. On a phone each site is a card with its title, status, URL and actions.

export function SiteListPage() {
  const t = useT();
  const base = useBase();
  const config = useAppConfig();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const state = useListState({ filters: { status: oneOf(SITE_STATUSES) } });
  const params: SiteListParams = {
    page: state.page,
    pageSize: state.pageSize,
    search: state.search,
    status: (state.filter.status as SiteListParams['status'] | undefined) ?? 'ALL',
  };
  const list = useQuery(siteListQuery(params));
  const previewUrl = (id: number) => (config.data ? `${config.data.sitesUrl}/site/${id}/preview` : undefined);
  const create = (small: boolean) => canEdit && <AddButton label={t('admin.create_site')} to={`${base}/create-site`} small={small} />;

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.site_list_title')} subtitle={list.data && t('admin.site_count', { count: list.data.total })}>
        {create(false)}
      </ListHeader>
      <DataList
        label={t('admin.site_list_title')}
        state={state}
        query={list}
        columns={columns(t, base, previewUrl)}
        rowKey={(s) => s.id}
        search={t('admin.search_sites')}
        filters={
          <FilterSelect
            label={t('admin.status_filter')}
            data={['ALL', ...SITE_STATUSES].map((s) => ({ value: s, label: t(`admin.status_${s.toLowerCase()}`) }))}
            value={params.status}
            onChange={(v) => state.setFilter('status', v === 'ALL' ? null : v)}
          />
        }
        csv={{ fileName: 'sites', server: () => exportSitesCsv(params) }}
        empty={{ title: t('admin.no_sites'), body: t('admin.no_sites_body'), action: create(true) }}
        noMatch={{ title: t('admin.no_sites_match'), body: t('admin.no_sites_match_body') }}
        minWidth={980}
        rowTestId="site-row"
      />
    </Stack>
  );
}

function columns(t: T, base: string, previewUrl: (id: number) => string | undefined): Column<SiteSummary>[] {
  return [
    {
      key: 'parent',
      title: t('admin.col_parent_account'),
      maxWidth: 180,
      render: (s) => s.parentAccount || '—',
    },
    {
      key: 'title',
      title: t('admin.col_title'),
      phone: 'title',
      render: (s) => <RowLink to={`${base}/site/${s.id}`}>{s.name}</RowLink>,
    },
    {
      key: 'url',
      title: t('admin.col_url'),
      phone: 'plain',
      render: (s) => (
        <Group gap={4} wrap="nowrap">
          <Anchor href={s.url} target="_blank" rel="noopener noreferrer" size="sm" truncate maw={240}>
            {s.url}
          </Anchor>
          <CopyButton value={s.url} label={t('admin.copy_url')} />
        </Group>
      ),
    },
    { key: 'status', title: t('admin.col_status'), phone: 'badge', nowrap: true, render: (s) => <StatusBadge status={s.status} /> },
    { key: 'published', title: t('admin.col_published'), nowrap: true, render: (s) => formatDateTime(s.publishedAt) },
    { key: 'created', title: t('admin.col_created'), nowrap: true, render: (s) => formatDateTime(s.createdAt) },
    {
      key: 'actions',
      title: t('admin.col_actions'),
      phone: 'actions',
      align: 'right',
      render: (s) => {
        const name = (action: string) => `${action}: ${s.name}`;
        return (
          <RowActions>
            <RowAction
              label={t('admin.action_edit')}
              name={name(t('admin.action_edit'))}
              to={`${base}/site/${s.id}`}
              icon={<IconEdit size={18} />}
            />
            <RowAction
              label={t('admin.action_analyze')}
              name={name(t('admin.action_analyze'))}
              to={`${base}/site/list/${s.id}`}
              icon={<IconChart size={18} />}
            />
            <RowAction
              label={t('admin.action_visitors')}
              name={name(t('admin.action_visitors'))}
              to={`${base}/site/${s.id}/visitors`}
              icon={<IconUsers size={18} />}
            />
            <RowAction
              label={t('admin.action_preview')}
              name={name(t('admin.action_preview'))}
              href={previewUrl(s.id)}
              icon={<IconEye size={18} />}
            />
          </RowActions>
        );
      },
    },
  ];
}
