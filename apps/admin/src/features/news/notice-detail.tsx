import { Anchor, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { NoticeStatus } from '@swipe/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconEdit, IconExternal, IconTrash } from '../../components/icons';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { NoticeStatusBadge } from './notice-status';

// One news item or system notification as its reader sees it, with the writer's facts and actions.

export interface NoticeShown {
  title: string;
  url: string | null;
  body: string;
  imageUrl: string | null;
  status: NoticeStatus;
  scheduled: boolean;
  publishType: string;
  startDate: string | null;
  endDate: string | null;
  createdAt: string;
}

export function NoticeDetail({
  n,
  back,
  facts,
  editHref,
  onDelete,
  deleting,
}: {
  n: NoticeShown;
  back: { to: string; label: string };
  facts: { label: string; value: ReactNode }[];
  editHref?: string;
  onDelete?: () => void;
  deleting?: boolean;
}) {
  const t = useT();
  const confirm = () =>
    modals.openConfirmModal({
      title: t('admin.notices_delete_title'),
      children: <Text size="sm">{t('admin.notices_delete_body', { title: n.title })}</Text>,
      labels: { confirm: t('admin.notices_delete'), cancel: t('admin.cancel') },
      confirmProps: { color: 'red.9' },
      onConfirm: () => onDelete?.(),
    });
  return (
    <Stack gap="md" maw={880}>
      <Anchor component={Link} to={back.to} size="sm">
        ← {back.label}
      </Anchor>
      <Group justify="space-between" align="flex-start">
        <Stack gap={6} style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Title>
          <NoticeStatusBadge status={n.status} scheduled={n.scheduled} />
        </Stack>
        <Group gap="xs">
          {editHref && (
            <Button component={Link} to={editHref} variant="default" leftSection={<IconEdit size={16} />}>
              {t('admin.notices_edit')}
            </Button>
          )}
          {onDelete && (
            <Button color="red.9" variant="light" leftSection={<IconTrash size={16} />} onClick={confirm} loading={deleting}>
              {t('admin.notices_delete')}
            </Button>
          )}
        </Group>
      </Group>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          {n.imageUrl && <Image src={n.imageUrl} alt={t('admin.notices_image_alt')} mah={240} w="auto" fit="contain" radius="sm" />}
          {n.body && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{n.body}</Text>}
          {n.url && (
            <Anchor href={n.url} target="_blank" rel="noopener noreferrer" style={{ overflowWrap: 'anywhere' }}>
              <Group gap={4} wrap="nowrap" component="span">
                {n.url} <IconExternal size={14} />
              </Group>
            </Anchor>
          )}
          <Stack gap={4}>
            {[
              { label: t('admin.notices_field_publish_type'), value: t(`admin.notices_publish_${n.publishType.toLowerCase()}`) },
              { label: t('admin.notices_col_start'), value: formatDateTime(n.startDate) },
              { label: t('admin.notices_col_end'), value: formatDateTime(n.endDate) },
              ...facts,
            ].map((f) => (
              <Group key={f.label} gap="xs">
                <Text size="sm" c="dimmed" w={160}>
                  {f.label}
                </Text>
                <Text size="sm">{f.value}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}
