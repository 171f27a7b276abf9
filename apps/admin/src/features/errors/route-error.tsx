import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { useT } from '../../lib/i18n';

/** A lazily loaded screen that fails to arrive (new deployment, network) asks for a reload. */
export function isChunkError(err: unknown): boolean {
  const msg = err instanceof Error ? `${err.name} ${err.message}` : String(err);
  return /dynamically imported module|Importing a module script failed|ChunkLoadError|Loading chunk|module script/i.test(msg);
}

export function RouteError() {
  const t = useT();
  const err = useRouteError();
  const chunk = isChunkError(err);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={460} role="alert">
        <Title order={1} size="h3" ta="center">
          {t(chunk ? 'common.chunk_load_failed' : 'common.unexpected_error')}
        </Title>
        {!chunk && err instanceof Error && (
          <Text size="xs" c="dimmed" ta="center">
            {err.message}
          </Text>
        )}
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Center>
  );
}
