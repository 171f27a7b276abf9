import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { CopyButton } from '../../components/copy-button';
import { useT } from '../../lib/i18n';

/** A secret the server made and keeps no readable copy of for the screen: shown this once, to copy. */
export interface ShownOnce {
  kind: 'api_key' | 'webhook_secret';
  value: string;
}

const TEXTS = {
  api_key: { title: 'admin.api_key_modal_title', body: 'admin.api_key_modal_body', testId: 'new-api-key' },
  webhook_secret: { title: 'admin.api_secret_modal_title', body: 'admin.api_secret_modal_body', testId: 'new-webhook-secret' },
} as const;

/** The first of the secrets just made (a save can make an API key and a signing secret at once); closing shows the next. */
export function OnceModal({ shown, onClose }: { shown: ShownOnce | undefined; onClose: () => void }) {
  const t = useT();
  const texts = shown ? TEXTS[shown.kind] : TEXTS.api_key;
  return (
    <Modal opened={shown !== undefined} onClose={onClose} title={t(texts.title)} centered>
      <Stack gap="sm">
        <Text size="sm">{t(texts.body)}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid={texts.testId} style={{ overflowWrap: 'anywhere' }}>
            {shown?.value}
          </Code>
          <CopyButton value={shown?.value ?? ''} />
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('admin.api_key_copied_done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
