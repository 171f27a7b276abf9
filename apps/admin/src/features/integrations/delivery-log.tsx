import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { WebhookDelivery } from '@swipe/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePhoneLayout } from '../../components/list-layout';
import { EmptyState } from '../../components/states';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { deliveriesQuery, resend } from './api';

const COLOR = { PENDING: 'yellow', DELIVERED: 'teal', FAILED: 'red' } as const;

/** The latest 50 webhook messages with their last attempt; each can be sent again. */
export function DeliveryLog({ canEdit }: { canEdit: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const phone = usePhoneLayout();
  const list = useQuery(deliveriesQuery());
  const again = useMutation({
    mutationFn: (id: number) => resend(id),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['integrations', 'deliveries'] }),
  });
  const status = (d: WebhookDelivery) => (
    <Badge color={COLOR[d.status]} variant="light">
      {t(`admin.api_status_${d.status.toLowerCase()}`)}
    </Badge>
  );
  const action = (d: WebhookDelivery) =>
    canEdit && (
      <Button size="xs" variant="light" loading={again.isPending && again.variables === d.id} onClick={() => again.mutate(d.id)}>
        {t('admin.api_log_resend')}
      </Button>
    );
  const items = list.data?.items ?? [];
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('admin.api_log_title')}
        </Title>
        <Button size="xs" variant="default" onClick={() => list.refetch()} loading={list.isFetching}>
          {t('admin.api_log_refresh')}
        </Button>
      </Group>
      {list.data && items.length === 0 && <EmptyState title={t('admin.api_log_empty')} />}
      {phone ? (
        <Stack gap="xs" data-testid="delivery-log">
          {items.map((d) => (
            <Card key={d.id} withBorder padding="sm" data-testid="delivery-row">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {t(`admin.api_kind_${d.kind}`)} #{d.submissionId}
                </Text>
                {status(d)}
              </Group>
              <Text size="xs" c="dimmed">
                {formatDateTime(d.createdAt)} · {d.lastResponseCode ?? '—'} · {d.lastDurationMs ?? 0} ms · {d.attempts}
              </Text>
              {d.lastError && d.status !== 'DELIVERED' && (
                <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
                  {d.lastError}
                </Text>
              )}
              <Group justify="flex-end">{action(d)}</Group>
            </Card>
          ))}
        </Stack>
      ) : (
        items.length > 0 && (
          <Table.ScrollContainer minWidth={800}>
            <Table verticalSpacing="xs" data-testid="delivery-log">
              <Table.Thead>
                <Table.Tr>
                  {['time', 'kind', 'status', 'code', 'duration', 'attempts', 'error'].map((c) => (
                    <Table.Th key={c}>{t(`admin.api_log_col_${c}`)}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>{t('admin.api_log_resend')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((d) => (
                  <Table.Tr key={d.id} data-testid="delivery-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
                    <Table.Td>
                      {t(`admin.api_kind_${d.kind}`)} #{d.submissionId}
                    </Table.Td>
                    <Table.Td>{status(d)}</Table.Td>
                    <Table.Td>{d.lastResponseCode ?? '—'}</Table.Td>
                    <Table.Td>{d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`}</Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td maw={240} style={{ overflowWrap: 'anywhere' }}>
                      {d.status === 'DELIVERED' ? '' : (d.lastError ?? '')}
                    </Table.Td>
                    <Table.Td>{action(d)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )
      )}
    </Card>
  );
}
