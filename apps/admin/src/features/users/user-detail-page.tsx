import { Anchor, Badge, Card, Group, Image, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ContractHistoryEntry, UserDetail } from '@swipe/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { ErrorState } from '../../components/states';
import { StatusBadge } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { useT } from '../../lib/i18n';
import { useBase } from '../../lib/session';
import { historyQuery, userQuery } from './api';
import { ContractBadge, day, typeLabel } from './labels';
import { PlanChangeButton } from './plan-change-dialog';
import { UserActions } from './user-actions';

// back-office.md 2 (/{userTypeId}/user/{id}): the profile, the plan now and from next month, the
// tenant's sites, the contract history in the viewer's language, and the actions.

export function UserDetailPage() {
  const t = useT();
  const base = useBase();
  const id = Number(useParams().id);
  const user = useQuery({ ...userQuery(id), enabled: id > 0 });

  if (user.isError) return <ErrorState error={user.error} onRetry={() => user.refetch()} />;
  const u = user.data;
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`${base}/user-list`} size="sm">
        ← {t('admin.users_back_to_list')}
      </Anchor>
      {!u ? (
        <Stack gap="sm" aria-busy>
          <Skeleton h={32} w="40%" />
          <Skeleton h={180} />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4}>
              <Group gap="xs">
                <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
                  {u.companyName || u.email}
                </Title>
                <ContractBadge status={u.contractStatus} />
                {u.setupPending && (
                  <Badge color="gray" variant="outline" radius="sm" style={{ textTransform: 'none' }}>
                    {t('admin.users_setup_pending')}
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {typeLabel(t, u.type)}
              </Text>
            </Stack>
            <UserActions u={u} />
          </Group>
          {u.contractStatus === 'TERMINATED' && (
            <Text size="sm" c="red.8">
              {t('admin.users_read_only')}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Profile u={u} />
            <Stack gap="md">
              <PlanCard u={u} />
              <SitesCard u={u} />
            </Stack>
          </SimpleGrid>
          <History id={u.id} />
        </>
      )}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {children}
      </Text>
    </Group>
  );
}

function Profile({ u }: { u: UserDetail }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h5" mb="sm">
        {t('admin.users_profile')}
      </Title>
      <Stack gap={8}>
        <Field label={t('admin.users_col_email')}>{u.email}</Field>
        <Field label={t('admin.users_col_contact')}>{u.contactName || '—'}</Field>
        <Field label={t('admin.users_col_type')}>{typeLabel(t, u.type)}</Field>
        <Field label={t('admin.users_col_parent')}>{u.parentCompany || '—'}</Field>
        <Field label={t('admin.users_col_contract_start')}>{day(u.contractStart)}</Field>
        <Field label={t('admin.users_col_contract_end')}>{day(u.contractEnd)}</Field>
        <Field label={t('admin.users_col_authority')}>
          {t(u.authority === 'EDIT' ? 'admin.users_form_authority_edit' : 'admin.users_form_authority_view')}
        </Field>
        <Field label={t('admin.users_col_license')}>
          {t(u.licenseIssue ? 'admin.users_license_granted' : 'admin.users_license_not_granted')}
        </Field>
        <Field label={t('admin.users_created_at')}>{formatDateTime(u.createdAt)}</Field>
        {u.logoUrl && (
          <Field label={t('admin.users_logo')}>
            <Image src={u.logoUrl} alt={t('admin.users_logo_alt', { company: u.companyName })} h={48} w="auto" fit="contain" />
          </Field>
        )}
      </Stack>
    </Card>
  );
}

function PlanCard({ u }: { u: UserDetail }) {
  const t = useT();
  return (
    <Card withBorder radius="md" padding="md" data-testid="plan-card">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h5">
          {t('admin.users_plan')}
        </Title>
        <PlanChangeButton u={u} />
      </Group>
      <Stack gap={8}>
        <Field label={t('admin.users_plan_now')}>
          {u.planName ?? t('admin.users_no_plan')}
          {u.planVersion !== null && (
            <Text span size="xs" c="dimmed" ml={6} data-testid="plan-version">
              {t(u.planSuperseded ? 'admin.plan_change_version_old' : 'admin.plan_change_version', { version: u.planVersion })}
            </Text>
          )}
        </Field>
        <Field label={t('admin.users_plan_next')}>{u.nextPlanName ?? t('admin.users_plan_unchanged')}</Field>
      </Stack>
    </Card>
  );
}

function SitesCard({ u }: { u: UserDetail }) {
  const t = useT();
  const base = useBase();
  const { total, items } = u.sites;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('admin.users_sites')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('admin.users_sites_count', { count: total })}
        </Text>
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('admin.users_sites_none')}
        </Text>
      ) : (
        <Stack gap={6}>
          {items.map((s) => (
            <Group key={s.id} justify="space-between" wrap="nowrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} to={`${base}/site/${s.id}`} size="sm" fw={600} truncate>
                  {s.name}
                </Anchor>
                <Anchor href={s.url} target="_blank" rel="noopener noreferrer" size="xs" c="dimmed" truncate>
                  {s.url}
                </Anchor>
              </Stack>
              <StatusBadge status={s.status} />
            </Group>
          ))}
          {total > items.length && (
            <Text size="xs" c="dimmed">
              {t('admin.users_sites_more', { count: total - items.length })}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}

/** The process content is a code (core CONTRACT_HISTORY_CONTENTS and the user screens' own); unknown ones show as sent. */
function content(t: ReturnType<typeof useT>, h: ContractHistoryEntry): string {
  const key = `admin.users_history_${h.content}`;
  const text = t(key);
  const base = text === key ? h.content : text;
  return h.planName ? `${base} (${h.planName})` : base;
}

/** The account's contract history, newest first, on the one list component (its page kept in the URL as `hpage`). */
function History({ id }: { id: number }) {
  const t = useT();
  const qc = useQueryClient();
  const state = useListState({ prefix: 'h' });
  const history = useQuery(historyQuery(id, state.page, state.pageSize));
  const executor = (h: ContractHistoryEntry) =>
    h.executorId === null
      ? t('admin.users_history_system')
      : // the platform is named by its role, in the reader's language
        h.executorType === 'MASTER'
        ? t('admin.users_history_platform')
        : (h.executorName ?? '—');
  const columns: Column<ContractHistoryEntry>[] = [
    {
      key: 'time',
      title: t('admin.users_history_time'),
      nowrap: true,
      csv: (h) => formatDateTime(h.executedAt),
      render: (h) => formatDateTime(h.executedAt),
    },
    { key: 'executor', title: t('admin.users_history_executor'), csv: executor, render: executor },
    { key: 'content', title: t('admin.users_history_content'), phone: 'title', csv: (h) => content(t, h), render: (h) => content(t, h) },
  ];
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('admin.users_history')}
      </Title>
      <DataList
        label={t('admin.users_history')}
        state={state}
        query={history}
        columns={columns}
        rowKey={(h) => h.id}
        csv={{ fileName: `contract-history-${id}`, pages: (page, pageSize) => qc.fetchQuery(historyQuery(id, page, pageSize)) }}
        empty={{ title: t('admin.users_history_empty') }}
        rowTestId="history-row"
      />
    </Stack>
  );
}
