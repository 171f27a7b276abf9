import { Alert, Button, Group, List, Modal, Progress, Stack, Text } from '@mantine/core';
import type { BulkState } from '@swipe/core';
import { useT } from '../../../lib/i18n';

/** A bulk ZIP upload under way or finished: its progress, then what was placed and what was refused. */
export interface BulkProgress {
  status: BulkState | null;
  error?: string;
  finished?: boolean;
}

export function BulkUploadModal({ bulk, onClose }: { bulk: BulkProgress | null; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={!!bulk} onClose={onClose} title={t('admin.bulk_upload')} centered closeOnClickOutside={!!bulk?.finished}>
      {bulk && (
        <Stack>
          {!bulk.finished && (
            <>
              <Text size="sm">
                {bulk.status
                  ? t('admin.bulk_processing', { done: bulk.status.processed, total: bulk.status.total })
                  : t('admin.bulk_sending')}
              </Text>
              <Progress
                value={bulk.status?.total ? (bulk.status.processed / bulk.status.total) * 100 : 100}
                animated
                striped={!bulk.status}
                aria-label={t('admin.uploading')}
              />
            </>
          )}
          {bulk.error && (
            <Alert color="red" variant="light">
              {bulk.error}
            </Alert>
          )}
          {bulk.finished && bulk.status && (
            <>
              <Text size="sm">{t('admin.bulk_placed', { count: bulk.status.placed.length })}</Text>
              {bulk.status.rejected.length > 0 && (
                <Alert color="orange" variant="light" title={t('admin.bulk_rejected_title', { count: bulk.status.rejected.length })}>
                  <List size="sm" spacing={2}>
                    {bulk.status.rejected.map((x) => (
                      <List.Item key={x.name}>
                        <Text span fw={600} size="sm">
                          {x.name}
                        </Text>
                        : {x.reason}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              )}
              <Text size="xs" c="dimmed">
                {t('admin.bulk_save_hint')}
              </Text>
            </>
          )}
          <Group justify="flex-end">
            <Button variant={bulk.finished ? 'filled' : 'default'} onClick={onClose} data-testid="bulk-close">
              {bulk.finished ? t('admin.close') : t('admin.cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
