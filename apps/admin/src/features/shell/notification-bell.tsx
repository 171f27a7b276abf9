import { ActionIcon, Center, Indicator, Loader, Popover } from '@mantine/core';
import type { UnreadCount } from '@swipe/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { IconBell } from '../../components/icons';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';

// The header bell on every signed-in screen: the caller's unread system notifications, polled
// every minute and on focus; the panel listing the latest is a chunk fetched the first time it opens.

const InboxPanel = lazy(() => import('./notification-panel').then((m) => ({ default: m.InboxPanel })));

/** Shared with the panel and the notification screen, which update it after marking read. */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: ['system-noti', 'unread'],
    queryFn: ({ signal }) => api.get<UnreadCount>('system_noti/unread', { signal }),
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    meta: { silent: true },
  });

export function NotificationBell() {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const unread = useQuery(unreadCountQuery()).data?.unread ?? 0;
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray.8"
          size="lg"
          aria-label={t('admin.notices_bell', { count: unread })}
          onClick={() => setOpened((o) => !o)}
          data-testid="notification-bell"
          data-unread={unread}
        >
          <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={16} color="red.8" offset={2} zIndex={1}>
            <IconBell size={20} />
          </Indicator>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('admin.notices_panel_title')} role="dialog">
        {opened && (
          <Suspense
            fallback={
              <Center p="md">
                <Loader size="sm" aria-label={t('admin.notices_loading')} />
              </Center>
            }
          >
            <InboxPanel onClose={() => setOpened(false)} />
          </Suspense>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
