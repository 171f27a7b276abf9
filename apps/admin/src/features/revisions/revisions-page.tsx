import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { RevisionList as Revisions, RevisionView } from '@swipe/core';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { DataList } from '../../components/data-list/data-list';
import { useListState } from '../../components/data-list/list-state';
import type { Column } from '../../components/data-list/types';
import { ErrorScreen } from '../../components/error-screen';
import { IconEye } from '../../components/icons';
import { SiteListHeader } from '../../components/list-layout';
import { formatDateTime } from '../../lib/format';
import { type T, useLang, useT } from '../../lib/i18n';
import { notifyError, notifyInfo, notifySuccess } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { siteDetailQuery } from '../../lib/sites';
import { revisionPreviewTicket, revisionsQuery, rollback } from './api';
import { ChangeSummary } from './changes';

// A site's revisions (docs/decisions.md "Site revisions"): every publish with who and when and what changed, newest
// first; any of them opens in the operator's preview (a new tab, no passcode); an earlier one is rolled back in one
// click, after a confirmation, as a new revision. Read-only for whoever cannot publish the site (view authority, a
// terminated owner): the server says so with canRollback.

export function RevisionsPage() {
  const { id } = useParams();
  const siteId = Number(id);
  const t = useT();
  const base = useBase();
  const valid = Number.isInteger(siteId) && siteId > 0;
  const site = useQuery({ ...siteDetailQuery(siteId), enabled: valid });
  const list = useQuery({ ...revisionsQuery(siteId), enabled: valid });
  if (!valid) return <ErrorScreen code="404" inline />;
  return (
    <Stack gap="md">
      <SiteListHeader
        title={t('admin.rev_title')}
        siteName={site.data?.name}
        editTo={`${base}/site/${siteId}`}
        editLabel={t('admin.rev_back')}
      />
      <Text size="sm">{t('admin.rev_intro', { keep: list.data?.keep ?? 50 })}</Text>
      {list.data && !list.data.canRollback && list.data.items.length > 0 && (
        <Text size="sm" c="dimmed" role="note">
          {t('admin.rev_read_only')}
        </Text>
      )}
      <RevisionList siteId={siteId} list={list} />
    </Stack>
  );
}

function RevisionList({ siteId, list }: { siteId: number; list: UseQueryResult<Revisions> }) {
  const t = useT();
  const lang = useLang();
  const qc = useQueryClient();
  const state = useListState({ prefix: 'r' });
  const canRollback = Boolean(list.data?.canRollback);

  const preview = useMutation({
    mutationFn: async ({ tab, revision }: { tab: Window | null; revision: number }) => ({
      tab,
      ticket: await revisionPreviewTicket(siteId, revision, lang),
    }),
    onSuccess: ({ tab, ticket }) => {
      if (tab) tab.location.href = ticket.url;
      else window.open(ticket.url, '_blank', 'noopener');
    },
    onError: (_e, { tab }) => {
      tab?.close();
      notifyInfo(t('admin.rev_preview_failed'));
    },
  });
  const openPreview = (revision: number) => {
    // the tab is opened in the click itself (a popup blocker allows that), then sent to the ticket's address
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    preview.mutate({ tab, revision });
  };

  const roll = useMutation({
    mutationFn: (revision: number) => rollback(siteId, revision),
    onSuccess: (r) => {
      notifySuccess(r.message);
      // the list, the working copy and its live state all changed
      void qc.invalidateQueries({ queryKey: ['sites'] });
    },
    onError: (e) => notifyError(e),
  });
  const confirmRollback = (n: number) =>
    modals.openConfirmModal({
      title: t('admin.rev_rollback_title', { n }),
      children: <Text size="sm">{t('admin.rev_rollback_body', { n })}</Text>,
      labels: { confirm: t('admin.rev_rollback_confirm'), cancel: t('admin.cancel') },
      // white on #b8460b is 5.4:1 (Mantine's orange is under AA for a button's text)
      confirmProps: { color: '#b8460b' },
      onConfirm: () => roll.mutate(n),
    });

  const columns: Column<RevisionView>[] = [
    {
      key: 'revision',
      title: t('admin.rev_col_revision'),
      phone: 'title',
      nowrap: true,
      render: (r) => (
        <Text fw={600} size="sm">
          {t('admin.rev_number', { n: r.revision })}
        </Text>
      ),
    },
    { key: 'state', title: t('admin.rev_live'), phone: 'badge', hiddenTitle: true, render: (r) => <RevisionBadges r={r} t={t} /> },
    { key: 'published', title: t('admin.rev_col_published'), nowrap: true, render: (r) => formatDateTime(r.publishedAt) },
    {
      key: 'by',
      title: t('admin.rev_col_by'),
      maxWidth: 220,
      render: (r) => (r.publishedBy ? (r.publishedBy.name ?? r.publishedBy.email ?? '') : t('admin.rev_by_system')),
    },
    {
      key: 'changes',
      title: t('admin.rev_col_changes'),
      phone: 'plain',
      minWidth: 260,
      render: (r) => <ChangeSummary changes={r.changes} t={t} />,
    },
    {
      key: 'actions',
      title: t('admin.rev_col_actions'),
      hiddenTitle: true,
      phone: 'actions',
      nowrap: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEye size={14} />}
            aria-label={t('admin.rev_preview_label', { n: r.revision })}
            loading={preview.isPending && preview.variables?.revision === r.revision}
            onClick={() => openPreview(r.revision)}
          >
            {t('admin.rev_preview')}
          </Button>
          {!r.live && (
            <Tooltip label={t('admin.rev_read_only')} disabled={canRollback} withArrow multiline w={240}>
              <Button
                size="xs"
                variant="light"
                color="orange"
                aria-label={t('admin.rev_rollback_label', { n: r.revision })}
                data-disabled={!canRollback || undefined}
                aria-disabled={!canRollback}
                loading={roll.isPending && roll.variables === r.revision}
                onClick={(e) => {
                  if (!canRollback) e.preventDefault();
                  else confirmRollback(r.revision);
                }}
              >
                {t('admin.rev_rollback')}
              </Button>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];

  const query = {
    ...list,
    data: list.data ? { items: list.data.items, total: list.data.items.length } : undefined,
  };
  return (
    <DataList
      label={t('admin.rev_list_label')}
      state={state}
      query={query}
      columns={columns}
      rowKey={(r) => r.revision}
      paged={false}
      empty={{ title: t('admin.rev_empty_title'), body: t('admin.rev_empty_body') }}
      testId="revisions"
      rowTestId="revision"
    />
  );
}

function RevisionBadges({ r, t }: { r: RevisionView; t: T }) {
  return (
    <Group gap={4} wrap="wrap">
      {r.live && (
        <Badge color="teal.9" variant="filled" style={{ textTransform: 'none' }} data-testid="revision-live">
          {t('admin.rev_live')}
        </Badge>
      )}
      {r.restoredFrom !== null && (
        <Badge color="gray.8" variant="outline" style={{ textTransform: 'none' }}>
          {t('admin.rev_restored_from', { n: r.restoredFrom })}
        </Badge>
      )}
    </Group>
  );
}
