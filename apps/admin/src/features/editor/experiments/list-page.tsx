import { Alert, Anchor, Badge, Box, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { ApiError } from '@swipe/api-client';
import type { ExperimentView } from '@swipe/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorScreen } from '../../../components/error-screen';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/states';
import { formatDateTime } from '../../../lib/format';
import { useT } from '../../../lib/i18n';
import { useBase, useSession } from '../../../lib/session';
import { experimentsQuery } from './api';
import { CreateForm } from './create-form';
import { StatusBadge } from './labels';

// The A/B tests of one site: each with its state, what it tests and when it started; a new test is drafted here.

export function ExperimentsPage() {
  const t = useT();
  const base = useBase();
  const siteId = Number(useParams().id);
  const canEdit = useSession()?.user.authority === 'EDIT';
  const [creating, setCreating] = useState(false);
  const list = useQuery({ ...experimentsQuery(siteId), enabled: Number.isInteger(siteId) && siteId > 0 });
  if (!Number.isInteger(siteId) || siteId <= 0) return <ErrorScreen code="404" inline />;
  if (list.isPending) return <PageLoader label={t('admin.fetching')} />;
  if (list.isError) {
    if (list.error instanceof ApiError && list.error.status === 404) return <ErrorScreen code="404" inline />;
    if (list.error instanceof ApiError && list.error.code === 'PLAN_FEATURE_REQUIRED')
      return (
        <Alert color="yellow" variant="light" role="status">
          {t('admin.xp_plan_required')}
        </Alert>
      );
    return <ErrorState error={list.error} onRetry={() => list.refetch()} />;
  }
  const { items, published } = list.data;
  const scopeText = (x: ExperimentView) =>
    x.scope === 'site' ? t('admin.xp_scope_site') : t('admin.xp_page_count', { count: x.pageIds.length });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Anchor component={Link} to={`${base}/site/${siteId}`} size="sm">
            ← {t('admin.xp_back_to_site')}
          </Anchor>
          <Title order={1} size="h3">
            {t('admin.xp_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.xp_intro')}
          </Text>
        </Stack>
        {canEdit && (
          <Button onClick={() => setCreating(true)} disabled={!published} data-testid="xp-create">
            {t('admin.xp_create')}
          </Button>
        )}
      </Group>
      {!published && (
        <Alert color="yellow" variant="light" role="status">
          {t('admin.xp_not_published')}
        </Alert>
      )}
      <Card withBorder radius="md" padding={0}>
        {items.length === 0 ? (
          <EmptyState title={t('admin.xp_empty')} body={t('admin.xp_empty_body')} />
        ) : (
          // a region keyboard users can scroll (axe: scrollable-region-focusable)
          <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.xp_title')}>
            <Table miw={520} verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.xp_col_name')}</Table.Th>
                  <Table.Th>{t('admin.xp_col_status')}</Table.Th>
                  <Table.Th>{t('admin.xp_col_scope')}</Table.Th>
                  <Table.Th>{t('admin.xp_col_started')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((x) => (
                  <Table.Tr key={x.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`${base}/site/${siteId}/experiments/${x.id}`} fw={600}>
                        {x.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={x.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{scopeText(x)}</Text>
                      <Badge variant="light" color="gray" size="sm">
                        {t('admin.xp_variation_count', { count: x.variations.length })}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{x.startedAt ? formatDateTime(x.startedAt) : '—'}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </Card>
      <Text size="xs" c="dimmed">
        {t('admin.xp_count', { count: items.length })}
      </Text>
      <Modal opened={creating} onClose={() => setCreating(false)} title={t('admin.xp_create')} size="lg">
        {creating && <CreateForm siteId={siteId} underTest={list.data.underTest} onDone={() => setCreating(false)} />}
      </Modal>
    </Stack>
  );
}
