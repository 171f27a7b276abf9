import { ActionIcon, Indicator } from '@mantine/core';
import type { UnreadCount } from '@swipe/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { IconBell } from '../../components/icons';
import { api } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { onFirstUse, useFirstUseTrigger } from '../../lib/on-first-use';

// The header bell on every signed-in screen: the caller's unread system notifications, polled every minute and
// on focus. Its panel (the latest notifications, in a popover: floating-ui, a portal, transitions) is a chunk
// fetched and drawn the first time the bell is pressed, not with every signed-in screen.

const usePanel = onFirstUse(() => import('./notification-panel'));

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
  // the bell is drawn anew inside the popover when its chunk comes
  const { module: panel, press, props } = useFirstUseTrigger(usePanel, 'dialog');
  const unread = useQuery(unreadCountQuery()).data?.unread ?? 0;
  const bell = (
    <ActionIcon
      variant="subtle"
      color="gray.8"
      size="lg"
      aria-label={t('admin.notices_bell', { count: unread })}
      onClick={(e) => {
        if (panel) return setOpened((o) => !o);
        press(e);
        setOpened(true);
      }}
      data-testid="notification-bell"
      data-unread={unread}
      {...props}
    >
      <Indicator label={unread > 99 ? '99+' : unread} disabled={unread === 0} size={16} color="red.8" offset={2} zIndex={1}>
        <IconBell size={20} />
      </Indicator>
    </ActionIcon>
  );
  if (!panel) return bell;
  return (
    <panel.BellPopover opened={opened} onChange={setOpened}>
      {bell}
    </panel.BellPopover>
  );
}
