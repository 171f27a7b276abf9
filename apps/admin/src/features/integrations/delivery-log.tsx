import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { WebhookDelivery } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { formatDateTime } from '../../lib/format';
import { type T, useT } from '../../lib/i18n';
import { deliveriesQuery, resend } from './api';

const COLOR = { PENDING: 'yellow', DELIVERED: 'teal', FAILED: 'red' } as const;

/** The latest 50 webhook messages with their last attempt, exportable as CSV; each can be sent again. */
export function DeliveryLog({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  // one page, no search: the state only keeps the list component's parameters apart from the screen's
  const state = useListState({ prefix: 'log' });
  const list = useQuery(deliveriesQuery());
  const again = useMutation({
    mutationFn: (id: number) => resend(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['integrations', 'deliveries'] }),
  });
  const items = list.data?.items;
  const resendButton = (d: WebhookDelivery) =>
    canEdit && (
      <Button size="xs" variant="light" loading={again.isPending && again.variables === d.id} onClick={() => again.mutate(d.id)}>
        {t('admin.api_log_resend')}
      </Button>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('admin.api_log_title')}
        </Title>
        <Button size="xs" variant="default" onClick={() => list.refetch()} loading={list.isFetching}>
          {t('admin.api_log_refresh')}
        </Button>
      </Group>
      <DataList
        label={t('admin.api_log_title')}
        state={state}
        query={{ ...list, data: items && { items, total: items.length } }}
        columns={[
          ...columns(t),
          { key: 'resend', title: t('admin.api_log_resend'), hiddenTitle: true, phone: 'actions', render: resendButton },
        ]}
        rowKey={(d) => d.id}
        csv={{ fileName: 'webhook-log' }}
        empty={{ title: t('admin.api_log_empty') }}
        paged={false}
        minWidth={800}
        testId="delivery-log"
        rowTestId="delivery-row"
      />
    </Stack>
  );
}

function columns(t: T): Column<WebhookDelivery>[] {
  const kind = (d: WebhookDelivery) => `${t(`admin.api_kind_${d.kind}`)} #${d.submissionId}`;
  const status = (d: WebhookDelivery) => t(`admin.api_status_${d.status.toLowerCase()}`);
  const duration = (d: WebhookDelivery) => (d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`);
  const error = (d: WebhookDelivery) => (d.status === 'DELIVERED' ? '' : (d.lastError ?? ''));
  const errorShown = (d: WebhookDelivery) => error(d) || '—';
  return [
    {
      key: 'time',
      title: t('admin.api_log_col_time'),
      nowrap: true,
      csv: (d) => formatDateTime(d.createdAt),
      render: (d) => formatDateTime(d.createdAt),
    },
    { key: 'kind', title: t('admin.api_log_col_kind'), phone: 'title', csv: kind, render: (d) => <Text fw={600}>{kind(d)}</Text> },
    {
      key: 'status',
      title: t('admin.api_log_col_status'),
      phone: 'badge',
      nowrap: true,
      csv: status,
      render: (d) => (
        <Badge color={COLOR[d.status]} variant="light" style={{ textTransform: 'none' }}>
          {status(d)}
        </Badge>
      ),
    },
    { key: 'code', title: t('admin.api_log_col_code'), csv: (d) => d.lastResponseCode, render: (d) => d.lastResponseCode ?? '—' },
    { key: 'duration', title: t('admin.api_log_col_duration'), nowrap: true, csv: (d) => d.lastDurationMs, render: duration },
    { key: 'attempts', title: t('admin.api_log_col_attempts'), csv: (d) => d.attempts, render: (d) => d.attempts },
    { key: 'error', title: t('admin.api_log_col_error'), maxWidth: 240, csv: error, render: errorShown },
  ];
}
