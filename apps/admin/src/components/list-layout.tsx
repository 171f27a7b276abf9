import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { IconDownload, IconEdit } from './icons';
import { ErrorState } from './states';

// The frame every back-office list screen shares: the header (title, count, actions), the filter bar at the
// top of the list card, the error and loading placeholders, and the "clear filters" action of an empty result.

/** Lists switch from a table to cards below this width (read at once, so the first render is the right one). */
export function usePhoneLayout(): boolean {
  return useMediaQuery('(max-width: 62em)', false, { getInitialValueInEffect: false });
}

/** Phone width (forms, drawers and the import's tables turn to one column or cards below it), read at once too:
 * read in an effect, the first render drew the wide form for a frame, and an axe pass in that frame saw it. */
export function useSmallScreen(): boolean {
  return useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
}

/** Title of the screen with one dimmed line under it (a count, kept one line high while loading) and its actions. */
export function ListHeader({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end">
      <div>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle || '\u00a0'}
        </Text>
      </div>
      {children}
    </Group>
  );
}

/** The header of a list about one site (its visitors, its revisions): the title, the site's name, and back to its editor. */
export function SiteListHeader({
  title,
  siteName,
  editTo,
  editLabel,
}: {
  title: string;
  siteName?: string;
  editTo: string;
  editLabel: string;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div style={{ minWidth: 0 }}>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dimmed" truncate maw="80vw">
          {siteName ?? '\u00a0'}
        </Text>
      </div>
      <Button component={Link} to={editTo} variant="default" leftSection={<IconEdit size={16} />}>
        {editLabel}
      </Button>
    </Group>
  );
}

/** The search box and filters at the top of a list card. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group p="sm" gap="sm" wrap="wrap" align="flex-end" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      {children}
    </Group>
  );
}

/** A list that failed to load, with a retry. */
export function ListError({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return (
    <Stack p="md">
      <ErrorState error={query.error} onRetry={() => query.refetch()} />
    </Stack>
  );
}

/** Placeholder rows of a table while its first page loads. */
export function SkeletonRows({ rows, cols }: { rows: number; cols: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <Table.Tr key={i}>
          {Array.from({ length: cols }, (_, j) => (
            <Table.Td key={j}>
              <Skeleton h={14} />
            </Table.Td>
          ))}
        </Table.Tr>
      ))}
    </>
  );
}

/** Placeholder cards of a phone list while its first page loads. */
export function SkeletonCards({ count, h }: { count: number; h: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} h={h} m="sm" />
      ))}
    </>
  );
}

/** "Export CSV" of a list as it is filtered. */
export function ExportCsvButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="default" leftSection={<IconDownload size={16} />} loading={loading} onClick={onClick}>
      {t('admin.export_csv')}
    </Button>
  );
}

/** The action of an empty result that filters caused. */
export function ClearFiltersButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <Button variant="light" size="xs" onClick={onClick}>
      {t('admin.clear_filters')}
    </Button>
  );
}
