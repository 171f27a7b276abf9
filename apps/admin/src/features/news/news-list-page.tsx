import { Anchor, Group, Image, SegmentedControl, Stack, Text } from '@mantine/core';
import type { AccountType, NewsView } from '@swipe/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { AddButton } from '../../components/data-list/cells';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { ListHeader } from '../../components/list-layout';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { newsFeedQuery, ownNewsQuery } from './api';
import { NoticeList, useNoticeList } from './notice-list';

// Latest information: what the caller is shown from above ("received"), and for writers (the platform, OEM
// masters and admins) the news they wrote, with its status filter, search, sort, pages and CSV.

const WRITERS: readonly string[] = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] satisfies AccountType[];

export function NewsListPage() {
  const t = useT();
  const base = useBase();
  const user = useSession()?.user;
  const writer = Boolean(user && WRITERS.includes(user.effectiveType));
  const [sp, setSp] = useSearchParams();
  const tab = writer && sp.get('tab') !== 'received' ? 'written' : 'received';
  return (
    <Stack gap="md">
      <ListHeader title={t('admin.notices_news_title')}>
        {writer && user?.authority === 'EDIT' && (
          <AddButton label={t('admin.notices_news_create')} to={`${base}/latest-information/create`} />
        )}
      </ListHeader>
      {writer && (
        <SegmentedControl
          aria-label={t('admin.notices_news_tabs')}
          value={tab}
          // each tab starts on its first page without the other's search, filter or sort
          onChange={(v) => setSp(v === 'written' ? {} : { tab: v }, { replace: true })}
          data={[
            { value: 'written', label: t('admin.notices_tab_written') },
            { value: 'received', label: t('admin.notices_tab_received') },
          ]}
          w="fit-content"
        />
      )}
      {tab === 'written' ? <Written /> : <Received />}
    </Stack>
  );
}

function Written() {
  const t = useT();
  const base = useBase();
  const notices = useNoticeList(ownNewsQuery);
  return (
    <NoticeList
      label={t('admin.notices_tab_written')}
      notices={notices}
      href={(id) => `${base}/latest-information/${id}`}
      extra={{ title: t('admin.notices_field_distribution'), value: (n) => n.distributionSiteName ?? t('admin.notices_distribution_all') }}
      fileName="news"
      testId="news-list"
    />
  );
}

/** The news shown to the caller: a feed of cards at every width. */
function Received() {
  const t = useT();
  const base = useBase();
  const qc = useQueryClient();
  const state = useListState();
  const params = { page: state.page, pageSize: state.pageSize, search: state.search };
  const feed = useQuery(newsFeedQuery(params));
  return (
    <DataList
      label={t('admin.notices_tab_received')}
      state={state}
      query={feed}
      columns={feedColumns(t)}
      rowKey={(n) => n.id}
      search={t('admin.notices_search')}
      csv={{ fileName: 'news-received', pages: (page, pageSize) => qc.fetchQuery(newsFeedQuery({ ...params, page, pageSize })) }}
      empty={{ title: t('admin.notices_feed_none') }}
      layout="cards"
      card={(n) => (
        <Group gap="md" wrap="nowrap" align="flex-start" p={4}>
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
      )}
      testId="news-feed"
      rowTestId="news-item"
    />
  );
}

/** What the feed's CSV holds (its cards are drawn by the page). */
function feedColumns(t: T): Column<NewsView>[] {
  const at = (n: NewsView) => formatDateTime(n.startDate ?? n.createdAt);
  return [
    { key: 'title', title: t('admin.notices_col_title'), csv: (n) => n.title, render: (n) => n.title },
    { key: 'body', title: t('admin.notices_field_body'), csv: (n) => n.body, render: (n) => n.body },
    { key: 'author', title: t('admin.notices_author'), csv: (n) => n.authorName, render: (n) => n.authorName },
    { key: 'start', title: t('admin.notices_col_start'), csv: at, render: at },
  ];
}
