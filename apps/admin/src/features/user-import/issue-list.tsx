import { Card, Stack, Table, Text } from '@mantine/core';
import type { ImportIssue } from '@swipe/core';
import { useSmallScreen } from '../../components/list-layout';
import { useT } from '../../lib/i18n';

// The bad rows of a file: a table on a wide screen, cards on a phone. Row numbers are the spreadsheet's
// (the header is row 1), columns the template's names, so the operator finds the cell to fix.

/** A file can hold thousands of bad rows: the first ones are enough to see what to fix. */
const SHOWN = 300;

export function IssueList({ issues: all }: { issues: ImportIssue[] }) {
  const t = useT();
  const phone = useSmallScreen();
  const issues = all.slice(0, SHOWN);
  const column = (c: string) => c || t('admin.import_whole_file');
  const row = (r: number) => (r > 0 ? String(r) : '—');
  const more = all.length > SHOWN && (
    <Text size="sm" c="dimmed">
      {t('admin.import_more', { count: all.length - SHOWN })}
    </Text>
  );
  if (phone)
    return (
      <Stack gap="xs">
        {issues.map((i, n) => (
          <Card key={`${i.row}-${i.column}-${n}`} withBorder padding="sm">
            <Text size="xs" c="dimmed">
              {i.row > 0 ? `${t('admin.import_row', { row: i.row })} · ` : ''}
              {column(i.column)}
            </Text>
            <Text size="sm">{i.message}</Text>
          </Card>
        ))}
        {more}
      </Stack>
    );
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder aria-label={t('admin.import_issues')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>{t('admin.import_col_row')}</Table.Th>
              <Table.Th w={180}>{t('admin.import_col_column')}</Table.Th>
              <Table.Th>{t('admin.import_col_message')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((i, n) => (
              <Table.Tr key={`${i.row}-${i.column}-${n}`}>
                <Table.Td>{row(i.row)}</Table.Td>
                <Table.Td>
                  <code>{column(i.column)}</code>
                </Table.Td>
                <Table.Td>{i.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more}
    </Stack>
  );
}
