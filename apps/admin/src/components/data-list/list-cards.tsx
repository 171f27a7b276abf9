import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { SkeletonCards } from '../list-layout';
import type { Column, ListQuery } from './types';

// A list on a phone: one card per item, drawn from the columns (heading, status beside it, labelled lines,
// actions at the foot) unless the page draws its own. Every value wraps inside the card: nothing lies off
// screen and no label is cut short.

const BORDER = { borderBottom: '1px solid var(--mantine-color-gray-3)' };

export function DerivedCard<Row, S extends string>({ row, columns }: { row: Row; columns: readonly Column<Row, S>[] }) {
  const at = (place: string) => columns.filter((c) => (c.phone ?? 'line') === place);
  const titles = at('title');
  const badges = at('badge');
  const actions = at('actions');
  return (
    <>
      {(titles.length > 0 || badges.length > 0) && (
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
            {titles.map((c) => (
              <div key={c.key}>{c.render(row)}</div>
            ))}
          </Stack>
          {badges.length > 0 && (
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              {badges.map((c) => (
                <div key={c.key}>{c.render(row)}</div>
              ))}
            </Stack>
          )}
        </Group>
      )}
      {columns.map((c) => {
        const place = c.phone ?? 'line';
        if (place === 'plain')
          return (
            <div key={c.key} style={{ minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>
              {c.render(row)}
            </div>
          );
        if (place !== 'line') return null;
        return (
          <Group key={c.key} gap={6} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {c.title}
            </Text>
            <div style={{ minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-sm)' }}>{c.render(row)}</div>
          </Group>
        );
      })}
      {actions.length > 0 && (
        <Group justify="flex-end" gap={4}>
          {actions.map((c) => (
            <div key={c.key}>{c.render(row)}</div>
          ))}
        </Group>
      )}
    </>
  );
}

export function ListCards<Row, S extends string>({
  query,
  columns,
  card,
  rowKey,
  testId,
  rowTestId,
}: {
  query: ListQuery<Row>;
  columns: readonly Column<Row, S>[];
  card?: (row: Row) => ReactNode;
  rowKey: (row: Row) => string | number;
  testId?: string;
  rowTestId?: string;
}) {
  return (
    <Stack gap={0} aria-busy={query.isFetching} data-testid={testId}>
      {query.isPending && <SkeletonCards count={3} h={88} />}
      {query.data?.items.map((row) => (
        <Stack key={rowKey(row)} gap={6} p="sm" style={BORDER} data-testid={rowTestId}>
          {card ? card(row) : <DerivedCard row={row} columns={columns} />}
        </Stack>
      ))}
    </Stack>
  );
}
