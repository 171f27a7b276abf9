import { Anchor, Stack, Title } from '@mantine/core';
import type { SystemNotiView } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteSystemNoti, markAsRead, systemNotiQuery } from './api';
import { NoticeDetail } from './notice-detail';
import { NoticeForm } from './notice-form';

// /create-notification and /notification/{id}: the platform master creates, reads, edits
// (?edit=1) and deletes; a receiver reads one shown to it, which marks it read.

export function CreateNotificationPage() {
  return <NotificationForm />;
}

function NotificationForm({ existing }: { existing?: SystemNotiView }) {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={existing ? `${base}/notification/${existing.id}` : `${base}/system-notification`} size="sm">
        ← {existing ? existing.title : t('admin.notices_system_back')}
      </Anchor>
      <Title order={1} size="h3">
        {t(existing ? 'admin.notices_system_edit' : 'admin.notices_system_create')}
      </Title>
      <NoticeForm
        kind="system"
        existing={existing}
        onSaved={async (v) => {
          await qc.invalidateQueries({ queryKey: ['system-noti'] });
          notifySuccess(t('admin.notices_saved'));
          navigate(`${base}/notification/${v.id}`);
        }}
      />
    </Stack>
  );
}

export function NotificationPage() {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [sp] = useSearchParams();
  const id = Number(useParams().id);
  const user = useSession()?.user;
  const writer = user?.effectiveType === 'MASTER';
  const canEdit = writer && user?.authority === 'EDIT';
  const q = useQuery(systemNotiQuery(id));
  const read = useMutation({
    meta: { silent: true },
    mutationFn: () => markAsRead([id]),
    onSuccess: (r) => {
      qc.setQueryData(['system-noti', 'unread'], r);
      void qc.invalidateQueries({ queryKey: ['system-noti', 'inbox'] });
    },
  });
  const unread = Boolean(q.data && !writer && !q.data.read);
  useEffect(() => {
    if (unread) read.mutate();
  }, [unread]);
  const remove = useMutation({
    mutationFn: () => deleteSystemNoti(id),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['system-noti'] });
      navigate(`${base}/system-notification`);
    },
  });
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data) return <PageLoader />;
  if (canEdit && sp.get('edit') === '1') return <NotificationForm existing={q.data} />;
  const n = q.data;
  return (
    <NoticeDetail
      n={n}
      back={
        writer ? { to: `${base}/system-notification`, label: t('admin.notices_system_back') } : { to: base, label: t('admin.notices_home') }
      }
      facts={
        writer
          ? [
              {
                label: t('admin.notices_field_receivers'),
                value: n.receiverRoles.map((r) => t(`admin.notices_role_${r.toLowerCase()}`)).join(', '),
              },
            ]
          : []
      }
      editHref={canEdit ? `${base}/notification/${n.id}?edit=1` : undefined}
      onDelete={canEdit ? () => remove.mutate() : undefined}
      deleting={remove.isPending}
    />
  );
}
