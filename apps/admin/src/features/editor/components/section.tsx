import { Card, Stack, Text, Title } from '@mantine/core';

/** A titled card inside an editor panel. */
export function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  id?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" id={id}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h5">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed" mt={2}>
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Card>
  );
}
