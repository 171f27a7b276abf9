import { Stack } from '@mantine/core';
import { AddButton } from '../../components/data-list/cells';
import { ListHeader } from '../../components/list-layout';
import { useT } from '../../lib/i18n';
import { useBase, useSession } from '../../lib/session';
import { systemListQuery } from './api';
import { NoticeList, useNoticeList } from './notice-list';

// /system-notification: the platform's notifications to roles, with status filter, search, sort, pages, CSV.

export function SystemNotificationListPage() {
  const t = useT();
  const base = useBase();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const notices = useNoticeList(systemListQuery);
  const total = notices.list.data?.total;
  return (
    <Stack gap="md">
      <ListHeader
        title={t('admin.notices_system_title')}
        subtitle={total === undefined ? undefined : t('admin.notices_count', { count: total })}
      >
        {canEdit && <AddButton label={t('admin.notices_system_create')} to={`${base}/create-notification`} />}
      </ListHeader>
      <NoticeList
        label={t('admin.notices_system_title')}
        notices={notices}
        href={(id) => `${base}/notification/${id}`}
        extra={{
          title: t('admin.notices_field_receivers'),
          value: (n) => n.receiverRoles.map((r) => t(`admin.notices_role_${r.toLowerCase()}`)).join(', '),
        }}
        fileName="system-notifications"
        testId="system-noti-list"
      />
    </Stack>
  );
}
