import { Anchor, Button, Card, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AccountType } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconPlus } from '../../components/icons';
import { ListFooter, ListSearch, useListParams } from '../../components/list-controls';
import { FilterBar, ListError, ListHeader, SkeletonCards } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { newsFeedQuery, ownNewsQuery } from './api';
import { NoticeList, noticeListState } from './notice-list';

// Latest information (issue 12.1): what the caller is shown from above ("received"), and for writers (the
// platform, OEM masters and admins) the news they wrote, with its status filter, search, sort and pages.

const WRITERS: readonly string[] = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] satisfies AccountType[];

export function NewsListPage() {
  const t = useT();
  const base = useBase();
  const user = useSession()?.user;
  const writer = Boolean(user && WRITERS.includes(user.effectiveType));
  const lp = useListParams();
  const tab = writer && lp.sp.get('tab') !== 'received' ? 'written' : 'received';
  return (
    <Stack gap="md">
      <ListHeader title={t('admin.notices_news_title')}>
        {writer && user?.authority === 'EDIT' && (
          <Button component={Link} to={`${base}/latest-information/create`} leftSection={<IconPlus size={16} />}>
            {t('admin.notices_news_create')}
          </Button>
        )}
      </ListHeader>
      {writer && (
        <SegmentedControl
          aria-label={t('admin.notices_news_tabs')}
          value={tab}
          onChange={(v) => lp.set({ tab: v === 'written' ? null : v, page: null, status: null, sort: null, order: null })}
          data={[
            { value: 'written', label: t('admin.notices_tab_written') },
            { value: 'received', label: t('admin.notices_tab_received') },
          ]}
          w="fit-content"
        />
      )}
      {tab === 'written' ? <Written lp={lp} /> : <Received lp={lp} />}
    </Stack>
  );
}

function Written({ lp }: { lp: ReturnType<typeof useListParams> }) {
  const t = useT();
  const base = useBase();
  const state = noticeListState(lp);
  const list = useQuery(ownNewsQuery(state.params));
  const rows = list.data && {
    ...list.data,
    items: list.data.items.map((n) => ({ ...n, extra: n.distributionSiteName ?? t('admin.notices_distribution_all') })),
  };
  return (
    <NoticeList
      lp={lp}
      state={state}
      list={{ ...list, data: rows } as typeof list}
      href={(id) => `${base}/latest-information/${id}`}
      extraLabel={t('admin.notices_field_distribution')}
      testId="news-list"
    />
  );
}

function Received({ lp }: { lp: ReturnType<typeof useListParams> }) {
  const t = useT();
  const base = useBase();
  const feed = useQuery(newsFeedQuery({ page: lp.page, pageSize: lp.pageSize, search: lp.search }));
  return (
    <Card withBorder padding={0} radius="md">
      <FilterBar>
        <ListSearch label={t('admin.notices_search')} value={lp.searchInput} onChange={lp.setSearchInput} />
      </FilterBar>
      {feed.isError ? (
        <ListError query={feed} />
      ) : feed.data && feed.data.items.length === 0 ? (
        <Stack p="md">
          <EmptyState title={t('admin.notices_feed_none')} />
        </Stack>
      ) : (
        <Stack gap={0} aria-busy={feed.isFetching} data-testid="news-feed">
          {feed.isPending && <SkeletonCards count={3} h={80} />}
          {feed.data?.items.map((n) => (
            <Group
              key={n.id}
              p="md"
              gap="md"
              wrap="nowrap"
              align="flex-start"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
              data-testid="news-item"
            >
              {n.imageUrl && <Image src={n.imageUrl} alt="" w={72} h={72} fit="cover" radius="sm" />}
              <Stack gap={4} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`${base}/latest-information/${n.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {n.title}
                </Anchor>
                {n.body && (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {n.body}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {n.authorName} · {formatDateTime(n.startDate ?? n.createdAt)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {feed.data && feed.data.total > 0 && <ListFooter page={lp.page} pageSize={lp.pageSize} total={feed.data.total} set={lp.set} />}
    </Card>
  );
}
