import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

// A ranked list read at a glance (entry pages, exit pages, referrers): each row's bar is its share of the
// largest, the figure at the right and a second figure dimmed under the name. It fits any width: the name wraps,
// the figures never leave the card.

export interface Bar {
  key: string;
  label: ReactNode;
  value: number;
  /** the figure at the right (the value, written for people) */
  figure: string;
  /** a dimmed line under the name (a rate) */
  note?: string;
}

export function BarList({
  title,
  unit,
  items,
  empty,
  max = 8,
  testId,
}: {
  title: string;
  /** what the figures count, above them */
  unit: string;
  /** null while loading */
  items: Bar[] | null;
  empty: string;
  max?: number;
  testId?: string;
}) {
  const shown = (items ?? []).filter((b) => b.value > 0).slice(0, max);
  const top = Math.max(1, ...shown.map((b) => b.value));
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="baseline">
        <Title order={2} size="h5">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {unit}
        </Text>
      </Group>
      {items === null ? (
        <Skeleton h={120} />
      ) : shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((b) => (
            <li key={b.key} data-testid={testId && `${testId}-row`} style={{ position: 'relative' }}>
              <div
                aria-hidden="true"
                style={{
                  position: 'absolute',
                  inset: 0,
                  width: `${(b.value / top) * 100}%`,
                  background: 'var(--mantine-color-blue-1)',
                  borderRadius: 4,
                }}
              />
              <Group justify="space-between" wrap="nowrap" gap="xs" px={8} py={4} style={{ position: 'relative' }}>
                <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600} component="div">
                    {b.label}
                  </Text>
                  {b.note && (
                    <Text size="xs" c="dark.4">
                      {b.note}
                    </Text>
                  )}
                </div>
                <Text size="sm" fw={700} style={{ flexShrink: 0 }} data-testid={testId && `${testId}-figure`}>
                  {b.figure}
                </Text>
              </Group>
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
