import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useT } from '../lib/i18n';
import { errorMessage } from '../lib/notify';

export function EmptyState({ title, body, action }: { title: string; body?: string; action?: React.ReactNode }) {
  return (
    <Center py={48}>
      <Stack align="center" gap={6} maw={420}>
        <Text fw={600}>{title}</Text>
        {body && (
          <Text size="sm" c="dimmed" ta="center">
            {body}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useT();
  return (
    <Alert color="red" variant="light" title={t('admin.load_failed')} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('admin.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
