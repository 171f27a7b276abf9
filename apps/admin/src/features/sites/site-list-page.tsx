import { ActionIcon, Anchor, Button, Card, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { csvBlob } from '@swipe/api-client';
import type { SiteStatus } from '@swipe/core/constants.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { IconChart, IconEdit, IconEye, IconPlus, IconUsers } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import { ClearFiltersButton, ExportCsvButton, FilterBar, ListError, ListHeader, SkeletonRows } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { useAppConfig } from '../../lib/app-config';
import { downloadBlob, formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { exportSitesCsv, type SiteListParams, siteListQuery } from './api/sites';

const STATUSES: (SiteStatus | 'ALL')[] = ['ALL', 'PUBLISH', 'PRIVATE', 'DRAFT', 'DOMAIN_VERIFYING'];

export function SiteListPage() {
  const t = useT();
  const base = useBase();
  const config = useAppConfig();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const { sp, page, pageSize, search: q, searchInput: search, setSearchInput: setSearch, set } = useListParams();
  const params: SiteListParams = {
    page,
    pageSize,
    search: q,
    status: (STATUSES as string[]).includes(sp.get('status') ?? '') ? (sp.get('status') as SiteStatus | 'ALL') : 'ALL',
  };

  const list = useQuery(siteListQuery(params));
  const exportCsv = useMutation({
    mutationFn: () => exportSitesCsv(params),
    onSuccess: (text) => downloadBlob(csvBlob(text), `sites-${new Date().toISOString().slice(0, 10)}.csv`),
  });
  const previewUrl = (id: number) => (config.data ? `${config.data.sitesUrl}/site/${id}/preview` : undefined);

  return (
    <Stack gap="md">
      <ListHeader title={t('admin.site_list_title')} subtitle={list.data && t('admin.site_count', { count: list.data.total })}>
        <Group gap="xs">
          <ExportCsvButton loading={exportCsv.isPending} onClick={() => exportCsv.mutate()} />
          {canEdit && (
            <Button component={Link} to={`${base}/create-site`} leftSection={<IconPlus size={16} />}>
              {t('admin.create_site')}
            </Button>
          )}
        </Group>
      </ListHeader>

      <Card withBorder padding={0} radius="md">
        <FilterBar>
          <ListSearch label={t('admin.search_sites')} value={search} onChange={setSearch} />
          <Select
            aria-label={t('admin.status_filter')}
            data={STATUSES.map((s) => ({ value: s, label: t(`admin.status_${s.toLowerCase()}`) }))}
            value={params.status}
            onChange={(v) => set({ status: v === 'ALL' ? null : v, page: null })}
            allowDeselect={false}
            w={200}
          />
        </FilterBar>

        {list.isError ? (
          <ListError query={list} />
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table verticalSpacing="sm" highlightOnHover striped={false} aria-busy={list.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.col_parent_account')}</Table.Th>
                  <Table.Th>{t('admin.col_title')}</Table.Th>
                  <Table.Th>{t('admin.col_url')}</Table.Th>
                  <Table.Th>{t('admin.col_status')}</Table.Th>
                  <Table.Th>{t('admin.col_published')}</Table.Th>
                  <Table.Th>{t('admin.col_created')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('admin.col_actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && <SkeletonRows rows={5} cols={7} />}
                {list.data?.items.map((s) => (
                  <Table.Tr key={s.id} data-testid="site-row">
                    <Table.Td>
                      <Text size="sm" truncate maw={180}>
                        {s.parentAccount || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/site/${s.id}`} fw={600} size="sm">
                        {s.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Anchor href={s.url} target="_blank" rel="noopener noreferrer" size="sm" truncate maw={240}>
                          {s.url}
                        </Anchor>
                        <CopyButton value={s.url} label={t('admin.copy_url')} />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={s.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(s.publishedAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(s.createdAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={2} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('admin.action_edit')} withArrow>
                          <ActionIcon
                            component={Link}
                            to={`${base}/site/${s.id}`}
                            variant="subtle"
                            aria-label={`${t('admin.action_edit')}: ${s.name}`}
                          >
                            <IconEdit size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('admin.action_analyze')} withArrow>
                          <ActionIcon
                            component={Link}
                            to={`${base}/site/list/${s.id}`}
                            variant="subtle"
                            aria-label={`${t('admin.action_analyze')}: ${s.name}`}
                          >
                            <IconChart size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('admin.action_visitors')} withArrow>
                          <ActionIcon
                            component={Link}
                            to={`${base}/site/${s.id}/visitors`}
                            variant="subtle"
                            aria-label={`${t('admin.action_visitors')}: ${s.name}`}
                          >
                            <IconUsers size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('admin.action_preview')} withArrow>
                          <ActionIcon
                            component="a"
                            href={previewUrl(s.id)}
                            target="_blank"
                            rel="noopener noreferrer"
                            variant="subtle"
                            aria-label={`${t('admin.action_preview')}: ${s.name}`}
                          >
                            <IconEye size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {list.data && list.data.items.length === 0 && (
          <EmptyState
            title={params.search || params.status !== 'ALL' ? t('admin.no_sites_match') : t('admin.no_sites')}
            body={params.search || params.status !== 'ALL' ? t('admin.no_sites_match_body') : t('admin.no_sites_body')}
            action={
              params.search || params.status !== 'ALL' ? (
                <ClearFiltersButton
                  onClick={() => {
                    setSearch('');
                    set({ q: null, status: null, page: null });
                  }}
                />
              ) : (
                <Button component={Link} to={`${base}/create-site`} size="xs" leftSection={<IconPlus size={14} />}>
                  {t('admin.create_site')}
                </Button>
              )
            }
          />
        )}
        {list.data && list.data.total > 0 && <ListFooter page={params.page} pageSize={params.pageSize} total={list.data.total} set={set} />}
      </Card>
    </Stack>
  );
}
