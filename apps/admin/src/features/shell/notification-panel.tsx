import { Anchor, Box, Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { SystemNotiInbox, SystemNotiView, UnreadCount } from '@swipe/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Link, useNavigate } from 'react-router';
import { ErrorState } from '../../components/states';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';

const inboxQuery = () =>
  queryOptions({
    queryKey: ['system-noti', 'inbox'],
    queryFn: ({ signal }) => api.get<SystemNotiInbox>('system_noti/show', { query: { page: 1, pageSize: 10 }, signal }),
    staleTime: 0,
  });
const markAsRead = (ids: number[]) => api.put<UnreadCount>('system_noti/mark_as_read', { notiIds: ids });

// The bell's panel: the caller's latest system notifications, unread ones marked; opening one marks it read
// (the count drops at once from the server's answer), "mark all as read" marks those listed. Fetched the first
// time the bell is pressed (notification-bell.tsx), with the popover it opens in.

/** The popover under the bell (`children`), holding the panel while open. */
export function BellPopover({
  opened,
  onChange,
  children,
}: {
  opened: boolean;
  onChange: (opened: boolean) => void;
  children: ReactElement;
}) {
  const t = useT();
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" width={340} shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>{children}</Popover.Target>
      <Popover.Dropdown p={0} aria-label={t('admin.notices_panel_title')} role="dialog">
        {opened && <InboxPanel onClose={() => onChange(false)} />}
      </Popover.Dropdown>
    </Popover>
  );
}

export function InboxPanel({ onClose }: { onClose: () => void }) {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const master = useSession()?.user.effectiveType === 'MASTER';
  const inbox = useQuery(inboxQuery());
  const read = useMutation({
    mutationFn: (ids: number[]) => markAsRead(ids),
    onSuccess: (r, ids) => {
      qc.setQueryData(['system-noti', 'unread'], r);
      qc.setQueryData(
        inboxQuery().queryKey,
        (old) => old && { ...old, unread: r.unread, items: old.items.map((n) => (ids.includes(n.id) ? { ...n, read: true } : n)) },
      );
    },
  });
  const open = (n: SystemNotiView) => {
    if (!n.read) read.mutate([n.id]);
    onClose();
    navigate(`${base}/notification/${n.id}`);
  };
  const unreadIds = (inbox.data?.items ?? []).filter((n) => !n.read).map((n) => n.id);
  return (
    <Stack gap={0} data-testid="notification-panel">
      <Group justify="space-between" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Text fw={700} size="sm">
          {t('admin.notices_panel_title')}
        </Text>
        {unreadIds.length > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={() => read.mutate(unreadIds)} loading={read.isPending}>
            {t('admin.notices_mark_all')}
          </Button>
        )}
      </Group>
      {inbox.isError ? (
        <Box p="sm">
          <ErrorState error={inbox.error} onRetry={() => inbox.refetch()} />
        </Box>
      ) : inbox.data && inbox.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" p="md">
          {t('admin.notices_panel_empty')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={380}>
          <Stack gap={0} aria-busy={inbox.isFetching}>
            {inbox.isPending && (
              <Text size="sm" c="dimmed" p="md">
                {t('admin.notices_loading')}
              </Text>
            )}
            {inbox.data?.items.map((n) => (
              <UnstyledButton
                key={n.id}
                onClick={() => open(n)}
                p="sm"
                data-testid="notification-item"
                data-read={n.read}
                style={{
                  borderBottom: '1px solid var(--mantine-color-gray-2)',
                  background: n.read ? undefined : 'var(--mantine-color-indigo-0)',
                }}
              >
                <Group gap={8} wrap="nowrap" align="flex-start">
                  <Box
                    mt={6}
                    w={8}
                    h={8}
                    style={{ borderRadius: 4, flex: 'none', background: n.read ? 'transparent' : 'var(--mantine-color-indigo-7)' }}
                    aria-hidden
                  />
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text size="sm" fw={n.read ? 400 : 700} style={{ overflowWrap: 'anywhere' }}>
                      {!n.read && <VisuallyHidden component="span">{t('admin.notices_unread')} </VisuallyHidden>}
                      {n.title}
                    </Text>
                    {n.body && (
                      <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {n.body}
                      </Text>
                    )}
                    <Text size="xs" c="gray.7">
                      {formatDateTime(n.startDate ?? n.createdAt)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      {master && (
        <Anchor component={Link} to={`${base}/system-notification`} onClick={onClose} size="sm" p="sm" ta="center">
          {t('admin.notices_manage')}
        </Anchor>
      )}
    </Stack>
  );
}
