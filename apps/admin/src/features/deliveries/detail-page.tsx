import { Anchor, Button, Card, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { IconEdit, IconTrash } from '../../components/icons';
import { PageLoader } from '../../components/page-loader';
import { ErrorState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useBase, useSession } from '../../lib/session';
import { deleteDelivery, deliveryQuery } from './api';
import { BannerPreview } from './banner-preview';
import { langLabel, StateBadge, windowText } from './labels';

/** One banner notification: its fields, what visitors get now, and the banner as they see it. */
export function DeliveryDetailPage() {
  const t = useT();
  const base = useBase();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { siteId, id } = useParams();
  const canEdit = useSession()?.user.authority === 'EDIT';
  const q = useQuery(deliveryQuery(Number(id)));
  const root = `${base}/notification-delivery/${siteId}`;
  const remove = useMutation({
    mutationFn: () => deleteDelivery(Number(id)),
    onSuccess: async (r) => {
      notifySuccess(r.message);
      await qc.invalidateQueries({ queryKey: ['deliveries'] });
      navigate(root);
    },
  });
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const d = q.data;
  if (!d) return <PageLoader />;
  const rows: [string, React.ReactNode][] = [
    [t('admin.delivery_col_state'), <StateBadge key="s" state={d.state} t={t} />],
    [t('admin.delivery_field_status'), t(`admin.delivery_status_${d.status.toLowerCase()}`)],
    [t('admin.delivery_field_lang'), langLabel(t, d.lang)],
    [t('admin.delivery_col_window'), windowText(t, d)],
    [t('admin.delivery_field_content'), d.content || '—'],
    [
      t('admin.delivery_field_link'),
      d.newsUrl ? (
        <Anchor href={d.newsUrl} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
          {d.newsUrl}
        </Anchor>
      ) : (
        '—'
      ),
    ],
    [t('admin.delivery_updated'), formatDateTime(d.updatedAt)],
  ];
  return (
    <Stack gap="md">
      <Anchor component={Link} to={root} size="sm">
        ← {t('admin.delivery_back_to_list')}
      </Anchor>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {d.title}
        </Title>
        {canEdit && (
          <Group gap="xs">
            <Button component={Link} to={`${root}/edit/${d.id}`} variant="default" leftSection={<IconEdit size={16} />}>
              {t('admin.delivery_edit')}
            </Button>
            <Button
              color="red.9"
              variant="outline"
              leftSection={<IconTrash size={16} />}
              loading={remove.isPending}
              onClick={() =>
                modals.openConfirmModal({
                  title: t('admin.delivery_delete_title'),
                  children: <Text size="sm">{t('admin.delivery_delete_body', { title: d.title })}</Text>,
                  labels: { confirm: t('admin.delete'), cancel: t('admin.cancel') },
                  confirmProps: { color: 'red.9' },
                  onConfirm: () => remove.mutate(),
                })
              }
            >
              {t('admin.delete')}
            </Button>
          </Group>
        )}
      </Group>
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder radius="md" padding="md">
            <Table variant="vertical" layout="fixed" withRowBorders>
              <Table.Tbody>
                {rows.map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th w={140}>{k}</Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card withBorder radius="md" padding="md">
            <BannerPreview label={t('admin.delivery_preview_this')} items={[d]} />
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
