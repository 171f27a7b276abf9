import { Center, Loader, Stack, Text } from '@mantine/core';
import { useT } from '../lib/i18n';

export function PageLoader({ label }: { label?: string }) {
  const t = useT();
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Stack align="center" gap="xs">
        <Loader size="md" />
        <Text size="sm" c="dimmed">
          {label ?? t('common.loading')}
        </Text>
      </Stack>
    </Center>
  );
}
