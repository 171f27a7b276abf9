import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { IconPlus } from '../../components/icons';
import { useListParams } from '../../components/list-controls';
import { ListHeader } from '../../components/list-layout';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { systemListQuery } from './api';
import { NoticeList, noticeListState } from './notice-list';

// /system-notification (issue 12.2): the platform's notifications to roles, with status filter, search, sort, pages.

export function SystemNotificationListPage() {
  const t = useT();
  const base = useBase();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const lp = useListParams();
  const state = noticeListState(lp);
  const list = useQuery(systemListQuery(state.params));
  const rows = list.data && {
    ...list.data,
    items: list.data.items.map((n) => ({ ...n, extra: n.receiverRoles.map((r) => t(`admin.notices_role_${r.toLowerCase()}`)).join(', ') })),
  };
  return (
    <Stack gap="md">
      <ListHeader title={t('admin.notices_system_title')} subtitle={list.data && t('admin.notices_count', { count: list.data.total })}>
        {canEdit && (
          <Button component={Link} to={`${base}/create-notification`} leftSection={<IconPlus size={16} />}>
            {t('admin.notices_system_create')}
          </Button>
        )}
      </ListHeader>
      <NoticeList
        lp={lp}
        state={state}
        list={{ ...list, data: rows } as typeof list}
        href={(id) => `${base}/notification/${id}`}
        extraLabel={t('admin.notices_field_receivers')}
        testId="system-noti-list"
      />
    </Stack>
  );
}
