import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useT } from '../lib/i18n';
import { useSession } from '../lib/session';

export const ERROR_CODES = ['403', '404', '504', '403-ip'] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The full-page (or in-layout) error screen with a way back and a way home. */
export function ErrorScreen({ code, inline = false }: { code: ErrorCode; inline?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useSession();
  const home = session ? `/${session.user.userTypeId}/site-list` : '/login';
  const key = code === '403-ip' ? '403' : code;
  return (
    <Center mih={inline ? 360 : '100vh'} p="md" component={inline ? 'div' : 'main'}>
      <Stack align="center" gap="sm" maw={480}>
        {/* large text: indigo.6 on white is over 3:1 (indigo.2 was 1.5:1, under AA) */}
        <Text fz={64} fw={800} c="indigo.6" lh={1} aria-hidden="true">
          {code === '403-ip' ? '403' : code}
        </Text>
        <Title order={1} size="h2" ta="center">
          {t(`common.error_${key}_title`)}
        </Title>
        <Text c="dimmed" ta="center">
          {t(code === '403-ip' ? 'common.error_403ip_body' : `common.error_${key}_body`)}
        </Text>
        <Group mt="md">
          <Button variant="default" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(home))}>
            {t('common.back')}
          </Button>
          <Button onClick={() => navigate(home)}>{t('common.home')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
