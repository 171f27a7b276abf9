import { Anchor, Box, Card, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { useT } from '../../lib/i18n';

/** The frame of the public screens: product name, a card, the language switch. */
export function AuthCard({
  title,
  subtitle,
  children,
  back,
}: {
  title: string;
  subtitle?: string;
  children: React.ReactNode;
  back?: boolean;
}) {
  const t = useT();
  return (
    <Box mih="100%" py={48} px="md" component="main">
      <Center>
        <Stack w="100%" maw={420} gap="lg">
          <Group justify="space-between">
            <Text fw={700} size="xl" c="indigo.7">
              Swipe Sites
            </Text>
            <LanguageSelect compact />
          </Group>
          <Card withBorder radius="md" padding="xl" shadow="xs">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  {title}
                </Title>
                {subtitle && (
                  <Text size="sm" c="dimmed" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Card>
          {back && (
            <Anchor component={Link} to="/login" size="sm" ta="center">
              {t('admin.back_to_login')}
            </Anchor>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
