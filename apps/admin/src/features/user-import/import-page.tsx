import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { modals } from '@mantine/modals';
import type { ImportResult } from '@swipe/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconCheck, IconDownload, IconUpload, IconX } from '../../components/icons';
import { ErrorState } from '../../components/states';
import { useT } from '../../lib/i18n';
import { errorMessage, notifyError } from '../../lib/notify';
import { useBase } from '../../lib/session';
import { CSV_MAX_BYTES, commitImport, downloadTemplate, dryRunImport, importStatusQuery } from './api';
import { IssueList } from './issue-list';
import { PreviewRows } from './preview-rows';

// CSV import of users (back-office.md 1, 5): pick a file, see every bad row (nothing is
// written), fix and pick it again, then import with a confirmation and follow the progress.

const ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'] };

export function UserImportPage() {
  const t = useT();
  const base = useBase();
  const [file, setFile] = useState<File | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const [importId, setImportId] = useState<number | null>(null);
  const dry = useMutation({ mutationFn: (f: File) => dryRunImport(f) });
  const commit = useMutation({
    mutationFn: (f: File) => commitImport(f),
    onSuccess: (r) => setImportId(r.id),
    onError: notifyError,
  });

  const pick = (files: File[]) => {
    const f = files[0];
    if (!f) return;
    setRefused(null);
    setFile(f);
    setImportId(null);
    dry.mutate(f);
  };
  const reject = (rejections: FileRejection[]) => {
    const code = rejections[0]?.errors[0]?.code;
    setRefused(code === 'file-too-large' ? t('admin.import_too_large', { max: CSV_MAX_BYTES / 1024 / 1024 }) : t('admin.import_csv_only'));
  };
  const restart = () => {
    setFile(null);
    setImportId(null);
    setRefused(null);
    dry.reset();
    commit.reset();
  };
  const confirm = (result: ImportResult) => {
    if (!file) return;
    modals.openConfirmModal({
      title: t('admin.import_confirm_title'),
      children: <Text size="sm">{t('admin.import_confirm_body', { count: result.total })}</Text>,
      labels: { confirm: t('admin.import_confirm_ok'), cancel: t('admin.cancel') },
      onConfirm: () => commit.mutate(file),
    });
  };

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} size="h3">
            {t('admin.import_title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.import_lead')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" component={Link} to={`${base}/user-list`}>
            {t('admin.import_back_to_list')}
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} />} onClick={() => downloadTemplate().catch(notifyError)}>
            {t('admin.import_template')}
          </Button>
        </Group>
      </Group>

      {importId !== null ? (
        <ImportProgress id={importId} onAgain={restart} />
      ) : (
        <>
          <Dropzone
            onDrop={pick}
            onReject={reject}
            accept={ACCEPT}
            maxSize={CSV_MAX_BYTES}
            multiple={false}
            loading={dry.isPending}
            inputProps={{ 'aria-label': t('admin.import_drop_label') }}
          >
            <Group justify="center" gap="md" mih={120} style={{ pointerEvents: 'none' }} wrap="nowrap">
              <Dropzone.Accept>
                <IconCheck size={36} />
              </Dropzone.Accept>
              <Dropzone.Reject>
                <IconX size={36} />
              </Dropzone.Reject>
              <Dropzone.Idle>
                <IconUpload size={36} />
              </Dropzone.Idle>
              <div>
                <Text fw={600}>{t('admin.import_drop_title')}</Text>
                <Text size="sm" c="dimmed">
                  {t('admin.import_drop_hint', { max: CSV_MAX_BYTES / 1024 / 1024 })}
                </Text>
              </div>
            </Group>
          </Dropzone>
          {refused && (
            <Alert color="red" variant="light" role="alert">
              {refused}
            </Alert>
          )}
          {file && dry.isPending && (
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">{t('admin.import_checking', { name: file.name })}</Text>
            </Group>
          )}
          {dry.isError && (
            <Alert color="red" variant="light" role="alert" title={t('admin.import_file_refused')}>
              {errorMessage(dry.error)}
            </Alert>
          )}
          {dry.data && file && <DryRunResult result={dry.data} name={file.name} busy={commit.isPending} onImport={confirm} />}
        </>
      )}
    </Stack>
  );
}

function DryRunResult({
  result,
  name,
  busy,
  onImport,
}: {
  result: ImportResult;
  name: string;
  busy: boolean;
  onImport: (r: ImportResult) => void;
}) {
  const t = useT();
  if (result.status === 'INVALID') {
    const rows = new Set(result.errors.map((e) => e.row)).size;
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={t('admin.import_invalid_title', { count: rows })}>
          {t('admin.import_invalid_body', { name })}
        </Alert>
        <IssueList issues={result.errors} />
      </Stack>
    );
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <div>
            <Text fw={600}>{t('admin.import_valid_title', { count: result.total })}</Text>
            <Text size="sm" c="dimmed">
              {name}
            </Text>
          </div>
          <Button onClick={() => onImport(result)} loading={busy}>
            {t('admin.import_run')}
          </Button>
        </Group>
        <PreviewRows rows={result.preview} total={result.total} />
      </Stack>
    </Card>
  );
}

function ImportProgress({ id, onAgain }: { id: number; onAgain: () => void }) {
  const t = useT();
  const base = useBase();
  const q = useQuery(importStatusQuery(id));
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const r = q.data;
  if (!r) return <Loader size="sm" aria-label={t('admin.import_progress_title')} />;
  const pct = r.total > 0 ? Math.round((r.done / r.total) * 100) : 0;
  if (r.status === 'DONE')
    return (
      <Alert color="teal" variant="light" title={t('admin.import_done_title')} role="status">
        <Stack gap="xs">
          <Text size="sm">{t(r.replayed ? 'admin.import_done_replayed' : 'admin.import_done_body', { count: r.created })}</Text>
          <Group gap="xs">
            <Button size="xs" component={Link} to={`${base}/user-list`}>
              {t('admin.import_back_to_list')}
            </Button>
            <Button size="xs" variant="default" onClick={onAgain}>
              {t('admin.import_another')}
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  if (r.status === 'FAILED')
    return (
      <Stack gap="sm">
        <Alert color="red" variant="light" role="alert" title={t('admin.import_failed_title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('admin.import_failed_body')}</Text>
            <Button size="xs" variant="white" color="red" onClick={onAgain}>
              {t('admin.import_another')}
            </Button>
          </Stack>
        </Alert>
        {r.errors.length > 0 && <IssueList issues={r.errors} />}
      </Stack>
    );
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Text fw={600}>{t('admin.import_progress_title')}</Text>
        <Progress value={pct} size="lg" animated aria-label={t('admin.import_progress_title')} />
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('admin.import_progress', { done: r.done, total: r.total })}
        </Text>
      </Stack>
    </Card>
  );
}
