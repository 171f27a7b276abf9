import { Badge, Card, Stack, Text, Title } from '@mantine/core';
import { IconLayout } from '../../components/icons';
import { useT } from '../../lib/i18n';

/** Menu entries whose screens are not built yet say so plainly (no fake data). */
export function ComingSoon({ item }: { item: string }) {
  const t = useT();
  return (
    <Stack gap="md" maw={720}>
      <Title order={1} size="h3">
        {t(`admin.nav_${item}`)}
      </Title>
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="sm" py="lg">
          <IconLayout size={40} color="var(--mantine-color-gray-5)" />
          <Badge variant="light" color="gray">
            {t('admin.coming_soon_badge')}
          </Badge>
          <Text ta="center" c="dimmed" maw={480}>
            {t('admin.coming_soon_body')}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
